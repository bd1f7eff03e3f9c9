// The marks of the browse session: the rows marked with Space (kept across pages, searches and
// refreshes) and what `=` asks for with them (the two marked; with one, the cursor row and the
// marked one; with none, the last good one before a failure), and the ids `y` copies. The
// comparison itself is its own screen (screens/compare).
import { sameDeployment, type DeploymentView } from '../../model/deployment.js';
import { isPlainId } from '../../text/plain-id.js';

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
export type CompareRefusal = 'noRow' | 'sameRow' | 'noMark' | 'manyMarks';

/** What `=` does: open a comparison, or say why not. */
export function compareAsk(cursor: Picked | undefined, mark: Picked | null, page: CompareOpen['page']): CompareOpen | CompareRefusal {
  if (!cursor) return 'noRow';
  if (mark) return sameDeployment(mark.view, cursor.view) ? 'sameRow' : { a: cursor, b: mark, page };
  const ended = cursor.view.phase === 'failed' || cursor.view.phase === 'cancelled';
  return ended ? { a: cursor, b: null, page } : 'noMark';
}

/** Space on a row with several marks: marks it too, or unmarks it when it is marked (oldest mark first). */
export function toggleMarks(marks: readonly Picked[], cursor: Picked | undefined): readonly Picked[] {
  if (!cursor) return marks;
  const kept = marks.filter((m) => !sameDeployment(m.view, cursor.view));
  return kept.length < marks.length ? kept : [...marks, cursor];
}

/** What `=` does with the marks: exactly two compared; one, with the cursor row (compareAsk); more, refused. */
export function compareMarked(
  cursor: Picked | undefined,
  marks: readonly Picked[],
  page: CompareOpen['page'],
): CompareOpen | CompareRefusal {
  if (marks.length === 2) return { a: marks[1]!, b: marks[0]!, page };
  if (marks.length > 2) return 'manyMarks';
  return compareAsk(cursor, marks[0] ?? null, page);
}

/** The ids `y` copies: the marked rows' (the cursor row's with none marked), newest first, space-separated; plain uuids for rows without an id. */
export function markedIds(marks: readonly Picked[], cursor: Picked | undefined): string {
  const picked = marks.length > 0 ? [...marks].sort((a, b) => a.index - b.index) : cursor ? [cursor] : [];
  return picked
    .map((p) => (p.view.id !== null ? String(p.view.id) : isPlainId(p.view.uuid) ? p.view.uuid : ''))
    .filter((id) => id !== '')
    .join(' ');
}
