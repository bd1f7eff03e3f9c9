// Finding two deployments in the history, and what lies between them, in one read newest first:
// the first of the two found opens the stretch between, the second closes it. The second may be
// "the last good one before the first" (the newest finished deployment older than it), or, for
// `=`, the last good one of the same branch (of the same pull request for a preview), a preview of
// another branch only when there is nothing better. Fed rows in history order; no I/O of its own
// (the caller reads pages: `dms diff`, the compare screen).
import type { Deployment } from '../api/schemas/deployment.js';
import { viewOf, type DeploymentView } from './deployment.js';
import { isGood, pullRequestOf, sameLine } from './compare.js';

export interface Found {
  readonly view: DeploymentView;
  /** Its position in the history as read (0: the newest). */
  readonly index: number;
}

/**
 * What to look for: a deployment (a match); the last good one before `a` (`lastGood`); or the last
 * good one before `a` of its line (`lastGoodAlike`, compare.ts sameLine) — when none is found within
 * ALIKE_WINDOW deployments after `a`, or before the history ends: the last good one that is not a
 * pull request's preview, else the last good one.
 */
export type Second = ((v: DeploymentView) => boolean) | 'lastGood' | 'lastGoodAlike';

/** How far past `a` a good one of its line is looked for once another good one was seen. */
export const ALIKE_WINDOW = 1000;

/** What `lastGoodAlike` found: one of `a`'s line, one that is not a preview, or any good one. */
export type Likeness = 'sameLine' | 'notPreview' | 'any';

export interface PairWalk {
  /** The next rows of the history, in order, `start` being the position of the first. True once both are found. */
  feed(rows: readonly DeploymentView[], start: number): boolean;
  /** The history ended: `lastGoodAlike` settles for the best it saw. */
  end(): void;
  readonly a: Found | undefined;
  readonly b: Found | undefined;
  /** The deployments strictly between the two found so far (from the first found on). */
  readonly between: readonly DeploymentView[];
  readonly done: boolean;
  /** For `lastGoodAlike`, once found: how `b` is like `a`. */
  readonly likeness: Likeness | null;
}

/** Keeps `between` small: a view's record (it may carry a log) is not needed to count phases. */
function light(v: DeploymentView): DeploymentView {
  return { ...v, record: {} as DeploymentView['record'] };
}

export function pairWalk(isA: (v: DeploymentView) => boolean, second: Second): PairWalk {
  let a: Found | undefined;
  let b: Found | undefined;
  let likeness: Likeness | null = null;
  // lastGoodAlike: the first good ones seen that are not of a's line (the stretch after a is read in order).
  let notPreview: Found | undefined;
  let anyGood: Found | undefined;
  const between: DeploymentView[] = [];
  const alike = second === 'lastGoodAlike';
  const isB = (v: DeploymentView) =>
    typeof second === 'function' ? second(v) : a !== undefined && isGood(v) && (!alike || sameLine(a.view, v));
  const settle = () => {
    const best = notPreview ?? anyGood;
    if (b !== undefined || a === undefined || best === undefined) return;
    b = best;
    likeness = notPreview ? 'notPreview' : 'any';
    // What lies between ends before it.
    between.length = best.index - a.index - 1;
  };
  const walk: PairWalk = {
    feed(rows, start) {
      for (let i = 0; i < rows.length && !walk.done; i++) {
        const v = rows[i]!;
        const index = start + i;
        const opened = a !== undefined || b !== undefined;
        let matched = false;
        if (a === undefined && isA(v)) {
          a = { view: v, index };
          matched = true;
        }
        // The same row may be both (an id and the uuid of one deployment): the caller says so.
        if (b === undefined && (typeof second === 'function' || !matched) && isB(v)) {
          b = { view: v, index };
          matched = true;
          if (alike) likeness = 'sameLine';
        } else if (alike && a !== undefined && !matched && isGood(v)) {
          if (!notPreview && pullRequestOf(v) === null) notPreview = { view: v, index };
          anyGood ??= { view: v, index };
        }
        if (!matched && opened) between.push(light(v));
        if (alike && a !== undefined && index - a.index >= ALIKE_WINDOW) settle();
      }
      return walk.done;
    },
    end() {
      if (alike) settle();
    },
    get a() {
      return a;
    },
    get b() {
      return b;
    },
    get between() {
      return between;
    },
    get done() {
      return a !== undefined && b !== undefined;
    },
    get likeness() {
      return likeness;
    },
  };
  return walk;
}

/** True when rows of a page are all older than the id looked for (ids rise with time): it is not further on. */
export function pastId(id: number | null, rows: readonly DeploymentView[]): boolean {
  return id !== null && rows.length > 0 && rows.every((v) => v.id !== null && v.id < id);
}

/** How a read of the history for a pair ended. */
export type PairEnd = 'found' | 'noA' | 'noB';

/**
 * Feeds the walk the chunks of a history read (search/scan.ts scanHistory) until both are found, or it
 * is clear one is not there: the history ended, or (looking by id) the rows went below its id.
 * The reading stops with the loop (the generator is closed). `ids` are the ids looked for, if any.
 */
export async function readPair(
  chunks: AsyncIterable<{ readonly rows: readonly Deployment[]; readonly read: number }>,
  walk: PairWalk,
  ids: { readonly a: number | null; readonly b: number | null } = { a: null, b: null },
): Promise<PairEnd> {
  for await (const chunk of chunks) {
    const views = chunk.rows.map(viewOf);
    if (walk.feed(views, chunk.read - views.length)) return 'found';
    if (walk.a === undefined && pastId(ids.a, views)) return 'noA';
    if (walk.b === undefined && pastId(ids.b, views)) return 'noB';
  }
  walk.end();
  return walk.done ? 'found' : walk.a === undefined ? 'noA' : 'noB';
}
