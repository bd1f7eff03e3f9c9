#!/usr/bin/env node
// `npm run bench`: the speed figures of issue 5 (1–6), of the deployment logs (7), of reading
// the whole history (8), of the list's table drawn by dms or by ink-table (9) and of `dms stats` (10), each a ratio
// against a floor measured side by side in this run (A B A B …, median of the pair ratios), plus
// absolute values. Figure 1 is the first frame on three page shapes against the stock Ink hello
// world (and the heavy page against fetch+parse too), in rounds of three (issue 26).
// Prints a table and writes bench/results.json. See docs/performance.md and docs/bench.md.
//
//   node bench/run.mjs [--quick] [--pairs N] [--only 1,2,4,7,8,9,10,11,12,13,14,15]   (11: bench/link.mjs, a shaped link; 12: dms reasons; 13: step timings; 14: dms board; 15: a typed query)
//   DMS_BIN=/path/to/dms.js node bench/run.mjs      (default: dist/dms.js)
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { bundle, bundleCached, ROOT } from './lib/bundle.mjs';
import { startDemo } from './lib/demo.mjs';
import { benchTemp, cleanEnv, timed } from './lib/proc.mjs';
import { firstFrameFigure } from './lib/first-frame.mjs';
import { linkFigure } from './lib/link-figure.mjs';
import { reasonsFigure } from './lib/reasons-figure.mjs';
import { stepsFigure } from './lib/steps-figure.mjs';
import { boardFigure } from './lib/board-figure.mjs';
import { queryFigure } from './lib/query-figure.mjs';
import { judge, machineOf, tableOf, updateDocs } from './lib/report.mjs';
import { ratioRecord, rssRecord } from './lib/records.mjs';
import { fmt, median, pairs } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const flag = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const PAIRS = Number(flag('--pairs') ?? (quick ? 3 : 11));
const ONLY = flag('--only')?.split(',').map(Number);
const BIN = resolve(ROOT, process.env.DMS_BIN ?? 'dist/dms.js');
const NODE = process.execPath;
const TERM_SIZE = '120x36';
const started = Date.now();
const loadAtStart = loadavg()[0];

const tmp = benchTemp('dms-bench-');
// Compile caches (dms's and the floors') in the bench's own folder: warm after the warm-up run.
process.env.BENCH_CACHE_HOME = join(tmp, 'cache');
const log = (s) => process.stderr.write(`${s}\n`);
const results = [];

/** One row of the final table. `value` is what the goal is checked against. */
function record(r) {
  results.push(r);
  const shown = r.status === 'measured' ? `${fmt(r.value, r.digits ?? 2)}${r.unit ?? ''}` : `not measured: ${r.reason}`;
  log(`  → ${r.figure}: ${shown}${r.detail ? `  (${r.detail})` : ''}`);
}

function notMeasured(figure, goal, reason) {
  record({ figure, goal, status: 'not measured', reason: String(reason).split('\n')[0].slice(0, 160) });
}

const want = (n) => !ONLY || ONLY.includes(n);

// ---------------------------------------------------------------- setup
log(`dms bench: ${PAIRS} pairs after 1 warm-up; binary ${BIN}`);
if (!existsSync(BIN)) {
  log(`dms bench: ${BIN} does not exist. Build it first (npm run build, or DMS_DIST=… node scripts/build.mjs and DMS_BIN=…).`);
  process.exit(2);
}
const configDir = join(tmp, 'config');
// The floor is Ink as published. dms's bundle swaps Ink's string-width for a lazier one
// (scripts/esbuild-options.mjs); the same hello world built that way is timed too, for the record.
// Both start as dms does: Node's compile cache turned on first (bundleCached).
const hello = await bundleCached('bench/floor/hello.tsx', join(tmp, 'floor'), 'hello', { stockInk: true });
const helloDms = await bundleCached('bench/floor/hello.tsx', join(tmp, 'floor-dms'), 'hello');
const fetchFloor = join(ROOT, 'bench/floor/fetch.mjs');
const fetchParseFloor = join(ROOT, 'bench/floor/fetch-parse.mjs');

let demo;
let app;
try {
  // Figure 1's deployed shapes are built (their logs made) at start: only when figure 1 runs.
  const deployedRows = want(1) ? Number(TERM_SIZE.split('x')[1]) : undefined;
  demo = await startDemo(await bundle('bench/demo-serve.ts', join(tmp, 'demo'), 'demo-serve'), { deployedRows });
  app = demo.apps[0].uuid;
  log(
    `demo service ${demo.url}, app ${app} (${demo.apps[0].name}); 1000-record page at ${demo.bigUrl} (from ${demo.baseRecords} demo records)` +
      `${demo.deployedUrl ? `; deployed shape from memory at ${demo.deployedUrl} (first page ${demo.deployedTake} rows)` : ''}`,
  );
} catch (error) {
  log(`dms bench: the demo service did not start: ${error.message}`);
}
// Figures 1–6 measure rows without logs (as before the demo's rows carried them): the demo's
// second token, whose rows have no `logs`. Figure 7 uses the first token (rows with their logs).
const env = cleanEnv({ DMS_URL: demo?.url, DMS_TOKEN: demo?.tokenNoLogs, DMS_CONFIG_DIR: configDir });
const bigEnv = cleanEnv({ DMS_URL: demo?.bigUrl, DMS_TOKEN: demo?.tokenNoLogs, DMS_CONFIG_DIR: configDir });

async function figure(n, name, goal, fn) {
  if (!want(n)) return;
  log(`\n[${n}] ${name}`);
  try {
    await fn();
  } catch (error) {
    notMeasured(name, goal, error.message ?? error);
  }
}

function requireDemo() {
  if (!demo) throw new Error('the demo service did not start (dms demo --serve)');
}

