// Whether a server accepts a token, with one read: the list of an application that cannot exist.
// A 404 naming the application means the token passed authentication (the server looked the
// application up); 401/403 that it did not. A 404 of the route (a URL without /api/v1) says
// nothing about the token, nor does a network failure.
import { ApiError, ForbiddenError, NetworkError, NotFoundError, UnauthorizedError } from '../api/errors.js';
import { exitCodeFor, EXIT } from './exit-codes.js';
import { hintOf } from './advice.js';

/** The nil UUID: no server hands it out, so listing it can only be "not found" (or refused). */
export const PROBE_APP = '00000000-0000-0000-0000-000000000000';

export type TokenCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** 401 or 403: the token was refused. */
      readonly rejected: boolean;
      /** No answer at all (refused, DNS, reset, timeout). */
      readonly network: boolean;
      /** What happened, one sentence; never the token. */
      readonly message: string;
      /** What to do, when there is something. */
      readonly hint: string;
      /** The exit code it maps to. */
      readonly code: number;
    };

export interface CheckOptions {
  /** Time without progress before giving up, in ms (default 15 s). */
  readonly timeoutMs?: number;
}

/** One GET, not retried: `deployments/applications/<nil uuid>?take=1`. */
export async function checkToken(url: string, token: string, options: CheckOptions = {}): Promise<TokenCheck> {
  const { createClient } = await import('../api/client.js');
  const client = createClient({ baseUrl: url, token, timeoutMs: options.timeoutMs, retries: 0 });
  try {
    await client.listRecords(PROBE_APP, { take: 1 });
    // A server that lists anything for any uuid: it answered, so the token passed.
    return { ok: true };
  } catch (error) {
    // Only a 404 about the application proves that the request got past authentication.
    if (error instanceof NotFoundError && /application/i.test(error.message)) return { ok: true };
    const redact = client.redact;
    if (error instanceof ApiError) {
      const rejected = error instanceof UnauthorizedError || error instanceof ForbiddenError;
      const unclear = error instanceof NotFoundError;
      return {
        ok: false,
        rejected,
        network: error instanceof NetworkError,
        message: redact(unclear ? `${error.message.replace(/\.$/, '')}, which does not say whether the token was accepted` : error.message),
        hint: rejected || unclear ? '' : redact(hintOf(error)),
        code: rejected ? EXIT.auth : unclear ? EXIT.failure : exitCodeFor(error),
      };
    }
    throw error;
  }
}
