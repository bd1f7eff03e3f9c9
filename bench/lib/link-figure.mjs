// Figure 11: the heavy page through a shaped link (bench/link.mjs, run as its own process with
// `--json`): per link, the second visit, the offline start and the first output against the Ink
// hello world, and the fresh rows against fetch+parse through the same link.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bundle.mjs';
import { fmt } from './stats.mjs';

export async function linkFigure({ node, tmp, pairs, record }) {
  const out = join(tmp, 'link.json');
  await new Promise((resolve, reject) =>
    execFile(node, [join(ROOT, 'bench/link.mjs'), '--pairs', String(pairs), '--json', out], { maxBuffer: 1 << 22 }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  const { figures } = JSON.parse(readFileSync(out, 'utf8'));
  for (const f of figures) {
    const [rtt, mbit] = f.link.split('/');
    const at = `${rtt} ms/${mbit} Mbit`;
    const show = (figure, max, value, detail) => record({ figure, goal: `≤ ${max}`, max, status: 'measured', value, unit: '×', detail });
    show(`link ${at}: second visit vs hello`, 1.2, f.second_vs_hello, `${fmt(f.second_ms, 0)} vs ${fmt(f.hello_ms, 0)} ms`);
    show(`link ${at}: offline vs hello`, 1.2, f.offline_vs_hello, 'the server gone, the page as last seen');
    show(`link ${at}: first output vs hello`, 1.2, f.first_output_vs_hello, `"loading…" and the bytes at ${fmt(f.first_output_ms, 0)} ms`);
    show(`link ${at}: rows vs fetch+parse`, 1.1, f.first_vs_fetch_parse, `${fmt(f.first_ms, 0)} vs ${fmt(f.fetch_parse_ms, 0)} ms`);
  }
}
