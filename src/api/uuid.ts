// Checks on what a list request names, before anything is sent. No got, no zod: the TUI's
// picker uses them before the client is loaded.
import type { PageRequest } from './client.js';
import type { FieldProblem } from './schemas/issues.js';

const APP_UUID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isAppUuid(value: string): boolean {
  return APP_UUID.test(value);
}

/**
 * A uuid from the server that dms may pass on as it is — copy to the clipboard (Y), put in a
 * suggested command, offer to shell completion: letters, digits and `-`, not starting with `-`.
 * Anything else is shown as data only.
 */
export const PLAIN_UUID = /^[A-Za-z0-9][A-Za-z0-9-]{0,127}$/;

export function isPlainUuid(value: unknown): value is string {
  return typeof value === 'string' && PLAIN_UUID.test(value);
}

export function pageProblems(appUuid: string, page: PageRequest): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!isAppUuid(appUuid)) problems.push({ field: 'uuid', message: 'must be an application uuid (letters, digits and -).' });
  if (page.skip !== undefined && !(Number.isInteger(page.skip) && page.skip >= 0)) {
    problems.push({ field: 'skip', message: 'must be a whole number of at least 0.' });
  }
  if (page.take !== undefined && !(Number.isInteger(page.take) && page.take >= 1)) {
    problems.push({ field: 'take', message: 'must be a whole number of at least 1.' });
  }
  return problems;
}

