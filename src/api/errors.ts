// Typed errors. Each says in plain words what went wrong and what to do; none carries
// the token, request headers or the underlying library error (which holds the headers). Words
// that name dms's commands, flags or variables are not written here: an error carries its kind and
// facts, and commands/advice.ts words the advice (hintOf; see AdvisedError) and how a message
// names the token (TokenFrom's `said`).
// One class per kind of failure with its words, kept together so they read alike; a 404's
// classification is in not-found.ts, an error as data (to cross a thread) in error-data.ts.
import type { FieldProblem } from './schemas/issues.js';
import { MAX_RETRY_AFTER_MS, formatBytes, formatSeconds } from './limits.js';
import { thousands } from '../text/thousands.js';

export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'validation'
  | 'conflict'
  | 'rate_limited'
  | 'server'
  | 'network'
  | 'invalid_response'
  | 'too_large'
  | 'cancelled'
  | 'created_unreadable'
  | 'miscount';

export type NetworkReason = 'refused' | 'dns' | 'reset' | 'timeout' | 'other';

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** What the user can do about it, one short sentence. */
  abstract readonly hint: string;
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * An error whose advice names dms's commands, flags or variables (`dms context verify`, `--timeout`):
 * the commands and the TUI print commands/advice.ts hintOf, which words it from the error's facts.
 * Its own hint is the words a caller gave for this one error, else `plain` (no command named).
 */
export abstract class AdvisedError extends ApiError {
  /** Words a caller gave for this one error (a creation's lost answer), instead of the advice. */
  abstract readonly given?: string;
  /** What to do, naming no command or flag. */
  protected abstract readonly plain: string;
  get hint(): string {
    return this.given ?? this.plain;
  }
}

/**
 * Where the token came from, so that a rejection names it and the advice says how to check it: a
 * saved context, the environment, or a flag. (A context picked by flag or variable is a context.)
 * `said`: how a message names it, worded by the layer that knows dms's variables and flags
 * (commands/advice.ts withTokenWords); without it, "the token".
 */
export type TokenFrom = ({ readonly kind: 'context'; readonly name: string } | { readonly kind: 'env' } | { readonly kind: 'flag' }) & {
  readonly said?: string;
};

/** How a message names the token: as its source was said, or `the token`. */
function whoseToken(from: TokenFrom | undefined): string {
  return from?.said ?? 'the token';
}

export class UnauthorizedError extends AdvisedError {
  readonly kind = 'unauthorized';
  readonly given = undefined;
  protected readonly plain = 'Check the token: it may be mistyped, expired or revoked.';
  constructor(readonly tokenFrom?: TokenFrom) {
    super(`The server rejected ${whoseToken(tokenFrom)} (401).`, 401);
  }
}

export class ForbiddenError extends ApiError {
  readonly kind = 'forbidden';
  readonly hint = 'Give the token the needed permission, or ask the server admin to allow API access.';
  constructor(
    serverMessage: string,
    readonly tokenFrom?: TokenFrom,
  ) {
    super(
      sentence(`Access denied (403)${tokenFrom ? ` for ${whoseToken(tokenFrom)}` : ''}${serverMessage ? `: ${serverMessage}` : ''}`),
      403,
    );
  }
}

/**
 * A 404 for something the request named that the server does not have: the application of a
 * list, or the project, server or environment of a creation. `hint` names the field that was
 * looked up (see lookupHint). A 404 of the route itself (a base URL without /api/v1) is a
 * RouteNotFoundError instead.
 */
export class NotFoundError extends ApiError {
  readonly kind = 'not_found';
  constructor(
    serverMessage: string,
    readonly hint: string = 'Check the uuid.',
  ) {
    super(sentence(`Not found (404)${serverMessage ? `: ${serverMessage}` : ''}`), 404);
  }
}

export class ValidationError extends ApiError {
  readonly kind = 'validation';
  readonly hint = 'Fix the fields named and send again.';
  /** Messages per field, read from all three `errors` shapes. */
  constructor(
    message: string,
    readonly fields: Readonly<Record<string, string[]>>,
    status = 422,
  ) {
    super(message, status);
  }
  get problems(): FieldProblem[] {
    return Object.entries(this.fields).flatMap(([field, msgs]) => msgs.map((message) => ({ field, message })));
  }
}

export class ConflictError extends AdvisedError {
  readonly kind = 'conflict';
  readonly given = undefined;
  protected readonly plain = 'Choose another domain, or send it anyway with force_domain_override.';
  constructor(
    message: string,
    readonly warning?: string,
  ) {
    super(message, 409);
  }
}

