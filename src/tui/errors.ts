// The one place an error becomes TUI text: a typed API error (or a bug) as a line that says what
// is wrong and what to do, cleaned of control characters and with the token redacted.
import { isApiError, type NetworkError, type NetworkReason, type RateLimitedError } from '../api/errors.js';
import { clean } from '../text/sanitize.js';

/** An error as the screen shows it: plain words, the action, and the kind for styling/tests. */
export interface ShownError {
  readonly kind: string;
  readonly message: string;
  /** 429: wait this long before asking again. */
  readonly retryAfterMs?: number;
}

/** What went wrong on the way to the server, in a few words. */
const NETWORK_REASONS: Partial<Record<NetworkReason, string>> = {
  refused: 'Server unreachable: connection refused.',
  dns: 'Server unreachable: DNS lookup failed.',
  reset: 'The connection to the server was cut off.',
};

/** Plain words and the action, for the error line. */
export function describeError(error: unknown, redact: (s: string) => string = (s) => s): ShownError {
  if (isApiError(error)) {
    const msg = (m: string) => redact(clean(m));
    switch (error.kind) {
      case 'unauthorized':
        // A token from a context (or DMS_TOKEN, --token) is named, with how to check it.
        if ((error as { tokenFrom?: unknown }).tokenFrom) return { kind: error.kind, message: `${msg(error.message)} ${msg(error.hint)}` };
        return { kind: error.kind, message: 'The server rejected the token (401). Check DMS_TOKEN or the context (dms context add).' };
      case 'forbidden':
        return { kind: error.kind, message: `${msg(error.message)} The token lacks the permission to read deployments.` };
      case 'not_found':
        return { kind: error.kind, message: `No such application (404). ${error.hint}` };
      case 'network': {
        const { reason } = error as NetworkError;
        // Timeouts say which wait ran out (connect, first byte, between chunks) and for how long.
        const what = reason === 'timeout' ? msg(error.message) : NETWORK_REASONS[reason] ?? `Server unreachable: ${msg(error.message)}`;
        return { kind: error.kind, message: `${what} Retrying every few seconds, or press r.` };
      }
      case 'rate_limited': {
        // As long as the server asks, up to what dms honours (10 s): a timer never overflows.
        const wait = (error as RateLimitedError).waitMs;
        return {
          kind: error.kind,
          message: `${msg(error.message)} ${error.hint}`,
          ...(wait !== undefined ? { retryAfterMs: wait } : {}),
        };
      }
      default:
        return { kind: error.kind, message: `${msg(error.message)} ${msg(error.hint)}`.trim() };
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  return { kind: 'bug', message: redact(clean(text.split('\n').join(' '))) };
}
