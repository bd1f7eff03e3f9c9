// Paging, refresh, cursor and filter state of the deployments screen: a pure reducer and its
// selectors. A page is asked for by an action that changes `want` (next, refresh, …): requests.ts
// applies those and starts the request; answers come back as `loaded`/`failed`, tagged by `seq`.
// The reducer hands each group of actions to its module: the asks (paging-asks.ts), the answers
// (paging-answers.ts), the cursor and filter over the rows (paging-rows.ts); the state's shape is
// paging-state.ts.
import { clampTake } from '../take.js';
import type { PagingAction, PagingState } from './paging-state.js';
import { askPage } from './paging-asks.js';
import { pageFailed, pageLoaded, pageProgress, pageSeen } from './paging-answers.js';
import { rowsReducer } from './paging-rows.js';

export { initialPaging, visibleRows, wantsAutoRefresh } from './paging-state.js';
export type { AsOf, Notice, PageAsk, PageWant, PagingAction, PagingState, Progress, SeenPage } from './paging-state.js';

export function pagingReducer(state: PagingState, action: PagingAction): PagingState {
  switch (action.type) {
    case 'next':
    case 'prev':
    case 'first':
    case 'last':
    case 'takeMore':
    case 'takeLess':
    case 'takeFit':
    case 'refresh':
    case 'goTo':
    case 'tooLarge':
      return askPage(state, action);
    case 'loaded':
      return pageLoaded(state, action);
    case 'failed':
      return pageFailed(state, action);
    case 'seen':
      return pageSeen(state, action);
    case 'progress':
      return pageProgress(state, action);
    case 'cursor':
    case 'cursorTo':
    case 'filter':
    case 'filterText':
    case 'filterLine':
    case 'viewport':
    case 'sort':
      return rowsReducer(state, action);
    case 'fit': {
      const take = clampTake(action.take);
      if (state.fits === take && (state.fit === null || state.fit === take)) return state;
      return { ...state, fits: take, fit: state.fit === null ? null : take };
    }
    case 'loadingShown':
      return action.seq === state.want.seq && state.loading && !state.loadingShown ? { ...state, loadingShown: true } : state;
    case 'toggleAuto':
      return { ...state, autoRefresh: !state.autoRefresh, notice: { kind: 'autoRefresh', on: !state.autoRefresh } };
    case 'clearChanged':
      return state.changed.size === 0 ? state : { ...state, changed: new Set() };
    case 'clearNotice':
      return state.notice === null ? state : { ...state, notice: null };
  }
}
