// Typed errors. Each says in plain words what went wrong and what to do; none carries
// the token, request headers or the underlying library error (which holds the headers).
import type { FieldProblem } from './schemas/issues.js';
import { MAX_RESPONSE_MB_CEILING, formatBytes } from './limits.js';

export type ApiErrorKind =
  | 'unauthorized' | 'forbidden' | 'not_found' | 'validation' | 'conflict' | 'rate_limited'
  | 'server' | 'network' | 'invalid_response' | 'too_large' | 'cancelled';

export type NetworkReason = 'refused' | 'dns' | 'reset' | 'timeout' | 'other';

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** What the user can do about it, one short sentence. */
  abstract readonly hint: string;
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthorizedError extends ApiError {
  readonly kind = 'unauthorized';
  readonly hint = 'Check DMS_TOKEN or the token of the context (dms context add).';
  constructor() { super('The server rejected the token (401).', 401); }
}

export class ForbiddenError extends ApiError {
  readonly kind = 'forbidden';
  readonly hint = 'Give the token the needed permission, or ask the server admin to allow API access.';
  constructor(serverMessage: string) {
    super(`Access denied (403)${serverMessage ? `: ${serverMessage}` : ''}.`.replace(/\.\.$/, '.'), 403);
  }
}

export class NotFoundError extends ApiError {
  readonly kind = 'not_found';
  readonly hint = 'Check the uuid.';
  constructor(serverMessage: string) {
    super(`Not found (404)${serverMessage ? `: ${serverMessage}` : ''}.`.replace(/\.\.$/, '.'), 404);
  }
}

export class ValidationError extends ApiError {
  readonly kind = 'validation';
  readonly hint = 'Fix the fields named and send again.';
  /** Messages per field, read from all three `errors` shapes. */
  constructor(message: string, readonly fields: Readonly<Record<string, string[]>>, status = 422) {
    super(message, status);
  }
  get problems(): FieldProblem[] {
    return Object.entries(this.fields).flatMap(([field, msgs]) => msgs.map((message) => ({ field, message })));
  }
}

export class ConflictError extends ApiError {
  readonly kind = 'conflict';
  readonly hint = 'Choose another domain, or set force_domain_override.';
  constructor(message: string, readonly warning?: string) { super(message, 409); }
}

export class RateLimitedError extends ApiError {
  readonly kind = 'rate_limited';
  readonly hint: string;
  constructor(readonly retryAfterSeconds: number | undefined) {
    super(`Too many requests (429)${retryAfterSeconds !== undefined ? `; the server asks to wait ${retryAfterSeconds} s` : ''}.`, 429);
    this.hint = retryAfterSeconds !== undefined ? `Try again in ${retryAfterSeconds} s.` : 'Wait a minute and try again.';
  }
}

export class ServerError extends ApiError {
  readonly kind = 'server';
  readonly hint = 'The server failed; try again later.';
  constructor(status: number, serverMessage: string) {
    super(`Server error (${status})${serverMessage ? `: ${serverMessage}` : ''}.`.replace(/\.\.$/, '.'), status);
  }
}

export class NetworkError extends ApiError {
  readonly kind = 'network';
  readonly hint: string;
  /**
   * `hint`: instead of the usual one. `mayHaveCreated`: a creation (POST) reached the server and
   * its answer was lost (a timeout or a cut connection after it was sent): the resource may exist.
   */
  constructor(readonly reason: NetworkReason, detail: string, hint?: string, readonly mayHaveCreated = false) {
    super(detail);
    this.hint = hint ?? (reason === 'timeout' ? 'The server is slow; try again or raise --timeout.' : 'Check DMS_URL and that the server is up.');
  }
}

/** What to do about an answer over the limit, for a list (the usual case). */
export const TOO_LARGE_HINT = `Use a smaller --take; --all reads the history page by page. --max-response-mb raises the limit (at most ${MAX_RESPONSE_MB_CEILING}).`;

/**
 * An answer larger than dms holds (`--max-response-mb`), refused from its Content-Length or as
 * soon as the bytes read (after decompression) passed the limit. `size`: the size it declared.
 */
