// Which of the log's lines the viewer shows: debug lines or not, and only those holding the
// filter's pattern (`&`, as in less). `order` lists them (indices into the lines); when it changes
// the view keeps its line at the top and the search finds its matches again among the lines shown.
import { findMatches, narrows, textTest, type LogLine } from '../../../model/log.js';
import { lineAt, type LineState } from '../../input/line-edit.js';
import { at } from './place.js';
import type { LogFilter, LogState } from './types.js';

export const NO_FILTER: LogFilter = { line: lineAt(''), editing: false };

/** The lines shown (indices into `lines`): debug lines when `debug`, only those holding `pattern` when it is not empty. */
export function orderOf(lines: readonly LogLine[], debug: boolean, pattern: string, from = 0, into: number[] = []): number[] {
  const holds = pattern === '' ? null : textTest(pattern);
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if ((debug || !line.hidden) && (holds === null || holds(line.text))) into.push(i);
  }
  return into;
}

/** The first position in `order` (ascending indices) whose line index is at least `index`. */
export function positionFrom(order: readonly number[], index: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (order[mid]! < index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The view over other lines shown (debug lines on or off, another filter): the line at the top
 * stays there (or the next one shown), or the view stays at the end; the search's matches are
 * found again among the lines now shown.
 */
export function reordered(s: LogState, order: number[]): LogState {
  const top = positionFrom(order, s.order[s.top] ?? 0);
  const next: LogState = { ...s, order };
  const moved = next.stick ? at(next, Infinity) : at({ ...next, top }, top);
  if (moved.search.line.value === '') return moved;
  const matches = findMatches(moved.lines, moved.order, moved.search.line.value);
  const current = matches.findIndex((p) => p >= moved.top);
  return { ...moved, search: { ...moved.search, matches, current: current === -1 ? matches.length - 1 : current } };
}

/**
 * The filter's pattern changed as it is typed: only the lines holding it are shown. The lines
 * already made are filtered again, never the log read again; a longer pattern holding the one
 * before looks only among the lines it showed.
 */
export function filtered(s: LogState, line: LineState): LogState {
  const before = s.filter.line.value;
  const next = { ...s, filter: { ...s.filter, line }, note: null };
  if (line.value === before) return next;
  let order: number[];
  if (narrows(line.value, before)) {
    const holds = textTest(line.value);
    order = s.order.filter((i) => holds(s.lines[i]!.text));
  } else {
    order = orderOf(s.lines, s.debug, line.value);
  }
  return reordered(next, order);
}

/** Every line shown again (debug lines as they were). */
export function unfiltered(s: LogState): LogState {
  if (s.filter.line.value === '') return { ...s, filter: NO_FILTER };
  const moved = reordered({ ...s, filter: NO_FILTER }, orderOf(s.lines, s.debug, ''));
  return { ...moved, note: { kind: 'filterCleared', lines: moved.order.length } };
}
