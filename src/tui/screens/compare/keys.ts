// The comparison's keys: its scope (the clash check of keys.json reads it too) and the listener
// that turns them into the screen's actions. Esc goes back to the list, which keeps the mark.
import type { KeyListener, KeyResult } from '../../input/bus.js';
import type { KeyEvent } from '../../input/keypress.js';
import { scrollHandlers, type KeyTable, type ScopeId } from '../../keys.js';
import type { Store } from '../../state/store.js';
import type { CompareAction, CompareState } from './state.js';

export const COMPARE_SCOPES = {
  compare: ['compare', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;

export interface CompareKeyProps {
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

export function compareKeys(store: Store<CompareState, CompareAction>, props: CompareKeyProps, keys: KeyTable): KeyListener {
  const send = (a: CompareAction) => store.dispatch(a);
  return {
    key(e: KeyEvent): KeyResult {
      let result: KeyResult = true;
      const used = keys.run(
        COMPARE_SCOPES.compare,
        {
          help: () => {
            props.onHelp('compare');
            result = 'later';
          },
          quit: () => props.onQuit(),
          compareBack: () => {
            props.onBack();
            result = 'later';
          },
          ...scrollHandlers((to) => send({ type: 'scroll', to })),
        },
        e.input,
        e.key,
      );
      return used ? result : false;
    },
  };
}
