// The filter and go-to lines typed over the list: one opened, edited, and what Enter or Esc does
// with it. The filter's Enter searches the whole history for what was typed; the go-to line's jumps
// to the deployment it names (a search of kind `jump`, state-search.ts).
import { applyLine, insertLine, lineAt } from '../input/line-edit.js';
import { pagingReducer } from './paging.js';
import { filterProblem } from './paging-state.js';
import type { BrowseAction, BrowseState } from './state-shape.js';
import { started } from './state-search.js';

export type LineAction = Extract<
  BrowseAction,
  { type: 'filterStart' | 'filterEnd' | 'filterSearch' | 'jumpStart' | 'jumpText' | 'jumpLine' | 'jumpEnd' }
>;

export function linesReducer(state: BrowseState, action: LineAction): BrowseState {
  switch (action.type) {
    case 'filterStart':
      return state.mode === 'list' ? { ...state, mode: 'filter' } : state;
    case 'filterEnd': {
      if (state.mode !== 'filter') return state;
      const paging = action.keep ? state.paging : pagingReducer(state.paging, { type: 'filter', text: '' });
      return { ...state, mode: 'list', paging };
    }
    case 'filterSearch': {
      if (state.mode !== 'filter') return state;
      const text = state.paging.filter.trim();
      // A query that does not read stays on the line, which says why.
      if (filterProblem(text)) return state;
      const paging = pagingReducer(state.paging, { type: 'filter', text: '' });
      if (text === '' && state.status === 'all') return { ...state, mode: 'list', paging, search: null };
      return started({ ...state, mode: 'list', paging }, 'search', text, state.status);
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
  }
}
