// The actions that ask for a page (PageAsk: next, last, a size, a refresh, …): each moves `want` to
// the page asked for under a new `seq` (requests.ts then starts the request), or says in a notice
// why none is asked. Where the page asked for is already on screen, only the cursor moves.
import { TAKE_DEFAULT, TAKE_MAX, TAKE_MIN, TAKE_STEPS } from '../take.js';
import type { PageAsk, PageWant, PagingState } from './paging-state.js';
import { clampCursor, rowOf } from './paging-rows.js';
import { pageFailed } from './paging-answers.js';

function request(state: PagingState, skip: number, take: number, reason: PageWant['reason']): PagingState {
  return {
    ...state,
    want: { skip, take, seq: state.want.seq + 1, reason },
    loading: true,
    loadingShown: false,
    notice: null,
    landLast: false,
    landKey: null,
  };
}

/** Rows the next page asked for holds: what fits the terminal now, or the size chosen. */
function nextTake(state: PagingState): number {
  return state.fit ?? state.want.take;
}

function lastPageKnown(state: PagingState): boolean {
  const { want } = state;
  // The page being wanted is the shown one and it is the last.
  if (state.shown && state.shown.skip === want.skip && state.shown.take === want.take && state.atEnd) return true;
  return state.total !== null && want.skip + want.take >= state.total;
}

export function askPage(state: PagingState, action: PageAsk): PagingState {
  switch (action.type) {
    case 'next': {
      if (lastPageKnown(state)) return { ...state, notice: { kind: 'lastPage' } };
      return request(state, state.want.skip + state.want.take, nextTake(state), 'load');
    }
    case 'prev': {
      if (state.want.skip === 0) return { ...state, notice: { kind: 'firstPage' } };
      return request(state, Math.max(0, state.want.skip - nextTake(state)), nextTake(state), 'load');
    }
    case 'first': {
      // On the first page already: the cursor to its first row, and say so (nothing is asked).
      const take = nextTake(state);
      if (state.want.skip === 0 && state.shown?.skip === 0 && state.shown.take === take && !state.loading) {
        return clampCursor({ ...state, cursor: 0, notice: { kind: 'alreadyFirst' } });
      }
      return request(state, 0, take, 'load');
    }
    case 'last': {
      const take = nextTake(state);
      const shownLast = state.shown !== null && state.shown.skip === state.want.skip && state.shown.take === take && state.atEnd;
      if (state.total === null && !shownLast) {
        return { ...state, notice: { kind: 'noCount' } };
      }
      const skip = state.total === null ? state.want.skip : Math.max(0, Math.floor(Math.max(0, state.total - 1) / take) * take);
      if (skip === state.want.skip && state.shown?.skip === skip && state.shown.take === take && !state.loading) {
        return clampCursor({ ...state, cursor: Number.MAX_SAFE_INTEGER });
      }
      return { ...request(state, skip, take, 'load'), landLast: true };
    }
    case 'takeMore':
    case 'takeLess': {
      const cur = state.want.take;
      const next =
        action.type === 'takeMore'
          ? (TAKE_STEPS.find((t) => t > cur) ?? TAKE_MAX)
          : ([...TAKE_STEPS].reverse().find((t) => t < cur) ?? Math.min(cur, TAKE_MIN));
      // A size chosen: the terminal's height no longer decides it.
      if (next === cur) return { ...state, fit: null, notice: { kind: 'sizeStays', take: cur, min: TAKE_MIN, max: TAKE_MAX } };
      return { ...request(state, state.want.skip, next, 'load'), fit: null };
    }
    case 'takeFit': {
      const take = state.fits ?? TAKE_DEFAULT;
      if (state.fit !== null && state.want.take === take) return { ...state, notice: { kind: 'fitsAlready', take } };
      return { ...request(state, state.want.skip, take, 'load'), fit: take };
    }
    case 'refresh':
      return request(state, state.want.skip, nextTake(state), action.auto ? 'auto' : 'refresh');
    case 'goTo': {
      const take = nextTake(state);
      const skip = Math.floor(Math.max(0, action.index) / take) * take;
      const onScreen = state.shown?.skip === skip && state.shown.take === take && state.want.skip === skip && !state.loading;
      if (onScreen && rowOf(state, action.key) >= 0) return clampCursor({ ...state, cursor: rowOf(state, action.key) });
      return { ...request(state, skip, take, 'load'), landKey: action.key };
    }
    case 'tooLarge': {
      if (action.seq !== state.want.seq) return state;
      const { skip, take } = state.want;
      if (take <= 1) return pageFailed(state, { type: 'failed', seq: action.seq, error: action.error });
      const fewer = Math.max(1, Math.floor(take / 2));
      return {
        ...request(state, skip, fewer, 'load'),
        fit: null,
        notice: { kind: 'tooBig', take, size: action.size, fewer },
      };
    }
  }
}
