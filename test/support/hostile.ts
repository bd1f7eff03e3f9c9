// Small HTTP servers on 127.0.0.1 that misbehave on purpose, for tests of the client.
// Every server records what it received (`requests`), counts hits per `METHOD /path`
// (`hits`, query string not part of the key) and is stopped with `close()`, which also cuts
// any connection still open (hanging or stalled responses), so a test never waits on it.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the server saw it. */
export interface ReceivedRequest {
  readonly method: string;
  /** Path without the query string, e.g. `/api/v1/deployments/applications/abc`. */
  readonly path: string;
  /** Path with the query string, as sent. */
  readonly url: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** 1 for the first request to this `METHOD /path`, 2 for the second, ... */
  readonly attempt: number;
}

/** Answers one request; may write nothing (hang), destroy the socket, or answer slowly. */
export type Handler = (req: ReceivedRequest, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface HostileServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  readonly port: number;
  /** Requests per `METHOD /path`, e.g. `hits['GET /api/v1/x']`. */
  readonly hits: Record<string, number>;
  /** Every request received, in order, with headers and body. */
  readonly requests: ReceivedRequest[];
  /** Hits of one method and path (0 when never hit). */
  hitsOf(method: string, path: string): number;
  /** Total number of requests received. */
  total(): number;
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

/** Generic server: `handler` decides what each request gets. */
export async function respondWith(handler: Handler): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const hits: Record<string, number> = {};
  const requests: ReceivedRequest[] = [];

  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const full = new URL(raw.url ?? '/', 'http://127.0.0.1');
      const method = raw.method ?? 'GET';
      const key = `${method} ${full.pathname}`;
      hits[key] = (hits[key] ?? 0) + 1;
      const req: ReceivedRequest = {
        method,
        path: full.pathname,
        url: raw.url ?? '/',
        query: full.searchParams,
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        attempt: hits[key],
      };
      requests.push(req);
      // A handler that throws is a bug in the test: say so, and cut the connection.
      Promise.resolve()
        .then(() => handler(req, res, raw))
        .catch((error: unknown) => {
          console.error('hostile server handler failed:', error);
          raw.socket?.destroy();
        });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    requests,
    hitsOf: (method, path) => hits[`${method} ${path}`] ?? 0,
    total: () => requests.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// A timer that dies with the response (close() destroys the sockets, which closes the responses).
function later(res: ServerResponse, ms: number, fn: () => void): void {
  // The listener goes when the timer fires: a body sent in many steps keeps one at a time.
  const stop = () => clearTimeout(t);
  const t = setTimeout(() => {
    res.off('close', stop);
    fn();
  }, ms);
  res.once('close', stop);
}

// ---------------------------------------------------------------------------------------------
// Handlers, to combine with respondWith() or sequence().

/** Sends `body` (JSON-encoded unless a string) with `status` and extra headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };
}

/** Hit n gets handlers[n-1] (per `METHOD /path`); the last handler answers every later hit. */
export function sequence(...handlers: Handler[]): Handler {
  return (req, res, raw) => handlers[Math.min(req.attempt, handlers.length) - 1]!(req, res, raw);
}

/** An HTML error page (what a proxy or a framework sends without the JSON Accept header). */
export const HTML_PAGE = `<!DOCTYPE html>\n<html><head><title>Server Error</title><style>body{font-family:sans-serif}</style></head>\n<body><h1>500 | Server Error</h1><p>${'Something went wrong on our side. '.repeat(20)}</p></body></html>`;
export function htmlPage(status = 500, page = HTML_PAGE): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  };
}

/** Claims JSON, sends a truncated document. */
export function invalidJson(status = 200, text = '[{"id": 1, "status": "finished"'): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(text);
  };
}

/** Reads the request and never answers (no status line, no headers). */
export function hang(): Handler {
  return () => {
    /* nothing, ever */
  };
}

/** Sends status and headers (and `firstBytes`), then nothing more, connection left open. */
export function headersThenStall(firstBytes = '[{"id": 1,'): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
    res.write(firstBytes);
  };
}

/** Destroys the connection: before any response byte (`before-response`) or after headers and part of the body (`mid-body`). */
export function reset(when: 'before-response' | 'mid-body' = 'before-response'): Handler {
  return (_req, res, raw) => {
    if (when === 'before-response') {
      raw.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
    res.write('[{"id": 1, "status": "fin', () => later(res, 5, () => raw.socket.destroy()));
  };
}

/** Sends `body` in pieces of `chunkSize` bytes, one every `intervalMs`. */
export function trickle(body: string, { chunkSize = 1, intervalMs = 20, status = 200 } = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    let offset = 0;
    const next = () => {
      if (res.destroyed) return;
      const piece = body.slice(offset, offset + chunkSize);
      offset += chunkSize;
      if (offset >= body.length) {
        res.end(piece);
        return;
      }
      res.write(piece);
      later(res, intervalMs, next);
    };
    next();
  };
}

