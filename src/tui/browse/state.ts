// The deployments screen as one pure reducer: the page (paging.ts), a search of the whole history
// (search.ts), and the screen's mode — the list, the filter or go-to line being typed, one
// deployment's detail (its own state: ../detail/state.ts) or its log (the log viewer's room).
// Keys that arrive together each see what the ones before them did.
import type { Deployment } from '../../api/schemas/deployment.js';
import { keyOf, keyOfRecord, viewOf, type DeploymentView } from '../../model/deployment.js';
import { STATUS_FILTERS, type StatusFilter, type Summary } from '../../model/history.js';
import type { ReasonAt } from '../../model/reason.js';
import type { TimeMode } from '../../text/format.js';
import { applyLine, insertLine, lineAt, type LineCommand, type LineState } from '../input/line-edit.js';
import { pagingReducer, visibleRows, type PagingAction, type PagingState } from './paging.js';
import { searchReducer, type SearchAction, type SearchState } from './search.js';
import { detailReducer, openDetail, type DetailAction, type DetailState } from './detail.js';
import { toggleMark, type CompareOpen, type Picked } from './marks.js';

/** `jump`: the go-to line (an id, uuid or commit) is being typed. */
export type BrowseMode = 'list' | 'filter' | 'jump' | 'detail' | 'log' | 'stats' | 'compare';

/** A deployment found by a search or a jump, being fetched whole to open it. */
export interface Fetching {
  readonly summary: Summary;
  readonly then: 'detail' | 'log';
}

/** The log viewer open over the list or the detail (Esc goes back to it). */
export interface LogOpen {
  readonly key: string;
  readonly record: Deployment;
  /** Its position in the history when opened (page start + row). */
  readonly index: number;
  readonly total: number | null;
  readonly from: 'list' | 'detail';
  /** Where it opens: at the reason's line (from the detail of a failure), else at the end. */
  readonly at?: ReasonAt;
}

export interface BrowseState {
  readonly paging: PagingState;
  readonly mode: BrowseMode;
  readonly detail: DetailState | null;
  readonly log: LogOpen | null;
  /** A search of the whole history, or a jump: its results replace the page until Esc. */
  readonly search: SearchState | null;
  /** Searches started (numbers each scan). */
  readonly searches: number;
  /**
   * The scope (s): the search shown holds only failed or running deployments, and so do searches
   * started from it. Never on without a search of that scope shown (the header says it); Esc clears it.
   */
  readonly status: StatusFilter;
  readonly jumpLine: LineState;
  readonly fetching: Fetching | null;
  /** A brief note in the footer (`x: no action here — ? for help`), gone with the next key. */
  readonly keyNote: string | null;
  /**
   * The application was just created with instant deploy: until the first page lists a deployment.
   * Then the newest (the one the creation started) is selected and its log opened, unless the
   * user moved on meanwhile (a filter, a search, another view).
   */
  readonly awaitingNewest: boolean;
  /** Times as `3d 4h ago` or as the local time with its zone (T; remembered for the user). */
  readonly time: TimeMode;
  /** The row marked with Space for `=` (kept across pages, searches and refreshes). */
  readonly mark: Picked | null;
  /** Two deployments compared (`=`), over the list until Esc. */
  readonly compare: CompareOpen | null;
  /** Every column drawn (W), scrolled sideways when they do not fit: `columnStart` is the first shown. */
  readonly wide: boolean;
  readonly columnStart: number;
  /** The last first column that still shows the last one (measured by the table). */
  readonly columnMax: number;
  /**
   * The deployment a jump (`:N`) opened: where it is in the history and its row's key. Leaving it
   * (Esc) goes to the page that holds it, the cursor on it (keys.ts asks for that page).
   */
  readonly jumped: { readonly index: number; readonly key: string } | null;
}