/** Why a read waits after a 429 (said on a progress line, or as a line on stderr). */
export const SLOW_DOWN = 'the server asks to slow down (429)';

export class RateLimitedError extends ApiError {
  readonly kind = 'rate_limited';
  readonly hint: string;
  /** How long dms waits before asking again: the server's `Retry-After`, up to `maxWaitMs`; undefined when it did not say. */
  readonly waitMs: number | undefined;
  /** The server asks for a longer wait than dms honours: asking again sooner cannot help. */
  readonly tooLong: boolean;
  /** `retryAfterSeconds`: what the server asked for (`Retry-After`), as it said it. */
  constructor(
    readonly retryAfterSeconds: number | undefined,
    readonly maxWaitMs = MAX_RETRY_AFTER_MS,
  ) {
    const asked = retryAfterSeconds !== undefined ? `${thousands(retryAfterSeconds)} s` : undefined;
    const tooLong = retryAfterSeconds !== undefined && retryAfterSeconds * 1000 > maxWaitMs;
    super(
      `Too many requests (429)${asked ? `; the server asks to wait ${asked}${tooLong ? `, longer than dms waits (${formatSeconds(maxWaitMs)})` : ''}` : ''}.`,
      429,
    );
    this.hint = asked ? `Try again in ${asked}.` : 'Wait a minute and try again.';
    this.tooLong = tooLong;
    this.waitMs = retryAfterSeconds !== undefined ? Math.min(retryAfterSeconds * 1000, maxWaitMs) : undefined;
  }
}

export class ServerError extends ApiError {
  readonly kind = 'server';
  readonly hint = 'The server failed; try again later.';
  constructor(status: number, serverMessage: string) {
    super(`Server error (${status})${serverMessage ? `: ${serverMessage}` : ''}.`.replace(/\.\.$/, '.'), status);
  }
}

/** Which wait of a request ran out: for a connection, for the answer, or for more of it. */
export type TimeoutStep = 'connect' | 'answer' | 'data';

export class NetworkError extends AdvisedError {
  readonly kind = 'network';
  protected readonly plain: string;
  /**
   * `given`: instead of the usual advice. `mayHaveCreated`: a creation (POST) reached the server
   * and its answer was lost (a timeout or a cut connection after it was sent): the resource may
   * exist. `step`: of a timeout, which wait ran out.
   */
  constructor(
    readonly reason: NetworkReason,
    detail: string,
    readonly given?: string,
    readonly mayHaveCreated = false,
    readonly step?: TimeoutStep,
  ) {
    super(detail);
    this.plain = reason === 'timeout' ? 'The server is slow; try again.' : 'Check the server URL and that the server is up.';
  }
}

/**
 * An answer larger than dms holds (`--max-response-mb`), refused from its Content-Length or as
 * soon as the bytes read (after decompression) passed the limit. `size`: the size it declared.
 */
export class ResponseTooLargeError extends AdvisedError {
  readonly kind = 'too_large';
  readonly given: string | undefined;
  protected readonly plain: string;
  /** The limit, in bytes. */
  readonly limit: number;
  /** The size the answer declared (Content-Length), when it did. */
  readonly size?: number;
  /** Not refused by the limit: reading it ran out of memory (the TUI's worker). */
  readonly outOfMemory: boolean;
  /** The answer was one record: fewer rows cannot help. */
  readonly single: boolean;
  constructor(o: { limit: number; size?: number; outOfMemory?: boolean; single?: boolean; detail?: string; hint?: string }) {
    super(
      o.detail ??
        (o.outOfMemory
          ? 'The answer is too big: reading it ran out of memory.'
          : o.size !== undefined
            ? `The answer is too big: ${formatBytes(o.size)}, and dms reads at most ${formatBytes(o.limit)}.`
            : `The answer is too big: more than ${formatBytes(o.limit)}, the most dms reads (it stopped there).`),
    );
    this.limit = o.limit;
    this.size = o.size;
    this.outOfMemory = o.outOfMemory ?? false;
    this.single = o.single ?? false;
    this.given = o.hint;
    this.plain = this.single ? 'Raise the limit on answers to read it.' : 'Ask for fewer rows at a time.';
  }
}

