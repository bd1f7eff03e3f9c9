// Help's keys: its scope (searched in this order; the clash check reads it too), and the listener
// of the overlay, which takes every key while help is open.
import type { KeyListener } from '../../input/bus.js';
import type { KeyTable, ScopeId } from '../../keys.js';

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
      keys.run(HELP_SCOPES.help, {
        helpClose: () => onClose(),
        help: () => onClose(),
        quit: () => onQuit(),
        scrollUp: () => scroll('up'),
        scrollDown: () => scroll('down'),
        pageUp: () => scroll('pageUp'),
        pageDown: () => scroll('pageDown'),
        top: () => scroll('top'),
        bottom: () => scroll('bottom'),
      }, e.input, e.key);
      // Every key stops here while help is open: the screen under it sees none.
      return true;
    },
  };
}
