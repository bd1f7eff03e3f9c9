// The deployments screen as one pure reducer: the page (paging.ts), and the screen's mode —
// the list, the filter line being typed, or one deployment's detail with its scroll position
// and toggles. Keys that arrive together each see what the ones before them did.
import type { Deployment } from '../../api/schemas/deployment.js';
import { pagingReducer, visibleRows, type PagingAction, type PagingState } from './paging.js';

export type BrowseMode = 'list' | 'filter' | 'detail' | 'log';

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
  | { type: 'detailSize'; max: number; page: number };

export function initialBrowse(paging: PagingState): BrowseState {
  return { paging, mode: 'list', detail: null, log: null };
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
    default: {
      const paging = pagingReducer(state.paging, action);
      return paging === state.paging ? state : { ...state, paging };
    }
  }
}
