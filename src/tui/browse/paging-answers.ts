// A page's answer, tagged by the `seq` of the request it answers (an older one is dropped): the
// page arrives (its rows replace the page's, the cursor lands where it was asked to) or it failed.
// A page seen before (the cache on disk, the session's pages) is shown while the fresh one is asked
// for, marked as such (asOf); the fresh page replaces it with the cursor on the same row, and the
// rows that differ from what was shown are marked for a moment.
import { keysOf, viewOf } from '../../model/deployment.js';
import type { PagingAction, PagingState } from './paging-state.js';
import { clampCursor, rowOf } from './paging-rows.js';
import { visibleRows } from './paging-state.js';

export function pageLoaded(state: PagingState, action: Extract<PagingAction, { type: 'loaded' }>): PagingState {
  if (action.seq !== state.want.seq) return state; // an answer to a page no longer wanted
  const { skip, take } = state.want;
  const rows = action.page.deployments.map(viewOf);
  const total = action.page.total;
  // An empty page the server's count says is inside the history is shown as it is (pageGap says so).
  if (rows.length === 0 && skip > 0 && !(total !== null && skip < total)) {
    // Past the end: keep the last good page, step back to it and say so.
    const back = state.shown ?? { skip: Math.max(0, skip - take), take };
    return {
      ...state,
      want: { ...state.want, skip: back.skip, take: back.take },
      loading: false,
      error: null,
      atEnd: state.shown !== null && state.shown.skip + state.rows.length <= skip,
      total: total ?? state.total,
      notice: { kind: 'noMore' },
      updatedAt: action.at,
      landLast: false,
      landKey: null,
    };
  }
  const samePage = state.shown !== null && state.shown.skip === skip;
  const keys = keysOf(rows);
  const changed = new Set<string>();
  // Over a page seen before, a row it did not have is news too.
  const stale = state.asOf !== null && samePage;
  if (samePage) {
    const before = new Map(state.rows.map((d, i) => [state.keys[i]!, d.status]));
    keys.forEach((k, i) => {
      if (before.has(k) ? before.get(k) !== rows[i]!.status : stale) changed.add(k);
    });
  }
  // The cursor stays on its row (not its place) when the page seen is replaced by the fresh one.
  const landKey = state.landKey ?? (stale && !state.landLast ? cursorKey(state) : null);
  // Paging follows the count when the server sends one: a short page is not the last while it says more.
  const atEnd = total !== null ? skip + take >= total : rows.length < take;
  const next: PagingState = {
    ...state,
    shown: { skip, take },
    rows,
    keys,
    total,
    atEnd,
    loading: false,
    loadingShown: false,
    error: null,
    updatedAt: action.at,
    asOf: null,
    progress: null,
    changed,
    cursor: state.landLast ? Number.MAX_SAFE_INTEGER : samePage && landKey === null ? state.cursor : 0,
    window: samePage ? state.window : { start: 0, rows: state.window.rows },
    everLoaded: true,
    landLast: false,
    landKey: null,
  };
  const landed = landKey === null ? -1 : rowOf(next, landKey);
  return clampCursor(landed >= 0 ? { ...next, cursor: landed } : next);
}

/** The key of the row under the cursor, if any. */
function cursorKey(state: PagingState): string | null {
  const row = visibleRows(state)[state.cursor];
  return row ? (state.keys[state.rows.indexOf(row)] ?? null) : null;
}

/**
 * The page wanted as seen before, while it is asked for: shown unless the page on screen is that
 * page fresh (a refresh does not go back to an older copy) or the copy is empty.
 */
export function pageSeen(state: PagingState, action: Extract<PagingAction, { type: 'seen' }>): PagingState {
  if (action.seq !== state.want.seq || !state.loading) return state;
  const { page, at, reasons } = action.seen;
  const fresh = state.asOf === null && state.shown?.skip === state.want.skip && state.shown.take === state.want.take;
  if (fresh || page.deployments.length === 0) return state;
  const shown = pageLoaded({ ...state, asOf: null }, { type: 'loaded', seq: action.seq, page, at });
  return {
    ...shown,
    loading: true,
    loadingShown: state.loadingShown,
    progress: state.progress,
    error: state.error,
    changed: new Set(),
    everLoaded: state.everLoaded,
    asOf: { at, offline: false, reasons },
  };
}

/** Bytes of the page wanted read so far. */
export function pageProgress(state: PagingState, action: Extract<PagingAction, { type: 'progress' }>): PagingState {
  if (action.seq !== state.want.seq || !state.loading) return state;
  return { ...state, progress: { bytes: action.bytes, since: action.since, at: action.at } };
}

export function pageFailed(state: PagingState, action: Extract<PagingAction, { type: 'failed' }>): PagingState {
  if (action.seq !== state.want.seq) return state;
  // Keep the last good page; the wanted page goes back to it so `n` retries from there.
  const want = state.shown ? { ...state.want, skip: state.shown.skip, take: state.shown.take } : state.want;
  // Over a page seen before, a server out of reach makes it the offline copy (the error line says why).
  const offline = state.asOf !== null && action.error.kind === 'network';
  const asOf = offline ? { ...state.asOf!, offline: true } : state.asOf;
  return { ...state, want, loading: false, loadingShown: false, progress: null, error: action.error, asOf };
}
