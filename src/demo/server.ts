// The embedded demo service: a real HTTP server on 127.0.0.1 that answers like a deployed
// server (service-behaviour.md), so dms can be tried without one and tests have a real peer.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerToken, generateToken, sameToken } from './auth.js';
import { declaredTooLarge, readBody } from './body.js';
import { createDeployer } from './deployer.js';
import { createLogs } from './logs.js';
import { createRandom, seedOf } from './random.js';
import { createRateLimiter } from './rate-limit.js';
import { COMPRESSION, type Offer } from './compress.js';
import { frameworkError, reply, send, wantsJson, type Reply } from './reply.js';
import { createApp, type CreateContext } from './routes/create-app.js';
import { createDocstore } from './routes/create-docstore.js';
import { listDeployments, type ListShape } from './routes/list-deployments.js';
import { createSeed, DEMO_SEED, describeDemo, type DemoSeed } from './seed.js';
import { createStore } from './store.js';

export { describeDemo, type DemoSeed };

export interface DemoOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default: a new `1|demo_<32 hex>` token. It may read everything, deployment logs included. */
  token?: string;
  /**
   * A second token of the same user that may not read sensitive data: its rows have no `logs` key
   * (it lists and creates like the first). Default: a new `2|demo_<32 hex>` token.
   */
  tokenNoLogs?: string;
  /** `object` (default): `{count, deployments}` like deployed servers; `array`: the contract's bare array. */
  listShape?: ListShape;
  /** One step of a deployment's progress in ms (default 1000: 10–20 s from queued to done). */
  deployStepMs?: number;
  /** Requests per token in a rolling minute (default 200); 0 switches the limit off. */
  rateLimitPerMinute?: number;
  /** The service's clock, for seed and record timestamps (default Date.now). */
  now?: () => number;
  /** Let the seed's queued and in-progress deployments move on too (default false: they stay put). */
  advanceSeed?: boolean;
  /**
   * For tests that watch a deployment run: each deployment the service runs leaves queued, and
   * then in progress, only once a listing has returned it so (default false: on time alone).
   */
  holdUntilSeen?: boolean;
  /** How many of the most recent requests DemoService.requests keeps (default MAX_REQUESTS_KEPT). */
  requestsKept?: number;
  /**
   * The encodings a JSON answer over 1 KB may be compressed with, in the service's order of
   * preference (default COMPRESSION, compress.ts); `[]`: never compressed.
   */
  compression?: readonly Offer[];
}

export interface DemoRequest {
  readonly method: string;
  /** Path as received, without the query string, e.g. `/api/v1/deployments/applications/<uuid>`. */
  readonly path: string;
  /** Query string without the `?`, e.g. `skip=10&take=10`; empty when there is none. */
  readonly query: string;
}

export interface DemoService {
  /** Base URL with the path prefix, e.g. `http://127.0.0.1:43123/api/v1`. */
  readonly url: string;
  readonly token: string;
  /** The token whose rows carry no `logs` (DemoOptions.tokenNoLogs). */
  readonly tokenNoLogs: string;
  readonly seed: DemoSeed;
  /** Stops the server, cuts open connections and clears every timer. */
  close(): Promise<void>;
  /**
   * The most recent requests received (DemoOptions.requestsKept, default 10,000), in order; paths and queries
   * longer than REQUEST_TEXT_KEPT characters are cut there (`…` at the end). Bounded so that a
   * long-running `dms demo --serve` does not grow without end; an index into it stays valid until
   * that many more requests arrived.
   */
  readonly requests: ReadonlyArray<DemoRequest>;
}

const PREFIX = '/api/v1';

/** Requests kept in DemoService.requests: the most recent ones. */
export const MAX_REQUESTS_KEPT = 10_000;
/** Characters of a request's path and of its query kept in DemoService.requests. */
export const REQUEST_TEXT_KEPT = 1024;

/** A string of its own: a slice of a long URL would keep all of it alive. */
const own = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** A part of the request URL as kept: cut to REQUEST_TEXT_KEPT characters; copied when the URL is long. */
function kept(text: string, url: string): string {
  if (text.length > REQUEST_TEXT_KEPT) return `${own(text.slice(0, REQUEST_TEXT_KEPT))}…`;
  return url.length > 2 * REQUEST_TEXT_KEPT ? own(text) : text;
}

interface Route {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  readonly handle: (params: string[], query: URLSearchParams, body: string, caller: Caller) => Reply;
}

