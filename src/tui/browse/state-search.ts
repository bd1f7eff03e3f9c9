// A search of the whole history as the screen holds it: one started (numbered, in the scope shown),
// the scope (s) cycled, Esc's steps back on the list, and the scan's own actions (search.ts), whose
// results show as many to a page as the table does.
import { STATUS_FILTERS, type StatusFilter } from '../../model/history.js';
import { pagingReducer } from './paging.js';
import { searchReducer } from './search.js';
import type { BrowseAction, BrowseState } from './state-shape.js';

export type SearchingAction = Extract<
  BrowseAction,
  {
    type:
      | 'statusCycle'
      | 'listBack'
      | 'searchStart'
      | 'searchChunk'
      | 'searchDone'
      | 'searchPause'
      | 'searchStop'
      | 'searchClose'
      | 'resultCursor'
      | 'resultPage';
  }
>;

/** Results to a page: as many as the table shows. */
export function resultRows(state: BrowseState): number {
  return Math.max(1, Math.min(state.paging.want.take, state.paging.window.rows));
}

/** A search or a jump started: numbered, in the scope given, its first page of results as the table shows. */
export function started(state: BrowseState, kind: 'search' | 'jump', text: string, status: StatusFilter): BrowseState {
  const searches = state.searches + 1;
  return {
    ...state,
    searches,
    search: searchReducer(state.search, { type: 'searchStart', kind, text, status, seq: searches }, resultRows(state)),
  };
}

export function searchingReducer(state: BrowseState, action: SearchingAction): BrowseState {
  switch (action.type) {
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
      if (state.marks.length > 0) return { ...state, mark: null, marks: [] };
      return state;
    }
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
  }
}
