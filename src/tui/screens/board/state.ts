// The board's state: the row under the cursor. Pure.

export interface BoardState {
  readonly cursor: number;
  /** Rows on the board now. */
  readonly rows: number;
}

export type BoardAction = { readonly type: 'move'; readonly delta: number } | { readonly type: 'rows'; readonly rows: number };

export const initialBoard: BoardState = { cursor: 0, rows: 0 };

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'move': {
      const cursor = Math.max(0, Math.min(state.rows - 1, state.cursor + action.delta));
      return cursor === state.cursor ? state : { ...state, cursor };
    }
    case 'rows':
      return action.rows === state.rows ? state : { rows: action.rows, cursor: Math.max(0, Math.min(state.cursor, action.rows - 1)) };
  }
}

/** The first row shown so that the cursor's row is in a window of `room` rows. */
export function boardWindow(cursor: number, rows: number, room: number): number {
  if (rows <= room) return 0;
  return Math.max(0, Math.min(rows - room, cursor - Math.floor(room / 2)));
}
