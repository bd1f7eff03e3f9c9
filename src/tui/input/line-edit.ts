// One line of text being edited (the filter line, a form field): pure functions of a command or
// of typed text. The cursor is a UTF-16 index that always sits between two graphemes, so no
// edit can split a character: Backspace after `a😀` leaves `a`, and text typed inside `e\u0301`
// goes before or after it, never between the letter and its accent.
import { ONE_CELL, SIMPLE } from '../../text/string-width.js';
import { sanitiseInput } from '../../text/sanitize.js';

export interface LineState {
  readonly value: string;
  /** UTF-16 index, at a grapheme boundary. */
  readonly cursor: number;
}

export type LineCommand = 'left' | 'right' | 'start' | 'end' | 'backspace' | 'killBefore' | 'killAfter';

let segmenter: Intl.Segmenter | undefined;

/** Where the graphemes of `value` start (and its end): the places the cursor may be. */
function boundaries(value: string): number[] {
  const out: number[] = [];
  if (ONE_CELL.test(value)) {
    // One UTF-16 unit per grapheme.
    for (let i = 0; i <= value.length; i++) out.push(i);
    return out;
  }
  if (SIMPLE.test(value)) {
    // One code point per grapheme.
    let i = 0;
    for (const c of value) {
      out.push(i);
      i += c.length;
    }
    out.push(value.length);
    return out;
  }
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { index } of segmenter.segment(value)) out.push(index);
  out.push(value.length);
  return out;
}

/** The boundary at or before `cursor`. */
function snap(value: string, cursor: number): number {
  const c = Math.max(0, Math.min(cursor, value.length));
  let at = 0;
  for (const b of boundaries(value)) {
    if (b > c) break;
    at = b;
  }
  return at;
}

function neighbour(value: string, cursor: number, direction: -1 | 1): number {
  const all = boundaries(value);
  const i = all.indexOf(cursor);
  return all[Math.max(0, Math.min(all.length - 1, i + direction))] ?? cursor;
}

/** The state with its cursor moved to a grapheme boundary (a cursor restored from elsewhere may not be on one). */
export function lineAt(value: string, cursor = value.length): LineState {
  return { value, cursor: snap(value, cursor) };
}

/** Applies an editing command; returns the same object when nothing changes. */
export function applyLine(state: LineState, command: LineCommand): LineState {
  const { value } = state;
  const cursor = snap(value, state.cursor);
  let next: LineState;
  switch (command) {
    case 'left':
      next = { value, cursor: neighbour(value, cursor, -1) };
      break;
    case 'right':
      next = { value, cursor: neighbour(value, cursor, 1) };
      break;
    case 'start':
      next = { value, cursor: 0 };
      break;
    case 'end':
      next = { value, cursor: value.length };
      break;
    case 'killBefore':
      next = { value: value.slice(cursor), cursor: 0 };
      break;
    case 'killAfter':
      next = { value: value.slice(0, cursor), cursor };
      break;
    case 'backspace': {
      const from = neighbour(value, cursor, -1);
      next = { value: value.slice(0, from) + value.slice(cursor), cursor: from };
      break;
    }
  }
  return next.value === state.value && next.cursor === state.cursor ? state : next;
}

/**
 * Inserts typed or pasted text at the cursor, cleaned of control characters and escape
 * sequences (newlines become spaces unless `multiline`). Text that joins the grapheme before the
 * cursor (an accent, a joiner) joins it; the cursor lands on the last boundary the text reaches.
 */
export function insertLine(state: LineState, text: string, multiline = false): LineState {
  // A lone surrogate (half a character from a cut paste) would make the string invalid: dropped.
  const clean = sanitiseInput(text, multiline).replace(LONE_SURROGATE, '');
  if (clean === '') return state;
  const cursor = snap(state.value, state.cursor);
  const value = state.value.slice(0, cursor) + clean + state.value.slice(cursor);
  return { value, cursor: snap(value, cursor + clean.length) };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text before the cursor, the grapheme under it ('' at the end), and the rest: for drawing a block cursor. */
export function cursorParts(state: LineState): [string, string, string] {
  const cursor = snap(state.value, state.cursor);
  const next = neighbour(state.value, cursor, 1);
  return [state.value.slice(0, cursor), state.value.slice(cursor, next), state.value.slice(next)];
}
