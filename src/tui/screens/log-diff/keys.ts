// The log diff's keys: its scope (the clash check of keys.json reads it too) and the listener that
// turns them into the screen's actions. Esc goes back to the detail.
import type { KeyListener, KeyResult } from '../../input/bus.js';
import type { KeyEvent } from '../../input/keypress.js';
import { scrollHandlers, type KeyTable, type ScopeId } from '../../keys.js';
import type { Store } from '../../state/store.js';
import type { LogDiffAction, LogDiffState } from './state.js';

export const LOG_DIFF_SCOPES = {
  logDiff: ['logDiff', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;

export interface LogDiffKeyProps {
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

export function logDiffKeys(store: Store<LogDiffState, LogDiffAction>, props: LogDiffKeyProps, keys: KeyTable): KeyListener {
  const send = (a: LogDiffAction) => store.dispatch(a);
  return {
    key(e: KeyEvent): KeyResult {
      let result: KeyResult = true;
      const used = keys.run(
        LOG_DIFF_SCOPES.logDiff,
        {
          help: () => {
            props.onHelp('logDiff');
            result = 'later';
          },
          quit: () => props.onQuit(),
          logDiffBack: () => {
            props.onBack();
            result = 'later';
          },
          logDiffNext: () => send({ type: 'step', by: 1 }),
          logDiffPrev: () => send({ type: 'step', by: -1 }),
          logDiffChange: () => send({ type: 'change', by: 1 }),
          logDiffChangeBack: () => send({ type: 'change', by: -1 }),
          ...scrollHandlers((to) => send({ type: 'scroll', to })),
        },
        e.input,
        e.key,
      );
      return used ? result : false;
    },
  };
}