export type BrowseAction =
  | PagingAction
  | { type: 'filterStart' }
  /** Leave the filter line, keeping what was typed or clearing it. */
  | { type: 'filterEnd'; keep: boolean }
  /** Open the detail of the row under the cursor. */
  | { type: 'open' }
  | { type: 'close' }
  /** Open the log of the row under the cursor (from the list) or of the open detail; `at`: at that line. */
  | { type: 'openLog'; at?: ReasonAt }
  | { type: 'closeLog' }
  /** The stats of the whole history over the list (S); Esc comes back to the list as it was. */
  | { type: 'openStats' }
  | { type: 'closeStats' }
  /** Scrolling and toggles of the open detail. */
  | DetailAction
  | SearchAction
  /** The filter line's Enter: search the whole history for what was typed. */
  | { type: 'filterSearch' }
  | { type: 'statusCycle' }
  /**
   * Esc on the list: one step back a press — stop a search that reads; drop a search's words (back
   * to its scope's results); the scope; the page's filter; the mark. Nothing left: the state as it
   * was (keys.ts then goes back to the picker).
   */
  | { type: 'listBack' }
  | { type: 'jumpStart' }
  | { type: 'jumpText'; text: string }
  | { type: 'jumpLine'; command: LineCommand }
  | { type: 'jumpEnd'; go: boolean }
  /** Enter or l on a search result: fetch it whole, then open it. */
  | { type: 'openResult'; then: 'detail' | 'log' }
  /** The whole record of a result or a jump, to open. */
  | { type: 'openRecord'; record: Deployment; index: number; total: number | null; then: 'detail' | 'log' }
  | { type: 'fetchFailed'; message: string }
  /** A one-line note on the message line (a context switch under way, or why it failed). */
  | { type: 'notice'; message: string }
  /** A note in the footer for the key just pressed, or null to clear it. */
  | { type: 'keyNote'; note: string | null }
  /** T: relative times, or absolute. */
  | { type: 'timeMode' }
  /** Space: mark the row under the cursor, or unmark it. */
  | { type: 'markRow' }
  | { type: 'openCompare'; open: CompareOpen }
  | { type: 'closeCompare' }
  | { type: 'wideToggle' }
  /** Sideways in the wide view, by whole columns. */
  | { type: 'columnScroll'; delta: number }
  /** How far the wide view can scroll (the table, once laid out). */
  | { type: 'columnRoom'; max: number };

export function initialBrowse(
  paging: PagingState,
  options: { awaitingNewest?: boolean; time?: TimeMode; mark?: Picked | null } = {},
): BrowseState {
  return newestArrived({
    paging,
    mode: 'list',
    detail: null,
    log: null,
    search: null,
    searches: 0,
    status: 'all',
    jumpLine: lineAt(''),
    fetching: null,
    keyNote: null,
    awaitingNewest: options.awaitingNewest === true,
    time: options.time ?? 'relative',
    mark: options.mark ?? null,
    compare: null,
    wide: false,
    columnStart: 0,
    columnMax: 0,
    jumped: null,
  });
}

/** awaitingNewest met: the first page lists the new deployment. */
function newestArrived(state: BrowseState): BrowseState {
  const p = state.paging;
  if (!state.awaitingNewest || p.rows.length === 0 || p.shown?.skip !== 0) return state;
  const done = { ...state, awaitingNewest: false };
  if (done.mode !== 'list' || done.search || p.filter) return done;
  return browseReducer(browseReducer(done, { type: 'cursorTo', index: 0 }), { type: 'openLog' });
}

