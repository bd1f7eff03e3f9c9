// The board's keys: its scope (the clash check of keys.json reads it too) and its listener.
import type { KeyListener, KeyResult } from '../../input/bus.js';
import type { KeyTable, ScopeId } from '../../keys.js';
import type { Store } from '../../state/store.js';
import type { BoardAction, BoardState } from './state.js';

export const BOARD_SCOPES = {
  board: ['board', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;

export interface BoardKeyProps {
  /** Opens the row at this index. */
  readonly onOpen: (index: number) => void;
  readonly onBack: () => void;
  readonly onHelp: () => void;
  readonly onQuit: () => void;
}

export function boardKeys(store: Store<BoardState, BoardAction>, props: BoardKeyProps, keys: KeyTable): KeyListener {
  const move = (delta: number) => store.dispatch({ type: 'move', delta });
  const rows = () => store.get().rows;
  return {
    key(e): KeyResult {
      let result: KeyResult = true;
      const used = keys.run(
        BOARD_SCOPES.board,
        {
          boardUp: () => move(-1),
          boardDown: () => move(1),
          boardOpen: () => {
            if (rows() === 0) return;
            props.onOpen(Math.min(store.get().cursor, rows() - 1));
            result = 'later';
          },
          boardBack: () => {
            props.onBack();
            result = 'later';
          },
          help: () => {
            props.onHelp();
            result = 'later';
          },
          quit: () => props.onQuit(),
        },
        e.input,
        e.key,
      );
      return used ? result : false;
    },
  };
}
