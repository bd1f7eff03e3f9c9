// What compressing the answers costs and saves (issue 35), on loopback and through the shaped
// link (bench/lib/link.mjs): for each way of sending (identity, gzip 1 and 6, brotli 1–5, zstd 1
// and 3), the time to the first byte and to the whole body decompressed, read as dms reads it (got,
// a buffer, a new connection each time, the body decoded once whole by src/api/decode.ts). Three pages:
//   demo    the demo service's first page with its logs (shop-frontend, 24 rows, ~7.9 MB), built
//           on each request and compressed as it is written (src/demo/compress.ts);
//   stream  the deployed shape's first page (~7.4 MB, bench/demo-serve.ts), held in memory,
//           compressed as it is written;
//   cached  the same page compressed once beforehand.
// Rounds go over every way in turn (drift spreads evenly); each cell is the median of the rounds.
// The figures are in docs/performance.md, "Transfer over a link".
//
//   node bench/transfer.mjs [--runs N] [--links loopback,80/50,250/10] [--ways 'identity,zstd 1']
import { spawn } from 'node:child_process';
import { Agent } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import got from 'got';
import { bundle } from './lib/bundle.mjs';
import { startDemo } from './lib/demo.mjs';
import { startLink } from './lib/link.mjs';
import { benchTemp } from './lib/proc.mjs';
import { pageShape } from './lib/shapes.mjs';
import { fmt, median } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Number(flag('--runs') ?? 3);
const LINKS = (flag('--links') ?? 'loopback,80/50,250/10').split(',');
const WAYS = flag('--ways')?.split(',');
const PAGES = ['demo', 'stream', 'cached'];
const TERM_ROWS = 36;
const log = (s) => process.stderr.write(`${s}\n`);
const tmp = benchTemp('dms-transfer-');

// The deployed shape's first page, as figure 1 reads it, from the bench's own demo service.
const bench = await startDemo(await bundle('bench/demo-serve.ts', join(tmp, 'demo'), 'demo-serve'), { deployedRows: TERM_ROWS });
const heavy = pageShape(bench, 'heavy', tmp);
const take = heavy.take;
const res = await fetch(`${heavy.url}/deployments/applications/${heavy.app}?skip=0&take=${take}`, {
  headers: { authorization: `Bearer ${heavy.env.DMS_TOKEN}`, accept: 'application/json', 'accept-encoding': 'identity' },
});
const bodyFile = join(tmp, 'deployed.json');
writeFileSync(bodyFile, Buffer.from(await res.arrayBuffer()));
await bench.close();

// dms's own decoder (src/api/decode.ts), bundled: the body is decoded as dms decodes it.
const { ACCEPT_ENCODING, decodeBody } = await import(await bundle('src/api/decode.ts', join(tmp, 'decode'), 'decode'));
const served = await serveWays(await bundle('bench/transfer-serve.ts', join(tmp, 'serve'), 'transfer-serve'), bodyFile);
const ways = served.ways.filter((w) => !WAYS || WAYS.includes(w.name));
log(`transfer: ${ways.length} ways, ${RUNS} rounds, links ${LINKS.join(', ')}; take ${take}`);

/** One GET as dms makes it: got, a buffer, decompressed; a new connection (no keep-alive). */
async function timedGet(url) {
  const agent = new Agent({ keepAlive: false });
  const started = performance.now();
  let first;
  const call = got(url, {
    headers: {
      authorization: `Bearer ${served.token}`,
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
      'user-agent': 'dms',
    },
    responseType: 'buffer',
    decompress: false,
    agent: { http: agent },
    retry: { limit: 0 },
  });
  // The first byte of the answer: its head (got's own 'response' comes once the body is read).
  call.on('request', (req) => req.once('response', () => (first = performance.now() - started)));
  const r = await call;
  decodeBody(r.body, r.headers['content-encoding'], 256e6);
  const total = performance.now() - started;
  agent.destroy();
  // On the wire: what the socket read (headers included), before decompression.
  return { first, total, wire: r.socket?.bytesRead ?? NaN, encoding: r.headers['content-encoding'] ?? 'identity' };
}

const urlOf = (way, page) => (page === 'demo' ? `${way.demo}/deployments/applications/${served.app}?skip=0&take=${take}` : way[page]);

// Each demo service makes its logs on the first request: once for each, before any clock.
for (const way of ways) await timedGet(urlOf(way, 'demo'));

const table = [];
for (const spec of LINKS) {
  const [delay, mbit] = spec === 'loopback' ? [0, 0] : spec.split('/').map(Number);
  const links = new Map();
  if (spec !== 'loopback') {
    for (const way of ways) {
      for (const page of PAGES) {
        const origin = new URL(urlOf(way, page)).origin;
        if (!links.has(origin)) links.set(origin, await startLink({ target: origin, delayMs: delay / 2, mbit }));
      }
    }
  }
  const through = (url) => {
    const u = new URL(url);
    const l = links.get(u.origin);
    return l ? `${l.url}${u.pathname}${u.search}` : url;
  };
  const cells = new Map();
  for (let round = 0; round < RUNS; round++) {
    for (const way of ways) {
      for (const page of PAGES) {
        if (page === 'cached' && way.name === 'identity') continue;
        const r = await timedGet(through(urlOf(way, page)));
        const key = `${way.name}|${page}`;
        if (!cells.has(key)) cells.set(key, { way, page, firsts: [], totals: [], wire: r.wire, encoding: r.encoding });
        cells.get(key).firsts.push(r.first);
        cells.get(key).totals.push(r.total);
      }
    }
    log(`  ${spec}: round ${round + 1} of ${RUNS}`);
  }
  for (const l of links.values()) await l.close();
  for (const c of cells.values()) {
    table.push({
      link: spec,
      way: c.way.name,
      page: c.page,
      encoding: c.encoding,
      first: median(c.firsts),
      total: median(c.totals),
      wire: c.wire,
    });
  }
}
await served.close();

const pad = (s, n) => String(s).padEnd(n);
process.stdout.write(`\n${pad('link', 9)}${pad('way', 9)}${pad('page', 8)}${pad('wire', 10)}${pad('first byte', 12)}whole, decompressed\n`);
for (const row of table) {
  process.stdout.write(
    `${pad(row.link, 9)}${pad(row.way, 9)}${pad(row.page, 8)}${pad(`${fmt(row.wire / 1e6, 2)} MB`, 10)}${pad(`${fmt(row.first, 0)} ms`, 12)}${fmt(row.total, 0)} ms\n`,
  );
}

/** Starts transfer-serve.ts (bundled) on the body in `file`; its ways, token and app. */
async function serveWays(script, file) {
  const child = spawn(process.execPath, [script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`transfer-serve exited (${code})`)));
    child.stdout.on('data', (d) => {
      out += d;
      if (/^READY$/m.test(out)) resolve();
    });
  });
  child.removeAllListeners('exit');
  const get = (k) => new RegExp(`^${k}=(.*)$`, 'm').exec(out)?.[1];
  return {
    token: get('TOKEN'),
    app: get('APP'),
    ways: [...out.matchAll(/^WAY=(.*)$/gm)].map((m) => {
      const [name, demo, stream, cached] = m[1].split('|');
      return { name, demo, stream, cached };
    }),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
