// The reason of a failure (src/model/reason.ts): how long reasonOf takes on the demo's biggest
// failed log and on 200,000-entry logs, against decoding the whole log (readLog) and making its
// lines (logLines), which is what the log view does. Not a figure of run.mjs: run it by hand,
//   node scripts/build.mjs && node -e "import('./bench/lib/bundle.mjs').then(async (b) => { \
//     const f = await b.bundle('bench/reason.ts', '/tmp/dms-bench-reason', 'reason'); console.log(f) })"
//   node /tmp/dms-bench-reason/reason.js
// Prints one line per case: median and slowest of 15 runs after a warm-up, in ms.
import { performance } from 'node:perf_hooks';
import { readDeployment, type Deployment } from '../src/api/schemas/deployment.js';
import { startDemoService } from '../src/demo/server.js';
import { logLines, maskerFor, readLog } from '../src/model/log.js';
import { reasonOf } from '../src/model/reason.js';

const RUNS = 15;

function time(name: string, fn: () => unknown): void {
  fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(`${name.padEnd(64)} median ${ms[RUNS >> 1]!.toFixed(3).padStart(9)} ms   slowest ${ms.at(-1)!.toFixed(3).padStart(9)} ms`);
}

/** The whole log decoded and turned into lines, as the log view does: what the reason avoids. */
const whole = (rec: Deployment) => {
  const read = readLog(rec);
  return read.kind === 'entries' ? logLines(read.entries, maskerFor(rec)).length : 0;
};

// The demo's biggest failed log.
const demo = await startDemoService({ rateLimitPerMinute: 0 });
let biggest: Deployment | undefined;
for (const app of demo.seed.applications.filter((a) => !a.bigHistory)) {
  const res = await fetch(`${demo.url}/deployments/applications/${app.uuid}?take=300`, {
    headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
  });
  const body = (await res.json()) as { deployments: Record<string, unknown>[] };
  for (const r of body.deployments) {
    if (r.status !== 'failed' || typeof r.logs !== 'string') continue;
    if (!biggest || r.logs.length > String((biggest as Record<string, unknown>).logs).length) biggest = readDeployment(r);
  }
}
await demo.close();
if (!biggest) throw new Error('no failed log in the demo');
const size = String((biggest as Record<string, unknown>).logs).length;
const reason = reasonOf(biggest);
console.log(
  `demo: deployment ${String((biggest as Record<string, unknown>).id)}, ${(size / 1e6).toFixed(2)} MB of logs: ${reason.kind === 'reason' ? reason.text : reason.why}`,
);
time("reasonOf, the demo's biggest failed log", () => reasonOf(biggest));
time('readLog + logLines of it (the log view), for comparison', () => whole(biggest));

// 200,000 entries of build output, with and without the epilogue.
const body = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    command: i % 500 === 0 ? `step ${i}` : null,
    output: `#${i} ${(i * 0.01).toFixed(3)} compiling src/components/File${i}.tsx (120 modules)`,
    type: i % 3 === 0 ? 'stderr' : 'stdout',
    hidden: i % 7 === 0,
    batch: Math.floor(i / 500),
    order: i + 1,
    timestamp: '2026-08-22T15:22:50.123456Z',
  }));
const EPILOGUE = [
  { output: '========================================', type: 'stderr' },
  {
    output:
      'Deployment failed: Command execution failed (exit code 1): npm run build\nError: Missing required environment variable DATABASE_URL',
    type: 'stderr',
  },
  { output: 'Error type: RuntimeException', type: 'stderr', hidden: true },
  { output: '========================================', type: 'stderr' },
  { output: 'Deployment failed. Removing the new version of your application.', type: 'stderr' },
];
const rowOf = (entries: object[], status = 'failed') => readDeployment({ id: 1, status, logs: JSON.stringify(entries) });
const withEpilogue = rowOf([...body(200_000), ...EPILOGUE]);
const noCause = rowOf(body(200_000));
const cancelled = rowOf(body(200_000), 'cancelled-by-user');
console.log(`200,000 entries: ${(String((noCause as Record<string, unknown>).logs).length / 1e6).toFixed(1)} MB`);
time('reasonOf, 200,000 entries ending with the epilogue', () => reasonOf(withEpilogue));
time('reasonOf, 200,000 entries, no epilogue, no error line (failed)', () => reasonOf(noCause));
time('reasonOf, 200,000 entries, cancelled mid-step, no error line', () => reasonOf(cancelled));
time('readLog + logLines of 200,000 entries (the log view), for comparison', () => whole(noCause));