// ---------------------------------------------------------------- 2. headless list
await figure(2, 'headless list', '≤ 1.0', async () => {
  requireDemo();
  const version = []; // start-up alone, for the breakdown (not part of the ratio)
  const r = await pairs({
    pairs: PAIRS,
    a: async () => (await timed([NODE, BIN, 'deployments', app, '--json'], { env })).ms,
    b: async () => {
      const ms = (await timed([NODE, fetchFloor, app], { env })).ms;
      version.push((await timed([NODE, BIN, '--version'], { env })).ms);
      return ms;
    },
  });
  record({
    figure: 'headless list',
    key: 'headless',
    status: 'measured',
    value: r.ratio,
    goal: '≤ 1.0',
    max: 1.0,
    a_ms: r.a,
    b_ms: r.b,
    pairs: r.n,
    ratios: r.ratios,
    version_ms: median(version.slice(1)),
    detail: `dms deployments --json ${fmt(r.a, 0)} ms vs fetch+JSON.parse ${fmt(r.b, 0)} ms; dms --version alone ${fmt(median(version.slice(1)), 0)} ms`,
  });
});

// ---------------------------------------------------------------- 2. headless list, 1000 rows of each shape
// Rows of the deployment queue (what deployed servers send) and settings snapshots (the
// interface's shape), 1000 of them: `dms deployments --take 1000 --json` vs fetch + JSON.parse + print.
for (const [shape, label] of [
  ['snapshot', 'settings snapshots'],
  ['queue', 'queue rows'],
]) {
  await figure(2, `headless list: 1000 ${label}`, '≤ 1.0', async () => {
    requireDemo();
    const uuid = shape === 'queue' ? demo.queueApp : app;
    if (!uuid) throw new Error('the demo service named no queue-row application (APP_QUEUE_ROWS)');
    const r = await pairs({
      pairs: PAIRS,
      a: async () => (await timed([NODE, BIN, 'deployments', uuid, '--take', '1000', '--json'], { env: bigEnv })).ms,
      b: async () => (await timed([NODE, fetchFloor, uuid, '1000'], { env: bigEnv })).ms,
    });
    record({
      figure: `headless list: 1000 ${label}`,
      key: `headless1000_${shape}`,
      status: 'measured',
      value: r.ratio,
      goal: '≤ 1.0',
      max: 1.0,
      a_ms: r.a,
      b_ms: r.b,
      pairs: r.n,
      ratios: r.ratios,
      detail: `dms deployments --take 1000 --json on ${label} ${fmt(r.a, 0)} ms vs fetch+JSON.parse+print ${fmt(r.b, 0)} ms`,
    });
  });
}

// ---------------------------------------------------------------- 1. TUI first frame, three page shapes
// `dms browse APP` in a pseudo-terminal of TERM_SIZE until "1–N of" shows, against the Ink hello
// world (and on the pages with logs fetch + JSON.parse too): bench/lib/first-frame.mjs.
const firstFrameRun = { demo, configDir, node: NODE, bin: BIN, hello, helloDms, fetchParseFloor, pairs: PAIRS, termSize: TERM_SIZE };
async function firstFrame(...figureArgs) {
  requireDemo();
  record(await firstFrameFigure(firstFrameRun, ...figureArgs));
}

// Goals of issue 32 (Node 24, floors with the compile cache on): light ≤ 1.05×; the demo's page
// with its logs and the 5 MB-log page ≤ 1.15× the slower floor. The deployed page without logs keeps 1.10×.
await figure(1, 'TUI first frame: light page', '≤ 1.05 × hello world', () =>
  firstFrame('light', 'first frame: light page', 'firstFrame', '≤ 1.05 × hello world', 1.05),
);
await figure(1, 'TUI first frame: deployed, no logs', '≤ 1.10 × hello world', () =>
  firstFrame('queue', 'first frame: deployed, no logs', 'firstFrameQueue', '≤ 1.10 × hello world', 1.1),
);
await figure(1, 'TUI first frame: demo page with logs', '≤ 1.15 × slower floor', () =>
  firstFrame('logs', 'first frame: demo page with logs', 'firstFrameLogs', '≤ 1.15 × slower floor', 1.15),
);
await figure(1, 'TUI first frame: deployed, 5 MB log', '≤ 1.15 × slower floor', () =>
  firstFrame('heavy', 'first frame: deployed, 5 MB log', 'firstFrameHeavy', '≤ 1.15 × slower floor', 1.15),
);

