// A one-line (or pasted multi-line) text editor as a pure function of key events.
import { sanitiseInput } from './values.js';

export interface LineState {
  readonly value: string;
  readonly cursor: number;
}

/** The parts of Ink's Key this editor reads. */
export interface EditKey {
  readonly leftArrow?: boolean;
  readonly rightArrow?: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
  readonly escape?: boolean;
  readonly return?: boolean;
  readonly tab?: boolean;
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
  readonly pageUp?: boolean;
  readonly pageDown?: boolean;
}

/** Applies one key; returns the same object when the key does not edit. */
export function editLine(state: LineState, input: string, key: EditKey, multiline = false): LineState {
  const { value } = state;
  const cursor = Math.max(0, Math.min(state.cursor, value.length));
  if (key.leftArrow) return { value, cursor: Math.max(0, cursor - 1) };
  if (key.rightArrow) return { value, cursor: Math.min(value.length, cursor + 1) };
  if (key.home || (key.ctrl && input === 'a')) return { value, cursor: 0 };
  if (key.end || (key.ctrl && input === 'e')) return { value, cursor: value.length };
  if (key.ctrl && input === 'u') return { value: value.slice(cursor), cursor: 0 };
  if (key.ctrl && input === 'k') return { value: value.slice(0, cursor), cursor };
  // Terminals send DEL (0x7f) for Backspace; Ink reports it as `delete`. Both erase backwards.
  if (key.backspace || key.delete) {
    if (cursor === 0) return state;
    return { value: value.slice(0, cursor - 1) + value.slice(cursor), cursor: cursor - 1 };
  }
  if (key.ctrl || key.escape || key.return || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown) return state;
  if (key.meta && input.length <= 1) return state;
  if (input === '') return state;
  const text = sanitiseInput(input, multiline);
  if (text === '') return state;
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}