export class InvalidResponseError extends ApiError {
  readonly kind = 'invalid_response';
  readonly hint: string;
  constructor(
    status: number,
    what: string,
    readonly bodyStart: string,
    hint?: string,
  ) {
    super(
      sentence(`Unexpected answer from the server (${status})${what ? `: ${what}` : ''}${bodyStart ? ` (body starts: ${bodyStart})` : ''}`),
      status,
    );
    this.hint = hint ?? 'Check that the server URL points at the service API (it usually ends in /api/v1).';
  }
}

/**
 * A creation the server answered with a 2xx — so it made the resource — in a body dms cannot read
 * (an HTML page, not JSON, JSON without the uuid). Said as created, with what could not be read;
 * never "check the URL" or "try again": a second request would make a second one.
 */
export class UnreadableCreationError extends ApiError {
  readonly kind = 'created_unreadable';
  readonly hint: string;
  /**
   * `answer`: the body, parsed and scrubbed, when it was JSON of another shape (a numeric uuid, an
   * array): it may still hold what the server sends only once (a docstore's password).
   */
  constructor(
    status: number,
    what: string,
    creates: string,
    readonly bodyStart: string,
    readonly answer?: unknown,
  ) {
    super(
      `The ${creates} was created (${status}), but the answer could not be read (${what}${bodyStart ? `; body starts: ${bodyStart}` : ''}).`,
      status,
    );
    this.hint = lookBeforeSendingAgain(creates);
  }
}

/** How to check a creation that may have been made: said after a lost or unreadable answer, and after a signal stopped one. */
export function lookBeforeSendingAgain(creates: string): string {
  return `Look for it in the service's web page before sending the request again; a second request would make a second ${creates}.`;
}

/** A creation that reached the server and may have made the resource (its answer lost), or did (2xx, its answer unreadable). */
export function mayHaveCreated(error: unknown): boolean {
  return error instanceof UnreadableCreationError || (error instanceof NetworkError && error.mayHaveCreated);
}

/**
 * A 404 from the server's router, not about anything the request named: the base URL does not
 * lead to the API (most often: it lacks /api/v1). Told by the framework's own answers — `The route
 * … could not be found.`, `Not found.` with `docs` — or an HTML page. Exit 1, like any answer that
 * is not the API's; never "not found" (exit 4), which scripts read as "no such application".
 */
export class RouteNotFoundError extends InvalidResponseError {
  constructor(
    readonly baseUrl: string,
    said: string,
    bodyStart: string,
  ) {
    const base = baseUrl.replace(/\/+$/, '');
    super(
      404,
      said,
      bodyStart,
      /\/api\/v1$/i.test(base)
        ? `Check the URL (${base}): the server there has no such API route.`
        : `Check that the URL ends in /api/v1 (it is ${base}).`,
    );
    this.message = sentence(`No API at this address (404)${said ? `: ${said}` : ': an HTML page, not JSON'}`);
  }
}

/** Ends `text` with a full stop unless it ends a sentence already. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  readonly hint = '';
  constructor() {
    super('The request was cancelled.');
  }
}

/**
 * A read of the whole history that came to a different number of deployments than the server
 * counts: fewer (its pages ended before its count did; none at all), or it kept sending past what
 * its first answer counted (with no count, past the most dms reads) and the reading stopped there.
 * `counted`: the count it is measured against (null: the server sent none).
 */
export class MiscountError extends ApiError {
  readonly kind = 'miscount';
  readonly hint = '';
  constructor(
    readonly read: number,
    readonly counted: number | null,
    readonly past: boolean,
  ) {
    super(
      past
        ? counted !== null
          ? `Read ${thousands(read)} deployments, past the ${thousands(counted)} the server counted when the reading began, and it kept sending more: the reading stopped there.`
          : `Read ${thousands(read)} deployments and the server kept sending more (it sends no count): the reading stopped there, the most dms reads without one.`
        : read === 0
          ? `The server counts ${thousands(counted ?? 0)} deployment${counted === 1 ? '' : 's'} but sent none.`
          : `Read ${thousands(read)} of the ${thousands(counted ?? 0)} deployments the server counts; the server sent no more.`,
    );
  }
}

/** A request body that failed local validation; nothing was sent. */
export class LocalValidationError extends Error {
  constructor(readonly problems: readonly FieldProblem[]) {
    super(
      `The request is invalid; nothing was sent:\n${problems.map((p) => (p.field === '(body)' ? p.message : `${p.field}: ${p.message}`)).join('\n')}`,
    );
    this.name = 'LocalValidationError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
