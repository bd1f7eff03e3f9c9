// The stats view as a pure reducer: how far the reading of the history got, the figures of what
// was read (a snapshot, replaced as rows arrive), whether it stopped and why, and the scroll.
import type { Stats } from '../../../model/stats.js';

export interface StatsState {
  /** Deployments read, and the history's size as the server last said it. */
  readonly read: number;
  readonly total: number | null;
  /** The figures of what was read so far (null before the first rows). */
  readonly stats: Stats | null;
  /** Still reading. */
  readonly scanning: boolean;
  /** Esc stopped the reading: the figures are of what was read. */
  readonly stoppedByUser: boolean;
  /** A fault stopped it: why. */
  readonly failed: string | null;
  /** What the reading waits for now (a 429), until the next rows. */
  readonly waiting: string | null;
  /** The history moved in a way the reading could not follow. */
  readonly gaps: boolean;
  /** First line of the body shown, and the body's height (set by the view). */
  readonly top: number;
  readonly page: number;
  /** Lines the body has now. */
  readonly lines: number;
}

export type StatsAction =
  | { type: 'rows'; read: number; total: number | null; stats: Stats; gaps: boolean }
  | { type: 'wait'; why: string }
  | { type: 'done'; stats: Stats | null; failed?: string }
  /** Esc while reading. */
  | { type: 'stop' }
  /** After Esc: the figures of everything read. */
  | { type: 'final'; stats: Stats }
  | { type: 'scroll'; to: 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom' }
  /** The body's height on screen, and its length. */
  | { type: 'page'; rows: number; lines: number };

export function initialStats(page: number): StatsState {
  return {
    read: 0,
    total: null,
    stats: null,
    scanning: true,
    stoppedByUser: false,
    failed: null,
    waiting: null,
    gaps: false,
    top: 0,
    page,
    lines: 0,
  };
}

export function statsReducer(state: StatsState, action: StatsAction): StatsState {
  switch (action.type) {
    case 'rows':
      if (!state.scanning) return state;
      return { ...state, read: action.read, total: action.total, stats: action.stats, gaps: action.gaps, waiting: null };
    case 'wait':
      return state.scanning ? { ...state, waiting: action.why } : state;
    case 'done':
      if (!state.scanning) return state;
      return { ...state, scanning: false, stats: action.stats ?? state.stats, failed: action.failed ?? null, waiting: null };
    case 'stop':
      return state.scanning ? { ...state, scanning: false, stoppedByUser: true, waiting: null } : state;
    case 'final':
      return state.scanning ? state : { ...state, stats: action.stats };
    case 'scroll': {
      const max = Math.max(0, state.lines - state.page);
      const step = { up: -1, down: 1, pageUp: -state.page, pageDown: state.page, top: -Infinity, bottom: Infinity }[action.to];
      const top = Math.max(0, Math.min(max, state.top + step));
      return top === state.top ? state : { ...state, top };
    }
    case 'page': {
      if (action.rows < 1 || (action.rows === state.page && action.lines === state.lines)) return state;
      const top = Math.max(0, Math.min(state.top, action.lines - action.rows));
      return { ...state, page: action.rows, lines: action.lines, top };
    }
    default:
      return state;
  }
}
