// Whether a log line reads as an error: the rule the log viewer's e/E jump by and a failure's
// reason is looked for with (model/reason.ts). Pure; one place to change what counts.

// Marks whose case matters: ERROR and FATAL in capitals, `Error:` anywhere (TypeError:),
// `error:` and `fatal:` at a word's start (npm, git), and Killed (the OOM killer's word).
const CASED = /\bERROR\b|\bFATAL\b|\bKilled\b|Error:|(?:^|[^A-Za-z])(?:error|fatal):/;
// Words read in any case: panic (Go; Rust's `panicked`), failed (`Build failed`, `FAILED`).
const ANY_CASE = /\bpanic(?:ked)?\b|\bfailed\b/i;
// `0 failed` (a test summary) says that nothing failed.
const NONE_FAILED = /\b0 failed\b/gi;
// `exit code 2`, `exit code: 137`, `exited with code 1`, `exit status 1`, `exit 137`.
const EXIT_CODE = /\bexit(?:ed)?(?: with)?(?: (?:code|status))?[:=]? *(-?\d+)\b/gi;
// npm's `ERR!`, the OOM killer's words, a failed health check, a line that starts with the word
// error, fatal or panic and says what later (`Error response from daemon: …`; not `error-handler.ts`),
// Python's traceback, an exception by its class name (`java.lang.IllegalStateException: …`,
// `Exception in thread "main"`; not `ExceptionHandler` or `0 exceptions`) or said unhandled.
const OTHER: readonly RegExp[] = [
  /\bERR!/,
  /OOMKilled|out of memory/i,
  /\bunhealthy\b|\bnot healthy\b|health ?check\b.*\bfail/i,
  /^\W*(?:error|fatal|panic)\b(?!-).*:/i,
  /^\s*Traceback \(most recent call last\)/,
  /\b(?:[A-Z]\w*)?Exception\b(?!s)(?::|\s+in\b|$)/,
  /\b(?:unhandled|uncaught)\s+(?:\w+\s+)?exception\b/i,
];

/** A word every line that reads as an error holds: a text without one is not one (a quick first look). */
export const ERROR_WORD = /err|fatal|panic|exit|kill|memory|health|fail|exception|traceback/i;

/** The text reads as an error: ERROR, error:, Error:, ERR!, FATAL, fatal:, panic, Killed, out of memory, failed, a failed health check, an exception, a traceback, or an exit code other than 0. */
export function readsAsError(text: string): boolean {
  if (!ERROR_WORD.test(text)) return false;
  if (OTHER.some((re) => re.test(text))) return true;
  if (CASED.test(text) || ANY_CASE.test(text.replace(NONE_FAILED, ''))) return true;
  for (const m of text.matchAll(EXIT_CODE)) if (Number(m[1]) !== 0) return true;
  return false;
}

/**
 * A log line e/E stop at: one that reads as an error, whichever stream it was written to. Being on
 * stderr is not enough: git, docker and npm write their progress and warnings there.
 */
export function isErrorLine(line: { readonly kind: string; readonly text: string }): boolean {
  return line.kind !== 'cmd' && readsAsError(line.text);
}
