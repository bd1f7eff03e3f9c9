// The log viewer's steps (model/steps.ts: the service's phase lines): `]`/`[` put the next or
// previous step's first line at the top and mark it; the title names the step the view is in
// (the marked line while it is on screen, else the line at the top). Pure.
import type { Step } from '../../../model/steps.js';
import type { LogLine } from '../../../model/log.js';
import { at, shownFrom } from './place.js';
import { builtEarlier } from './read.js';
import { positionFrom } from './shown.js';
import type { LogState } from './types.js';

/** The index of the first line made from entry `entry` or a later one (lines run in entry order). */
function firstLineOf(lines: readonly LogLine[], entry: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.entry < entry) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The position among the lines shown of each step's line; `order.length` when it is not shown (a
 * debug line while they are hidden, a line the filter leaves out): ]/[ pass it over.
 */
function stepPositions(s: LogState): number[] {
  return s.steps.map((st) => {
    const pos = positionFrom(s.order, firstLineOf(s.lines, st.entry));
    return pos < s.order.length && s.lines[s.order[pos]!]!.entry === st.entry ? pos : s.order.length;
  });
}

/** The position of the marked step line while it is on screen, else -1. */
function markedOnScreen(s: LogState): number {
  if (s.stepLine === null) return -1;
  const end = Math.min(s.order.length, s.top + shownFrom(s, s.top));
  for (let pos = s.top; pos < end; pos++) if (s.lines[s.order[pos]!] === s.stepLine) return pos;
  return -1;
}

/** The step the view is in: of the marked line while on screen, else of the line at the top; undefined before the first. */
export function stepHere(s: LogState): Step | undefined {
  if (s.steps.length === 0 || s.order.length === 0) return undefined;
  const marked = markedOnScreen(s);
  const line = s.lines[s.order[marked >= 0 ? marked : Math.min(s.top, s.order.length - 1)]!]!;
  let here: Step | undefined;
  for (const st of s.steps) {
    if (st.entry > line.entry) break;
    here = st;
  }
  return here;
}

/** `]` (1) or `[` (-1): the next or previous step's first line at the top, marked; a note says which. */
export function stepNext(state: LogState, direction: 1 | -1): LogState {
  // A big log opened from its end: its earlier lines are made first (the steps before them have none yet).
  let s = state;
  while (s.built > 0 && s.pending) s = builtEarlier(s);
  if (s.steps.length === 0) return { ...s, note: { kind: 'noSteps' } };
  const positions = stepPositions(s);
  const marked = markedOnScreen(s);
  const from = marked >= 0 ? marked : direction === 1 ? s.top - 1 : s.top;
  let k = -1;
  if (direction === 1) k = positions.findIndex((p) => p > from && p < s.order.length);
  else for (let i = positions.length - 1; i >= 0 && k === -1; i--) if (positions[i]! < from) k = i;
  if (k === -1) return { ...s, note: { kind: 'stepEdge', direction, count: s.steps.length } };
  const pos = positions[k]!;
  const step = s.steps[k]!;
  const moved = at(s, pos);
  return { ...moved, stepLine: s.lines[s.order[pos]!]!, note: { kind: 'step', name: step.name, index: k, count: s.steps.length } };
}
