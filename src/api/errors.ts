// Typed errors. Each says in plain words what went wrong and what to do; none carries
// the token, request headers or the underlying library error (which holds the headers). Advice
// that names dms's commands, flags or variables is not worded here: an error carries its kind and
// facts, and commands/advice.ts words it (installed with setAdvice; see AdvisedError).
// Over 300 lines: one class per kind of failure with its words, kept together so they read alike.
import type { FieldProblem } from './schemas/issues.js';
import type { ErrorBody } from './error-body.js';
import { MAX_RETRY_AFTER_MS, formatBytes, formatSeconds } from './limits.js';
import { thousands } from '../text/thousands.js';
import { clean } from '../text/sanitize.js';

export type ApiErrorKind =
  | 'unauthorized' | 'forbidden' | 'not_found' | 'validation' | 'conflict' | 'rate_limited'
  | 'server' | 'network' | 'invalid_response' | 'too_large' | 'cancelled' | 'created_unreadable' | 'miscount';

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

/** Words of advice for an error, from the layer that knows dms's commands (commands/advice.ts); undefined: none. */
export type Advise = (error: ApiError) => string | undefined;

let advise: Advise = () => undefined;

/** Installs the words of advice (cli.ts does, once): every AdvisedError's hint reads them. Returns the ones it replaced. */
export function setAdvice(words: Advise): Advise {
  const before = advise;
  advise = words;
  return before;
}

/**
 * An error whose advice names dms's commands, flags or variables (`dms context verify`, `--timeout`):
 * its hint is the words a caller gave for this one error, else the installed advice, else `plain`
 * (no command named: api/ alone, in tests).
 */
export abstract class AdvisedError extends ApiError {
  /** Words a caller gave for this one error (a creation's lost answer), instead of the advice. */
  abstract readonly given?: string;
  /** What to do, naming no command or flag. */
  protected abstract readonly plain: string;
  get hint(): string {
    return this.given ?? advise(this) ?? this.plain;
  }
}

/**
 * Where the token came from, so that a rejection names it: a saved context, DMS_TOKEN, or --token.
 * (A context picked with --context or DMS_CONTEXT is a context.)
 */
export type TokenFrom =
  | { readonly kind: 'context'; readonly name: string }
  | { readonly kind: 'env' }
  | { readonly kind: 'flag' };

