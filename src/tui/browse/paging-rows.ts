// The page's rows as the table shows them: the filter over them, the cursor, and the window of
// drawn rows that follows it. Every page action that moves the cursor keeps it inside through clampCursor.
import { applyLine, insertLine } from '../input/line-edit.js';
import { visibleRows, type PagingAction, type PagingState } from './paging-state.js';

/** Longest filter text, in UTF-16 units. */
const FILTER_MAX = 200;

/** The actions on the rows shown: the cursor, the filter line, the table's room. */
export type RowsAction = Extract<
  PagingAction,
  { type: 'cursor' | 'cursorTo' | 'filter' | 'filterText' | 'filterLine' | 'viewport' | 'sort' }
>;

/** The visible row with this key, or -1. */
export function rowOf(state: PagingState, key: string): number {
  const at = state.keys.indexOf(key);
  return at < 0 ? -1 : visibleRows(state).indexOf(state.rows[at]!);
}

/** The cursor inside the visible rows, and the window of drawn rows around it. */
export function clampCursor(state: PagingState): PagingState {
  const n = visibleRows(state).length;
  const cursor = Math.max(0, Math.min(state.cursor, n - 1));
  const rows = Math.max(1, state.window.rows);
  let start = state.window.start;
  if (cursor < start) start = cursor;
  if (cursor >= start + rows) start = cursor - rows + 1;
  start = Math.max(0, Math.min(start, Math.max(0, n - rows)));
  if (cursor === state.cursor && start === state.window.start) return state;
  return { ...state, cursor, window: start === state.window.start ? state.window : { start, rows: state.window.rows } };
}

export function rowsReducer(state: PagingState, action: RowsAction): PagingState {
  switch (action.type) {
    case 'cursor':
      return clampCursor({ ...state, cursor: Math.max(0, state.cursor + action.delta) });
    case 'cursorTo':
      return clampCursor({ ...state, cursor: Math.max(0, action.index) });
    case 'filter':
      return clampCursor({
        ...state,
        filter: action.text,
        filterCursor: action.text.length,
        cursor: action.text === state.filter ? state.cursor : 0,
      });
    case 'filterText':
    case 'filterLine': {
      const line = { value: state.filter, cursor: state.filterCursor };
      const next = action.type === 'filterText' ? insertLine(line, action.text) : applyLine(line, action.command);
      if (next === line || next.value.length > FILTER_MAX) return state;
      return clampCursor({
        ...state,
        filter: next.value,
        filterCursor: next.cursor,
        cursor: next.value === state.filter ? state.cursor : 0,
      });
    }
    case 'sort': {
      const row = visibleRows(state)[state.cursor];
      const sorted = { ...state, sort: action.order };
      const at = row ? visibleRows(sorted).indexOf(row) : 0;
      return clampCursor({ ...sorted, cursor: Math.max(0, at) });
    }
    case 'viewport': {
      const rows = Math.max(1, action.rows);
      return rows === state.window.rows ? state : clampCursor({ ...state, window: { start: state.window.start, rows } });
    }
  }
}
