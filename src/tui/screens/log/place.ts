// Where the log viewer's view is: the rows each shown line takes (rows.ts), the first line on
// screen kept at the end while it is there, scrolling, and a line brought on screen. Pure; the
// reducer (state.ts) and the helpers beside it place the view through these.
import { rowCount } from './rows.js';
import type { LogScroll, LogState } from './types.js';

/** Cells before a line's text: the time column (`15:22:50 `) and the marker column (`! `). */
export function prefixWidth(timestamps: boolean): number {
  return (timestamps ? 9 : 0) + 2;
}

/** Cells of text beside the marker (and the time). */
export function textWidth(s: LogState): number {
  return s.size.width - prefixWidth(s.timestamps);
}

/** Rows of the line at a position of `order`. */
function rowsAt(s: LogState, pos: number): number {
  return rowCount(s.lines[s.order[pos]!]!, textWidth(s), s.wrap, s.saveKey);
}

/** The first position from which the last lines fill the screen. */
export function bottomTop(s: LogState): number {
  let used = 0;
  let pos = s.order.length;
  while (pos > 0) {
    const r = rowsAt(s, pos - 1);
    if (used + r > s.size.rows && used > 0) break;
    used += r;
    pos -= 1;
  }
  return pos;
}

/** How many lines are shown from `top` (at least one, cut lines included). */
export function shownFrom(s: LogState, top: number): number {
  let used = 0;
  let n = 0;
  for (let pos = top; pos < s.order.length && used < s.size.rows; pos++) {
    used += rowsAt(s, pos);
    n += 1;
  }
  return Math.max(1, n);
}

/** The view placed at `top` (clamped); it sticks to the end when it reaches it. */
export function at(s: LogState, top: number): LogState {
  const bottom = bottomTop(s);
  const t = Math.max(0, Math.min(Math.round(top), bottom));
  const stick = t >= bottom;
  return t === s.top && stick === s.stick ? s : { ...s, top: t, stick };
}

/** The view placed again after the lines or their rows changed: at the end while it sticks there, else at its top. */
export function kept(s: LogState): LogState {
  return s.stick ? at(s, Infinity) : at(s, s.top);
}

/** The screen's rows and width changed (at least a row, and a cell beside the widest prefix). */
export function resized(s: LogState, rows: number, width: number): LogState {
  if (s.size.rows === rows && s.size.width === width) return s;
  return kept({ ...s, size: { rows: Math.max(1, rows), width: Math.max(prefixWidth(true) + 1, width) } });
}

export function scrolled(s: LogState, to: LogScroll): LogState {
  switch (to) {
    case 'up':
      return at(s, s.top - 1);
    case 'down':
      return at(s, s.top + 1);
    case 'top':
      return at(s, 0);
    case 'bottom':
      return at(s, Infinity);
    case 'pageDown':
      return at(s, s.top + Math.max(1, shownFrom(s, s.top) - 1));
    case 'pageUp': {
      // The line at the top ends up at the bottom.
      let pos = Math.min(s.top, s.order.length - 1);
      if (pos <= 0) return at(s, 0);
      let used = rowsAt(s, pos);
      while (pos > 0 && used + rowsAt(s, pos - 1) <= s.size.rows) {
        pos -= 1;
        used += rowsAt(s, pos);
      }
      return at(s, Math.min(pos, s.top - 1));
    }
  }
}

/** The view moved so the line at `pos` is on screen (a few lines below the top when it was not). */
export function reveal(s: LogState, pos: number): LogState {
  if (pos >= s.top && pos < s.top + shownFrom(s, s.top)) return s;
  return at(s, pos - Math.min(3, Math.floor(s.size.rows / 4)));
}
