// The one got instance: base URL with its path prefix, bearer token, JSON Accept header,
// a timeout, and retries for GET only. POST is never retried: a retried creation makes a
// second resource.
import got, { type Got, RequestError, HTTPError, TimeoutError } from 'got';
import {
  CancelledError, ConflictError, ForbiddenError, InvalidResponseError, NetworkError, NotFoundError,
  RateLimitedError, ServerError, UnauthorizedError, ValidationError, type ApiError,
} from './errors.js';
import { readErrorBody } from './error-body.js';
import { clean } from '../text/sanitize.js';
import { redactor } from './redact.js';

export interface TransportOptions {
  /** Base URL, e.g. `https://host/api/v1`; its path prefix is kept. */
  readonly baseUrl: string;
  readonly token: string;
  /** Per-request timeout in milliseconds (default 15 000). */
  readonly timeoutMs?: number;
  /** Retries for GET (default 2). */
  readonly retries?: number;
  /** First backoff delay in ms; doubles per attempt (default 500). */
  readonly retryBaseMs?: number;
  /** Longest Retry-After honoured before giving up, in ms (default 10 000). */
  readonly maxRetryAfterMs?: number;
  readonly userAgent?: string;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  readonly searchParams?: Record<string, string | number>;
  readonly json?: unknown;
}

export interface RawResponse {
  readonly status: number;
  readonly body: string;
  /** Requests the server still allows in its rate-limit window (`X-RateLimit-Remaining`), when it says. */
  readonly rateRemaining: number | null;
}

const RETRY_STATUS = [408, 429, 500, 502, 503, 504, 520, 521, 522, 524];
const RETRY_ERRORS = ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNABORTED'];

export interface Transport {
  request(method: 'GET' | 'POST', path: string, options?: RequestOptions): Promise<RawResponse>;
  /** Replaces the token (and its secret part) in any text with `[token]`. */
  redact(text: string): string;
}

export function createTransport(options: TransportOptions): Transport {
  const { token } = options;
  const redact = redactor(token);
  const base = options.retryBaseMs ?? 500;

  const client: Got = got.extend({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'user-agent': options.userAgent ?? 'dms',
    },
    timeout: { request: options.timeoutMs ?? 15_000 },
    responseType: 'text',
    followRedirect: false,
    retry: {
      limit: options.retries ?? 2,
      methods: ['GET'],
      statusCodes: RETRY_STATUS,
      errorCodes: RETRY_ERRORS,
      maxRetryAfter: options.maxRetryAfterMs ?? 10_000,
      calculateDelay: ({ computedValue, attemptCount, retryAfter }) => {
        if (computedValue === 0) return 0;
        if (retryAfter !== undefined) return Math.max(retryAfter, 1);
        return base * 2 ** (attemptCount - 1);
      },
    },
  });

  async function request(method: 'GET' | 'POST', path: string, opts: RequestOptions = {}): Promise<RawResponse> {
    try {
      const res = await client(path.replace(/^\/+/, ''), {
        method,
        signal: opts.signal,
        searchParams: opts.searchParams,
        json: opts.json,
        // A POST is sent once, whatever happens.
        retry: method === 'POST' ? { limit: 0 } : undefined,
      });
      if (res.statusCode >= 300) {
        throw new InvalidResponseError(res.statusCode, 'a redirect, not an answer', snippet(res.body, redact));
      }
      const remaining = Number(res.headers['x-ratelimit-remaining']);
      return { status: res.statusCode, body: res.body, rateRemaining: Number.isSafeInteger(remaining) && remaining >= 0 ? remaining : null };
    } catch (error) {
      throw classify(error, opts.signal, redact);
    }
  }

  return { request, redact };
}

/**
 * The first 200 characters of a body for an error message: cleaned, and with the token
 * redacted before the cut, so a token straddling character 200 does not leave a piece behind.
 */
export function snippet(body: string, redact: (s: string) => string): string {
  return redact(clean(redact(body.slice(0, 8192)))).slice(0, 200);
}

function classify(error: unknown, signal: AbortSignal | undefined, redact: (s: string) => string): ApiError {
  if (error instanceof Error && 'kind' in error) return error as ApiError;
  if (signal?.aborted) return new CancelledError();
  if (error instanceof HTTPError) {
    const status = error.response.statusCode;
    const body = String(error.response.body ?? '');
    const parsed = readErrorBody(body);
    const message = redact(clean(parsed.message ?? ''));
    // 401 and 429 mean the same whatever the body (a proxy may answer them with HTML).
    if (!parsed.json && status !== 401 && status !== 429) {
      return new InvalidResponseError(status, status >= 500 ? 'a server error page instead of JSON' : 'not JSON', snippet(body, redact));
    }
    switch (status) {
      case 401: return new UnauthorizedError();
      case 403: return new ForbiddenError(message);
      case 404: return new NotFoundError(message);
      case 409: return new ConflictError(`Conflict (409): ${message || 'the resource is already in use'}`, parsed.warning ? redact(clean(parsed.warning)) : undefined);
      case 429: {
        const header = error.response.headers['retry-after'];
        const seconds = header !== undefined && /^\d+$/.test(String(header)) ? Number(header) : undefined;
        return new RateLimitedError(seconds);
      }
      case 400: case 422: {
        const fields = Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [redact(clean(k)), v.map((m) => redact(clean(m)))]));
        return new ValidationError(`The server rejected the request (${status}): ${message || 'validation failed'}`, fields, status);
      }
      default:
        if (status >= 500) return new ServerError(status, message);
        return new InvalidResponseError(status, message || 'an unexpected status', snippet(body, redact));
    }
  }
  if (error instanceof TimeoutError) return new NetworkError('timeout', 'The server did not answer in time.');
  if (error instanceof RequestError) {
    const code = error.code;
    if (code === 'ERR_ABORTED' || error.name === 'AbortError') return new CancelledError();
    if (code === 'ECONNREFUSED') return new NetworkError('refused', 'Cannot reach the server (connection refused).');
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new NetworkError('dns', 'Cannot find the server (DNS lookup failed).');
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
      return new NetworkError('reset', 'The connection to the server was cut off.');
    }
    if (code === 'ERR_BODY_PARSE_FAILURE') return new InvalidResponseError(0, 'unreadable body', '');
    return new NetworkError('other', `Network error talking to the server (${clean(code ?? 'unknown')}).`);
  }
  if (error instanceof Error && error.name === 'AbortError') return new CancelledError();
  return new NetworkError('other', 'Unexpected failure while talking to the server.');
}