/** Who is asking: whether the token may read sensitive data (deployment logs). */
interface Caller {
  readonly sensitive: boolean;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** What the service answers a request: method, path, query, headers, the caller's address, the body. */
type Answer = (method: string, path: string, query: string, headers: IncomingHttpHeaders, from: string, body: string) => Reply;

/** Who may ask, and how often. */
interface Auth {
  readonly token: string;
  readonly tokenNoLogs: string;
  readonly limiter: ReturnType<typeof createRateLimiter> | undefined;
  readonly rateLimitPerMinute: number;
}

/** Route, rate limit, authentication, then the operation; in the order servers apply them. */
function answerer(routes: readonly Route[], auth: Auth): Answer {
  const { token, tokenNoLogs, limiter, rateLimitPerMinute } = auth;
  return (method, path, query, headers, from, body) => {
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const rest = clean.startsWith(`${PREFIX}/`) ? clean.slice(PREFIX.length) : undefined;
    const matching = rest === undefined ? [] : routes.filter((r) => r.pattern.test(rest));
    if (rest === undefined || matching.length === 0) {
      return frameworkError(404, `The route ${clean.replace(/^\//, '')} could not be found.`);
    }
    const route = matching.find((r) => r.method === method || (method === 'HEAD' && r.method === 'GET'));
    if (!route) {
      const allowed = matching.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method]));
      return frameworkError(
        405,
        `The ${method} method is not supported for route ${clean.replace(/^\//, '')}. Supported methods: ${allowed.join(', ')}.`,
        { allow: allowed.join(', ') },
      );
    }

    const given = bearerToken(headers.authorization);
    // The first token may read sensitive data; the second may not. Both belong to one user.
    const sensitive = sameToken(given, token);
    const authenticated = sensitive || sameToken(given, tokenNoLogs);
    let limitHeaders: Record<string, string> = {};
    if (limiter) {
      // Per user, as servers count: both tokens share one budget.
      const verdict = limiter.hit(authenticated ? 'user' : `ip:${from}`, Date.now());
      if (!verdict.allowed) {
        return frameworkError(429, 'Too Many Attempts.', {
          'retry-after': String(verdict.retryAfterSeconds),
          'x-ratelimit-limit': String(rateLimitPerMinute),
          'x-ratelimit-remaining': '0',
        });
      }
      limitHeaders = { 'x-ratelimit-limit': String(rateLimitPerMinute), 'x-ratelimit-remaining': String(verdict.remaining) };
    }
    if (!authenticated) return reply(401, { message: 'Unauthenticated.' }, { headers: limitHeaders });
    const r = route.handle(route.pattern.exec(rest)?.slice(1) ?? [], new URLSearchParams(query), body, { sensitive });
    return { ...r, headers: { ...limitHeaders, ...r.headers } };
  };
}

/** Each request kept (the most recent `requestsKept`), its body read within the limit, then answered. */
function handler(
  answer: Answer,
  requests: DemoRequest[],
  requestsKept: number,
  origin: () => string,
  offered: readonly Offer[],
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q === -1 ? raw : raw.slice(0, q);
    const query = q === -1 ? '' : raw.slice(q + 1);
    requests.push({ method, path: kept(path, raw), query: kept(query, raw) });
    // The oldest goes (V8 moves the start of the array: no copy).
    if (requests.length > requestsKept) requests.shift();
    const json = wantsJson(req.headers.accept);

    if (declaredTooLarge(req)) {
      send(res, frameworkError(413, 'Payload Too Large.', { connection: 'close' }), json, origin());
      req.resume();
      return;
    }
    const body = await readBody(req);
    if ('tooLarge' in body) {
      send(res, frameworkError(413, 'Payload Too Large.'), json, origin());
      return;
    }
    let r: Reply;
    try {
      r = answer(method, path, query, req.headers, req.socket.remoteAddress ?? '', body.text);
    } catch {
      r = frameworkError(500, 'Server Error');
    }
    send(res, r, json, origin(), offered);
  };
}

/** Listens on `host`:`port` (0: any free one); the server's origin, `http://127.0.0.1:43123`. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${hostPart}:${address.port}`;
}

export async function startDemoService(options: DemoOptions = {}): Promise<DemoService> {
  const {
    port = 0,
    host = '127.0.0.1',
    token = generateToken(),
    tokenNoLogs = generateToken(2),
    listShape = 'object',
    deployStepMs = 1000,
    rateLimitPerMinute = 200,
    now = Date.now,
    advanceSeed = false,
    requestsKept = MAX_REQUESTS_KEPT,
    holdUntilSeen = false,
    compression = COMPRESSION,
  } = options;
  const seed = createSeed(now());
  const store = createStore(seed);
  const logs = createLogs({ stepMs: deployStepMs, now, big: seed.bigLogs, short: seed.shortLogs });
  const random = createRandom(seedOf('demo runtime'));
  const deployer = createDeployer({ stepMs: deployStepMs, now, random, holdUntilSeen });
  const limiter = rateLimitPerMinute > 0 ? createRateLimiter(rateLimitPerMinute) : undefined;
  const requests: DemoRequest[] = [];
  const ctx: CreateContext = { store, deployer, now, random };
  let origin = '';

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/deployments\/applications\/([^/]+)$/,
      handle: ([uuid], query, _, caller) =>
        listDeployments(store, decoded(uuid ?? ''), query, listShape, caller.sensitive ? logs.literal : undefined, deployer.shown),
    },
    { method: 'POST', pattern: /^\/applications\/public$/, handle: (_, __, body) => createApp(ctx, body) },
    { method: 'POST', pattern: /^\/databases\/docstore$/, handle: (_, __, body) => createDocstore(store, body) },
  ];

  const answer = answerer(routes, { token, tokenNoLogs, limiter, rateLimitPerMinute });
  const handle = handler(answer, requests, requestsKept, () => origin, compression);
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      // The request broke off (or the answer could not be written): drop the connection.
      if (!res.headersSent) {
        try {
          send(res, frameworkError(500, 'Server Error'), wantsJson(req.headers.accept), origin);
          return;
        } catch {
          // fall through
        }
      }
      res.destroy();
    });
  });

  origin = await listen(server, port, host);
  if (advanceSeed) {
    for (const app of DEMO_SEED.applications) {
      // Held deployments only: a generated history's are all final.
      for (const d of store.held(app.uuid)) if (d.status === 'queued' || d.status === 'in_progress') deployer.run(d);
    }
  }

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${PREFIX}`,
    token,
    tokenNoLogs,
    seed: DEMO_SEED,
    requests,
    close() {
      closing ??= new Promise<void>((resolve) => {
        deployer.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
