// Comparing two deployments as pure state: the screen's own state as the history between them is
// read — progress, what was found or why not, and the scroll position. What `=` asks for on the
// list (the cursor row and the marked one) is the browse session's (browse/marks.ts).
import type { DeploymentView } from '../../../model/deployment.js';
import type { Found, Likeness } from '../../../model/compare-find.js';

export interface ComparePair {
  readonly newer: Found;
  readonly older: Found;
  /** The deployments between them, newest first. */
  readonly between: readonly DeploymentView[];
  /** With no mark: how the older is like the newer (its branch's, or the best there was). */
  readonly likeness?: Likeness | null;
}

export interface CompareState {
  /** Rows of the history read so far while looking; null once done. */
  readonly reading: number | null;
  readonly pair: ComparePair | null;
  /** Why the comparison could not be made. */
  readonly problem: string | null;
  /** A wait under way (`keeping under the rate limit`). */
  readonly pause: string | null;
  readonly offset: number;
  /** The largest offset and a page's lines, as last drawn. */
  readonly size: { readonly max: number; readonly page: number };
}

export type CompareScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

export type CompareAction =
  | { type: 'reading'; read: number }
  | { type: 'pause'; why: string }
  | { type: 'found'; pair: ComparePair }
  | { type: 'failed'; problem: string }
  | { type: 'scroll'; to: CompareScroll }
  | { type: 'size'; max: number; page: number };

export function initialCompare(): CompareState {
  return { reading: 0, pair: null, problem: null, pause: null, offset: 0, size: { max: 0, page: 1 } };
}

function scrolled(s: CompareState, to: CompareScroll): number {
  const page = Math.max(1, s.size.page - 1);
  switch (to) {
    case 'up':
      return Math.max(0, s.offset - 1);
    case 'down':
      return Math.min(s.size.max, s.offset + 1);
    case 'pageUp':
      return Math.max(0, s.offset - page);
    case 'pageDown':
      return Math.min(s.size.max, s.offset + page);
    case 'top':
      return 0;
    case 'bottom':
      return s.size.max;
  }
}

export function compareReducer(s: CompareState, action: CompareAction): CompareState {
  switch (action.type) {
    case 'reading':
      return s.reading === null || s.reading === action.read ? s : { ...s, reading: action.read, pause: null };
    case 'pause':
      return s.reading === null ? s : { ...s, pause: action.why };
    case 'found':
      return { ...s, reading: null, pause: null, pair: action.pair };
    case 'failed':
      return { ...s, reading: null, pause: null, problem: action.problem };
    case 'scroll': {
      const offset = scrolled(s, action.to);
      return offset === s.offset ? s : { ...s, offset };
    }
    case 'size':
      if (s.size.max === action.max && s.size.page === action.page && s.offset <= action.max) return s;
      return { ...s, size: { max: action.max, page: action.page }, offset: Math.min(s.offset, action.max) };
  }
}
