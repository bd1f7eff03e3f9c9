// The deployments screen as one pure reducer: the page (paging.ts), and the screen's mode —
// the list, the filter line being typed, or one deployment's detail with its scroll position
// and toggles. Keys that arrive together each see what the ones before them did.
import type { Deployment } from '../../../api/schemas/deployment.js';
import { STATUS_FILTERS, type StatusFilter, type Summary } from '../../../model/history.js';
import { applyLine, insertLine, lineAt, type LineCommand, type LineState } from '../../input/line-edit.js';
import { pagingReducer, visibleRows, type PagingAction, type PagingState } from './paging.js';
import { searchReducer, type SearchAction, type SearchState } from './search.js';

/** `jump`: the go-to line (an id, uuid or commit) is being typed. */
export type BrowseMode = 'list' | 'filter' | 'jump' | 'detail' | 'log';

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
}

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
  /** The largest offset and the lines of a page, as last drawn. */
  readonly size: { readonly max: number; readonly page: number };
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
  /** The quick status filter (s): applies to the next search and restarts the current one. */
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
}

export type DetailScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

export type BrowseAction =
  | PagingAction
  | { type: 'filterStart' }
  /** Leave the filter line, keeping what was typed or clearing it. */
  | { type: 'filterEnd'; keep: boolean }
  /** Open the detail of the row under the cursor. */
  | { type: 'open' }
  | { type: 'close' }
  /** Open the log of the row under the cursor (from the list) or of the open detail. */
  | { type: 'openLog' }
  | { type: 'closeLog' }
  | { type: 'scroll'; to: DetailScroll }
  | { type: 'toggle'; what: 'raw' | 'absent' }
  /** Secrets shown or hidden; `allowed` false says why not. */
  | { type: 'reveal'; allowed: boolean }
  /** What the detail view measured when drawn. */
  | { type: 'detailSize'; max: number; page: number }
  | SearchAction
  /** The filter line's Enter: search the whole history for what was typed. */
  | { type: 'filterSearch' }
  | { type: 'statusCycle' }
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
  | { type: 'keyNote'; note: string | null };

export function initialBrowse(paging: PagingState, options: { awaitingNewest?: boolean } = {}): BrowseState {
  return newestArrived({
    paging, mode: 'list', detail: null, log: null, search: null, searches: 0, status: 'all', jumpLine: lineAt(''), fetching: null, keyNote: null,
    awaitingNewest: options.awaitingNewest === true,
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

const NO_SECRETS = 'Secrets stay hidden: restart dms with --show-secrets to allow revealing them.';

function scrolled(d: DetailState, to: DetailScroll): number {
  const at = Math.min(d.offset, d.size.max);
  const page = Math.max(1, d.size.page - 1);
  switch (to) {
    case 'up': return Math.max(0, at - 1);
    case 'down': return Number.isFinite(d.offset) ? Math.min(d.size.max, at + 1) : d.offset;
    case 'pageUp': return Math.max(0, at - page);
    case 'pageDown': return Number.isFinite(d.offset) ? Math.min(d.size.max, at + page) : d.offset;
    case 'top': return 0;
    case 'bottom': return Infinity;
  }
}

function withDetail(state: BrowseState, change: (d: DetailState) => DetailState): BrowseState {
  if (!state.detail) return state;
  const detail = change(state.detail);
  return detail === state.detail ? state : { ...state, detail };
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
      return {
        ...state,
        mode: 'detail',
        detail: { key, record: row.record, offset: 0, raw: false, reveal: false, showAbsent: false, note: null, size: { max: 0, page: 1 } },
      };
    }
    case 'close':
      return state.mode === 'detail' ? { ...state, mode: 'list', detail: null } : state;
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
      return { ...state, mode: 'log', log: { key, record: fresh, index, total: p.total, from: state.mode } };
    }
    case 'closeLog':
      return state.mode === 'log' && state.log ? { ...state, mode: state.log.from, log: null } : state;
    case 'scroll':
      return withDetail(state, (d) => {
        const offset = scrolled(d, action.to);
        return offset === d.offset && d.note === null ? d : { ...d, offset, note: null };
      });
    case 'toggle':
      return withDetail(state, (d) => (action.what === 'raw'
        ? { ...d, raw: !d.raw, offset: 0, note: null }
        : { ...d, showAbsent: !d.showAbsent, note: null }));
    case 'reveal':
      return withDetail(state, (d) => (action.allowed ? { ...d, reveal: !d.reveal, note: null } : { ...d, note: NO_SECRETS }));
    case 'detailSize':
      return withDetail(state, (d) => {
        if (d.size.max === action.max && d.size.page === action.page && d.offset <= action.max) return d;
        return { ...d, size: { max: action.max, page: action.page }, offset: Math.min(d.offset, action.max) };
      });
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
      return started({ ...state, mode: 'list' }, 'jump', text, 'all');
    }
    case 'openResult': {
      const s = state.search;
      const summary = s?.results[s.cursor];
      if (state.mode !== 'list' || !summary || state.fetching) return state;
      return { ...state, fetching: { summary, then: action.then } };
    }
    case 'openRecord': {
      const key = `found:${action.index}`;
      const detail: DetailState = { key, record: action.record, offset: 0, raw: false, reveal: false, showAbsent: false, note: null, size: { max: 0, page: 1 } };
      // A jump has done its work once it opens what it found: Esc goes back to the list.
      const search = state.search?.kind === 'jump' ? null : state.search;
      if (action.then === 'log') {
        return { ...state, search, fetching: null, mode: 'log', log: { key, record: action.record, index: action.index, total: action.total, from: 'list' } };
      }
      return { ...state, search, fetching: null, mode: 'detail', detail };
    }
    case 'notice':
      return { ...state, paging: { ...state.paging, notice: action.message } };
    case 'keyNote':
      return state.keyNote === action.note ? state : { ...state, keyNote: action.note };
    case 'fetchFailed':
      return { ...state, fetching: null, paging: { ...state.paging, notice: action.message } };
    case 'searchStart': case 'searchChunk': case 'searchDone': case 'searchPause': case 'searchStop': case 'searchClose':
    case 'resultCursor': case 'resultPage': {
      const search = searchReducer(state.search, action, resultRows(state));
      return search === state.search ? state : { ...state, search };
    }
    default: {
      const paging = pagingReducer(state.paging, action);
      return paging === state.paging ? state : newestArrived({ ...state, paging });
    }
  }
}

/** Results to a page: as many as the table shows. */
export function resultRows(state: BrowseState): number {
  return Math.max(1, Math.min(state.paging.want.take, state.paging.window.rows));
}

function started(state: BrowseState, kind: 'search' | 'jump', text: string, status: StatusFilter): BrowseState {
  const searches = state.searches + 1;
  return { ...state, searches, search: searchReducer(state.search, { type: 'searchStart', kind, text, status, seq: searches }, resultRows(state)) };
}
