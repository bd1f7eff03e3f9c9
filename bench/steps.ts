// Step timings (src/model/steps.ts, src/model/step-timings.ts) on a 20,000-entry build log: the
// steps of the log (stepsOf), and the steps with the medians over 50 finished runs (stepMedians),
// which is what the detail and `dms logs --steps` compute once the history is read. Run by
// bench/lib/steps-figure.mjs (figure 13); alone: bundle it (bench/lib/bundle.mjs) and run
// `node steps.js [--runs N] [--json FILE]`. Prints median and slowest of N runs after a warm-up, in ms.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { LogEntry } from '../src/model/log.js';
import { stepMedians, stepsOf } from '../src/model/steps.js';
import { stepTimings } from '../src/model/step-timings.js';

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Number(flag('--runs') ?? 21);
const ENTRIES = 20_000;
const T0 = Date.parse('2026-11-20T10:00:00Z');

const PHASES = [
  'Starting deployment of acme/shop:main to edge-1.',
  'Preparing container with helper image: ghcr.io/acme/helper:1.0.8.',
  'Importing acme/shop:main (commit sha 0123456789abcdef) to /artifacts/x.',
  'Generating nixpacks configuration with: nixpacks plan -f toml /artifacts/x',
  'Building docker image started.',
  'Pushing image to docker registry (registry.example.com/acme/shop:0123456).',
  'Rolling update started.',
  'Waiting for healthcheck to pass on the new container.',
  'Removing old containers.',
  'Rolling update completed.',
];

/**
 * A build log as deployed servers write it: phase lines among tool output with colours, CR
 * progress, several lines an entry, and lines holding a marker's word that are not phase lines.
 */
function buildLog(entries: number, seed: number): LogEntry[] {
  const out: LogEntry[] = [];
  const every = Math.floor(entries / PHASES.length);
  for (let i = 0; i < entries; i++) {
    const at = T0 + i * (40 + ((i * seed) % 17));
    const phase = i % every === 0 ? PHASES[i / every] : undefined;
    const output =
      phase ??
      (i % 13 === 0
        ? `Step ${i % 9}/9 : RUN pip wheel . Building wheel for pkg-${i}; Removing intermediate container ${i.toString(16)}`
        : i % 7 === 0
          ? `#${i % 40} ${(i / 100).toFixed(3)} \u001b[32m✓\u001b[0m src/app/module-${i}.test.ts (12 tests) ${i % 300}ms`
          : i % 11 === 0
            ? `progress 10%\rprogress 50%\rprogress 100%\n#${i % 40} DONE ${(i % 9) / 10}s`
            : `#${i % 40} ${(i / 100).toFixed(3)} compiling src/features/cart/format-${i}.tsx (309 modules)`);
    out.push({
      command: i % 500 === 1 ? `npm run step-${i}` : null,
      output,
      stderr: i % 5 === 0 && phase === undefined,
      hidden: false,
      timestamp: new Date(at).toISOString(),
      at,
      batch: Math.floor(i / 50),
      order: i + 1,
    });
  }
  return out;
}

function time(fn: () => unknown): { median: number; slowest: number } {
  fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[RUNS >> 1]!, slowest: ms.at(-1)! };
}

const log = buildLog(ENTRIES, 3);
const runs = Array.from({ length: 50 }, (_, k) => stepsOf(buildLog(2000, k + 1)));
const steps = stepsOf(log);
if (steps.length !== PHASES.length - 1) throw new Error(`expected ${PHASES.length - 1} steps, read ${steps.length}`);
const alone = time(() => stepsOf(log));
const withMedians = time(() => stepTimings(stepsOf(log), { byStep: stepMedians(runs), runs: runs.length }));
const figures = { entries: ENTRIES, runs: RUNS, steps: steps.length, stepsOf: alone, withMedians };
console.log(
  `stepsOf, ${ENTRIES} entries: median ${alone.median.toFixed(2)} ms, slowest ${alone.slowest.toFixed(2)} ms\n` +
    `stepsOf + medians of 50 runs: median ${withMedians.median.toFixed(2)} ms, slowest ${withMedians.slowest.toFixed(2)} ms`,
);
const json = flag('--json');
if (json) writeFileSync(json, `${JSON.stringify(figures)}\n`);
