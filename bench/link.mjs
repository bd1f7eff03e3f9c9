// `npm run bench:link`: the first frame of `dms browse` on a heavy page through a shaped link
// (issue 35). The bench's demo service (bench/demo-serve.ts, with figure 1's deployed shape)
// behind bench/lib/link.mjs at 80 ms round trip / 50 Mbit/s and 250 ms / 10 Mbit/s; in rounds
// (A B C D, A B C D, …, medians of the per-round ratios, bench/lib/stats.mjs):
//   first    dms browse APP in a pseudo-terminal of 120×36 until "1–N of", in a fresh config
//            and page cache folder (DMS_CONFIG_DIR, DMS_CACHE_DIR; the code caches stay warm, as
//            for anyone who ran dms before): a first visit;
//   second   the same again with the same folders: a second visit (the page as last seen, at once);
//   hello    the stock Ink hello world (no network: the floor of any Ink app's first frame);
//   fetch    fetch + JSON.parse of the same page through the same link (bench/floor/fetch-parse.mjs).
// Prints a table: each median, the ratios to the floors, and dms's first output (its first
// frame before the rows). Shapes (bench/lib/shapes.mjs): heavy (default; the deployed rows,
// ~7.4 MB with their logs, answered from memory), logs (the demo's own page with its logs, ~7.9 MB,
// built on each request), queue (the deployed rows without logs, ~22 KB).
//
//   node bench/link.mjs [--pairs N] [--links 80/50,250/10] [--shape heavy|logs|queue] [--identity]
//
// `--links`: round trip in ms / Mbit/s, comma-separated; `loopback` for none. `--identity`: the
// demo service compresses nothing (as before issue 35), for comparison.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { bundle, bundleCached, ROOT } from './lib/bundle.mjs';
import { startDemo } from './lib/demo.mjs';
import { startLink } from './lib/link.mjs';
import { benchTemp, cleanEnv, timed } from './lib/proc.mjs';
import { deployedRequests, pageShape } from './lib/shapes.mjs';
import { fmt, median, rounds } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const PAIRS = Number(flag('--pairs') ?? 5);
const LINKS = (flag('--links') ?? '80/50,250/10').split(',');
const SHAPE = flag('--shape') ?? 'heavy';
const IDENTITY = argv.includes('--identity');
const BIN = resolve(ROOT, process.env.DMS_BIN ?? 'dist/dms.js');
const NODE = process.execPath;
const TERM_SIZE = '120x36';
const RANGE = '1–[0-9]+ of';
const HELLO = 'Hello from Ink';
const log = (s) => process.stderr.write(`${s}\n`);
const loadNow = () => Number(loadavg()[0].toFixed(2));

if (!existsSync(BIN)) {
  log(`bench:link: ${BIN} does not exist. Build it first (node scripts/build.mjs).`);
  process.exit(2);
}
const tmp = benchTemp('dms-bench-link-');
// The floors' compile caches (warm after the warm-up round); dms's own cache folder is per visit.
process.env.BENCH_CACHE_HOME = join(tmp, 'cache');
const hello = await bundleCached('bench/floor/hello.tsx', join(tmp, 'floor'), 'hello', { stockInk: true });
const fetchParse = join(ROOT, 'bench/floor/fetch-parse.mjs');
const started = Date.now();
const demoArgs = IDENTITY ? ['--identity'] : [];
const demo = await startDemo(await bundle('bench/demo-serve.ts', join(tmp, 'demo'), 'demo-serve'), {
  deployedRows: Number(TERM_SIZE.split('x')[1]),
  args: demoArgs,
});
const shape = pageShape(demo, SHAPE, join(tmp, 'unused'));
const take = shape.take ?? demo.deployedTake;
const deployed = SHAPE === 'queue' || SHAPE === 'heavy';
log(
  `bench:link: ${PAIRS} rounds after 1 warm-up; ${shape.label} (take ${take}) from ${shape.url}; ` +
    `${IDENTITY ? 'nothing compressed' : 'compressed as asked'}; binary ${BIN}`,
);

