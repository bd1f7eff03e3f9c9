// The deployments screen as one pure reducer: the page (paging.ts), a search of the whole history
// (search.ts), and the screen's mode — the list, the filter or go-to line being typed, one
// deployment's detail (its own state: ../detail/state.ts) or its log (the log viewer's room).
// Keys that arrive together each see what the ones before them did.
// The reducer hands each group of actions to its module: the lines typed (state-lines.ts), the views
// opened over the list (state-open.ts), the search (state-search.ts); the state's shape is state-shape.ts.
import { keyOf, viewOf, type DeploymentView } from '../../model/deployment.js';
import type { TimeMode } from '../../text/format.js';
import { lineAt } from '../input/line-edit.js';
import { pagingReducer, visibleRows, type PagingState } from './paging.js';
import { detailReducer } from './detail.js';
import { toggleMarks, type CompareOpen, type Picked } from './marks.js';
import type { BrowseAction, BrowseState } from './state-shape.js';
import { linesReducer } from './state-lines.js';
import { openReducer } from './state-open.js';
import { searchingReducer } from './state-search.js';

export type { BrowseAction, BrowseMode, BrowseState, Fetching, LogDiffOpen, LogOpen } from './state-shape.js';
export { resultRows } from './state-search.js';

export function initialBrowse(
  paging: PagingState,
  options: { awaitingNewest?: boolean; time?: TimeMode; marks?: readonly Picked[] } = {},
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
    mark: options.marks?.at(-1) ?? null,
    marks: options.marks ?? [],
    compare: null,
    logDiff: null,
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
    case 'filterEnd':
    case 'filterSearch':
    case 'jumpStart':
    case 'jumpText':
    case 'jumpLine':
    case 'jumpEnd':
      return linesReducer(state, action);
    case 'open':
    case 'close':
    case 'openLog':
    case 'closeLog':
    case 'openStats':
    case 'closeStats':
    case 'openClusters':
    case 'closeClusters':
    case 'showCluster':
    case 'openCompare':
    case 'closeCompare':
    case 'openLogDiff':
    case 'closeLogDiff':
    case 'openResult':
    case 'openRecord':
    case 'fetchFailed':
      return openReducer(state, action);
    case 'statusCycle':
    case 'listBack':
    case 'searchStart':
    case 'searchChunk':
    case 'searchDone':
    case 'searchPause':
    case 'searchStop':
    case 'searchClose':
    case 'resultCursor':
    case 'resultPage':
      return searchingReducer(state, action);
    case 'scroll':
    case 'toggle':
    case 'reveal':
    case 'detailSize':
    case 'detailSearch': {
      if (!state.detail) return state;
      const detail = detailReducer(state.detail, action);
      return detail === state.detail ? state : { ...state, detail };
    }
    case 'notice':
      return { ...state, paging: { ...state.paging, notice: { kind: 'said', text: action.message } } };
    case 'keyNote':
      return state.keyNote === action.note ? state : { ...state, keyNote: action.note };
    case 'timeMode':
      return { ...state, time: state.time === 'relative' ? 'absolute' : 'relative' };
    case 'markRow':
      if (state.mode !== 'list') return state;
      else {
        const marks = toggleMarks(state.marks, pickedRow(state));
        return { ...state, marks, mark: marks.at(-1) ?? null };
      }
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

/** Whether a drawn row is marked, by its key: a page row's key or a search result's (`r:<index>`). */
export function isMarkedRow(state: BrowseState, rowKey: string): boolean {
  if (rowKey.startsWith('r:')) return state.marks.some((m) => rowKey === `r:${m.index}`);
  const key = rowKey.split(' ')[0];
  return state.marks.some((m) => key === keyOf(m.view, -1));
}