export function browseReducer(state: BrowseState, action: BrowseAction): BrowseState {
  switch (action.type) {
    case 'filterStart':
      return state.mode === 'list' ? { ...state, mode: 'filter' } : state;
    case 'filterEnd': {
      if (state.mode !== 'filter') return state;
      const paging = action.keep ? state.paging : pagingReducer(state.paging, { type: 'filter', text: '' });
      return { ...state, mode: 'list', paging };
    }
    case 'open': {
      if (state.mode !== 'list') return state;
      const row = visibleRows(state.paging)[state.paging.cursor];
      if (!row) return state;
      const key = state.paging.keys[state.paging.rows.indexOf(row)] ?? '';
      return { ...state, mode: 'detail', detail: openDetail(key, row.record) };
    }
    case 'close':
      return state.mode === 'detail' ? { ...state, mode: 'list', detail: null, jumped: null } : state;
    case 'openLog': {
      const p = state.paging;
      let key: string;
      let record: Deployment;
      if (state.mode === 'detail' && state.detail) {
        ({ key, record } = state.detail);
      } else if (state.mode === 'list') {
        const row = visibleRows(p)[p.cursor];
        if (!row) return state;
        key = p.keys[p.rows.indexOf(row)] ?? '';
        record = row.record;
      } else {
        return state;
      }
      const at = p.keys.indexOf(key);
      const index = (p.shown?.skip ?? 0) + Math.max(0, at);
      const fresh = at >= 0 ? p.rows[at]!.record : record;
      const log: LogOpen = { key, record: fresh, index, total: p.total, from: state.mode, ...(action.at ? { at: action.at } : {}) };
      return { ...state, mode: 'log', log };
    }
    case 'closeLog':
      return state.mode === 'log' && state.log ? { ...state, mode: state.log.from, log: null } : state;
    case 'openStats':
      return state.mode === 'list' ? { ...state, mode: 'stats' } : state;
    case 'closeStats':
      return state.mode === 'stats' ? { ...state, mode: 'list' } : state;
    case 'scroll':
    case 'toggle':
    case 'reveal':
    case 'detailSize':
    case 'detailSearch': {
      if (!state.detail) return state;
      const detail = detailReducer(state.detail, action);
      return detail === state.detail ? state : { ...state, detail };
    }
    case 'filterSearch': {
      if (state.mode !== 'filter') return state;
      const text = state.paging.filter.trim();
      const paging = pagingReducer(state.paging, { type: 'filter', text: '' });
      if (text === '' && state.status === 'all') return { ...state, mode: 'list', paging, search: null };
      return started({ ...state, mode: 'list', paging }, 'search', text, state.status);
    }
    case 'statusCycle': {
      const status = STATUS_FILTERS[(STATUS_FILTERS.indexOf(state.status) + 1) % STATUS_FILTERS.length]!;
      const text = state.search?.kind === 'search' ? state.search.text : '';
      if (text === '' && status === 'all') return { ...state, status, search: null };
      return started({ ...state, status }, 'search', text, status);
    }
    case 'listBack': {
      if (state.mode !== 'list') return state;
      const s = state.search;
      if (s?.scanning) return { ...state, search: searchReducer(s, { type: 'searchStop' }, resultRows(state)) };
      if (s?.kind === 'search' && s.text !== '' && state.status !== 'all') return started(state, 'search', '', state.status);
      if (s) return { ...state, search: null, status: 'all' };
      if (state.paging.filter) return { ...state, paging: pagingReducer(state.paging, { type: 'filter', text: '' }) };
      if (state.mark) return { ...state, mark: null };
      return state;
    }
    case 'jumpStart':
      return state.mode === 'list' ? { ...state, mode: 'jump', jumpLine: lineAt('') } : state;
    case 'jumpText':
    case 'jumpLine': {
      if (state.mode !== 'jump') return state;
      const line = action.type === 'jumpText' ? insertLine(state.jumpLine, action.text) : applyLine(state.jumpLine, action.command);
      return line.value.length > 100 ? state : { ...state, jumpLine: line };
    }
    case 'jumpEnd': {
      if (state.mode !== 'jump') return state;
      const text = state.jumpLine.value.trim();
      if (!action.go || text === '') return { ...state, mode: 'list' };
      // A jump takes the place of what a scope showed: the scope goes with it (it would narrow the next search unseen).
      return started({ ...state, mode: 'list', status: 'all' }, 'jump', text, 'all');
    }
    case 'openResult': {
      const s = state.search;
      const summary = s?.results[s.cursor];
      if (state.mode !== 'list' || !summary || state.fetching) return state;
      return { ...state, fetching: { summary, then: action.then } };
    }
    case 'openRecord': {
      const key = `found:${action.index}`;
      const detail = openDetail(key, action.record);
      // A jump has done its work once it opens what it found: Esc goes back to the list, on its page.
      const jump = state.search?.kind === 'jump';
      const search = jump ? null : state.search;
      const jumped = jump ? { index: action.index, key: keyOfRecord(action.record, 0) } : null;
      if (action.then === 'log') {
        return {
          ...state,
          search,
          jumped,
          fetching: null,
          mode: 'log',
          log: { key, record: action.record, index: action.index, total: action.total, from: 'list' },
        };
      }
      return { ...state, search, jumped, fetching: null, mode: 'detail', detail };
    }
    case 'notice':
      return { ...state, paging: { ...state.paging, notice: { kind: 'said', text: action.message } } };
    case 'keyNote':
      return state.keyNote === action.note ? state : { ...state, keyNote: action.note };
    case 'timeMode':
      return { ...state, time: state.time === 'relative' ? 'absolute' : 'relative' };
    case 'markRow':
      return state.mode === 'list' ? { ...state, mark: toggleMark(state.mark, pickedRow(state)) } : state;
    case 'openCompare':
      return state.mode === 'list' ? { ...state, mode: 'compare', compare: action.open } : state;
    case 'closeCompare':
      return state.mode === 'compare' ? { ...state, mode: 'list', compare: null } : state;
    case 'wideToggle':
      return { ...state, wide: !state.wide, columnStart: 0 };
    case 'columnScroll': {
      if (!state.wide) return state;
      const columnStart = Math.max(0, Math.min(state.columnMax, state.columnStart + action.delta));
      return columnStart === state.columnStart ? state : { ...state, columnStart };
    }
    case 'columnRoom': {
      const max = Math.max(0, action.max);
      if (max === state.columnMax) return state;
      return { ...state, columnMax: max, columnStart: Math.min(state.columnStart, max) };
    }
    case 'fetchFailed':
      return { ...state, fetching: null, paging: { ...state.paging, notice: { kind: 'said', text: action.message } } };
    case 'searchStart':
    case 'searchChunk':
    case 'searchDone':
    case 'searchPause':
    case 'searchStop':
    case 'searchClose':
    case 'resultCursor':
    case 'resultPage': {
      const search = searchReducer(state.search, action, resultRows(state));
      // No search shown, no scope.
      return search === state.search ? state : { ...state, search, status: search ? state.status : 'all' };
    }
    default: {
      const paging = pagingReducer(state.paging, action);
      return paging === state.paging ? state : newestArrived({ ...state, paging });
    }
  }
}

