// Exit codes for scripts, and the one-line error message for each failure.
import { ApiError, LocalValidationError, mayHaveCreated } from '../api/errors.js';
import { OLD_NODE_EXIT } from './node-version.js';

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  rejected: 5,
  rateLimited: 6,
  /** `dms logs --follow`: the deployment failed, was cancelled, or --wait-timeout passed first. */
  failed: 7,
  cancelled: 8,
  timedOut: 9,
  /**
   * A creation reached the server and may have made the resource (its answer was lost), or did (a
   * 2xx whose answer could not be read): look for it before sending again. Never 1, which a
   * script may take for "try again".
   */
  unconfirmed: 10,
  /** `dms logs --reason`: the deployment has no reason to print (it did not fail, its row has no logs, its log names no cause). */
  noReason: 11,
  /**
   * A read of the whole history (`--all`, `dms stats`, `dms reasons`, `dms diff`, `dms logs APP REF`) came to a
   * different number of deployments than the server counts: fewer (its pages ended before its
   * count; none at all), or more than its first count allows (or, with no count, 1,000,000) and
   * the reading stopped there. What was read is printed; it is not the history the server counts.
   */
  miscount: 12,
  /** A creation's answer could not all be written: stdout's reader went away (`| true`) and no --save-credentials file holds it. */
  outputClosed: 13,
  /** The Node.js running dms is older than it needs (package.json's engines: 22). */
  oldNode: OLD_NODE_EXIT,
  /** The terminal went away (SIGHUP; the TUI's HANG_UP_EXIT): 128 + the signal's number, as a shell reports it. */
  hangUp: 129,
  interrupted: 130,
  /** SIGTERM. */
  terminated: 143,
} as const;

/** A mistake in how dms was called: message says what is wrong and what to do. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError || error instanceof LocalValidationError) return EXIT.usage;
  if (error instanceof Error && error.name === 'ConfigError') return EXIT.usage;
  if (mayHaveCreated(error)) return EXIT.unconfirmed;
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'unauthorized':
      case 'forbidden':
        return EXIT.auth;
      case 'not_found':
        return EXIT.notFound;
      case 'validation':
      case 'conflict':
        return EXIT.rejected;
      case 'rate_limited':
        return EXIT.rateLimited;
      case 'miscount':
        return EXIT.miscount;
      default:
        return EXIT.failure;
    }
  }
  return EXIT.failure;
}
