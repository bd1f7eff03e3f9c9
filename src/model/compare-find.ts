// Finding two deployments in the history, and what lies between them, in one read newest first:
// the first of the two found opens the stretch between, the second closes it. The second may be
// "the last good one before the first" (the newest finished deployment older than it). Fed rows in
// history order; no I/O of its own (the caller reads pages: `dms diff`, the compare screen).
import type { Deployment } from '../api/schemas/deployment.js';
import { viewOf, type DeploymentView } from './deployment.js';
import { isGood } from './compare.js';

export interface Found {
  readonly view: DeploymentView;
  /** Its position in the history as read (0: the newest). */
  readonly index: number;
}

/** What to look for: a deployment (a match), or the last good one before `a`. */
export type Second = ((v: DeploymentView) => boolean) | 'lastGood';

export interface PairWalk {
  /** The next rows of the history, in order, `start` being the position of the first. True once both are found. */
  feed(rows: readonly DeploymentView[], start: number): boolean;
  readonly a: Found | undefined;
  readonly b: Found | undefined;
  /** The deployments strictly between the two found so far (from the first found on). */
  readonly between: readonly DeploymentView[];
  readonly done: boolean;
}

/** Keeps `between` small: a view's record (it may carry a log) is not needed to count phases. */
function light(v: DeploymentView): DeploymentView {
  return { ...v, record: {} as DeploymentView['record'] };
}

export function pairWalk(isA: (v: DeploymentView) => boolean, second: Second): PairWalk {
  let a: Found | undefined;
  let b: Found | undefined;
  const between: DeploymentView[] = [];
  const isB = (v: DeploymentView) => (second === 'lastGood' ? a !== undefined && isGood(v) : second(v));
  const walk: PairWalk = {
    feed(rows, start) {
      for (let i = 0; i < rows.length && !walk.done; i++) {
        const v = rows[i]!;
        const index = start + i;
        const opened = a !== undefined || b !== undefined;
        let matched = false;
        if (a === undefined && isA(v)) { a = { view: v, index }; matched = true; }
        // The same row may be both (an id and the uuid of one deployment): the caller says so.
        if (b === undefined && (second !== 'lastGood' || !matched) && isB(v)) { b = { view: v, index }; matched = true; }
        if (!matched && opened) between.push(light(v));
      }
      return walk.done;
    },
    get a() { return a; },
    get b() { return b; },
    get between() { return between; },
    get done() { return a !== undefined && b !== undefined; },
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
 * Feeds the walk the chunks of a history read (scan.ts scanHistory) until both are found, or it
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
  return walk.done ? 'found' : walk.a === undefined ? 'noA' : 'noB';
}
