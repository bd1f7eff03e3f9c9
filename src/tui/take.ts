// Rows per page on the deployments screen: the limits, the default, the steps of + and -, and the
// rows that fit the terminal (what the screen asks for while no size was chosen for the application).

export const TAKE_MIN = 5;
export const TAKE_MAX = 100;
/** The service's default, and the TUI's when the terminal's height is unknown. */
export const TAKE_DEFAULT = 10;
/** Steps for `+`/`-`. */
export const TAKE_STEPS = [5, 10, 15, 20, 30, 50, 75, 100] as const;

export function clampTake(take: number): number {
  return Math.min(TAKE_MAX, Math.max(TAKE_MIN, Math.round(take)));
}

/** Lines of the deployments screen besides its table's rows. */
export const LIST_LINES = {
  /** Ink's frame is kept one line shorter than the terminal (app.tsx). */
  spare: 1,
  /** components/header.tsx HEADER_LINES. */
  header: 4,
  /** The history at a glance (strip.tsx). */
  strip: 1,
  /** The table's top border, heading, separator and bottom border. */
  frame: 4,
  message: 1,
  footer: 1,
} as const;

/** The app's frame is never laid out shorter than this (app.tsx). */
export const FRAME_MIN_HEIGHT = 10;

/**
 * The rows that fill the table of a terminal `height` lines tall (within TAKE_MIN…TAKE_MAX);
 * `strip`: the history line is drawn (the TUI's default). The first page's prefetch and the screen
 * both ask this, so the first frame is not followed by a second request.
 */
export function fittingTake(height: number, { strip = true }: { strip?: boolean } = {}): number {
  if (!Number.isFinite(height) || height <= 0) return TAKE_DEFAULT;
  const l = LIST_LINES;
  const chrome = l.spare + l.header + (strip ? l.strip : 0) + l.frame + l.message + l.footer;
  return clampTake(Math.max(FRAME_MIN_HEIGHT, height) - chrome);
}
