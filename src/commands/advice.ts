// What the user can do about an API error, in dms's own commands, flags and variables: api/ says
// what failed (the error's kind and facts), this says what to run (hintOf: the commands' error
// lines and the TUI's read the same words), and how a message names the token (withTokenWords).
import {
  AdvisedError,
  ConflictError,
  NetworkError,
  ResponseTooLargeError,
  UnauthorizedError,
  type ApiError,
  type TokenFrom,
} from '../api/errors.js';
import { MAX_RESPONSE_MB_CEILING } from '../api/limits.js';

/** What to do about an answer over the limit, for a list (the usual case). */
export const TOO_LARGE_HINT = `Use a smaller --take; --all reads the history page by page. --max-response-mb raises the limit (at most ${MAX_RESPONSE_MB_CEILING}).`;

/** The advice for `error`, naming commands and flags; undefined for an error whose own words say it. */
export function cliAdvice(error: ApiError): string | undefined {
  if (error instanceof UnauthorizedError) return tokenAdvice(error);
  if (error instanceof ConflictError) {
    return 'Choose another domain, or send it anyway with force_domain_override (--force-domain-override; in the form: Force domain override).';
  }
  if (error instanceof NetworkError) return networkAdvice(error);
  if (error instanceof ResponseTooLargeError) {
    return error.single ? `Raise --max-response-mb (at most ${MAX_RESPONSE_MB_CEILING}) to read it.` : TOO_LARGE_HINT;
  }
  return undefined;
}

function tokenAdvice({ tokenFrom }: UnauthorizedError): string {
  switch (tokenFrom?.kind) {
    case 'context':
      return `Check it with: dms context verify ${tokenFrom.name}; replace it with: dms context add ${tokenFrom.name} --url URL.`;
    case 'env':
      return 'Check DMS_TOKEN: it may be mistyped, expired or revoked.';
    case 'flag':
      return 'Check the token: it may be mistyped, expired or revoked.';
    default:
      return 'Check DMS_TOKEN or the token of the context (dms context add).';
  }
}

function networkAdvice({ reason, step }: NetworkError): string {
  if (reason !== 'timeout') return 'Check DMS_URL and that the server is up.';
  switch (step) {
    case 'connect':
      return 'Check DMS_URL and that the server is up, or raise --timeout.';
    case 'data':
      return 'Try again; --timeout sets how long dms waits without data.';
    default:
      return 'The server is slow; try again or raise --timeout.';
  }
}

/** `the token of context prod`, `the token in DMS_TOKEN` or `the token given with --token`. */
function tokenWords(from: TokenFrom): string {
  switch (from.kind) {
    case 'context':
      return `the token of context ${from.name}`;
    case 'env':
      return 'the token in DMS_TOKEN';
    case 'flag':
      return 'the token given with --token';
  }
}

/** `from` with the words a 401's or 403's message names the token by (TokenFrom's `said`). */
export function withTokenWords(from: TokenFrom): TokenFrom {
  return { ...from, said: tokenWords(from) };
}

/** `error`'s hint as a command or the TUI prints it: the words given for this one error, else the advice, else its own. */
export function hintOf(error: ApiError): string {
  if (error instanceof AdvisedError && error.given !== undefined) return error.given;
  return cliAdvice(error) ?? error.hint;
}
