// The one got instance: base URL with its path prefix, bearer token, JSON Accept header,
// timeouts that mean "no progress", a size limit, and retries for GET only. POST is never
// retried: a retried creation makes a second resource. Compressed answers (zstd, brotli, gzip) are
// decoded once whole (decode.ts), not as got streams them.
//
// Timeouts (all `timeoutMs`, `--timeout`): to connect, to the first byte of the answer once the
// request is sent, and between two chunks of data (idle). A body that keeps arriving is never cut,
// however long it takes. Size: an answer over `maxResponseBytes` is refused from its
// Content-Length, or as soon as the bytes read pass the limit, and a compressed one again as it is
// decoded — its decoded bytes are counted, so a small compressed body that expands without end
// stops at the limit too; got holds at most that much, and the decoder makes at most that much.
import type { ClientRequest, IncomingMessage } from 'node:http';
import got, { type Got, RequestError, HTTPError, TimeoutError } from 'got';
import {
  CancelledError,
  ConflictError,
  ForbiddenError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  ResponseTooLargeError,
  SLOW_DOWN,
  ServerError,
  UnauthorizedError,
  ValidationError,
  lookBeforeSendingAgain,
  type ApiError,
  type TokenFrom,
} from './errors.js';
import { notFoundError, type SentRequest } from './not-found.js';
import { MAX_RESPONSE_MB, MAX_RETRY_AFTER_MS, MB, TIMEOUT_MS, formatSeconds } from './limits.js';
import { readErrorBody } from './error-body.js';
import { ACCEPT_ENCODING, decodeBody } from './decode.js';
import { clean } from '../text/sanitize.js';
import { redactor, type Redactor } from './redact.js';
import { agentsFor } from './agents.js';

export interface TransportOptions {
  /** Base URL, e.g. `https://host/api/v1`; its path prefix is kept. */
  readonly baseUrl: string;
  readonly token: string;
  /**
   * Milliseconds without progress before giving up (default 15 000): to connect, to the first
   * byte of the answer, and between two chunks of it. Not a limit on a whole download.
   */
  readonly timeoutMs?: number;
  /** The largest answer read, in bytes after decompression (default 256 MB). */
  readonly maxResponseBytes?: number;
  /** Retries for GET (default 2). */
  readonly retries?: number;
  /** First backoff delay in ms; doubles per attempt (default 500). */
  readonly retryBaseMs?: number;
  /** Longest Retry-After honoured before giving up, in ms (default 10 000). */
  readonly maxRetryAfterMs?: number;
  readonly userAgent?: string;
  /** Where the token came from (a context, DMS_TOKEN, --token): a 401 or 403 names it. */
  readonly tokenFrom?: TokenFrom;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  readonly searchParams?: Record<string, string | number>;
  readonly json?: unknown;
  /** What a POST creates ("application"): said when its outcome is unknown (timed out after it was sent). */
  readonly creates?: string;
  /** Told before a GET waits to be tried again because the server asked (a 429): why, how long. */
  readonly onWait?: (why: string, ms: number) => void;
  /** Told once the request has been written out to the server (its first try). */
  readonly onSent?: () => void;
  /** Told as the answer's body arrives: the bytes read so far (as sent: compressed ones before they are decoded). */
  readonly onProgress?: (bytes: number) => void;
}

export interface RawResponse {
  readonly status: number;
  readonly body: string;
  /** Requests the server still allows in its rate-limit window (`X-RateLimit-Remaining`), when it says. */
  readonly rateRemaining: number | null;
}

const RETRY_STATUS = [408, 429, 500, 502, 503, 504, 520, 521, 522, 524];
// A body shorter than its Content-Length (got 15+ checks it) is a connection cut off too.
const RETRY_ERRORS = [
  'ECONNRESET',
  'ERR_HTTP_CONTENT_LENGTH_MISMATCH',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ECONNABORTED',
];

export interface Transport {
  request(method: 'GET' | 'POST', path: string, options?: RequestOptions): Promise<RawResponse>;
  /** Replaces the token (and its secret part) in any text with `[token]`. */
  readonly redact: Redactor;
}

