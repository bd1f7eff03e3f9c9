// The stats view's keys: its scope (the clash check of keys.json reads it too) and its listener.
// Esc stops a reading under way (what was read stays on screen), then goes back to the list.
import type { KeyListener, KeyResult } from '../../input/bus.js';
import { scrollHandlers, type KeyTable, type ScopeId } from '../../keys.js';
import type { Store } from '../../state/store.js';
import type { StatsAction, StatsState } from './state.js';

export const STATS_SCOPES = {
  stats: ['stats', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;

export interface StatsKeyProps {
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

export function statsKeys(store: Store<StatsState, StatsAction>, props: StatsKeyProps, keys: KeyTable): KeyListener {
  const scroll = (to: Extract<StatsAction, { type: 'scroll' }>['to']) => store.dispatch({ type: 'scroll', to });
  return {
    key(e): KeyResult {
      let result: KeyResult = true;
      const used = keys.run(
        STATS_SCOPES.stats,
        {
          help: () => {
            props.onHelp('stats');
            result = 'later';
          },
          quit: () => props.onQuit(),
          statsBack: () => {
            if (store.get().scanning) store.dispatch({ type: 'stop' });
            else {
              props.onBack();
              result = 'later';
            }
          },
          ...scrollHandlers(scroll),
        },
        e.input,
        e.key,
      );
      return used ? result : false;
    },
  };
}
