// The demo service for a bench run, in its own process: the same startDemoService that
// `dms demo --serve` runs, with its per-token rate limit off (the soak alone sends 300+
// requests in seconds; the default limit is 200 a minute). Bundled at bench time.
//
// The demo's rows carry their deployment logs for its main token (DMS_TOKEN) and none for its
// second token (DMS_TOKEN_NO_LOGS). Figures 1–6 measure rows without logs, as they did before
// the demo had logs: they use the second token, and so do the pages below made for them.
//
// It also serves, on a second port:
// - pages of 1000 deployments (BIG_URL) for figures 2 and 4: the demo's largest application has
//   fewer, so its records are repeated with new ids and uuids; the queue-row application's path
//   answers 1000 rows of the deployment queue the same way. Rows without logs (DMS_TOKEN_NO_LOGS).
// - for figure 7, two pages of 10 rows with their logs (DMS_TOKEN; DMS_TOKEN_NO_LOGS gets the
//   same rows without), made on first request:
//   LOG_URL: the first application's history from its deployment with a huge log (~20,000
//     entries, ~5 MB) on: that row first, then the 9 before it with their own logs (50–200 KB).
//   HEAVY_URL: the same 10 rows, each carrying that ~5 MB log (a page of heavy rows).
//   Both count the requests and bytes they answer by `take`: GET <URL>/__stats reads the counts,
//   GET <URL>/__stats?reset=1 reads and zeroes them.
// - for figure 8's search, SCAN_URL: the demo service itself through a proxy that notes each list
//   request (skip, take, bytes, when, how long); GET <origin>/scan/__stats?reset=1 reads and
//   zeroes them. (The search reads from a worker thread: the screen's process cannot count them.)
// - with `--deployed ROWS` (figure 1 and bench/compare.mjs), DEPLOYED_URL: the deployed shape of
//   figure 1's first frames, built before READY and answered from memory, so that dms and the
//   fetch+parse floor time the transfer and the parse of the same bytes, not the demo's page building.
//   orders-worker's whole history (its rows of the deployment queue, as deployed servers send them),
//   the newest row carrying the demo's largest build log (~4.5 MiB; the demo's own newest row is
//   running with a short one), each other row its own log, except the demo's two other huge logs,
//   which are swapped for the log of the row before (so the newest row's is the page's one huge
//   log). DMS_TOKEN reads the rows with their logs (the 5 MB-log shape), DMS_TOKEN_NO_LOGS the same
//   rows without a `logs` key (the no-logs shape). The first page at the take dms asks in a
//   terminal ROWS lines tall (DEPLOYED_TAKE: the rows that fit) and at the service's default take
//   is written out once at start; any other page once, on its first request. GET <URL>/__stats
//   lists the requests answered (skip, take, bytes, whether the body was built at start, the encoding);
//   ?reset=1 also empties the list.
// Answers over 1 KB go compressed when the request asks (src/demo/compress.ts: zstd, brotli or
// gzip), as the demo service's own do: the pages above made once are compressed once, whole, and
// kept (a page written out at start is also compressed at start); the 1000-row pages are sent as
// they are. With `--identity` nothing is compressed (the service as before issue 35).
// Prints DMS_URL, DMS_TOKEN, DMS_TOKEN_NO_LOGS, APP lines (as `dms demo --serve` does), then
// BIG_URL, BASE_RECORDS, BIG_QUEUE_APP (the uuid whose BIG_URL page holds queue rows), LOG_URL,
// HEAVY_URL and LOG_APP (the uuid both answer for), SCAN_URL, and with --deployed DEPLOYED_URL,
// DEPLOYED_APP, DEPLOYED_TAKE and DEPLOYED_LOG_CHARS; stops on SIGTERM/SIGINT.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeDemo, startDemoService } from '../src/demo/server.js';
import { APP_DEFINITIONS } from '../src/demo/seed-apps.js';
import { phpJson } from '../src/demo/reply.js';
import { COMPRESSION, compressedOnce, writeBody } from '../src/demo/compress.js';
import { TAKE_DEFAULT, fittingTake } from '../src/tui/take.js';

const BIG = 1000;
const offered = process.argv.includes('--identity') ? [] : COMPRESSION;
const demo = await startDemoService({ port: 0, rateLimitPerMinute: 0, compression: offered });
const lines = describeDemo(demo).filter((l) => !l.startsWith('APP='));
lines.push(...demo.seed.applications.map((a) => `APP=${a.uuid} ${a.name}`));