/** `the token of context prod`, `the token in DMS_TOKEN`, `the token given with --token`, or `the token`. */
export function whoseToken(from: TokenFrom | undefined): string {
  switch (from?.kind) {
    case 'context': return `the token of context ${from.name}`;
    case 'env': return 'the token in DMS_TOKEN';
    case 'flag': return 'the token given with --token';
    default: return 'the token';
  }
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
  constructor(serverMessage: string, readonly tokenFrom?: TokenFrom) {
    super(sentence(`Access denied (403)${tokenFrom ? ` for ${whoseToken(tokenFrom)}` : ''}${serverMessage ? `: ${serverMessage}` : ''}`), 403);
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
  constructor(serverMessage: string, readonly hint: string = 'Check the uuid.') {
    super(sentence(`Not found (404)${serverMessage ? `: ${serverMessage}` : ''}`), 404);
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

export class ConflictError extends AdvisedError {
  readonly kind = 'conflict';
  readonly given = undefined;
  protected readonly plain = 'Choose another domain, or send it anyway with force_domain_override.';
  constructor(message: string, readonly warning?: string) { super(message, 409); }
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
  constructor(readonly retryAfterSeconds: number | undefined, readonly maxWaitMs = MAX_RETRY_AFTER_MS) {
    const asked = retryAfterSeconds !== undefined ? `${thousands(retryAfterSeconds)} s` : undefined;
    const tooLong = retryAfterSeconds !== undefined && retryAfterSeconds * 1000 > maxWaitMs;
    super(`Too many requests (429)${asked ? `; the server asks to wait ${asked}${tooLong ? `, longer than dms waits (${formatSeconds(maxWaitMs)})` : ''}` : ''}.`, 429);
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
    readonly reason: NetworkReason, detail: string, readonly given?: string, readonly mayHaveCreated = false,
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
    super(o.detail ?? (o.outOfMemory
      ? 'The answer is too big: reading it ran out of memory.'
      : o.size !== undefined
        ? `The answer is too big: ${formatBytes(o.size)}, and dms reads at most ${formatBytes(o.limit)}.`
        : `The answer is too big: more than ${formatBytes(o.limit)}, the most dms reads (it stopped there).`));
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
  constructor(status: number, what: string, readonly bodyStart: string, hint?: string) {
    super(sentence(`Unexpected answer from the server (${status})${what ? `: ${what}` : ''}${bodyStart ? ` (body starts: ${bodyStart})` : ''}`), status);
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
  constructor(status: number, what: string, creates: string, readonly bodyStart: string, readonly answer?: unknown) {
    super(`The ${creates} was created (${status}), but the answer could not be read (${what}${bodyStart ? `; body starts: ${bodyStart}` : ''}).`, status);
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
  constructor(readonly baseUrl: string, said: string, bodyStart: string) {
    const base = baseUrl.replace(/\/+$/, '');
    super(404, said, bodyStart, /\/api\/v1$/i.test(base)
      ? `Check the URL (${base}): the server there has no such API route.`
      : `Check that the URL ends in /api/v1 (it is ${base}).`);
    this.message = sentence(`No API at this address (404)${said ? `: ${said}` : ': an HTML page, not JSON'}`);
  }
}

/** What a request sent, for naming what a 404 looked up. */
export interface SentRequest {
  /** The path below the base URL, e.g. `deployments/applications/<uuid>`. */
  readonly path: string;
  /** The JSON body of a POST. */
  readonly json?: unknown;
}

/** A framework's answer for a path it has no route for (the message, with `docs` for the second). */
const ROUTE_MESSAGE = /^The route .* could not be found\.?$/is;

/**
 * A 404, classified by what it came from: the route (the framework's own messages, an HTML page:
 * the URL is wrong) or a resource the request named (the hint names the field that was looked up).
 * `message`: the server's message, already cleaned and redacted.
 */
export function notFoundError(o: { body: ErrorBody; message: string; bodyStart: string; sent: SentRequest; baseUrl: string }): ApiError {
  const { body, message } = o;
  const plainNotFound = /^not found\.?$/i.test(message.trim());
  if (!body.json) return new RouteNotFoundError(o.baseUrl, '', '');
  if (ROUTE_MESSAGE.test(message.trim()) || (plainNotFound && body.docs !== undefined)) {
    return new RouteNotFoundError(o.baseUrl, message.trim(), '');
  }
  return new NotFoundError(message, lookupHint(message, o.sent));
}

/** The things a creation looks up, by the start of the server's message, and the fields that name them. */
const LOOKUPS: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/^environment\b/i, 'environment', ['environment_name', 'environment_uuid']],
  [/^project\b/i, 'project', ['project_uuid']],
  [/^server\b/i, 'server', ['server_uuid']],
];
const LOOKUP_FIELDS = ['project_uuid', 'server_uuid', 'environment_name', 'environment_uuid'];

/** A value as a message repeats it: cleaned, cut, quoted. */
function shown(value: string): string {
  const text = clean(value);
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 63)}…` : text);
}

/**
 * What to check after a 404 for something the request named: `Check the application uuid "zzz".`,
 * `Check environment_name "nope": the server has no environment by that name.` — never "the
 * uuid" when the request named something else.
 */
export function lookupHint(serverMessage: string, sent: SentRequest): string {
  const appMatch = /^\/?deployments\/applications\/([^/?#]+)/.exec(sent.path)?.[1];
  let app: string | undefined;
  if (appMatch !== undefined) {
    try { app = decodeURIComponent(appMatch); } catch { app = appMatch; }
  }
  if (app !== undefined) return `Check the application uuid ${shown(app)}: the server has no application with it.`;
  const body = sent.json !== null && typeof sent.json === 'object' && !Array.isArray(sent.json) ? sent.json as Record<string, unknown> : {};
  const given = (names: readonly string[]) => names.filter((n) => typeof body[n] === 'string' && body[n] !== '');
  const lookup = LOOKUPS.find(([re]) => re.test(serverMessage.trim()));
  if (lookup) {
    const [, thing, names] = lookup;
    const fields = given(names);
    if (fields.length > 0) {
      const by = fields.every((f) => f.endsWith('_name')) ? 'by that name' : fields.every((f) => f.endsWith('_uuid')) ? 'with that uuid' : 'by that name or uuid';
      return `Check ${fields.map((f) => `${f} ${shown(body[f] as string)}`).join(' and ')}: the server has no ${thing} ${by}.`;
    }
  }
  const fields = given(LOOKUP_FIELDS);
  if (fields.length > 0) return `Check what the request names: ${fields.map((f) => `${f} ${shown(body[f] as string)}`).join(', ')}.`;
  return 'Check the uuid.';
}

/** Ends `text` with a full stop unless it ends a sentence already. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  readonly hint = '';
  constructor() { super('The request was cancelled.'); }
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
  constructor(readonly read: number, readonly counted: number | null, readonly past: boolean) {
    super(past
      ? counted !== null
        ? `Read ${thousands(read)} deployments, past the ${thousands(counted)} the server counted when the reading began, and it kept sending more: the reading stopped there.`
        : `Read ${thousands(read)} deployments and the server kept sending more (it sends no count): the reading stopped there, the most dms reads without one.`
      : read === 0
        ? `The server counts ${thousands(counted ?? 0)} deployment${counted === 1 ? '' : 's'} but sent none.`
        : `Read ${thousands(read)} of the ${thousands(counted ?? 0)} deployments the server counts; the server sent no more.`);
  }
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
  /** The longest wait honoured (a 429): see RateLimitedError. */
  readonly maxWaitMs?: number;
  readonly fields?: Readonly<Record<string, string[]>>;
  readonly warning?: string;
  readonly bodyStart?: string;
  readonly problems?: readonly FieldProblem[];
  readonly hint?: string;
  readonly limit?: number;
  readonly size?: number;
  readonly outOfMemory?: boolean;
  /** Where the token of a 401/403 came from: the TUI's first page is read in a worker, and the message names it. */
  readonly tokenFrom?: TokenFrom;
  /** Of a timeout: which wait ran out. */
  readonly step?: TimeoutStep;
  /** An answer too large that was one record. */
  readonly single?: boolean;
}

export function errorToData(error: unknown): ErrorData {
  if (error instanceof LocalValidationError) return { kind: 'local', message: error.message, problems: error.problems };
  if (!(error instanceof ApiError)) return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
  const x = error as unknown as Omit<ErrorData, 'kind' | 'message' | 'status' | 'problems'>;
  return {
    kind: error.kind, message: error.message, status: error.status, reason: x.reason,
    retryAfterSeconds: x.retryAfterSeconds, maxWaitMs: x.maxWaitMs, fields: x.fields, warning: x.warning, bodyStart: x.bodyStart,
    // An advised error's advice is worded again from its facts on the other side (this thread may have none installed).
    hint: error instanceof AdvisedError ? error.given : error.hint,
    limit: x.limit, size: x.size, outOfMemory: x.outOfMemory, tokenFrom: x.tokenFrom, step: x.step, single: x.single,
  };
}

/** The typed error again, with the same message, hint and details. */
export function errorFromData(d: ErrorData): Error {
  const made = ((): Error => {
    switch (d.kind) {
      case 'local': return new LocalValidationError(d.problems ?? []);
      case 'unauthorized': return new UnauthorizedError(d.tokenFrom);
      case 'forbidden': return new ForbiddenError('', d.tokenFrom);
      case 'not_found': return new NotFoundError('', d.hint);
      case 'validation': return new ValidationError(d.message, d.fields ?? {}, d.status);
      case 'conflict': return new ConflictError(d.message, d.warning);
      case 'rate_limited': return new RateLimitedError(d.retryAfterSeconds, d.maxWaitMs);
      case 'server': return new ServerError(d.status ?? 500, '');
      case 'network': return new NetworkError(d.reason ?? 'other', d.message, d.hint, false, d.step);
      case 'too_large': return new ResponseTooLargeError({ limit: d.limit ?? 0, size: d.size, outOfMemory: d.outOfMemory, single: d.single, detail: d.message, hint: d.hint });
      case 'invalid_response': return new InvalidResponseError(d.status ?? 0, '', d.bodyStart ?? '', d.hint);
      case 'created_unreadable': return new UnreadableCreationError(d.status ?? 0, '', 'resource', d.bodyStart ?? '');
      case 'cancelled': return new CancelledError();
      case 'miscount': return new MiscountError(0, null, false);
      default: return new NetworkError('other', d.message);
    }
  })();
  made.message = d.message;
  // The hint as it was (it may name a context, a field, a URL), whatever the class makes by default.
  if (made instanceof ApiError && !(made instanceof AdvisedError) && d.hint !== undefined && made.hint !== d.hint) {
    Object.defineProperty(made, 'hint', { value: d.hint, enumerable: true, configurable: true, writable: false });
  }
  return made;
}
