// What a screen says for a key that does nothing there: the key as the footer names it, in a
// one-line note (`z: no action here — ? for help`). The list, the detail and the log say it alike.
import { clean } from '../../text/sanitize.js';
import type { KeyTable } from '../keys.js';
import type { KeyEvent } from './keypress.js';

/** The footer's note for a key that does nothing here. */
export function noActionNote(key: string, keys: KeyTable): string {
  return `${key}: no action here — ${keys.hint('help')} for help`;
}

/** A key as the footer names it (`x`, `Tab`, `Ctrl+X`); undefined for what has no name (an unknown sequence). */
export function keyName(e: KeyEvent): string | undefined {
  const k = e.key;
  const named: [boolean, string][] = [
    [k.tab, k.shift ? 'Shift+Tab' : 'Tab'],
    [k.upArrow, '↑'],
    [k.downArrow, '↓'],
    [k.leftArrow, '←'],
    [k.rightArrow, '→'],
    [k.pageUp, 'PgUp'],
    [k.pageDown, 'PgDn'],
    [k.home, 'Home'],
    [k.end, 'End'],
    [k.return, 'Enter'],
    [k.escape, 'Esc'],
    [k.backspace, 'Backspace'],
    [k.delete, 'Delete'],
  ];
  const found = named.find(([on]) => on);
  if (found) return found[1];
  const [first] = [...e.input];
  if (first === undefined || /[\u0000-\u001f\u007f-\u009f]/.test(first)) return undefined;
  const shown = first === ' ' ? 'Space' : clean(first);
  if (shown === '') return undefined;
  return k.ctrl ? `Ctrl+${shown.toUpperCase()}` : k.meta ? `Alt+${shown}` : shown;
}

/** The note for a key no command of the screen took; undefined when it must pass on (Ctrl+C quits from anywhere) or has no name. */
export function unboundNote(e: KeyEvent, keys: KeyTable): string | undefined {
  const name = keyName(e);
  if (name === undefined || keys.commandFor(['app'], e.input, e.key) !== undefined) return undefined;
  return noActionNote(name, keys);
}
