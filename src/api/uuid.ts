// Checks on what a list request names, before anything is sent. No got, no zod: the TUI's
// picker uses them before the client is loaded.
import type { FieldProblem } from './schemas/issues.js';

const APP_UUID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isAppUuid(value: string): boolean {
  return APP_UUID.test(value);
}

/** What is wrong with a list request for `appUuid` and `page` (the client's PageRequest). */
export function pageProblems(appUuid: string, page: { readonly skip?: number; readonly take?: number }): FieldProblem[] {
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