export function createTransport(options: TransportOptions): Transport {
  const { token } = options;
  const redact = redactor(token);
  const base = options.retryBaseMs ?? 500;
  const timeout = options.timeoutMs ?? TIMEOUT_MS;
  const limit = options.maxResponseBytes ?? MAX_RESPONSE_MB * MB;
  const https = /^https:/i.test(options.baseUrl);
  const maxWait = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;

  const client: Got = got.extend({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
      'user-agent': options.userAgent ?? 'dms',
    },
    // Bodies as they come; decoded once whole after (decode.ts).
    decompress: false,
    // Node's agents as they are, but for a connection opened before got loaded (agents.ts).
    agent: agentsFor(),
    // No `request` (whole request) or `read` (whole body) deadline: only "no progress" ones.
    // `socket` is the idle timer: no byte in either direction for that long, body included.
    timeout: { lookup: timeout, connect: timeout, secureConnect: timeout, send: timeout, response: timeout, socket: timeout },
    // Bytes, decoded once whole (textOf): got's 'text' decodes each chunk as it comes and joins
    // them, ~16 ms more CPU on a 7 MB page (bench, median of 10: 36.7 against 20.7 ms).
    responseType: 'buffer',
    followRedirect: false,
    retry: {
      limit: options.retries ?? 2,
      methods: ['GET'],
      statusCodes: RETRY_STATUS,
      errorCodes: RETRY_ERRORS,
      // A Retry-After past this is not waited for: got then gives up (computedValue 0), and the
      // 429 stops the command (exit 6) instead of a wait of an hour, or one that overflows a timer.
      maxRetryAfter: maxWait,
      calculateDelay: ({ computedValue, attemptCount, retryAfter, error }) => {
        if (computedValue === 0) return 0;
        const asked = retryAfter !== undefined && Number.isFinite(retryAfter);
        const ms = asked ? Math.min(Math.max(retryAfter, 1), maxWait) : base * 2 ** (attemptCount - 1);
        // A wait the server asked for is told, so it can be said; a short backoff after a fault is not.
        if (error.response?.statusCode === 429) (error.options.context as Pick<RequestOptions, 'onWait'>).onWait?.(SLOW_DOWN, ms);
        return ms + offBeat(ms, asked);
      },
    },
  });

  async function request(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<RawResponse> {
    let refused: ResponseTooLargeError | undefined;
    // An answer past the size limit is stopped through a signal of our own (got has no cancel).
    const stop = new AbortController();
    const call = client(path.replace(/^\/+/, ''), {
      method,
      signal: opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal,
      searchParams: opts.searchParams,
      json: opts.json,
      context: { onWait: opts.onWait },
      // A POST is sent once, whatever happens.
      retry: method === 'POST' ? { limit: 0 } : undefined,
    });
    const refuse = (size?: number) => {
      if (refused) return;
      refused = new ResponseTooLargeError({ limit, size });
      stop.abort(refused);
    };
    // Up front: the size the answer declares, before a byte of its body is read (of each try).
    call.on('request', (req: ClientRequest) => {
      if (opts.onSent) req.once('finish', opts.onSent);
      req.once('response', (res: IncomingMessage) => {
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > limit) refuse(declared);
      });
    });
    // Then as it arrives: got counts the bytes it reads (as they came: compressed ones are counted again decoded).
    call.on('downloadProgress', ({ transferred }: { transferred: number }) => {
      if (transferred > limit) refuse();
      else opts.onProgress?.(transferred);
    });
    try {
      const res = await call;
      const body = textOf(decodeBody(res.body as unknown as Buffer, res.headers['content-encoding'], limit));
      if (res.statusCode >= 300) {
        // Where it leads says most (a login page: the web UI's address, not the API's).
        const location = typeof res.headers.location === 'string' ? redact(clean(res.headers.location)).slice(0, 120) : '';
        throw new InvalidResponseError(
          res.statusCode,
          `a redirect${location ? ` to ${location}` : ''}, not an answer`,
          snippet(body, redact),
        );
      }
      const remaining = Number(res.headers['x-ratelimit-remaining']);
      return {
        status: res.statusCode,
        body,
        rateRemaining: Number.isSafeInteger(remaining) && remaining >= 0 ? remaining : null,
      };
    } catch (error) {
      if (opts.signal?.aborted) throw new CancelledError();
      // An error's body is read for its message: decoded too, when it can be.
      if (error instanceof HTTPError) {
        try {
          error.response.body = decodeBody(error.response.body as Buffer, error.response.headers['content-encoding'], limit);
        } catch {
          // left as it came
        }
      }
      const sent = { path, json: opts.json, baseUrl: options.baseUrl, tokenFrom: options.tokenFrom };
      const classified = refused ?? classify(error, opts.signal, redact, timeout, https, sent, maxWait);
      throw method === 'POST' ? outcomeUnknown(classified, error, opts.creates ?? 'resource', https) : classified;
    }
  }

  return { request, redact };
}