export class ResponseTooLargeError extends ApiError {
  readonly kind = 'too_large';
  readonly hint: string;
  /** The limit, in bytes. */
  readonly limit: number;
  /** The size the answer declared (Content-Length), when it did. */
  readonly size?: number;
  /** Not refused by the limit: reading it ran out of memory (the TUI's worker). */
  readonly outOfMemory: boolean;
  constructor(o: { limit: number; size?: number; outOfMemory?: boolean; detail?: string; hint?: string }) {
    super(o.detail ?? (o.outOfMemory
      ? 'The answer is too big: reading it ran out of memory.'
      : o.size !== undefined
        ? `The answer is too big: ${formatBytes(o.size)}, and dms reads at most ${formatBytes(o.limit)}.`
        : `The answer is too big: more than ${formatBytes(o.limit)}, the most dms reads (it stopped there).`));
    this.limit = o.limit;
    this.size = o.size;
    this.outOfMemory = o.outOfMemory ?? false;
    this.hint = o.hint ?? TOO_LARGE_HINT;
  }
}

export class InvalidResponseError extends ApiError {
  readonly kind = 'invalid_response';
  readonly hint = 'Check that DMS_URL points at the service API (it usually ends in /api/v1).';
  constructor(status: number, what: string, readonly bodyStart: string) {
    super(`Unexpected answer from the server (${status}): ${what}${bodyStart ? `; body starts: ${bodyStart}` : ''}`, status);
  }
}

export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  readonly hint = '';
  constructor() { super('The request was cancelled.'); }
}

/** A request body that failed local validation; nothing was sent. */
export class LocalValidationError extends Error {
  constructor(readonly problems: readonly FieldProblem[]) {
    super(`The request is invalid; nothing was sent:\n${problems.map((p) => (p.field === '(body)' ? p.message : `${p.field}: ${p.message}`)).join('\n')}`);
    this.name = 'LocalValidationError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** An error as plain data, to cross a thread boundary (structured clone keeps no classes). */
export interface ErrorData {
  readonly kind: ApiErrorKind | 'local' | 'other';
  readonly message: string;
  readonly status?: number;
  readonly reason?: NetworkReason;
  readonly retryAfterSeconds?: number;
  readonly fields?: Readonly<Record<string, string[]>>;
  readonly warning?: string;
  readonly bodyStart?: string;
  readonly problems?: readonly FieldProblem[];
  readonly hint?: string;
  readonly limit?: number;
  readonly size?: number;
  readonly outOfMemory?: boolean;
}

export function errorToData(error: unknown): ErrorData {
  if (error instanceof LocalValidationError) return { kind: 'local', message: error.message, problems: error.problems };
  if (!(error instanceof ApiError)) return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
  const x = error as unknown as Omit<ErrorData, 'kind' | 'message' | 'status' | 'problems'>;
  return {
    kind: error.kind, message: error.message, status: error.status, reason: x.reason,
    retryAfterSeconds: x.retryAfterSeconds, fields: x.fields, warning: x.warning, bodyStart: x.bodyStart,
    hint: error.hint, limit: x.limit, size: x.size, outOfMemory: x.outOfMemory,
  };
}

/** The typed error again, with the same message, hint and details. */
export function errorFromData(d: ErrorData): Error {
  const made = ((): Error => {
    switch (d.kind) {
      case 'local': return new LocalValidationError(d.problems ?? []);
      case 'unauthorized': return new UnauthorizedError();
      case 'forbidden': return new ForbiddenError('');
      case 'not_found': return new NotFoundError('');
      case 'validation': return new ValidationError(d.message, d.fields ?? {}, d.status);
      case 'conflict': return new ConflictError(d.message, d.warning);
      case 'rate_limited': return new RateLimitedError(d.retryAfterSeconds);
      case 'server': return new ServerError(d.status ?? 500, '');
      case 'network': return new NetworkError(d.reason ?? 'other', d.message, d.hint);
      case 'too_large': return new ResponseTooLargeError({ limit: d.limit ?? 0, size: d.size, outOfMemory: d.outOfMemory, detail: d.message, hint: d.hint });
      case 'invalid_response': return new InvalidResponseError(d.status ?? 0, '', d.bodyStart ?? '');
      case 'cancelled': return new CancelledError();
      default: return new NetworkError('other', d.message);
    }
  })();
  made.message = d.message;
  return made;
}
