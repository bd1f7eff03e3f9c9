// An API error as plain data and back: the TUI's search reads the history in a worker thread, and
// structured clone keeps no classes.
import {
  AdvisedError,
  ApiError,
  CancelledError,
  ConflictError,
  ForbiddenError,
  InvalidResponseError,
  LocalValidationError,
  MiscountError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ResponseTooLargeError,
  ServerError,
  UnauthorizedError,
  UnreadableCreationError,
  ValidationError,
  type ApiErrorKind,
  type NetworkReason,
  type TimeoutStep,
  type TokenFrom,
} from './errors.js';
import type { FieldProblem } from './schemas/issues.js';

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
    kind: error.kind,
    message: error.message,
    status: error.status,
    reason: x.reason,
    retryAfterSeconds: x.retryAfterSeconds,
    maxWaitMs: x.maxWaitMs,
    fields: x.fields,
    warning: x.warning,
    bodyStart: x.bodyStart,
    // An advised error's advice is worded from its facts on the other side (commands/advice.ts hintOf); the words given for it cross.
    hint: error instanceof AdvisedError ? error.given : error.hint,
    limit: x.limit,
    size: x.size,
    outOfMemory: x.outOfMemory,
    tokenFrom: x.tokenFrom,
    step: x.step,
    single: x.single,
  };
}

/** The typed error again, with the same message, hint and details. */
export function errorFromData(d: ErrorData): Error {
  const made = ((): Error => {
    switch (d.kind) {
      case 'local':
        return new LocalValidationError(d.problems ?? []);
      case 'unauthorized':
        return new UnauthorizedError(d.tokenFrom);
      case 'forbidden':
        return new ForbiddenError('', d.tokenFrom);
      case 'not_found':
        return new NotFoundError('', d.hint);
      case 'validation':
        return new ValidationError(d.message, d.fields ?? {}, d.status);
      case 'conflict':
        return new ConflictError(d.message, d.warning);
      case 'rate_limited':
        return new RateLimitedError(d.retryAfterSeconds, d.maxWaitMs);
      case 'server':
        return new ServerError(d.status ?? 500, '');
      case 'network':
        return new NetworkError(d.reason ?? 'other', d.message, d.hint, false, d.step);
      case 'too_large':
        return new ResponseTooLargeError({
          limit: d.limit ?? 0,
          size: d.size,
          outOfMemory: d.outOfMemory,
          single: d.single,
          detail: d.message,
          hint: d.hint,
        });
      case 'invalid_response':
        return new InvalidResponseError(d.status ?? 0, '', d.bodyStart ?? '', d.hint);
      case 'created_unreadable':
        return new UnreadableCreationError(d.status ?? 0, '', 'resource', d.bodyStart ?? '');
      case 'cancelled':
        return new CancelledError();
      case 'miscount':
        return new MiscountError(0, null, false);
      default:
        return new NetworkError('other', d.message);
    }
  })();
  made.message = d.message;
  // The hint as it was (it may name a context, a field, a URL), whatever the class makes by default.
  if (made instanceof ApiError && !(made instanceof AdvisedError) && d.hint !== undefined && made.hint !== d.hint) {
    Object.defineProperty(made, 'hint', { value: d.hint, enumerable: true, configurable: true, writable: false });
  }
  return made;
}
