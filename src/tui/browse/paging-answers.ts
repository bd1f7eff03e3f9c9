// A page's answer, tagged by the `seq` of the request it answers (an older one is dropped): the
// page arrives (its rows replace the page's, the cursor lands where it was asked to) or it failed.
import { keysOf, viewOf } from '../../model/deployment.js';
import type { PagingAction, PagingState } from './paging-state.js';
import { clampCursor, rowOf } from './paging-rows.js';

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
  if (samePage) {
    const before = new Map(state.rows.map((d, i) => [state.keys[i]!, d.status]));
    keys.forEach((k, i) => {
      if (before.has(k) && before.get(k) !== rows[i]!.status) changed.add(k);
    });
  }
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
    changed,
    cursor: state.landLast ? Number.MAX_SAFE_INTEGER : samePage && state.landKey === null ? state.cursor : 0,
    window: samePage ? state.window : { start: 0, rows: state.window.rows },
    everLoaded: true,
    landLast: false,
    landKey: null,
  };
  const landed = state.landKey === null ? -1 : rowOf(next, state.landKey);
  return clampCursor(landed >= 0 ? { ...next, cursor: landed } : next);
}

export function pageFailed(state: PagingState, action: Extract<PagingAction, { type: 'failed' }>): PagingState {
  if (action.seq !== state.want.seq) return state;
  // Keep the last good page; the wanted page goes back to it so `n` retries from there.
  const want = state.shown ? { ...state.want, skip: state.shown.skip, take: state.shown.take } : state.want;
  return { ...state, want, loading: false, loadingShown: false, error: action.error };
}