/** The deployment the keys act on: open in the detail, else under the cursor. */
export function selectedView(state: BrowseState): DeploymentView | undefined {
  if (state.mode === 'detail' && state.detail) {
    const at = state.paging.keys.indexOf(state.detail.key);
    return at >= 0 ? state.paging.rows[at] : viewOf(state.detail.record);
  }
  if (state.search?.kind === 'search') return state.search.results[state.search.cursor];
  return visibleRows(state.paging)[state.paging.cursor];
}

/** The row under the cursor as `=` and Space take it: a search result (a summary), else a row of the page. */
export function pickedRow(state: BrowseState): Picked | undefined {
  if (state.search?.kind === 'search') {
    const found = state.search.results[state.search.cursor];
    return found ? { view: found, index: found.index, whole: false } : undefined;
  }
  const p = state.paging;
  const row = visibleRows(p)[p.cursor];
  return row ? { view: row, index: (p.shown?.skip ?? 0) + p.rows.indexOf(row), whole: true } : undefined;
}

/** The page's rows for a comparison (what lies between is read from them first). */
export function pageOf(state: BrowseState): CompareOpen['page'] {
  return { rows: state.paging.rows, start: state.paging.shown?.skip ?? 0 };
}

/** The key of the drawn row the mark is on: a page row's key or a search result's (`r:<index>`). */
export function isMarkedRow(state: BrowseState, rowKey: string): boolean {
  const m = state.mark;
  if (!m) return false;
  if (rowKey.startsWith('r:')) return rowKey === `r:${m.index}`;
  return rowKey.split(' ')[0] === keyOf(m.view, -1);
}

/** Results to a page: as many as the table shows. */
export function resultRows(state: BrowseState): number {
  return Math.max(1, Math.min(state.paging.want.take, state.paging.window.rows));
}

function started(state: BrowseState, kind: 'search' | 'jump', text: string, status: StatusFilter): BrowseState {
  const searches = state.searches + 1;
  return {
    ...state,
    searches,
    search: searchReducer(state.search, { type: 'searchStart', kind, text, status, seq: searches }, resultRows(state)),
  };
}
