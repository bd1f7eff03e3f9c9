// The log viewer's jumps: to the search's matches, sideways while lines are cut at the edge, and
// to the next line that reads as an error (e/E) or was written to stderr (x/X). Each moves the
// view (place.ts) and says what happened in a note.
import { isErrorLine } from '../../../model/error-line.js';
import { findMatches, type LogLine } from '../../../model/log.js';
import { widthOf } from '../../../text/cells.js';
import { withMatches } from '../../state/line-search.js';
import { reveal, shownFrom, textWidth } from './place.js';
import { lineRows } from './rows.js';
import type { LineKind, LogState } from './types.js';

/** The matches of the query in the shown lines, the current one the first at or after `from`. */
export function searched(s: LogState, from: number): LogState {
  const search = withMatches(s.search, findMatches(s.lines, s.order, s.search.line.value), from);
  const next = { ...s, search };
  return search.current >= 0 ? reveal(next, search.matches[search.current]!) : next;
}

/** ←/→ while lines are cut: half a screen sideways, no further right than the widest line on screen needs. */
export function sideways(s: LogState, direction: 1 | -1): LogState {
  if (s.wrap) return { ...s, note: { kind: 'noSideways', why: 'wrap' } };
  const width = textWidth(s);
  let widest = 0;
  const end = Math.min(s.order.length, s.top + shownFrom(s, s.top));
  for (let pos = s.top; pos < end; pos++) {
    const [row] = lineRows(s.lines[s.order[pos]!]!, width, false, [], false, s.saveKey);
    let w = 0;
    for (const seg of row ?? []) w += widthOf(seg.text);
    widest = Math.max(widest, w);
  }
  const most = Math.max(0, widest - width);
  if (most === 0 && s.left === 0) return { ...s, note: { kind: 'noSideways', why: 'fits' } };
  const step = Math.max(1, Math.floor(width / 2));
  const left = Math.max(0, Math.min(most, s.left + direction * step));
  return left === s.left ? s : { ...s, left, note: { kind: 'sideways', column: left + 1 } };
}

const IS: Record<LineKind, (line: LogLine) => boolean> = {
  error: isErrorLine,
  stderr: (line) => line.kind === 'err',
};

/**
 * e/E: the next (or previous) line that reads as an error (model/error-line.ts); x/X: written to
 * stderr. From the one stopped at when it is on screen, else from the view (as n/N do); round the end once.
 */
export function errorNext(s: LogState, direction: 1 | -1, which: LineKind): LogState {
  const n = s.order.length;
  const is = IS[which];
  const none = (): LogState => {
    let stderr = 0;
    for (const i of s.order) if (s.lines[i]!.kind === 'err') stderr += 1;
    return { ...s, note: { kind: 'noErrors', which, stderr } };
  };
  if (n === 0) return none();
  const shown = shownFrom(s, s.top);
  let from = direction === 1 ? s.top - 1 : s.top + shown;
  for (let pos = s.top; pos < Math.min(n, s.top + shown); pos++) {
    if (s.lines[s.order[pos]!] === s.errorLine) from = pos;
  }
  const find = (start: number, stop: number): number => {
    for (let pos = start; pos !== stop; pos += direction) if (is(s.lines[s.order[pos]!]!)) return pos;
    return -1;
  };
  let past: 'end' | 'start' | null = null;
  let found = find(from + direction, direction === 1 ? n : -1);
  if (found === -1) {
    past = direction === 1 ? 'end' : 'start';
    found = find(direction === 1 ? 0 : n - 1, Math.max(-1, Math.min(n, from + direction)));
  }
  if (found === -1) return none();
  const line = s.lines[s.order[found]!]!;
  return reveal({ ...s, errorLine: line, note: { kind: 'errorLine', which, position: found, past } }, found);
}