/** `times` answers of 429 with `Retry-After: seconds` and the server's JSON message, then `then`. */
export function rateLimitedThen(seconds: number | string, then: Handler, times = 1): Handler {
  const limited = json(429, { message: 'Too Many Attempts.' }, { 'retry-after': String(seconds) });
  return sequence(...Array.from({ length: times }, () => limited), then);
}

/** `times` answers of 503 (JSON message), then `then`. */
export function unavailableThen(then: Handler, times = 1): Handler {
  const down = json(503, { message: 'Service Unavailable' });
  return sequence(...Array.from({ length: times }, () => down), then);
}

/** A JSON array of deployment records of about `bytes` bytes (default 10 MB), with a count. */
export function hugeList(bytes = 10 * 1024 * 1024): { handler: Handler; count: number; size: number } {
  const one = (i: number) =>
    JSON.stringify({
      id: i,
      uuid: `dep-${i}`,
      status: 'finished',
      git_commit_sha: 'a'.repeat(40),
      created_at: '2026-08-22T15:22:50.000000Z',
      description: 'x'.repeat(200),
    });
  const parts: string[] = [];
  let size = 2;
  while (size < bytes) {
    const s = one(parts.length);
    parts.push(s);
    size += s.length + 1;
  }
  const text = `[${parts.join(',')}]`;
  return { handler: json(200, text), count: parts.length, size: Buffer.byteLength(text) };
}

/** A redirect (`302` by default) to `location`, with a small HTML body. */
export function redirect(location = '/login', status = 302): Handler {
  return (_req, res) => {
    res.writeHead(status, { location, 'content-type': 'text/html' });
    res.end(`<html><body>Redirecting to <a href="${location}">${location}</a></body></html>`);
  };
}

/**
 * Puts the Authorization header it received into the answer, to prove the client redacts the token.
 * `json`: in `message`, `warning`, `error`, an `errors` field name and its messages; `html`/`text`:
 * in the page. `pad` characters come first, so the header can be placed across a cut-off point.
 */
export function echoAuthorization(status = 422, format: 'json' | 'html' | 'text' = 'json', pad = 0): Handler {
  return (req, res) => {
    const auth = String(req.headers.authorization ?? '');
    const lead = 'x'.repeat(pad);
    if (format === 'json') {
      const body = JSON.stringify({
        message: `${lead}you sent ${auth}`,
        warning: `header was ${auth}`,
        error: auth,
        errors: { [`field ${auth}`]: [`bad ${auth}`], other: `also ${auth}` },
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
      return;
    }
    res.writeHead(status, { 'content-type': format === 'html' ? 'text/html' : 'text/plain' });
    res.end(format === 'html' ? `<html><body>${lead}<p>Authorization: ${auth}</p></body></html>` : `${lead}Authorization: ${auth}`);
  };
}

// ---------------------------------------------------------------------------------------------
// Canned servers.

export const htmlErrorServer = (status = 500) => respondWith(htmlPage(status));
export const invalidJsonServer = (status = 200) => respondWith(invalidJson(status));
export const hangServer = () => respondWith(hang());
export const stallServer = () => respondWith(headersThenStall());
export const resetServer = (when: 'before-response' | 'mid-body' = 'before-response') => respondWith(reset(when));
export const trickleServer = (body: string, options?: Parameters<typeof trickle>[1]) => respondWith(trickle(body, options));
export const rateLimitedServer = (seconds: number | string, then: Handler, times = 1) => respondWith(rateLimitedThen(seconds, then, times));
export const unavailableServer = (then: Handler, times = 1) => respondWith(unavailableThen(then, times));
export const hugeListServer = (bytes?: number) => respondWith(hugeList(bytes).handler);
export const redirectServer = (location?: string, status?: number) => respondWith(redirect(location, status));
export const echoAuthorizationServer = (status?: number, format?: 'json' | 'html' | 'text', pad?: number) =>
  respondWith(echoAuthorization(status, format, pad));

/** A URL nobody listens on: a port that was opened, then closed. */
export async function closedPortUrl(): Promise<string> {
  const s = await respondWith(hang());
  await s.close();
  return s.url;
}

/** Servers started with `serve` are closed after each test of the file that calls this. */
export function serversClosedAfterEach(afterEach: (fn: () => Promise<void>) => void): (handler: Handler) => Promise<HostileServer> {
  let servers: HostileServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });
  return async (handler) => {
    const s = await respondWith(handler);
    servers.push(s);
    return s;
  };
}

// ---------------------------------------------------------------------------------------------
// Size and stall edges (test/faults/edges.test.ts). Each counts the bytes it managed to write in
// `sent.bytes`, so a test can tell that the client stopped reading instead of taking it all.

/** Bytes a handler wrote before the client went away. */
export interface Sent {
  bytes: number;
}

/** Writes `block` again and again, waiting whenever the socket is full, until the client closes. */
function pump(res: ServerResponse, block: Buffer, sent: Sent): void {
  const more = () => {
    while (!res.destroyed && !res.writableEnded) {
      sent.bytes += block.length;
      if (!res.write(block)) return;
    }
  };
  res.on('drain', more);
  more();
}

