// Figure 15: a query typed in the list's `/` on a loaded page (bench/query.ts, in a fresh process
// per page shape): per key, the screen's state work (reducer, rows shown, the line's check), on the
// most rows a page holds (100) of each row shape, sorted and not; and on 1,000 rows for the record.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bundle } from './bundle.mjs';
import { fmt } from './stats.mjs';

export async function queryFigure({ node, tmp, pairs, record, bodyFile }) {
  const script = await bundle('bench/query.ts', join(tmp, 'query'), 'query');
  for (const [shape, label] of [
    ['snapshot', 'snapshots'],
    ['queue', 'queue rows'],
  ]) {
    const body = await bodyFile(shape);
    for (const rows of [100, 1000]) {
      const r = JSON.parse(execFileSync(node, [script, body, String(rows), String(Math.max(5, pairs))], { encoding: 'utf8' }));
      const goal = rows === 100;
      record({
        figure: `query: typed filter, ${r.rows} ${label}`,
        key: `queryKey_${shape}_${rows}`,
        status: 'measured',
        value: r.p95Ms,
        unit: ' ms',
        digits: 2,
        goal: goal ? '≤ 8 ms per key (p95)' : '(info)',
        max: goal ? 8 : undefined,
        ...r,
        detail:
          `per key: median ${fmt(r.medianMs, 2)} ms, p95 ${fmt(r.p95Ms, 2)}, max ${fmt(r.maxMs, 2)} (first typing, cold: max ${fmt(r.firstMaxMs, 2)});` +
          ` sorted by duration: median ${fmt(r.sortedMedianMs, 2)}, p95 ${fmt(r.sortedP95Ms, 2)}; ${r.keys} keys`,
      });
    }
  }
}