type Row = Record<string, unknown>;
const get = async (url: string, token: string) => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as { count: number; deployments: Row[] };
};

/** 1000 records made of an application's records (without logs) repeated with new ids and uuids. */
async function bigPage(uuid: string): Promise<Row[]> {
  const base = (await get(`${demo.url}/deployments/applications/${uuid}?take=${BIG}`, demo.tokenNoLogs)).deployments;
  if (base.some((r) => 'logs' in r)) throw new Error('the demo sent logs to DMS_TOKEN_NO_LOGS');
  const fresh = (v: unknown, i: number) => (typeof v === 'string' ? `${v.slice(0, -6)}${i.toString(16).padStart(6, '0')}` : v);
  return Array.from({ length: BIG }, (_, i) => {
    const r = base[i % base.length]!;
    const copy: Row = { ...r, id: 100_000 - i };
    // The deployment's own id gets a new tail, and its deployment_url with it.
    for (const k of ['uuid', 'deployment_uuid'] as const) {
      if (!(k in r)) continue;
      copy[k] = fresh(r[k], i);
      if (typeof r.deployment_url === 'string' && r.deployment_url.endsWith(`/${String(r[k])}`)) {
        copy.deployment_url = `${r.deployment_url.slice(0, -String(r[k]).length)}${String(copy[k])}`;
      }
    }
    return copy;
  });
}

// The first application's settings snapshots, and the queue-row application's rows (what deployed servers send).
const app = demo.seed.applications[0]!.uuid;
const queueApp = demo.seed.applications.find((a) => a.shape === 'queue')!.uuid;
const pages = new Map([
  [app, await bigPage(app)],
  [queueApp, await bigPage(queueApp)],
]);
const baseCount = (await get(`${demo.url}/deployments/applications/${app}?take=1`, demo.tokenNoLogs)).count;

// ---------------------------------------------------------------- figure 7: pages with logs

/** Where the first application's huge log is in its history (0: the newest), from the seed. */
const hugeAt = APP_DEFINITIONS.find((d) => d.uuid === app)?.bigLogs?.[0];

/** Rows that pages are cut from (figures 7 and 1), and the bodies made of them so far. */
interface PageSource {
  /** Each row as it stands in a body (phpJson, like the demo): with its log, and without the key (DMS_TOKEN_NO_LOGS). */
  readonly rows: { readonly logs: readonly string[]; readonly none: readonly string[] };
  /** Bodies answered, by `logs|none skip take`. */
  readonly bodies: Map<string, Buffer>;
}

/** A PageSource of `rows`, with no body made yet. */
const sourceOf = (rows: Row[]): PageSource => ({
  rows: { logs: rows.map((r) => phpJson(r)), none: rows.map(({ logs: _, ...r }) => phpJson(r)) },
  bodies: new Map(),
});

/** The body of the page `skip`, `take` of `source`'s rows, with their logs or without: made once, then kept. */
function bodyOf(source: PageSource, which: 'logs' | 'none', skip: number, take: number): Buffer {
  const key = `${which} ${skip} ${take}`;
  let body = source.bodies.get(key);
  if (!body) {
    const rows = source.rows[which];
    body = Buffer.from(`{"count":${rows.length},"deployments":[${rows.slice(skip, skip + take).join(',')}]}`);
    source.bodies.set(key, body);
  }
  return body;
}

interface LogPage extends PageSource {
  readonly stats: Map<number, { requests: number; bytes: number }>;
}
let logPages: Promise<Record<'logs' | 'heavy', LogPage>> | undefined;
function makeLogPages() {
  logPages ??= (async () => {
    if (hugeAt === undefined) throw new Error(`the demo's first application has no huge log (bigLogs)`);
    const rows = (await get(`${demo.url}/deployments/applications/${app}?skip=${hugeAt}&take=10`, demo.token)).deployments;
    const huge = rows[0]?.logs;
    if (typeof huge !== 'string' || huge.length < 2_000_000)
      throw new Error(`the row at ${hugeAt} carries no huge log (${typeof huge === 'string' ? huge.length : typeof huge})`);
    const page = (rs: Row[]): LogPage => ({ ...sourceOf(rs), stats: new Map() });
    return { logs: page(rows), heavy: page(rows.map((r) => ({ ...r, logs: huge }))) };
  })();
  return logPages;
}