/** The page once through `url`, as fetch reads it: its size and the encoding it came in. */
async function pageFacts(url) {
  const res = await fetch(`${url}/deployments/applications/${shape.app}?skip=0&take=${take}`, {
    headers: { authorization: `Bearer ${shape.env.DMS_TOKEN}`, accept: 'application/json', 'accept-encoding': 'identity' },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`the page answered ${res.status}: ${text.slice(0, 200)}`);
  return { bytes: Buffer.byteLength(text), rows: JSON.parse(text).deployments.length };
}

/** One link's rounds: dms first and second visit, the hello world, fetch+parse. */
async function measure(spec) {
  const [rtt, mbit] = spec === 'loopback' ? [0, 0] : spec.split('/').map(Number);
  const origin = new URL(shape.url).origin;
  const link = spec === 'loopback' ? undefined : await startLink({ target: origin, delayMs: rtt / 2, mbit });
  const url = link ? `${link.url}${new URL(shape.url).pathname}` : shape.url;
  const env = (extra = {}) => ({ ...shape.env, DMS_URL: url, ...extra });
  let visit = 0;
  let dirs;
  const firstOutput = { first: [], second: [] };
  const dms = async (which) => {
    if (which === 'first') {
      // A fresh config and page cache folder: nothing kept from before.
      dirs = join(tmp, 'visits', String(visit++));
      mkdirSync(join(dirs, 'config'), { recursive: true });
    }
    const run = await timed([NODE, BIN, 'browse', shape.app], {
      env: cleanEnv(env({ DMS_CONFIG_DIR: join(dirs, 'config'), DMS_CACHE_DIR: join(dirs, 'pages') })),
      pty: TERM_SIZE,
      until: RANGE,
      timeoutS: 90,
      // The first visit ends as a closed window does (SIGHUP: dms writes what it keeps, then
      // exits), timed to its frame all the same; a SIGKILL there would keep nothing for the second.
      stopSignal: which === 'first' ? 'HUP' : undefined,
    });
    firstOutput[which].push(run.first_ms);
    return run.ms;
  };
  if (deployed) await deployedRequests(demo); // forget what came before
  const load = [loadNow()];
  const r = await rounds({
    rounds: PAIRS,
    runs: {
      first: () => dms('first'),
      second: () => dms('second'),
      hello: async () => (await timed([NODE, hello], { env: cleanEnv(), pty: TERM_SIZE, until: HELLO })).ms,
      fetch: async () =>
        (await timed([NODE, fetchParse, shape.app, String(take)], { env: cleanEnv(env()), pty: TERM_SIZE, until: RANGE, timeoutS: 90 })).ms,
    },
    onRound: (i, v) =>
      log(
        `  ${spec} round ${i + 1}: first ${fmt(v.first, 0)}, second ${fmt(v.second, 0)}, hello ${fmt(v.hello, 0)}, fetch+parse ${fmt(v.fetch, 0)} ms`,
      ),
  });
  load.push(loadNow());
  const stats = link?.stats();
  await link?.close();
  // Offline: the server gone (the link's port now refuses), the last visit's folders: the page as
  // last seen, against the hello world, in pairs.
  const offline = link
    ? await rounds({
        rounds: PAIRS,
        runs: {
          offline: async () =>
            (
              await timed([NODE, BIN, 'browse', shape.app], {
                env: cleanEnv(env({ DMS_CONFIG_DIR: join(dirs, 'config'), DMS_CACHE_DIR: join(dirs, 'pages') })),
                pty: TERM_SIZE,
                until: RANGE,
                timeoutS: 30,
              })
            ).ms,
          hello: async () => (await timed([NODE, hello], { env: cleanEnv(), pty: TERM_SIZE, until: HELLO })).ms,
        },
      })
    : undefined;
  // Which encodings the page went out in, to dms and to fetch (the deployed shape notes each request).
  const encodings = deployed ? [...new Set((await deployedRequests(demo)).map((q) => q.encoding))] : [];
  return {
    spec,
    r,
    offline,
    load,
    encodings,
    first: median(firstOutput.first.slice(1)),
    second: median(firstOutput.second.slice(1)),
    bytesDown: stats?.down,
  };
}

const page = await pageFacts(shape.url);
const results = [];
try {
  for (const spec of LINKS) {
    log(`\n[${spec}]`);
    results.push(await measure(spec));
  }
} finally {
  await demo.close();
}

const pad = (s, n) => String(s).padEnd(n);
const ms = (x) => `${fmt(x, 0)} ms`;
const ratio = (r, a, b) => `${fmt(r.ratio(a, b).ratio, 2)}×`;
const columns = [
  ['link', 14],
  ['first visit', 13],
  ['second visit', 14],
  ['hello world', 13],
  ['fetch+parse', 13],
  ['first/hello', 13],
  ['first/f+p', 11],
  ['second/hello', 14],
  ['offline/hello', 15],
  ['first output', 14],
  ['load', 0],
];
const lines = [
  `\n${shape.label}: ${page.rows} rows, ${fmt(page.bytes / 1e6, 2)} MB as JSON; ${IDENTITY ? 'sent as it is' : 'sent compressed when asked'}; ` +
    `${PAIRS} rounds; ${Math.round((Date.now() - started) / 1000)} s`,
  columns.map(([c, n]) => pad(c, n)).join(''),
  columns.map(([c, n]) => pad('-'.repeat(c.length), n)).join(''),
];
for (const { spec, r, offline, load, first, second } of results) {
  const m = r.medians;
  const cells = [
    spec === 'loopback' ? spec : `${spec.split('/')[0]} ms/${spec.split('/')[1]} Mb`,
    ms(m.first),
    ms(m.second),
    ms(m.hello),
    ms(m.fetch),
    ratio(r, 'first', 'hello'),
    ratio(r, 'first', 'fetch'),
    ratio(r, 'second', 'hello'),
    offline ? ratio(offline, 'offline', 'hello') : '—',
    `${ms(first)}/${fmt(second, 0)}`,
    load.join('→'),
  ];
  lines.push(cells.map((c, i) => pad(c, columns[i][1])).join(''));
}
for (const { spec, encodings, bytesDown, r } of results) {
  if (encodings.length || bytesDown)
    lines.push(
      `${spec}: encodings answered ${encodings.join(', ') || '—'}; ${bytesDown ? `${fmt(bytesDown / 1e6 / (3 * (r.n + 1)), 2)} MB down a run on average (dms twice, fetch once a round)` : ''}`,
    );
}
lines.push(
  "first output: median time to dms's first visible output (first visit / second visit); the ratios are medians of per-round ratios.",
);
process.stdout.write(`${lines.join('\n')}\n`);
// For npm run bench (figure 11): each link's figures and ratios.
const jsonOut = flag('--json');
if (jsonOut) {
  const figures = results.map(({ spec, r, offline, first }) => ({
    link: spec,
    first_ms: r.medians.first,
    second_ms: r.medians.second,
    hello_ms: r.medians.hello,
    fetch_parse_ms: r.medians.fetch,
    first_output_ms: first,
    second_vs_hello: r.ratio('second', 'hello').ratio,
    first_vs_fetch_parse: r.ratio('first', 'fetch').ratio,
    first_output_vs_hello: first / r.medians.hello,
    offline_vs_hello: offline?.ratio('offline', 'hello').ratio,
  }));
  writeFileSync(jsonOut, `${JSON.stringify({ shape: shape.label, bytes: page.bytes, rows: page.rows, figures }, null, 2)}\n`);
}
