// Figure 12: the board's first fill. `dms board -o ndjson` reads a page of 10 per recent
// application (the demo's eight, opened once before so they are recent; rows with their logs, the
// newest row's read for the why-line) and prints the board once. Read honestly: the board reads a
// page per application, not whole histories, so its floor is the same pages fetched, parsed and
// printed by a plain script (bench/floor/board-pages.mjs), side by side; and, for the record, the
// same applications read by `dms deployments APP --take 10 -o ndjson`, one process each.
import { join } from 'node:path';
import { ROOT } from './bundle.mjs';
import { cleanEnv, timed } from './proc.mjs';
import { ratioRecord, rssRecord } from './records.mjs';
import { fmt, pairs } from './stats.mjs';

export async function boardFigure({ node, bin, demo, tmp, pairs: n, record }) {
  const env = cleanEnv({ DMS_URL: demo.url, DMS_TOKEN: demo.token, DMS_CONFIG_DIR: join(tmp, 'board-config') });
  const apps = demo.apps.map((a) => a.uuid);
  // Each read once: a successful read makes the application recent (what the board shows).
  let oneByOne = 0;
  for (const app of [...apps].reverse())
    oneByOne += (await timed([node, bin, 'deployments', app, '--take', '10', '-o', 'ndjson'], { env })).ms;
  const boardCmd = [node, bin, 'board', '-o', 'ndjson'];
  const check = await timed(boardCmd, { env });
  if (check.out_bytes < apps.length * 50) throw new Error(`dms board printed only ${check.out_bytes} bytes`);
  const rss = [];
  const r = await pairs({
    pairs: n,
    a: async () => {
      const run = await timed(boardCmd, { env, nullStdout: true });
      rss.push(run.maxrss_kib);
      return run.ms;
    },
    b: async () => (await timed([node, join(ROOT, 'bench/floor/board-pages.mjs'), ...apps], { env, nullStdout: true })).ms,
  });
  ratioRecord(record, {
    figure: 'board: first fill / the same pages fetched',
    key: 'boardTime',
    r,
    detail:
      `dms board -o ndjson ${fmt(r.a, 0)} ms vs fetch+parse of the same ${apps.length} pages of 10 (4 at a time) ${fmt(r.b, 0)} ms;` +
      ` dms deployments APP --take 10 -o ndjson once per application, one after another: ${fmt(oneByOne, 0)} ms in all; ${r.n} pairs`,
  });
  rssRecord(record, { figure: 'board: peak RSS', key: 'boardRss', rss, what: 'dms board -o ndjson' });
}
