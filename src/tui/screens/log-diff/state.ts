// A deployment's log against its last green build as pure state: the history read while that build
// is looked for, what was found (or why not), the step shown and the scroll within it. It opens at
// the first step that differs or failed, at its first line that differs; n/p move between steps,
// c/C between the lines that differ (on into the next step that has one).
import type { Found } from '../../../model/compare-find.js';
import type { LogDiff } from '../../../model/log-diff.js';

export interface LogDiffFound {
  readonly older: Found;
  readonly newer: Found;
  readonly diff: LogDiff;
}

export interface LogDiffState {
  /** Rows of the history read so far while looking; null once done. */
  readonly reading: number | null;
  /** A wait under way (`keeping under the rate limit`). */
  readonly pause: string | null;
  /** Why there is nothing to compare. */
  readonly problem: string | null;
  readonly found: LogDiffFound | null;
  /** The step shown (an index into found.diff.steps). */
  readonly step: number;
  /** The first row of the step shown. */
  readonly offset: number;
  /** The row of the change the view went to (opening, n/p, c/C), marked; null once scrolled away. */
  readonly change: number | null;
  /** A page's rows, as last drawn. */
  readonly page: number;
}

export type LogDiffScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

export type LogDiffAction =
  | { type: 'reading'; read: number }
  | { type: 'pause'; why: string }
  | { type: 'found'; found: LogDiffFound }
  | { type: 'failed'; problem: string }
  | { type: 'step'; by: 1 | -1 }
  | { type: 'change'; by: 1 | -1 }
  | { type: 'scroll'; to: LogDiffScroll }
  | { type: 'page'; rows: number };

/** Rows shown above a line that differs when the view moves to it. */
export const LEAD = 2;

export function initialLogDiff(): LogDiffState {
  return { reading: 0, pause: null, problem: null, found: null, step: 0, offset: 0, change: null, page: 10 };
}

function rowsOf(s: LogDiffState, step = s.step): number {
  return s.found?.diff.steps[step]?.rows.length ?? 0;
}

function maxOffset(s: LogDiffState, step = s.step): number {
  return Math.max(0, rowsOf(s, step) - s.page);
}

/** The view at a row of a step: LEAD rows above it, as far as the step's end allows. */
function at(s: LogDiffState, step: number, row: number | null): LogDiffState {
  return { ...s, step, change: row, offset: row === null ? 0 : Math.min(Math.max(0, row - LEAD), maxOffset(s, step)) };
}

/** A step opened: at its first line that differs, else at its top. */
function opening(s: LogDiffState, step: number): LogDiffState {
  const first = s.found?.diff.steps[step]?.rows.findIndex((r) => r.kind !== '=') ?? -1;
  return at(s, step, first < 0 ? null : first);
}

/** The next (or previous) line that differs past the view's top line: [step, row], or undefined. */
function nextChange(s: LogDiffState, by: 1 | -1): [number, number] | undefined {
  const steps = s.found?.diff.steps ?? [];
  const here = s.change ?? s.offset + LEAD - by;
  for (let k = s.step; k >= 0 && k < steps.length; k += by) {
    const rows = steps[k]!.rows;
    const from = k === s.step ? here + by : by > 0 ? 0 : rows.length - 1;
    for (let i = from; i >= 0 && i < rows.length; i += by) {
      // A run of changed lines is one change: its first line.
      if (rows[i]!.kind !== '=' && (i === 0 || rows[i - 1]!.kind === '=')) return [k, i];
    }
  }
  return undefined;
}

function scrolled(s: LogDiffState, to: LogDiffScroll): number {
  const page = Math.max(1, s.page - 1);
  const max = maxOffset(s);
  switch (to) {
    case 'up':
      return Math.max(0, s.offset - 1);
    case 'down':
      return Math.min(max, s.offset + 1);
    case 'pageUp':
      return Math.max(0, s.offset - page);
    case 'pageDown':
      return Math.min(max, s.offset + page);
    case 'top':
      return 0;
    case 'bottom':
      return max;
  }
}

export function logDiffReducer(s: LogDiffState, action: LogDiffAction): LogDiffState {
  switch (action.type) {
    case 'reading':
      return s.reading === null || s.reading === action.read ? s : { ...s, reading: action.read, pause: null };
    case 'pause':
      return s.reading === null ? s : { ...s, pause: action.why };
    case 'found': {
      return opening({ ...s, reading: null, pause: null, found: action.found }, action.found.diff.opening);
    }
    case 'failed':
      return { ...s, reading: null, pause: null, problem: action.problem };
    case 'step': {
      const step = s.step + action.by;
      if (!s.found || step < 0 || step >= s.found.diff.steps.length) return s;
      return opening(s, step);
    }
    case 'change': {
      const found = nextChange(s, action.by);
      return found ? at(s, found[0], found[1]) : s;
    }
    case 'scroll': {
      const offset = scrolled(s, action.to);
      return offset === s.offset ? s : { ...s, offset, change: null };
    }
    case 'page': {
      const rows = Math.max(1, action.rows);
      if (rows === s.page) return s;
      const next = { ...s, page: rows };
      return { ...next, offset: Math.min(s.offset, maxOffset(next)) };
    }
  }
}