/** A page's body (a Buffer, made once) is compressed once and kept; a string each time. */
function answer(res: import('node:http').ServerResponse, status: number, body: string | Buffer): string {
  return writeBody(res, status, { 'content-type': 'application/json' }, body, offered, { keep: Buffer.isBuffer(body) }) ?? 'identity';
}

async function servePage(which: 'logs' | 'heavy', logs: boolean, rest: string, url: URL, res: import('node:http').ServerResponse) {
  const page = (await makeLogPages())[which];
  if (rest === '/__stats') {
    const counts = Object.fromEntries([...page.stats].map(([take, s]) => [take, { ...s }]));
    if (url.searchParams.has('reset')) page.stats.clear();
    answer(res, 200, JSON.stringify({ byTake: counts, pageBytes: bodyOf(page, 'logs', 0, 10).length }));
    return;
  }
  if (rest !== `/deployments/applications/${app}`) {
    answer(res, 404, '{"message":"Application not found"}');
    return;
  }
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const take = Number(url.searchParams.get('take') ?? 10);
  const body = bodyOf(page, logs ? 'logs' : 'none', skip, take);
  const s = page.stats.get(take) ?? { requests: 0, bytes: 0 };
  s.requests += 1;
  s.bytes += body.length;
  page.stats.set(take, s);
  answer(res, 200, body);
}

// ---------------------------------------------------------------- figure 1: the deployed shape, from memory

const deployedAt = process.argv.indexOf('--deployed');
const deployedRows = deployedAt >= 0 ? Number(process.argv[deployedAt + 1]) : undefined;

interface DeployedPages extends PageSource {
  /** The keys of `bodies` written at start. */
  readonly prebuilt: Set<string>;
  /** The first page's take in a terminal `deployedRows` tall (what dms asks for there). */
  readonly take: number;
  /** Characters of the newest row's log. */
  readonly logChars: number;
}

const MB = 1_000_000;

async function buildDeployed(rows: number): Promise<DeployedPages> {
  const all = (await get(`${demo.url}/deployments/applications/${queueApp}?take=${BIG}`, demo.token)).deployments;
  const logOf = (r: Row | undefined) => (typeof r?.logs === 'string' ? r.logs : '');
  const huge = all.map(logOf).reduce((a, b) => (b.length > a.length ? b : a), '');
  if (huge.length < 2 * MB) throw new Error(`orders-worker's history carries no huge log (the largest has ${huge.length} characters)`);
  let ordinary = '';
  const withLogs = all.map((r, i) => {
    const own = logOf(r);
    if (own.length <= MB) ordinary = own;
    return { ...r, logs: i === 0 ? huge : own.length > MB ? ordinary : own };
  });
  const pages: DeployedPages = {
    ...sourceOf(withLogs),
    prebuilt: new Set(),
    take: fittingTake(rows),
    logChars: huge.length,
  };
  for (const which of ['logs', 'none'] as const) {
    for (const take of new Set([pages.take, TAKE_DEFAULT])) {
      const body = bodyOf(pages, which, 0, take);
      for (const offer of offered) compressedOnce(body, offer);
      pages.prebuilt.add(`${which} 0 ${take}`);
    }
  }
  return pages;
}

const deployed = deployedRows === undefined ? undefined : await buildDeployed(deployedRows);
let deployedRequests: { which: 'logs' | 'none'; skip: number; take: number; bytes: number; prebuilt: boolean; encoding: string }[] = [];

function serveDeployed(pages: DeployedPages, logs: boolean, rest: string, url: URL, res: import('node:http').ServerResponse) {
  if (rest === '/__stats') {
    answer(res, 200, JSON.stringify({ requests: deployedRequests, take: pages.take }));
    if (url.searchParams.has('reset')) deployedRequests = [];
    return;
  }
  if (rest !== `/deployments/applications/${queueApp}`) {
    answer(res, 404, '{"message":"Application not found"}');
    return;
  }
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const take = Number(url.searchParams.get('take') ?? TAKE_DEFAULT);
  if (!Number.isSafeInteger(skip) || !Number.isSafeInteger(take) || skip < 0 || take < 1) {
    answer(res, 422, '{"message":"The skip and take fields must be integers (skip at least 0, take at least 1)."}');
    return;
  }
  const which = logs ? 'logs' : 'none';
  const body = bodyOf(pages, which, skip, take);
  const encoding = answer(res, 200, body);
  deployedRequests.push({ which, skip, take, bytes: body.length, prebuilt: pages.prebuilt.has(`${which} ${skip} ${take}`), encoding });
}

// ---------------------------------------------------------------- figure 8: the search's requests

