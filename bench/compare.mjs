// The TUI's first frame of two builds side by side (A B A B …, as `npm run bench` pairs its
// figures): has a change moved it? Each run is `dms browse APP` in a pseudo-terminal of 120×36
// until "1–N of" (the rows that fit) is on screen, against the bench's demo service, on one of
// figure 1's page shapes (bench/lib/shapes.mjs):
//   light  the demo's light page (the default), rows without logs, built by the demo;
//   queue  the deployed shape without logs (orders-worker's queue rows), answered from memory;
//   heavy  the deployed shape with a ~5 MB log in the newest row, answered from memory.
//
//   node bench/compare.mjs OTHER_DMS_JS [THIS_DMS_JS] [--pairs N] [--shape light|queue|heavy]
//   node bench/compare.mjs OTHER_DMS_JS [THIS_DMS_JS] [--pairs N] --headless '--version'
//   node bench/compare.mjs OTHER_DMS_JS [THIS_DMS_JS] [--pairs N] --headless 'deployments APP --json'
//
// `--headless ARGS`: a headless command instead (no terminal, stdout a pipe, timed to its exit;
// APP is the light page's application), with its CPU time (user + system) beside the clock.
//
// Prints one line per pair and the median of the pair ratios (this / other). To compare with an
// older commit: git worktree add /tmp/old COMMIT && ln -s "$PWD/node_modules" /tmp/old/ &&
// (cd /tmp/old && node scripts/build.mjs) && node bench/compare.mjs /tmp/old/dist/dms.js
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundle, ROOT } from './lib/bundle.mjs';
import { startDemo } from './lib/demo.mjs';
import { benchTemp, timed } from './lib/proc.mjs';
import { SHAPES, pageShape } from './lib/shapes.mjs';
import { fmt, pairs } from './lib/stats.mjs';

const TERM_SIZE = '120x36';
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const PAIRS = Number(flag('--pairs') ?? 15);
const headless = flag('--headless');
const shapeName = flag('--shape') ?? 'light';
const [other, self = join(ROOT, 'dist/dms.js')] = args.map((p) => resolve(p));
if (!other || !existsSync(other) || !existsSync(self) || !SHAPES.includes(shapeName)) {
  process.stderr.write(`usage: node bench/compare.mjs OTHER_DMS_JS [THIS_DMS_JS] [--pairs N] [--shape ${SHAPES.join('|')}] (both built)\n`);
  process.exit(2);
}

const tmp = benchTemp('dms-compare-');
// Compile caches in the run's own folder (bench/lib/proc.mjs cleanEnv): warm after the warm-up run.
process.env.BENCH_CACHE_HOME = join(tmp, 'cache');
const deployedRows = shapeName === 'light' ? undefined : Number(TERM_SIZE.split('x')[1]);
const demo = await startDemo(await bundle('bench/demo-serve.ts', join(tmp, 'demo'), 'demo-serve'), { deployedRows });
try {
  const shape = pageShape(demo, shapeName, join(tmp, 'config'));
  process.stdout.write(`shape ${shapeName}: ${shape.label}\n`);
  const cpu = new Map([
    [self, []],
    [other, []],
  ]);
  const command = headless
    ?.split(/\s+/)
    .filter(Boolean)
    .map((a) => (a === 'APP' ? shape.app : a));
  const frame = async (bin) => {
    const t = command
      ? await timed([process.execPath, bin, ...command], { env: shape.env })
      : await timed([process.execPath, bin, 'browse', shape.app], { env: shape.env, pty: TERM_SIZE, until: '1–[0-9]+ of' });
    cpu.get(bin).push(t.cpu_ms);
    return t.ms;
  };
  const r = await pairs({
    pairs: PAIRS,
    a: () => frame(self),
    b: () => frame(other),
    onPair: (_i, a, b) => process.stdout.write(`${fmt(a, 0)} ms / ${fmt(b, 0)} ms\n`),
  });
  const cpuRatios = cpu
    .get(self)
    .map((c, i) => c / cpu.get(other)[i])
    .sort((x, y) => x - y);
  const what = command ? `dms ${headless}` : `first frame (${shapeName})`;
  process.stdout.write(
    `${what}: this ${fmt(r.a, 0)} ms, other ${fmt(r.b, 0)} ms: ${fmt(r.ratio, 3)}× (median of ${r.n} pair ratios); CPU ${fmt(cpuRatios[cpuRatios.length >> 1], 3)}×\n`,
  );
} finally {
  await demo.close();
}
