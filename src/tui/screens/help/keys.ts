// Help's keys: its scope (searched in this order; the clash check reads it too), and the listener
// of the overlay, which takes every key while help is open.
import type { KeyListener } from '../../input/bus.js';
import { scrollHandlers, type KeyTable, type ScopeId } from '../../keys.js';

export const HELP_SCOPES = {
  help: ['help', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;

export type HelpScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

export interface HelpKeyProps {
  readonly onClose: () => void;
  readonly onQuit: () => void;
  /** Moves the page (the view knows its height and length). */
  readonly scroll: (to: HelpScroll) => void;
}

export function helpKeys({ onClose, onQuit, scroll }: HelpKeyProps, keys: KeyTable): KeyListener {
  return {
    key: (e) => {
      keys.run(
        HELP_SCOPES.help,
        {
          helpClose: () => onClose(),
          help: () => onClose(),
          quit: () => onQuit(),
          ...scrollHandlers(scroll),
        },
        e.input,
        e.key,
      );
      // Every key stops here while help is open: the screen under it sees none.
      return true;
    },
  };
}