interface ScanRequest {
  skip: number;
  take: number;
  bytes: number;
  at: number;
  ms: number;
}
let scanRequests: ScanRequest[] = [];

async function proxyScan(rest: string, url: URL, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
  if (rest === '/__stats') {
    answer(res, 200, JSON.stringify({ requests: scanRequests }));
    if (url.searchParams.has('reset')) scanRequests = [];
    return;
  }
  const at = Date.now();
  const start = performance.now();
  const upstream = await fetch(`${demo.url}${rest.slice('/api/v1'.length)}${url.search}`, {
    // As they were before the demo compressed: the proxy's own reading is not the figure.
    headers: { authorization: req.headers.authorization ?? '', accept: 'application/json', 'accept-encoding': 'identity' },
  });
  const body = Buffer.from(await upstream.arrayBuffer());
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(body.length) };
  for (const k of ['retry-after', 'x-ratelimit-remaining', 'x-ratelimit-limit']) {
    const v = upstream.headers.get(k);
    if (v !== null) headers[k] = v;
  }
  res.writeHead(upstream.status, headers).end(body);
  if (/\/deployments\/applications\//.test(rest)) {
    scanRequests.push({
      skip: Number(url.searchParams.get('skip') ?? 0),
      take: Number(url.searchParams.get('take') ?? 10),
      bytes: body.length,
      at,
      ms: performance.now() - start,
    });
  }
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const scan = /^\/scan(\/.*)$/.exec(url.pathname);
  if (scan) {
    proxyScan(scan[1]!, url, req, res).catch((error: unknown) => {
      process.stderr.write(`demo-serve: ${String(error)}\n`);
      if (!res.headersSent) answer(res, 502, JSON.stringify({ message: String(error) }));
    });
    return;
  }
  const dep = /^\/deployed\/api\/v1(\/.*)$/.exec(url.pathname);
  if (dep && deployed) {
    // As the demo does: the first token reads the rows with their logs, the second without.
    const logs = req.headers.authorization === `Bearer ${demo.token}`;
    if (!logs && req.headers.authorization !== `Bearer ${demo.tokenNoLogs}`) {
      answer(res, 401, '{"message":"Unauthenticated."}');
      return;
    }
    serveDeployed(deployed, logs, dep[1]!, url, res);
    return;
  }
  const log = /^\/(logs|heavy)\/api\/v1(\/.*)$/.exec(url.pathname);
  if (log) {
    // As the demo does: the first token reads the rows with their logs, the second without.
    const logs = req.headers.authorization === `Bearer ${demo.token}`;
    if (!logs && req.headers.authorization !== `Bearer ${demo.tokenNoLogs}`) {
      answer(res, 401, '{"message":"Unauthenticated."}');
      return;
    }
    servePage(log[1] as 'logs' | 'heavy', logs, log[2]!, url, res).catch((error: unknown) => {
      process.stderr.write(`demo-serve: ${String(error)}\n`);
      if (!res.headersSent) answer(res, 500, JSON.stringify({ message: String(error) }));
    });
    return;
  }
  if (req.headers.authorization !== `Bearer ${demo.tokenNoLogs}`) {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthenticated."}');
    return;
  }
  const big = pages.get(/^\/api\/v1\/deployments\/applications\/([^/]+)$/.exec(url.pathname)?.[1] ?? '');
  if (!big) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Application not found"}');
    return;
  }
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const take = Number(url.searchParams.get('take') ?? 10);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ count: big.length, deployments: big.slice(skip, skip + take) }));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
lines.push(`BIG_URL=${origin}/api/v1`);
lines.push(`BASE_RECORDS=${baseCount}`);
lines.push(`BIG_QUEUE_APP=${queueApp}`);
lines.push(`LOG_URL=${origin}/logs/api/v1`);
lines.push(`HEAVY_URL=${origin}/heavy/api/v1`);
lines.push(`LOG_APP=${app}`);
lines.push(`SCAN_URL=${origin}/scan/api/v1`);
if (deployed) {
  lines.push(`DEPLOYED_URL=${origin}/deployed/api/v1`);
  lines.push(`DEPLOYED_APP=${queueApp}`);
  lines.push(`DEPLOYED_TAKE=${deployed.take}`);
  lines.push(`DEPLOYED_LOG_CHARS=${deployed.logChars}`);
}
process.stdout.write(`${lines.join('\n')}\nREADY\n`);

const stop = async () => {
  server.close();
  server.closeAllConnections();
  await demo.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
