// A search over lines shown one under another (`/` in the log viewer and in the detail): the
// query being typed or kept, the positions of the lines that match, the match the view is on,
// and n/N from it — or from the view when it is off screen, as in less. Pure: each screen finds
// its matches in its own lines (smart case: model/log.ts textTest) and moves its own view; the
// words for what happened are here so both screens say it the same way.
import { thousands } from '../../text/thousands.js';
import { applyLine, insertLine, lineAt, type LineCommand, type LineState } from '../input/line-edit.js';

export interface LineSearch {
  /** The query, and the line editor's cursor in it. */
  readonly line: LineState;
  /** The query line is being typed. */
  readonly editing: boolean;
  /** Positions of the lines that match, ascending. */
  readonly matches: readonly number[];
  /** Index into `matches` of the match the view is on; -1 when none. */
  readonly current: number;
  /** Where the view was when the search started (Esc goes back there). */
  readonly origin: number;
}

export const NO_SEARCH: LineSearch = { line: lineAt(''), editing: false, matches: [], current: -1, origin: 0 };

/** Longest query typed. */
export const QUERY_MAX = 500;

/** What n/N or leaving the query line has to say. */
export type SearchNote =
  | { readonly kind: 'noSearch' }
  | { readonly kind: 'noMatch'; readonly query: string }
  | { readonly kind: 'searchWrapped'; readonly past: 'end' | 'start' };

/** A search begun at the view's position `origin`. */
export function startSearch(origin: number): LineSearch {
  return { ...NO_SEARCH, editing: true, origin };
}

/**
 * The search after typed text or an editing key while its query is edited: `requery` when the
 * query's text changed (the caller finds its matches again). Undefined when nothing changes: the
 * query is not being edited, or would be longer than QUERY_MAX.
 */
export function typeQuery(
  search: LineSearch,
  edit: { readonly text: string } | { readonly command: LineCommand },
): { readonly search: LineSearch; readonly requery: boolean } | undefined {
  if (!search.editing) return undefined;
  const line = 'text' in edit ? insertLine(search.line, edit.text) : applyLine(search.line, edit.command);
  if (line.value.length > QUERY_MAX) return undefined;
  return { search: { ...search, line }, requery: line.value !== search.line.value };
}

/** The search with these matches, on the first at or after `from` (else the first). */
export function withMatches(search: LineSearch, matches: readonly number[], from: number): LineSearch {
  let current = matches.findIndex((p) => p >= from);
  if (current === -1 && matches.length > 0) current = 0;
  return { ...search, matches, current };
}

/** Enter on the query line: the search kept (a note when nothing matches); undefined: dropped (an empty query). */
export function keepSearch(search: LineSearch): { readonly search: LineSearch; readonly note: SearchNote | null } | undefined {
  if (search.line.value === '') return undefined;
  return {
    search: { ...search, editing: false },
    note: search.matches.length === 0 ? { kind: 'noMatch', query: search.line.value } : null,
  };
}

/**
 * n/N: the next (or previous) match, from the one the view is on while it is on screen (the lines
 * at `top` and the `shown` after it), else from the view; round the end once, saying so.
 */
export function stepMatch(
  search: LineSearch,
  direction: 1 | -1,
  view: { readonly top: number; readonly shown: number },
): { readonly search: LineSearch; readonly note: SearchNote | null } | { readonly note: SearchNote } {
  const { matches, current } = search;
  if (matches.length === 0)
    return { note: search.line.value === '' ? { kind: 'noSearch' } : { kind: 'noMatch', query: search.line.value } };
  const on = current >= 0 && matches[current]! >= view.top && matches[current]! < view.top + view.shown;
  let next: number;
  let note: SearchNote | null = null;
  if (direction === 1) {
    const after = on ? matches[current]! : view.top - 1;
    next = matches.findIndex((p) => p > after);
    if (next === -1) {
      next = 0;
      note = { kind: 'searchWrapped', past: 'end' };
    }
  } else {
    const before = on ? matches[current]! : view.top + view.shown;
    next = -1;
    for (let i = matches.length - 1; i >= 0 && next === -1; i--) if (matches[i]! < before) next = i;
    if (next === -1) {
      next = matches.length - 1;
      note = { kind: 'searchWrapped', past: 'start' };
    }
  }
  return { search: { ...search, current: next }, note };
}

/** A search note as the message line says it: `searchKey` is the search key in force, `what` what it searches (`the log`). */
export function searchNoteText(note: SearchNote, searchKey: string, what: string): string {
  switch (note.kind) {
    case 'noSearch':
      return `No search yet: ${searchKey} searches ${what}.`;
    case 'noMatch':
      return `No line matches “${note.query}”.`;
    case 'searchWrapped':
      return note.past === 'end'
        ? 'Search went past the end: back to the first match.'
        : 'Search went past the start: on to the last match.';
  }
}

/** After the query being typed: `  no match`, `  3 of 12 matching lines`, or nothing for an empty query. */
export function searchFound(search: LineSearch): string {
  if (search.line.value === '') return '';
  return search.matches.length === 0 ? '  no match' : `  ${search.current + 1} of ${thousands(search.matches.length)} matching lines`;
}

/** A search kept: `“error”: line 3 of 12 matching · n/N move · Esc clears`, with the keys in force. */
export function searchStatus(search: LineSearch, keys: { readonly next: string; readonly prev: string; readonly clear: string }): string {
  return (
    `“${search.line.value}”: line ${search.current + 1} of ${thousands(search.matches.length)} matching` +
    ` · ${keys.next}/${keys.prev} move · ${keys.clear} clears`
  );
}
