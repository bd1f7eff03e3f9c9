// The error lines every command prints on failure, and the line that says a wait. (Tables are in
// table.ts: string-width costs ~40 ms to load, and only the commands that print a table need it.)
import { ApiError, ConflictError, LocalValidationError, ValidationError } from '../api/errors.js';
import { formatSeconds } from '../api/limits.js';
import { clean } from '../text/sanitize.js';
import { hintOf } from './advice.js';

/** The lines printed on stderr for a failure: what is wrong, then what to do. */
export function errorLines(error: unknown, redact: (s: string) => string = (s) => s): string[] {
  if (error instanceof LocalValidationError) {
    const n = error.problems.length;
    return [
      `dms: the request is invalid (${n} problem${n === 1 ? '' : 's'}); nothing was sent:`,
      ...error.problems.map((p) => `  ${p.field === '(body)' ? '' : `${p.field}: `}${p.message}`),
    ];
  }
  if (error instanceof ValidationError) {
    const lines = [`dms: ${redact(error.message)}`];
    for (const p of error.problems) lines.push(`  ${clean(p.field)}: ${redact(clean(p.message))}`);
    lines.push(`  ${hintOf(error)}`);
    return lines;
  }
  if (error instanceof ConflictError && error.warning) {
    // The server's own words on what is in use, under the one line.
    return [`dms: ${redact(error.message)} ${hintOf(error)}`, `  ${redact(error.warning)}`];
  }
  if (error instanceof ApiError) {
    const hint = hintOf(error);
    return [`dms: ${redact(error.message)}${hint ? ` ${hint}` : ''}`];
  }
  if (error instanceof Error && (error.name === 'UsageError' || error.name === 'ConfigError')) {
    return [`dms: ${redact(error.message)}`];
  }
  const message = error instanceof Error ? error.message : String(error);
  return [`dms: internal error: ${redact(clean(message))}. This is a bug; rerun with DMS_DEBUG=1 for details.`];
}

/** Waits shorter than this pass unsaid: nothing a reader of the log would notice (a `Retry-After: 0`). */
const SAID_MS = 1000;

/** `waiting 3 s: the server asks to slow down (429)`: what a wait is for, and how long it is. */
export function waitText(why: string, ms: number): string {
  return `waiting ${formatSeconds(ms)}: ${clean(why).slice(0, 120)}`;
}

/**
 * Says a wait as a line on stderr (`dms: waiting 3 s: …`) when it lasts a second or more, so a
 * script's log shows why a command stood still; shorter ones pass unsaid.
 */
export function sayWait(stderr: NodeJS.WritableStream): (why: string, ms: number) => void {
  return (why, ms) => {
    if (ms >= SAID_MS) stderr.write(`dms: ${waitText(why, ms)}\n`);
  };
}
