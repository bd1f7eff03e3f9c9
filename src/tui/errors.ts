// The one place an error becomes TUI text: a typed API error (or a bug) as a line that says what
// is wrong and what to do, cleaned of control characters and with the token redacted; for a
// creation, the messages its form shows under each field (describeCreateError).
import {
  ConflictError,
  LocalValidationError,
  ValidationError,
  isApiError,
  mayHaveCreated,
  type NetworkError,
  type NetworkReason,
  type RateLimitedError,
} from '../api/errors.js';
import { hintOf } from '../commands/advice.js';
import type { FormDef, FormValues } from '../forms/types.js';
import { errorsFromProblems, fieldNamedIn } from '../forms/problems.js';
import { clean } from '../text/sanitize.js';

type Redact = (s: string) => string;
const asIs: Redact = (s) => s;

/** An error's own words, cleaned and redacted: what went wrong, and what to do ('' when it says nothing). */
function wordsOf(error: unknown, redact: Redact): { readonly message: string; readonly hint: string } {
  const said = (m: string) => redact(clean(m));
  if (isApiError(error)) return { message: said(error.message), hint: said(hintOf(error)) };
  return { message: said(error instanceof Error ? error.message : String(error)), hint: '' };
}

/** An error as the screen shows it: plain words, the action, and the kind for styling/tests. */
export interface ShownError {
  readonly kind: string;
  readonly message: string;
  /** 429: wait this long before asking again. */
  readonly retryAfterMs?: number;
  /** The server could not be reached: the list asks again by itself (its lines say so, with the refresh key in force). */
  readonly retrying?: true;
}

/** What went wrong on the way to the server, in a few words. */
const NETWORK_REASONS: Partial<Record<NetworkReason, string>> = {
  refused: 'Server unreachable: connection refused.',
  dns: 'Server unreachable: DNS lookup failed.',
  reset: 'The connection to the server was cut off.',
};

/** Plain words and the action, for the error line. */
export function describeError(error: unknown, redact: Redact = asIs): ShownError {
  if (isApiError(error)) {
    const msg = (m: string) => redact(clean(m));
    switch (error.kind) {
      case 'unauthorized':
        // A token from a context (or DMS_TOKEN, --token) is named, with how to check it.
        if ((error as { tokenFrom?: unknown }).tokenFrom)
          return { kind: error.kind, message: `${msg(error.message)} ${msg(hintOf(error))}` };
        return { kind: error.kind, message: 'The server rejected the token (401). Check DMS_TOKEN or the context (dms context add).' };
      case 'forbidden':
        return { kind: error.kind, message: `${msg(error.message)} The token lacks the permission to read deployments.` };
      case 'not_found':
        return { kind: error.kind, message: `No such application (404). ${error.hint}` };
      case 'network': {
        const { reason } = error as NetworkError;
        // Timeouts say which wait ran out (connect, first byte, between chunks) and for how long.
        const what = reason === 'timeout' ? msg(error.message) : (NETWORK_REASONS[reason] ?? `Server unreachable: ${msg(error.message)}`);
        return { kind: error.kind, message: what, retrying: true };
      }
      case 'rate_limited': {
        // As long as the server asks, up to what dms honours (10 s): a timer never overflows.
        const wait = (error as RateLimitedError).waitMs;
        return {
          kind: error.kind,
          message: `${msg(error.message)} ${hintOf(error)}`,
          ...(wait !== undefined ? { retryAfterMs: wait } : {}),
        };
      }
      default: {
        const { message, hint } = wordsOf(error, redact);
        return { kind: error.kind, message: `${message} ${hint}`.trim() };
      }
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  return { kind: 'bug', message: redact(clean(text.split('\n').join(' '))) };
}

/** Fields a 409 (a domain in use) is about. */
export const CONFLICT_FIELDS = ['domains', 'container_compose_domains'] as const;

/** Why a creation was not made, as its form shows it. */
export type CreateFailure =
  /**
   * Fields were refused: by the server (422), as a domain in use (409), or by dms's own check of
   * the request: a message per field name (`(body)`: the request as a whole).
   */
  | { readonly kind: 'fields'; readonly by: 'server' | 'conflict' | 'local'; readonly errors: Readonly<Record<string, string>> }
  /** The request failed: what happened and what to do. `mayHaveCreated`: it reached the server and may have made it. */
  | { readonly kind: 'request'; readonly message: string; readonly hint: string; readonly mayHaveCreated: boolean };

/** A failed creation of `def` (sent with `values`) as its form shows it: under the fields, or as a line about the request. */
export function describeCreateError(error: unknown, def: FormDef, values: FormValues, redact: Redact = asIs): CreateFailure {
  const said = (m: string) => redact(clean(m));
  if (error instanceof ValidationError) {
    const errors = errorsFromProblems(def, error.problems);
    // Some 422s carry only a message; put it under the field it names, if any.
    if (Object.keys(errors).length === 0) errors[fieldNamedIn(def, error.message) ?? '(body)'] = error.message;
    for (const k of Object.keys(errors)) errors[k] = said(errors[k]!);
    return { kind: 'fields', by: 'server', errors };
  }
  if (error instanceof ConflictError) {
    // The whole message, under the field that holds the domains.
    const field = values.build_pack === 'containercompose' ? 'container_compose_domains' : 'domains';
    return { kind: 'fields', by: 'conflict', errors: { [field]: said([error.message, error.warning].filter(Boolean).join(' ')) } };
  }
  if (error instanceof LocalValidationError) return { kind: 'fields', by: 'local', errors: errorsFromProblems(def, error.problems) };
  return { kind: 'request', ...wordsOf(error, redact), mayHaveCreated: mayHaveCreated(error) };
}
