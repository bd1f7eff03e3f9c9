// Figure 13: step timings of a 20,000-entry build log (bench/steps.ts, bundled and run as its own
// process with `--json`): the steps (stepsOf), and the steps with the medians over 50 finished
// runs, as the detail and `dms logs --steps` compute them once the history is read. Goal ≤ 50 ms.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle } from './bundle.mjs';
import { fmt } from './stats.mjs';

export async function stepsFigure({ node, tmp, record }) {
  const script = await bundle('bench/steps.ts', join(tmp, 'steps'), 'steps');
  const out = join(tmp, 'steps.json');
  await new Promise((resolve, reject) =>
    execFile(node, [script, '--runs', '21', '--json', out], (error) => (error ? reject(error) : resolve())),
  );
  const f = JSON.parse(readFileSync(out, 'utf8'));
  const show = (figure, key, m, what) =>
    record({
      figure,
      key,
      goal: '≤ 50 ms',
      max: 50,
      status: 'measured',
      value: m.median,
      unit: ' ms',
      detail: `${what}: median of ${f.runs} runs after a warm-up, slowest ${fmt(m.slowest, 1)} ms; ${f.steps} steps`,
    });
  show('steps: stepsOf + medians, 20,000 entries', 'stepsMedians', f.withMedians, 'steps of the log and medians over 50 finished runs');
  show('steps: stepsOf alone, 20,000 entries', 'stepsOf', f.stepsOf, 'the steps of the log');
}