// ---------------------------------------------------------------- 4. big pages
const bigBodies = {};
/** A 1000-record list body (`snapshot`: the first application's; `queue`: queue rows), saved once for the in-process figures. */
async function bigBodyFile(shape = 'snapshot') {
  if (bigBodies[shape]) return bigBodies[shape];
  requireDemo();
  const uuid = shape === 'queue' ? demo.queueApp : app;
  if (!uuid) throw new Error('the demo service named no queue-row application (APP_QUEUE_ROWS)');
  const res = await fetch(`${demo.bigUrl}/deployments/applications/${uuid}?take=1000`, {
    headers: { authorization: `Bearer ${demo.tokenNoLogs}`, accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`the 1000-record page answered ${res.status}`);
  const file = join(tmp, `take-1000-${shape}.json`);
  writeFileSync(file, await res.text());
  bigBodies[shape] = file;
  return file;
}
await figure(4, 'big page: peak RSS', '≤ 1.3', async () => {
  requireDemo();
  const check = await timed([NODE, BIN, 'deployments', app, '--take', '1000', '--json'], { env: bigEnv });
  if (check.out_bytes < 1_000_000) throw new Error(`dms deployments --take 1000 --json printed only ${check.out_bytes} bytes`);
  const r = await pairs({
    pairs: PAIRS,
    a: async () => (await timed([NODE, BIN, 'deployments', app, '--take', '1000', '--json'], { env: bigEnv })).maxrss_kib,
    b: async () => (await timed([NODE, hello], { env, pty: TERM_SIZE })).maxrss_kib,
  });
  record({
    figure: 'big page: peak RSS',
    key: 'bigRss',
    status: 'measured',
    value: r.ratio,
    goal: '≤ 1.3',
    max: 1.3,
    a_mib: r.a / 1024,
    b_mib: r.b / 1024,
    pairs: r.n,
    ratios: r.ratios,
    out_bytes: check.out_bytes,
    detail: `dms deployments --take 1000 --json ${fmt(r.a / 1024, 1)} MiB vs Ink hello world ${fmt(r.b / 1024, 1)} MiB`,
  });
});

for (const [shape, label] of [
  ['snapshot', ''],
  ['queue', ' (queue rows)'],
]) {
  await figure(4, `big page: parse${label}`, '≤ 50 ms', async () => {
    const body = await bigBodyFile(shape);
    const script = await bundle('bench/parse.ts', join(tmp, 'parse'), 'parse');
    // Fresh processes: the first parse in a process (cold JIT) is what a user waits for.
    const runs = [];
    for (let i = 0; i < Math.max(3, Math.ceil(PAIRS / 2)); i++) {
      runs.push(JSON.parse(execFileSync(NODE, [script, body], { encoding: 'utf8' })));
    }
    const cold = median(runs.map((r) => r.coldMs));
    const ratio = median(runs.map((r) => r.coldMs / r.jsonMs));
    record({
      figure: `big page: parse${label}`,
      key: shape === 'queue' ? 'bigParseQueue' : 'bigParse',
      status: 'measured',
      value: cold,
      unit: ' ms',
      goal: '≤ 50 ms',
      max: 50,
      records: runs[0].records,
      bytes: runs[0].bytes,
      ratio,
      without_zod: runs[0].withoutZod,
      json_parse_ms: median(runs.map((r) => r.jsonMs)),
      warm_ms: median(runs.map((r) => r.warmMs)),
      table_ms: median(runs.map((r) => r.tableMs)),
      runs: runs.length,
      detail:
        `the client's list reading on ${runs[0].records} ${shape === 'queue' ? 'queue rows' : 'records'} (${fmt(runs[0].bytes / 1024, 0)} KiB; ${runs[0].withoutZod ? 'all fit the contract: no zod' : 'some do not fit: zod loaded and used'}): first call ${fmt(cold, 1)} ms,` +
        ` warm ${fmt(median(runs.map((r) => r.warmMs)), 1)} ms; JSON.parse ${fmt(median(runs.map((r) => r.jsonMs)), 1)} ms;` +
        ` headless table of all rows (model, Δ, columns) ${fmt(median(runs.map((r) => r.tableMs)), 1)} ms`,
    });
  });
}

// ---------------------------------------------------------------- 3. render budget / 4. big table render
/** The thrown error's message from a node stack trace on stderr (not the minified source line). */
function firstError(stderr) {
  const m = /^(\w*Error[^\n]*(?:\n(?!\s+at )[^\n]*)*)/m.exec(stderr ?? '');
  return m ? m[1].replace(/\s+/g, ' ').trim() : (stderr ?? '').trim().split('\n').slice(-3).join(' ');
}

let render;
async function renderScript() {
  render ??= await bundle('bench/render.tsx', join(tmp, 'render'), 'render');
  return render;
}
function runRender(mode, extra = [], pairsN = PAIRS, timeoutMs = 120_000) {
  return new Promise((resolvePromise, reject) => {
    const args = ['--expose-gc', render, mode, '--pairs', String(pairsN), ...extra];
    execFile(
      NODE,
      args,
      { env: cleanEnv({ DMS_CONFIG_DIR: configDir }), maxBuffer: 1 << 24, timeout: timeoutMs },
      (error, stdout, stderr) => {
        if (error) {
          // Not error.message: it repeats the command line, token included.
          const how = error.killed
            ? `stopped after ${timeoutMs / 1000} s (${error.signal})`
            : `exited ${error.code ?? ''}${error.signal ? ` (${error.signal})` : ''}`;
          return reject(new Error(firstError(stderr) || `render.js ${mode} ${how}`));
        }
        resolvePromise(JSON.parse(stdout.trim().split('\n').pop()));
      },
    );
  });
}

// Goals: a cursor move ≤ 5 ms at 30 rows (issue 32; was 8) and ≤ 10 ms at 50, a new page ≤ 12 ms at 30 rows.
const RENDER_GOALS = { cursor_30: 5, cursor_50: 10, page_30: 12 };
await figure(3, 'render budget', '≤ 5 ms cursor at 30 rows, ≤ 10 ms at 50; ≤ 12 ms page at 30 rows', async () => {
  await renderScript();
  // In-process renders are cheap (tens of ms): twice the pairs, for steadier medians.
  const r = await runRender('budget', ['--body', await bigBodyFile()], 2 * PAIRS);
  for (const [i, row] of r.figures.entries()) {
    const max = row.terminal ? undefined : RENDER_GOALS[`${row.kind}_${row.rows}`];
    const isGoal = max !== undefined;
    record({
      figure: `render: ${row.kind} @${row.rows} rows${row.terminal ? ` (fit ${row.terminal} lines)` : ''}`,
      key: `render_${row.kind}_${row.rows}${row.terminal ? '_fit' : ''}`,
      status: 'measured',
      value: row.a_ms,
      unit: ' ms',
      ratio: row.ratio,
      goal: isGoal ? `≤ ${max} ms` : '(info)',
      max: isGoal ? max : undefined,
      a_ms: row.a_ms,
      b_ms: row.b_ms,
      pairs: row.pairs,
      ratios: row.ratios,
      digits: 1,
      detail: `${fmt(row.ratio, 1)}× a one-<Text> change (${fmt(row.b_ms, 2)} ms)${i === 0 ? `; ${r.what}` : ''}`,
    });
  }
});

await figure(4, 'big page: table render', '(info)', async () => {
  await renderScript();
  const r = await runRender('big', ['--body', await bigBodyFile()]);
  record({
    figure: 'big page: table render',
    key: 'bigTable',
    status: 'measured',
    value: r.a_ms,
    unit: ' ms',
    goal: '(info)',
    a_ms: r.a_ms,
    b_ms: r.b_ms,
    ratio: r.ratio,
    digits: 1,
    detail: `first frame of the deployments table with ${r.rows} rows ${fmt(r.a_ms, 0)} ms (${fmt(r.ratio, 1)}× a one-<Text> first frame)`,
  });
});

// ---------------------------------------------------------------- 9. the list's table: dms's frame or ink-table's
await figure(9, "list table: dms's frame vs ink-table", '(info)', async () => {
  await renderScript();
  const r = await runRender('tables', ['--body', await bigBodyFile()], 2 * PAIRS);
  for (const kind of ['cursor', 'page']) {
    for (const [name, label] of [
      ['dms', "dms's frame"],
      ['inkTable', 'ink-table (props)'],
    ]) {
      const row = r[name][kind];
      record({
        figure: `table ${kind} @${r.rows}: ${label}`,
        key: `table_${kind}_${name}`,
        status: 'measured',
        value: row.a_ms,
        unit: ' ms',
        ratio: row.ratio,
        goal: '(info)',
        a_ms: row.a_ms,
        b_ms: row.b_ms,
        pairs: row.pairs,
        digits: 1,
        detail: `${fmt(row.ratio, 1)}× a one-<Text> change (${fmt(row.b_ms, 2)} ms); ${r[name].lines} lines for ${r.rows} rows${kind === 'cursor' && name === 'dms' ? `; ${r.what}` : ''}`,
      });
    }
  }
});

// ---------------------------------------------------------------- 6. a burst of keys
await figure(6, 'key burst: 5,000 × n', '≤ 1000 ms', async () => {
  await renderScript();
  const r = await runRender('burst', ['--body', await bigBodyFile()], Math.max(3, Math.ceil(PAIRS / 2)));
  record({
    figure: 'key burst: 5,000 × n',
    key: 'burst',
    status: 'measured',
    value: r.a_ms,
    unit: ' ms',
    goal: '≤ 1000 ms',
    max: 1000,
    a_ms: r.a_ms,
    b_ms: r.b_ms,
    ratio: r.ratio,
    digits: 0,
    detail: `${r.what}: ${fmt(r.a_ms, 0)} ms (one n: ${fmt(r.b_ms, 1)} ms)`,
  });
});

// ---------------------------------------------------------------- 5. soak
await figure(5, 'soak', '≤ 10% growth page 20 → 200', async () => {
  requireDemo();
  await renderScript();
  const r = await runRender('soak', [
    '--url',
    demo.url,
    '--token',
    demo.tokenNoLogs,
    '--app',
    app,
    ...(quick ? ['--pages', '60', '--refreshes', '30'] : []),
  ]);
  // Heap after gc() is exact; RSS swings by several MiB between readings (the allocator keeps
  // freed pages), so RSS is compared as medians of the readings around page 20 and at the end.
  const rssAt = (pages) => r.series.filter((x) => pages.includes(x.pages)).map((x) => x.rssMiB);
  const rss20 = median([r.after20.rssMiB, ...rssAt([40, 60])]);
  const rssEnd = median([r.end.rssMiB, ...rssAt([r.pages - 20, r.pages])]);
  const growth = (r.end.heapMiB - r.after20.heapMiB) / r.after20.heapMiB;
  const rssGrowth = (rssEnd - rss20) / rss20;
  const value = 1 + Math.max(growth, rssGrowth);
  record({
    figure: 'soak: memory end / page 20',
    key: 'soak',
    status: 'measured',
    value,
    goal: '≤ 1.10',
    max: 1.1,
    start: r.start,
    after20: r.after20,
    end: r.end,
    pages: r.pages,
    refreshes: r.refreshes,
    ms: r.ms,
    series: r.series,
    heap_growth: growth,
    rss_growth: rssGrowth,
    rss_after20_median: rss20,
    rss_end_median: rssEnd,
    detail:
      `${r.pages} page changes + ${r.refreshes} refreshes in ${fmt(r.ms / 1000, 1)} s; heap ${fmt(r.start.heapMiB, 1)} → ${fmt(r.after20.heapMiB, 1)} → ${fmt(r.end.heapMiB, 1)} MiB,` +
      ` RSS ${fmt(r.start.rssMiB, 1)} → ${fmt(r.after20.rssMiB, 1)} → ${fmt(r.end.rssMiB, 1)} MiB (medians around page 20 / at the end ${fmt(rss20, 1)} / ${fmt(rssEnd, 1)});` +
      ` growth heap ${fmt(100 * growth, 1)}%, RSS ${fmt(100 * rssGrowth, 1)}%; ${r.what}`,
  });
});

// ---------------------------------------------------------------- 7. deployment logs
// Rows with their logs (the demo's first token): LOG_URL's page of 10 rows whose newest carries a
// ~5 MB, ~20,000-entry log; HEAVY_URL's page of 10 rows each carrying it (bench/demo-serve.ts).
let logBody;
/** The log page's body, saved once for the in-process figures. */
async function logBodyFile() {
  if (logBody) return logBody;
  requireDemo();
  if (!demo.logUrl || !demo.logApp) throw new Error('the demo service named no LOG_URL/LOG_APP');
  const res = await fetch(`${demo.logUrl}/deployments/applications/${demo.logApp}?skip=0&take=10`, {
    headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`the page with logs answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const file = join(tmp, 'logs-page.json');
  writeFileSync(file, await res.text());
  logBody = file;
  return file;
}

// Figure 7's first frame with a 5 MB log is figure 1's 'deployed, 5 MB log' now (against both floors).

await figure(7, 'logs: viewer open and screen move', '≤ 150 ms open, ≤ 6 ms move', async () => {
  await renderScript();
  const r = await runRender('logview', ['--body', await logBodyFile()]);
  const l = r.log;
  const decoded = r.bigParsesBeforeOpen === 0 ? 'no log decoded before l' : `${r.bigParsesBeforeOpen} big JSON.parse calls before l`;
  record({
    figure: 'logs: viewer open (l → last line)',
    key: 'logOpen',
    status: 'measured',
    value: r.open.a_ms,
    unit: ' ms',
    ratio: r.open.ratio,
    goal: '≤ 150 ms',
    max: 150,
    a_ms: r.open.a_ms,
    b_ms: r.open.b_ms,
    pairs: r.open.n,
    ratios: r.open.ratios,
    as: r.open.as,
    digits: 1,
    log: l,
    first_open_ms: r.firstOpenMs,
    whole_ms: r.wholeMs,
    big_parses_before_open: r.bigParsesBeforeOpen,
    big_parses_per_open: r.bigParsesPerOpen,
    detail:
      `l on the row with ${l.entries.toLocaleString('en-US')} entries (${fmt(l.chars / 2 ** 20, 1)} MiB; ${l.shownLines.toLocaleString('en-US')} lines shown, debug hidden)` +
      ` → first frame with its last line ${fmt(r.open.a_ms, 0)} ms (${fmt(r.open.ratio, 0)}× a one-<Text> change ${fmt(r.open.b_ms, 2)} ms);` +
      ` the first open in the process ${fmt(r.firstOpenMs, 0)} ms; every line read (the start after the first frame) ${fmt(r.wholeMs, 0)} ms; alone: readLog ${fmt(l.decodeWarmMs, 0)} ms, logLines ${fmt(l.linesWarmMs, 0)} ms; ${decoded}; ${r.what}`,
  });
  record({
    figure: 'logs: screen move (PgUp/PgDn)',
    key: 'logMove',
    status: 'measured',
    value: r.move.a_ms,
    unit: ' ms',
    ratio: r.move.ratio,
    goal: '≤ 6 ms',
    max: 6,
    a_ms: r.move.a_ms,
    b_ms: r.move.b_ms,
    pairs: r.move.n,
    ratios: r.move.ratios,
    digits: 1,
    detail: `PgUp/PgDn in turn in that log (${l.screenLines} lines a screen), key → frame, median of ${r.move.n}: ${fmt(r.move.a_ms, 1)} ms (${fmt(r.move.ratio, 1)}× a one-<Text> change ${fmt(r.move.b_ms, 2)} ms)`,
  });
  const f = r.filter;
  record({
    figure: 'logs: & only matching lines',
    key: 'logFilter',
    status: 'measured',
    value: f.type_ms,
    unit: ' ms',
    goal: '(info)',
    digits: 1,
    pattern: f.pattern,
    matched: f.matched,
    runs: f.n,
    type_ms: f.type_ms,
    backspace_ms: f.backspace_ms,
    clear_ms: f.clear_ms,
    types: f.types,
    detail:
      `& then "${f.pattern}" typed in that log (${l.shownLines.toLocaleString('en-US')} lines shown; ${f.matched} hold it), key → frame, median of ${f.n}: ${fmt(f.type_ms, 1)} ms;` +
      ` Backspace (every line looked at again) ${fmt(f.backspace_ms, 1)} ms; & again (every line shown) ${fmt(f.clear_ms, 1)} ms`,
  });
});

/** Figure 7's soak on one of the pages with logs. */
async function logSoak(url, ticks) {
  requireDemo();
  await renderScript();
  return runRender('logsoak', ['--url', url, '--token', demo.token, '--app', demo.logApp, '--ticks', String(ticks), '--period', '25']);
}
const takes = (byTake) =>
  Object.entries(byTake)
    .map(([take, s]) => `${s.requests} × take ${take} (${fmt(s.bytes / 2 ** 20, 1)} MiB)`)
    .join(', ') || 'none';

await figure(7, 'logs soak: 10 heavy rows', '≤ 1.10 memory; a tick ≈ one row', async () => {
  const r = await logSoak(demo?.heavyUrl, quick ? 60 : 120);
  const rssAt = (ticks) => r.series.filter((x) => ticks.includes(x.ticks)).map((x) => x.rssMiB);
  const last = r.series.at(-1)?.ticks ?? r.ticks;
  const rss20 = median([r.after20.rssMiB, ...rssAt([40, 60])]);
  const rssEnd = median([r.end.rssMiB, ...rssAt([last - 20, last])]);
  const growth = (r.end.heapMiB - r.after20.heapMiB) / r.after20.heapMiB;
  const rssGrowth = (rssEnd - rss20) / rss20;
  const value = 1 + Math.max(growth, rssGrowth);
  const soakCommon = {
    ticks: r.ticks,
    period_ms: r.period,
    fallbacks: r.fallbacks,
    by_take: r.byTake,
    first_load: r.firstLoad,
    page_bytes: r.pageBytes,
    bytes_per_tick: r.bytesPerTick,
    requests_per_tick: r.requestsPerTick,
  };
  record({
    figure: 'logs soak: memory end / tick 20',
    key: 'logSoak',
    status: 'measured',
    value,
    goal: '≤ 1.10',
    max: 1.1,
    start: r.start,
    after20: r.after20,
    end: r.end,
    series: r.series,
    ms: r.ms,
    heap_growth: growth,
    rss_growth: rssGrowth,
    rss_after20_median: rss20,
    rss_end_median: rssEnd,
    ...soakCommon,
    detail:
      `${r.ticks} auto-refreshes every ${r.period} ms (${fmt((r.ticks * 5) / 60, 0)} min at 5 s) in ${fmt(r.tickMs / 1000, 1)} s on 10 rows each carrying a ${fmt(r.pageBytes / 10 / 2 ** 20, 1)} MiB log;` +
      ` heap ${fmt(r.start.heapMiB, 1)} → ${fmt(r.after20.heapMiB, 1)} → ${fmt(r.end.heapMiB, 1)} MiB, RSS ${fmt(r.start.rssMiB, 1)} → ${fmt(r.after20.rssMiB, 1)} → ${fmt(r.end.rssMiB, 1)} MiB` +
      ` (medians around tick 20 / at the end ${fmt(rss20, 1)} / ${fmt(rssEnd, 1)}); growth heap ${fmt(100 * growth, 1)}%, RSS ${fmt(100 * rssGrowth, 1)}%; end / start ${fmt(r.end.heapMiB / r.start.heapMiB, 2)} heap, ${fmt(r.end.rssMiB / r.start.rssMiB, 2)} RSS; ${r.what}`,
  });
  record({
    figure: 'logs soak: bytes a tick / page',
    key: 'logSoakBytes',
    status: 'measured',
    value: r.bytesPerTick / r.pageBytes,
    goal: '≤ 0.11 (one row of 10)',
    max: 0.11,
    digits: 3,
    ...soakCommon,
    detail:
      `while nothing changes, a tick asked for ${fmt(r.requestsPerTick, 2)} requests and ${fmt(r.bytesPerTick / 2 ** 20, 2)} MiB against the page's ${fmt(r.pageBytes / 2 ** 20, 1)} MiB:` +
      ` ${takes(r.byTake)} in ${r.ticks} ticks (${r.fallbacks} fell back to the whole page)`,
  });
});

await figure(7, 'logs soak: newest row 5 MB', '(info)', async () => {
  const r = await logSoak(demo?.logUrl, quick ? 20 : 40);
  record({
    figure: 'logs soak: bytes a tick / page, newest row 5 MB',
    key: 'logSoakBytesNewest',
    status: 'measured',
    value: r.bytesPerTick / r.pageBytes,
    goal: '(info)',
    digits: 3,
    ticks: r.ticks,
    period_ms: r.period,
    fallbacks: r.fallbacks,
    by_take: r.byTake,
    page_bytes: r.pageBytes,
    bytes_per_tick: r.bytesPerTick,
    requests_per_tick: r.requestsPerTick,
    start: r.start,
    after20: r.after20,
    end: r.end,
    detail:
      `the first frame's page (the newest row's log ~5 MB, the 9 others 30–200 KB): a quiet tick asked for ${fmt(r.requestsPerTick, 2)} requests and` +
      ` ${fmt(r.bytesPerTick / 2 ** 20, 2)} MiB against the page's ${fmt(r.pageBytes / 2 ** 20, 1)} MiB: ${takes(r.byTake)} in ${r.ticks} ticks; heap ${fmt(r.after20.heapMiB, 1)} → ${fmt(r.end.heapMiB, 1)} MiB`,
  });
});

// ---------------------------------------------------------------- 8. whole history
// monorepo-ci: 50,000 deployments, each with a short log (~2 KiB a row with it, ~100 MB in all),
// read with the token WITH logs (DMS_TOKEN), as users' tokens usually are. The bench's demo runs
// without its rate limit (bench/demo-serve.ts).
const historyFloor = join(ROOT, 'bench/floor/history.mjs');
let historyFloorMs;
function requireBigHistory() {
  requireDemo();
  if (!demo.bigHistoryApp) throw new Error('the demo service named no application with a long history (APP_BIG_HISTORY)');
  return demo.bigHistoryApp;
}

await figure(8, 'whole history: --all -o ndjson', '≤ 1.0', async () => {
  const big = requireBigHistory();
  const historyEnv = cleanEnv({ DMS_URL: demo.url, DMS_TOKEN: demo.token, DMS_CONFIG_DIR: configDir });
  const dmsCmd = [NODE, BIN, 'deployments', big, '--all', '-o', 'ndjson'];
  const floorCmd = [NODE, historyFloor, big];
  // Once through a pipe, to see both print the whole history (then stdout is /dev/null).
  const [check, checkFloor] = [
    await timed(dmsCmd, { env: historyEnv, timeoutS: 300 }),
    await timed(floorCmd, { env: historyEnv, timeoutS: 300 }),
  ];
  if (check.out_bytes < 0.99 * checkFloor.out_bytes) {
    throw new Error(`dms deployments --all -o ndjson printed ${check.out_bytes} bytes, the floor ${checkFloor.out_bytes}`);
  }
  const rss = [];
  const floorRss = [];
  const r = await pairs({
    pairs: PAIRS,
    a: async () => {
      const run = await timed(dmsCmd, { env: historyEnv, nullStdout: true, timeoutS: 300 });
      rss.push(run.maxrss_kib);
      return run.ms;
    },
    b: async () => {
      const run = await timed(floorCmd, { env: historyEnv, nullStdout: true, timeoutS: 300 });
      floorRss.push(run.maxrss_kib);
      return run.ms;
    },
  });
  historyFloorMs = r.b;
  const mib = (xs) => median(xs.slice(1)) / 1024; // without the warm-up pair
  record({
    figure: 'whole history: --all -o ndjson',
    key: 'historyAll',
    status: 'measured',
    value: r.ratio,
    goal: '≤ 1.0',
    max: 1.0,
    a_ms: r.a,
    b_ms: r.b,
    pairs: r.n,
    ratios: r.ratios,
    out_bytes: check.out_bytes,
    floor_out_bytes: checkFloor.out_bytes,
    detail:
      `dms deployments monorepo-ci --all -o ndjson > /dev/null ${fmt(r.a / 1000, 2)} s vs bench/floor/history.mjs (fetch take=1000 page after page, a line per record) ${fmt(r.b / 1000, 2)} s;` +
      ` 50,000 deployments with their short logs (token with logs), ${fmt(check.out_bytes / 2 ** 20, 1)} MiB of ndjson (the floor ${fmt(checkFloor.out_bytes / 2 ** 20, 1)} MiB); ${r.n} pairs`,
  });
  record({
    figure: 'whole history: peak RSS',
    key: 'historyRss',
    status: 'measured',
    value: mib(rss),
    unit: ' MiB',
    digits: 1,
    goal: '≤ 150 MiB',
    max: 150,
    a_mib: mib(rss),
    b_mib: mib(floorRss),
    rss_kib: rss.slice(1),
    floor_rss_kib: floorRss.slice(1),
    detail: `ru_maxrss of dms deployments --all -o ndjson over the whole history ${fmt(mib(rss), 1)} MiB (median of ${rss.length - 1} runs; max ${fmt(Math.max(...rss.slice(1)) / 1024, 1)}) vs the floor's ${fmt(mib(floorRss), 1)} MiB`,
  });
});

await figure(8, 'whole history: TUI search', '≤ 16 ms move while searching; RSS after ≤ 1.5× before', async () => {
  const big = requireBigHistory();
  await renderScript();
  if (!demo.scanUrl) throw new Error('the demo service named no SCAN_URL');
  const searchWorker = join(dirname(BIN), 'search-worker.js');
  const r = await runRender(
    'search',
    ['--url', demo.scanUrl, '--token', demo.token, '--app', big, '--search-worker', searchWorker, '--repeat', quick ? '1' : '3'],
    PAIRS,
    300_000,
  );
  const takes = Object.entries(r.byTake)
    .map(([take, s]) => `${s.requests} × take ${take}`)
    .join(', ');
  const scanMiB = r.bytes / 2 ** 20;
  record({
    figure: 'whole history: TUI search to the last match',
    key: 'historySearch',
    status: 'measured',
    value: r.searchMs,
    unit: ' ms',
    digits: 0,
    goal: '(info)',
    search_ms: r.searchMs,
    searches_ms: r.searchesMs,
    requests: r.requests,
    by_take: r.byTake,
    bytes: r.bytes,
    request_ms: r.requestMs,
    needle: r.needle,
    needle_id: r.needleId,
    total: r.total,
    floor_ms: historyFloorMs,
    peak_rss_mib: r.during.peakRssMiB,
    worst_lag_ms: r.during.worstLagMs,
    busy: r.during.busy,
    detail:
      `/${r.needle} Enter (the commit of deployment ${r.needleId}, the oldest; only it matches) → “1 found · searched all ${r.total.toLocaleString('en-US')}” with it in the table:` +
      ` ${fmt(r.searchMs / 1000, 2)} s (median of ${r.searchesMs.length}: ${r.searchesMs.map((x) => fmt(x / 1000, 2)).join(', ')} s)` +
      `${historyFloorMs ? `; the --all floor read the same in ${fmt(historyFloorMs / 1000, 2)} s` : ''};` +
      ` the scan made ${r.requests} requests (${takes}; ${fmt(scanMiB, 1)} MiB, median ${fmt(r.requestMs, 0)} ms each, 2 in flight);` +
      ` the search worker reads, parses and matches; the screen's thread busy ${fmt(100 * r.during.busy, 0)}% of the scan (event-loop utilization), its longest stall ${fmt(r.during.worstLagMs, 0)} ms; ${r.what}`,
  });
  const mv = r.moves;
  record({
    figure: 'whole history: cursor move while searching',
    key: 'historyMove',
    status: 'measured',
    value: mv.median,
    unit: ' ms',
    digits: 1,
    goal: '≤ 16 ms',
    max: 16,
    a_ms: mv.median,
    idle_ms: mv.idleMedian,
    p90_ms: mv.p90,
    max_ms: mv.max,
    moves: mv.n,
    moves_all: mv.all,
    query: mv.query,
    from_write_ms: mv.fromWriteMedian,
    busy: mv.during.busy,
    detail:
      `j/k in turn on the results of /${mv.query} Enter while it reads (${mv.found.toLocaleString('en-US')} found in ${fmt(mv.searchMs / 1000, 1)} s), key → frame with the cursor moved:` +
      ` median of ${mv.n} moves over ${fmt(mv.spanMs / 1000, 1)} s ${fmt(mv.median, 1)} ms from when each key was due (p90 ${fmt(mv.p90, 1)}, max ${fmt(mv.max, 1)}),` +
      ` ${fmt(mv.fromWriteMedian, 1)} ms from its write; the same moves once it is done ${fmt(mv.idleMedian, 1)} ms;` +
      ` the screen's thread busy ${fmt(100 * mv.during.busy, 0)}% while it read (drawing the results and the moves; the search worker reads)` +
      ` (a needle found only at the end leaves no results to move in while it reads)`,
  });
  const rssRatio = r.after.rssMiB / r.before.rssMiB;
  record({
    figure: 'whole history: RSS after search / before',
    key: 'historyMemory',
    status: 'measured',
    value: rssRatio,
    goal: '≤ 1.50',
    max: 1.5,
    before: r.before,
    after: r.after,
    after_last: r.afterLast,
    peak_rss_mib: r.maxRssMiB,
    detail:
      `after gc(): before the search (first page and strip read) heap ${fmt(r.before.heapMiB, 1)} MiB (of ${fmt(r.before.heapTotalMiB, 1)} held), RSS ${fmt(r.before.rssMiB, 1)} MiB;` +
      ` after the whole-history search heap ${fmt(r.after.heapMiB, 1)} (of ${fmt(r.after.heapTotalMiB, 1)}), RSS ${fmt(r.after.rssMiB, 1)} MiB` +
      `${r.searchesMs.length > 1 ? ` (after ${r.searchesMs.length} searches heap ${fmt(r.afterLast.heapMiB, 1)}, RSS ${fmt(r.afterLast.rssMiB, 1)} MiB)` : ''};` +
      ` peak RSS of the process ${fmt(r.maxRssMiB, 1)} MiB`,
  });
});

// ---------------------------------------------------------------- 10. stats of the whole history
// `dms stats` reads the same 50,000 deployments as figure 8 with the same scan and keeps a few
// numbers of each: against `dms deployments --all -o ndjson` on the same history, side by side.
await figure(10, 'stats: dms stats over 50,000 deployments', '≤ 1.1 × --all -o ndjson; ≤ 150 MiB', async () => {
  const big = requireBigHistory();
  const historyEnv = cleanEnv({ DMS_URL: demo.url, DMS_TOKEN: demo.token, DMS_CONFIG_DIR: configDir });
  const statsCmd = [NODE, BIN, 'stats', big, '-o', 'json'];
  const allCmd = [NODE, BIN, 'deployments', big, '--all', '-o', 'ndjson'];
  // Once through a pipe: the stats must count the whole history.
  const check = await timed(statsCmd, { env: historyEnv, timeoutS: 300 });
  if (check.out_bytes < 500) throw new Error(`dms stats printed only ${check.out_bytes} bytes`);
  const rss = [];
  const r = await pairs({
    pairs: PAIRS,
    a: async () => {
      const run = await timed(statsCmd, { env: historyEnv, nullStdout: true, timeoutS: 300 });
      rss.push(run.maxrss_kib);
      return run.ms;
    },
    b: async () => (await timed(allCmd, { env: historyEnv, nullStdout: true, timeoutS: 300 })).ms,
  });
  ratioRecord(record, {
    figure: 'stats: dms stats / --all -o ndjson',
    key: 'statsTime',
    r,
    detail:
      `dms stats monorepo-ci -o json ${fmt(r.a / 1000, 2)} s vs dms deployments monorepo-ci --all -o ndjson > /dev/null ${fmt(r.b / 1000, 2)} s;` +
      ` 50,000 deployments with their short logs (token with logs), the same scan; ${r.n} pairs`,
  });
  rssRecord(record, { figure: 'stats: peak RSS', key: 'statsRss', rss, what: 'dms stats over the whole history' });
});

// ---------------------------------------------------------------- 11. through a shaped link
await figure(
  11,
  'link: heavy page first and second visit, offline',
  'second, offline, progress ≤ 1.2 × hello; rows ≤ 1.10 × fetch+parse',
  () => linkFigure({ node: NODE, tmp, pairs: Math.min(PAIRS, 7), record }),
);

// ---------------------------------------------------------------- 12. failure clusters of the whole history
await figure(12, 'reasons: dms reasons over 50,000 deployments', '≤ 1.1 × --all -o ndjson; ≤ 150 MiB', () =>
  reasonsFigure({
    node: NODE,
    bin: BIN,
    app: requireBigHistory(),
    env: cleanEnv({ DMS_URL: demo.url, DMS_TOKEN: demo.token, DMS_CONFIG_DIR: configDir }),
    pairs: PAIRS,
    record,
  }),
);

// ---------------------------------------------------------------- 13. step timings
await figure(13, 'steps: step timings of a 20,000-entry log', '≤ 50 ms', () => stepsFigure({ node: NODE, tmp, record }));

// ---------------------------------------------------------------- 14. the board's first fill
await figure(14, 'board: dms board -o ndjson, a page per application', '≤ 1.1 × the same pages fetched; ≤ 150 MiB', async () => {
  requireDemo();
  await boardFigure({ node: NODE, bin: BIN, demo, tmp, pairs: PAIRS, record });
});

// ---------------------------------------------------------------- 15. a typed filter on a loaded page
await figure(15, 'query: a typed filter on a loaded page', '≤ 8 ms per key', () =>
  queryFigure({ node: NODE, tmp, pairs: PAIRS, record, bodyFile: bigBodyFile }),
);

// ---------------------------------------------------------------- report
await demo?.close();

judge(results);
const table = tableOf(results);
const machine = machineOf(loadAtStart);
const seconds = (Date.now() - started) / 1000;
process.stdout.write(
  `\n${table}\n\n${PAIRS} pairs per ratio (median of A/B pair ratios); ${machine.nproc} cpu ${machine.cpu}, node ${machine.node};` +
    ` load average ${machine.load.join(' → ')}; ${fmt(seconds, 0)} s\n`,
);
if (!quick && !ONLY) {
  const date = new Date().toISOString();
  writeFileSync(
    join(ROOT, 'bench/results.json'),
    `${JSON.stringify({ date, pairs: PAIRS, seconds, machine, binary: BIN, table, results }, null, 2)}\n`,
  );
  updateDocs({ date, machine, seconds, pairs: PAIRS, table, results });
} else {
  writeFileSync(
    join(tmpdir(), 'dms-bench-results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), pairs: PAIRS, seconds, machine, table, results }, null, 2)}\n`,
  );
  log(`(--quick/--only: results in ${join(tmpdir(), 'dms-bench-results.json')}, bench/results.json left as it was)`);
}
