// The marks of the browse session: the row marked with Space (kept across pages, searches and
// refreshes) and what `=` asks for with it (the cursor row and the marked one, or the last good
// one before a failure). The comparison itself is its own screen (screens/compare).
import { sameDeployment, type DeploymentView } from '../../model/deployment.js';

/** A deployment picked on the list: the cursor row, or the marked one. */
export interface Picked {
  readonly view: DeploymentView;
  /** Its position in the history when picked (0: the newest). */
  readonly index: number;
  /** Its record is whole (a row of a page), not a search result's summary. */
  readonly whole: boolean;
}

/** What `=` opens. */
export interface CompareOpen {
  /** The cursor's row. */
  readonly a: Picked;
  /** The marked row; null: the last finished deployment before `a`, of its branch when there is one (compare-find.ts). */
  readonly b: Picked | null;
  /** The page's rows and the position of the first: what lies between is read from them first. */
  readonly page: { readonly rows: readonly DeploymentView[]; readonly start: number };
}

/** Why `=` opened nothing. */
export type CompareRefusal = 'noRow' | 'sameRow' | 'noMark';

/** What `=` does: open a comparison, or say why not. */
export function compareAsk(cursor: Picked | undefined, mark: Picked | null, page: CompareOpen['page']): CompareOpen | CompareRefusal {
  if (!cursor) return 'noRow';
  if (mark) return sameDeployment(mark.view, cursor.view) ? 'sameRow' : { a: cursor, b: mark, page };
  const ended = cursor.view.phase === 'failed' || cursor.view.phase === 'cancelled';
  return ended ? { a: cursor, b: null, page } : 'noMark';
}

/** Space on a row: marks it, or unmarks it when it is the marked one. */
export function toggleMark(mark: Picked | null, cursor: Picked | undefined): Picked | null {
  if (!cursor) return mark;
  return mark && sameDeployment(mark.view, cursor.view) ? null : cursor;
}
