// One deployment's detail as a pure reducer: which deployment (it follows its row through
// refreshes), the scroll position, the toggles (raw JSON, absent fields, secrets) and the search
// (`/`, n/N: state/line-search.ts, as in the log). The list's reducer (screens/deployments/state.ts)
// opens and closes it and hands it these actions. The lines are the view's (lines.ts, drawn at the
// terminal's width): a search action brings their text as they are on screen.
import type { Deployment } from '../../api/schemas/deployment.js';
import { textTest } from '../../model/log.js';
import type { LineCommand } from '../input/line-edit.js';
import {
  NO_SEARCH,
  typeQuery,
  keepSearch,
  startSearch,
  stepMatch,
  withMatches,
  type LineSearch,
  type SearchNote,
} from '../state/line-search.js';

export interface DetailState {
  /** The deployment's row key: the detail follows it through refreshes. */
  readonly key: string;
  /** The record as it was opened (shown when a refresh no longer has the row). */
  readonly record: Deployment;
  /** First line shown; Infinity for "the end" until the view has measured itself. */
  readonly offset: number;
  readonly raw: boolean;
  readonly reveal: boolean;
  readonly showAbsent: boolean;
  readonly note: string | null;
  /** `/`: the query, the lines that hold it (positions among the lines drawn), the one the view is on. */
  readonly search: LineSearch;
  /** What the search or n/N had to say (worded by lines.ts). */
  readonly searchNote: SearchNote | null;
  /** The largest offset and the lines of a page, as last drawn. */
  readonly size: { readonly max: number; readonly page: number };
}

export type DetailScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

export type DetailAction =
  | { type: 'scroll'; to: DetailScroll }
  | { type: 'toggle'; what: 'raw' | 'absent' }
  /** Secrets shown or hidden; `allowed` false says why not. */
  | { type: 'reveal'; allowed: boolean }
  /** What the detail view measured when drawn. */
  | { type: 'detailSize'; max: number; page: number }
  | { type: 'detailSearch'; search: DetailSearchAction };

/** The search's steps; `lines` are the text of the lines as drawn (label and value). */
export type DetailSearchAction =
  | { op: 'start' }
  | { op: 'text'; text: string; lines: readonly string[] }
  | { op: 'line'; command: LineCommand; lines: readonly string[] }
  /** Leave the query line: keep the search, or drop it and go back to where the view was. */
  | { op: 'end'; keep: boolean }
  | { op: 'clear' }
  | { op: 'next'; direction: 1 | -1; lines: readonly string[] };

const NO_SECRETS = 'Secrets stay hidden: restart dms with --show-secrets to allow revealing them.';

/** A deployment's detail as it opens: at the top, masked, absent fields folded. */
export function openDetail(key: string, record: Deployment): DetailState {
  return {
    key,
    record,
    offset: 0,
    raw: false,
    reveal: false,
    showAbsent: false,
    note: null,
    search: NO_SEARCH,
    searchNote: null,
    size: { max: 0, page: 1 },
  };
}

/** The positions of the lines that hold the query (smart case, as in the log). */
export function detailMatches(lines: readonly string[], query: string): number[] {
  if (query === '') return [];
  const holds = textTest(query);
  const out: number[] = [];
  lines.forEach((text, i) => {
    if (holds(text)) out.push(i);
  });
  return out;
}

/** The first line on screen: the offset as drawn (`Infinity`, the end, is the largest). */
function topOf(d: DetailState): number {
  return Math.min(d.offset, d.size.max);
}

/** The view moved so that line `at` is on screen (a few lines below the top when it was not). */
function revealLine(d: DetailState, at: number): DetailState {
  const top = topOf(d);
  if (at >= top && at < top + d.size.page) return d;
  return { ...d, offset: Math.max(0, Math.min(d.size.max, at - Math.min(3, Math.floor(d.size.page / 4)))) };
}

/** The matches found again in `lines`; the view on the first at or after `from`. */
function searched(d: DetailState, lines: readonly string[], from: number): DetailState {
  const search = withMatches(d.search, detailMatches(lines, d.search.line.value), from);
  const next = { ...d, search };
  return search.current >= 0 ? revealLine(next, search.matches[search.current]!) : next;
}

function searchReducer(d: DetailState, a: DetailSearchAction): DetailState {
  switch (a.op) {
    case 'start':
      return { ...d, note: null, searchNote: null, search: startSearch(topOf(d)) };
    case 'text':
    case 'line': {
      const typed = typeQuery(d.search, a.op === 'text' ? { text: a.text } : { command: a.command });
      if (!typed) return d;
      return typed.requery ? searched({ ...d, search: typed.search }, a.lines, d.search.origin) : { ...d, search: typed.search };
    }
    case 'end': {
      if (!d.search.editing) return d;
      const kept = a.keep ? keepSearch(d.search) : undefined;
      if (kept) return { ...d, search: kept.search, searchNote: kept.note };
      return { ...d, search: NO_SEARCH, offset: d.search.origin };
    }
    case 'clear':
      return d.search === NO_SEARCH && d.searchNote === null ? d : { ...d, search: NO_SEARCH, searchNote: null };
    case 'next': {
      // The lines may have changed since (a refresh, y, f, s, another width): their matches again,
      // the view still on the match it was on when that line still holds the query.
      const was = d.search.current >= 0 ? d.search.matches[d.search.current] : undefined;
      const matches = detailMatches(a.lines, d.search.line.value);
      const fresh: LineSearch = { ...d.search, matches, current: was === undefined ? -1 : matches.indexOf(was) };
      const step = stepMatch(fresh, a.direction, { top: topOf(d), shown: d.size.page });
      if (!('search' in step)) return { ...d, search: fresh, searchNote: step.note };
      return revealLine({ ...d, search: step.search, searchNote: step.note, note: null }, step.search.matches[step.search.current]!);
    }
  }
}

function scrolled(d: DetailState, to: DetailScroll): number {
  const at = Math.min(d.offset, d.size.max);
  const page = Math.max(1, d.size.page - 1);
  switch (to) {
    case 'up':
      return Math.max(0, at - 1);
    case 'down':
      return Number.isFinite(d.offset) ? Math.min(d.size.max, at + 1) : d.offset;
    case 'pageUp':
      return Math.max(0, at - page);
    case 'pageDown':
      return Number.isFinite(d.offset) ? Math.min(d.size.max, at + page) : d.offset;
    case 'top':
      return 0;
    case 'bottom':
      return Infinity;
  }
}

/** The detail after an action; the same object when nothing changed. */
export function detailReducer(d: DetailState, action: DetailAction): DetailState {
  switch (action.type) {
    case 'scroll': {
      const offset = scrolled(d, action.to);
      return offset === d.offset && d.note === null && d.searchNote === null ? d : { ...d, offset, note: null, searchNote: null };
    }
    case 'toggle':
      return action.what === 'raw'
        ? { ...d, raw: !d.raw, offset: 0, note: null, searchNote: null }
        : { ...d, showAbsent: !d.showAbsent, note: null, searchNote: null };
    case 'reveal':
      return action.allowed ? { ...d, reveal: !d.reveal, note: null, searchNote: null } : { ...d, note: NO_SECRETS };
    case 'detailSearch':
      return searchReducer(d, action.search);
    case 'detailSize':
      if (d.size.max === action.max && d.size.page === action.page && d.offset <= action.max) return d;
      return { ...d, size: { max: action.max, page: action.page }, offset: Math.min(d.offset, action.max) };
  }
}
