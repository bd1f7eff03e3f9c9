// Rows per page on the deployments screen: the limits, the default and the steps of + and -.

export const TAKE_MIN = 5;
export const TAKE_MAX = 100;
export const TAKE_DEFAULT = 10;
/** Steps for `+`/`-`. */
export const TAKE_STEPS = [5, 10, 15, 20, 30, 50, 75, 100] as const;

export function clampTake(take: number): number {
  return Math.min(TAKE_MAX, Math.max(TAKE_MIN, Math.round(take)));
}