/** Declares a `Content-Length` of `declared` bytes (3 GB by default) and streams spaces until the client closes. */
export function hugeContentLength(declared = 3_000_000_000, sent: Sent = { bytes: 0 }): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(declared) });
    pump(res, Buffer.alloc(64 * 1024, 0x20), sent);
  };
}

/** A chunked JSON array of small records that never ends (no Content-Length). */
export function endlessChunked(sent: Sent = { bytes: 0 }): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[');
    pump(res, Buffer.from('{"id":1,"status":"finished"},'.repeat(2000)), sent);
  };
}

/** `body` compressed beforehand, sent whole with its `Content-Encoding` (and its compressed length). */
export function encoded(encoding: 'gzip' | 'br' | 'deflate' | 'zstd', body: Buffer): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': body.length });
    res.end(body);
  };
}

/** `text` in pieces of `chunkSize` every `intervalMs`, without a Content-Length (chunked), then silence when `stallAfter` pieces were sent. */
export function chunkedTrickle(text: string, { chunkSize = 1024, intervalMs = 20, stallAfter = Infinity } = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let offset = 0;
    let pieces = 0;
    const next = () => {
      if (res.destroyed) return;
      if (pieces >= stallAfter) return; // headers and some data, then nothing: the connection stays open
      const piece = text.slice(offset, offset + chunkSize);
      offset += chunkSize;
      pieces += 1;
      if (offset >= text.length) {
        res.end(piece);
        return;
      }
      res.write(piece);
      later(res, intervalMs, next);
    };
    next();
  };
}

/** A list whose size follows `take`: each record carries `rowBytes` of log text. Records which takes were asked. */
export function heavyRows(rowBytes: number, total = 40): { handler: Handler; takes: number[] } {
  const takes: number[] = [];
  const log = JSON.stringify([
    {
      command: null,
      output: 'x'.repeat(rowBytes),
      type: 'stdout',
      timestamp: '2026-08-22T15:22:50.000000Z',
      hidden: false,
      batch: 1,
      order: 1,
    },
  ]);
  const handler: Handler = (req, res, raw) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    takes.push(take);
    const rows = [];
    for (let i = skip; i < Math.min(total, skip + take); i++) {
      rows.push({
        id: total - i,
        deployment_uuid: `dep${String(total - i).padStart(21, '0')}`,
        status: 'finished',
        commit: 'abcdef0123456789abcdef0123456789abcdef01',
        created_at: '2026-08-22T15:22:50.000000Z',
        logs: log,
      });
    }
    json(200, JSON.stringify({ count: total, deployments: rows }))(req, res, raw);
  };
  return { handler, takes };
}

// ---------------------------------------------------------------------------------------------
// Histories that misbehave (`{count, deployments}` pages of queue rows, ids n..1, newest first),
// for the whole-history scan: test/faults/scan.test.ts.

/** A queue row with id `id`: commit subject `Change number <id>`, every 7th failed. */
export function queueRow(id: number): Record<string, unknown> {
  return {
    id,
    deployment_uuid: `dep${String(id).padStart(21, '0')}`,
    status: id % 7 === 0 ? 'failed' : 'finished',
    commit: 'a'.repeat(40),
    commit_message: `Change number ${id}`,
    created_at: new Date(Date.parse('2026-11-20T12:00:00Z') + id * 60_000).toISOString(),
  };
}

export interface PagedHistory {
  readonly handler: Handler;
  /** The rows the server holds now. */
  rows: Record<string, unknown>[];
  /** List requests answered. */
  calls: number;
}

/**
 * Each answer loses the last row it sent from the history (the row a scan overlaps the next
 * request on), and the count it says is what remains plus twice the requests so far: never the
 * same twice, so no count and no overlap can be followed.
 */
export function forgetfulHistory(n: number): PagedHistory {
  const h: PagedHistory = {
    rows: Array.from({ length: n }, (_, i) => queueRow(n - i)),
    calls: 0,
    handler: (req, res, raw) => {
      h.calls += 1;
      const skip = Number(req.query.get('skip') ?? 0);
      const take = Number(req.query.get('take') ?? 10);
      const page = h.rows.slice(skip, skip + take);
      if (page.length > 0) h.rows = h.rows.filter((r) => r !== page.at(-1));
      json(200, { count: h.rows.length + 2 * h.calls, deployments: page })(req, res, raw);
    },
  };
  return h;
}

/** Every page holds its first row a second time, right after it: one row more than asked for, one of them a repeat. */
export function repeatingHistory(n: number): PagedHistory {
  const h: PagedHistory = {
    rows: Array.from({ length: n }, (_, i) => queueRow(n - i)),
    calls: 0,
    handler: (req, res, raw) => {
      h.calls += 1;
      const skip = Number(req.query.get('skip') ?? 0);
      const take = Number(req.query.get('take') ?? 10);
      const page = h.rows.slice(skip, skip + take);
      if (page.length > 1) page.splice(1, 0, page[0]!);
      json(200, { count: h.rows.length, deployments: page })(req, res, raw);
    },
  };
  return h;
}