/**
 * A little more than a retry's wait, at random: 20–120 ms after a wait the server asked for, 5–25 %
 * more after a backoff. A round wait (4 s) met Node's agent dropping the idle keep-alive socket (the
 * server's `Keep-Alive: timeout=5` less 1 s) in the same timer tick, and that request got no answer
 * until the timeout (found in the whole-history search: src/search/scan.ts `backoff`).
 */
export function offBeat(ms: number, asked: boolean, random: () => number = Math.random): number {
  return Math.round(asked ? 20 + 100 * random() : ms * (0.05 + 0.2 * random()));
}

/**
 * A body's bytes as text: UTF-8, a byte-order mark dropped and bytes that are not UTF-8 read as
 * U+FFFD, as got's 'text' reads them (TextDecoder).
 */
export function textOf(body: unknown): string {
  if (typeof body === 'string') return body;
  if (!(body instanceof Uint8Array)) return '';
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The first 200 characters of a body for an error message: cleaned, and with the token
 * redacted before the cut, so a token straddling character 200 does not leave a piece behind.
 */
export function snippet(body: string, redact: (s: string) => string): string {
  return redact(clean(redact(body.slice(0, 8192)))).slice(0, 200);
}

/**
 * A 429's `Retry-After` in whole seconds: digits, or an HTTP date (the time until then); undefined
 * when it says neither. Digits too many for a number stay a very large one, never Infinity.
 */
export function retryAfterOf(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = String(header ?? '').trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
  const at = /[a-z]/i.test(text) ? Date.parse(text) : NaN;
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : undefined;
}

/** A got error's timings: which steps of the request happened. */
function timingsOf(error: unknown): { connect?: number; secureConnect?: number; upload?: number; response?: number } | undefined {
  return error instanceof RequestError
    ? (error.timings ?? (error.request as { timings?: RequestError['timings'] } | undefined)?.timings)
    : undefined;
}

/**
 * A POST whose answer was lost after it reached the server (a timeout once connected, a cut
 * connection, an answer too big to read): the resource may have been created. Said so, with how
 * to check, instead of "try again" — a second request can make a second one. Refused connections,
 * DNS failures and connect timeouts sent nothing and stay as they are.
 */
function outcomeUnknown(classified: ApiError, error: unknown, creates: string, https: boolean): ApiError {
  // Reached: connected (with TLS done on https) and the whole request written.
  const t = timingsOf(error);
  const reached = t?.connect !== undefined && (!https || t.secureConnect !== undefined) && t.upload !== undefined;
  const lost =
    (classified instanceof NetworkError && reached && classified.reason !== 'refused' && classified.reason !== 'dns') ||
    classified instanceof ResponseTooLargeError;
  if (!lost) return classified;
  const what = classified.message.replace(/\.$/, '');
  return new NetworkError(
    classified instanceof NetworkError ? classified.reason : 'other',
    `${what}, after the request reached the server: the ${creates} may have been created.`,
    lookBeforeSendingAgain(creates),
    true,
  );
}

/** The request an error answered: what a 404 looked up, whose token a 401 rejected. */
interface Sent extends SentRequest {
  readonly baseUrl: string;
  readonly tokenFrom?: TokenFrom;
}

function classify(
  error: unknown,
  signal: AbortSignal | undefined,
  redact: (s: string) => string,
  timeoutMs = TIMEOUT_MS,
  https = false,
  sent: Sent = { path: '', baseUrl: '' },
  maxWaitMs = MAX_RETRY_AFTER_MS,
): ApiError {
  if (error instanceof Error && 'kind' in error) return error as ApiError;
  if (signal?.aborted) return new CancelledError();
  if (error instanceof HTTPError) {
    const status = error.response.statusCode;
    const body = textOf(error.response.body);
    const parsed = readErrorBody(body);
    const message = redact(clean(parsed.message ?? ''));
    // The route (a base URL without /api/v1; HTML pages included) or what the request named.
    if (status === 404) return notFoundError({ body: parsed, message, bodyStart: snippet(body, redact), sent, baseUrl: sent.baseUrl });
    // 401 and 429 mean the same whatever the body (a proxy may answer them with HTML).
    if (!parsed.json && status !== 401 && status !== 429) {
      return new InvalidResponseError(status, status >= 500 ? 'a server error page instead of JSON' : 'not JSON', snippet(body, redact));
    }
    switch (status) {
      case 401:
        return new UnauthorizedError(sent.tokenFrom);
      case 403:
        return new ForbiddenError(message, sent.tokenFrom);
      case 409:
        return new ConflictError(
          `Conflict (409): ${message || 'the resource is already in use'}`,
          parsed.warning ? redact(clean(parsed.warning)) : undefined,
        );
      case 429:
        return new RateLimitedError(retryAfterOf(error.response.headers['retry-after']), maxWaitMs);
      case 400:
      case 422: {
        const fields = Object.fromEntries(
          Object.entries(parsed.fields).map(([k, v]) => [redact(clean(k)), v.map((m) => redact(clean(m)))]),
        );
        return new ValidationError(`The server rejected the request (${status}): ${message || 'validation failed'}`, fields, status);
      }
      default:
        if (status >= 500) return new ServerError(status, message);
        return new InvalidResponseError(status, message || 'an unexpected status', snippet(body, redact));
    }
  }
  if (error instanceof TimeoutError) {
    // Which step timed out, from what happened before it: no connection, no answer, or no more data.
    const t = timingsOf(error);
    const seconds = formatSeconds(timeoutMs);
    if (
      t?.connect === undefined ||
      (https && t.secureConnect === undefined) ||
      ['lookup', 'connect', 'secureConnect'].includes(error.event)
    ) {
      return new NetworkError('timeout', `Cannot connect to the server (no connection within ${seconds}).`, undefined, false, 'connect');
    }
    if (t.response === undefined)
      return new NetworkError('timeout', `The server did not answer in time (no answer within ${seconds}).`, undefined, false, 'answer');
    return new NetworkError('timeout', `The server stopped sending (no data for ${seconds}).`, undefined, false, 'data');
  }
  if (error instanceof RequestError) {
    const code = error.code;
    if (code === 'ERR_ABORTED' || error.name === 'AbortError') return new CancelledError();
    if (code === 'ECONNREFUSED') return new NetworkError('refused', 'Cannot reach the server (connection refused).');
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new NetworkError('dns', 'Cannot find the server (DNS lookup failed).');
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ERR_HTTP_CONTENT_LENGTH_MISMATCH') {
      return new NetworkError('reset', 'The connection to the server was cut off.');
    }
    if (code === 'ERR_BODY_PARSE_FAILURE') return new InvalidResponseError(0, 'unreadable body', '');
    return new NetworkError('other', `Network error talking to the server (${clean(code ?? 'unknown')}).`);
  }
  if (error instanceof Error && error.name === 'AbortError') return new CancelledError();
  return new NetworkError('other', 'Unexpected failure while talking to the server.');
}
