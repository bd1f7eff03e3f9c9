// The one rule for a value from the server that dms passes on — into a command it suggests for the
// user's shell ("Resume with: dms logs …"), to the clipboard (Y), to shell completion: only a
// plain id (letters, digits and -). Anything else is shown quoted, as data, and never passed on.
import { jsonSafe } from './sanitize.js';

const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,127}$/;

/** Said where a value is not one. */
export const PLAIN_ID_WORDS = 'letters, digits and -';

/** An id that can go into a suggested command as it is: letters, digits and dashes, not starting with a dash. */
export function isPlainId(value: unknown): value is string {
  return typeof value === 'string' && PLAIN_ID.test(value);
}

/** A value from the server as a message shows it: as it is when plain, else quoted as JSON text (data, never a command). */
export function idText(value: string): string {
  return isPlainId(value) ? value : jsonSafe(JSON.stringify(value));
}
