// What the list's table draws: the window of the page's rows the filter leaves (or a page of a
// whole-history search's results), their cells, and columns that keep their shape while the
// screen shows one application: which columns are drawn follows every row seen so far (not the
// page), widths only grow, and the set drawn at a width stays until the terminal's width changes,
// so paging never moves them. `wide` (W) draws every column, `columnStart` the first shown when
// they do not all fit. Memoised step by step: a cursor move recomputes none of it.
import { useMemo, useState } from 'react';
import {
  NOTHING_SEEN,
  absoluteTimeColumns,
  cellsOf,
  columnWindow,
  columnsSeen,
  seeColumns,
  shapeColumns,
  stableColumns,
  wideColumns,
  type Cells,
  type ColumnKey,
  type DrawnColumns,
  type LaidColumn,
  type PageColumns,
  type SeenColumns,
} from '../../model/columns.js';
import type { DeploymentView } from '../../model/deployment.js';
import { settingsChanged } from '../../model/settings.js';
import { widthOf } from '../../text/cells.js';
import type { TimeMode } from '../../text/format.js';
import type { TableRow } from '../components/deployment-table.js';
import type { Older } from './use-older.js';
import { visibleRows } from './paging.js';
import { resultRows, type BrowseState } from './state.js';
import { olderOf } from './use-older.js';

export interface ListTable {
  /** The page's rows the filter leaves. */
  readonly visible: readonly DeploymentView[];
  /** The rows drawn: the window of `visible`, or a page of search results. */
  readonly rows: readonly TableRow[];
  readonly columns: readonly LaidColumn[];
  /** What every row seen shares (the application, its build pack, server, domains): the header says it once. */
  readonly header: PageColumns['header'];
  /** The cursor's row among `rows`. */
  readonly cursor: number;
  /** The wide view (W): which of all its columns are shown, when they do not all fit. */
  readonly wide: { readonly from: number; readonly to: number; readonly of: number; readonly maxStart: number } | null;
}

export interface ListTableOptions {
  /** The clock ages and durations are shown at. */
  readonly now: number;
  /** The fetched deployment below the page's last row, for its Δ. */
  readonly neighbours: ReadonlyMap<string, Older>;
  /** Cells the table may take. */
  readonly width: number;
  /** `started` as `3d 4h ago` or as the local time (T). */
  readonly time: TimeMode;
}

export function useListTable(browse: BrowseState, { now, neighbours, width, time }: ListTableOptions): ListTable {
  const state = browse.paging;
  const { rows: pageRows, filter, sort, keys: pageKeys } = state;
  const visible = useMemo(() => visibleRows({ rows: pageRows, filter, sort }), [pageRows, filter, sort]);
  const { start: offset, rows: maxRows } = state.window;

  // Δ: the row's settings differ from the deployment before it (the next row, or the fetched neighbour).
  const changed = useMemo(
    () =>
      pageRows.map((_, i) => {
        const older = olderOf({ rows: pageRows, keys: pageKeys }, i, neighbours);
        return older?.kind === 'record' && settingsChanged(pageRows[i]!.record, older.record);
      }),
    [pageRows, pageKeys, neighbours],
  );
  const pageCells = useMemo(() => pageRows.map((d, i) => cellsOf(d, now, { changed: changed[i], time })), [pageRows, now, changed, time]);
  const carried = useMemo(() => new Set(pageRows.flatMap(shapeColumns)), [pageRows]);

  // A search of the whole history shows its results instead of the page, paged the same way.
  const search = browse.search?.kind === 'search' ? browse.search : null;
  const perPage = resultRows(browse);
  const found = search?.results;
  const foundStart = search?.pageStart ?? 0;
  const results = useMemo(() => (found ? found.slice(foundStart, foundStart + perPage) : null), [found, foundStart, perPage]);
  const resultCells = useMemo(() => results?.map((v) => cellsOf(v, now, { time })) ?? null, [results, now, time]);
  const shownCells = resultCells ?? pageCells;

  // What this application's rows have filled so far (pages, refreshes, results): the columns drawn.
  // Grown during the render (React renders again at once, before drawing), as the widths below.
  const [seenColumns, setSeenColumns] = useState<SeenColumns>(NOTHING_SEEN);
  const seen = useMemo(
    () => seeColumns(seeColumns(seenColumns, pageCells, carried), resultCells ?? []),
    [seenColumns, pageCells, carried, resultCells],
  );
  if (seen !== seenColumns) setSeenColumns(seen);
  // `started` is as wide as a local time with its zone after T.
  const shape = useMemo(() => columnsSeen(seen, time === 'absolute' ? absoluteTimeColumns() : undefined), [seen, time]);
  // Widths stay as wide as a column has been for this application, so they do not jump.
  const [seenWidths, setSeenWidths] = useState<ReadonlyMap<ColumnKey, number>>(() => new Map());
  const stable = useMemo(() => widest(seenWidths, shownCells), [seenWidths, shownCells]);
  if (stable !== seenWidths) setSeenWidths(stable);
  // The columns drawn at this width stay drawn while it lasts.
  const [drawnBefore, setDrawn] = useState<DrawnColumns | null>(null);
  const fitted = useMemo(
    () => stableColumns(shape.columns, shownCells, width, stable, drawnBefore),
    [shape, shownCells, width, stable, drawnBefore],
  );
  if (!browse.wide && fitted.drawn !== drawnBefore) setDrawn(fitted.drawn);
  // Wide: every column at its width, the ones from `columnStart` that fit.
  const all = useMemo(
    () => (browse.wide ? wideColumns(shape.columns, shownCells, width, stable) : null),
    [browse.wide, shape, shownCells, width, stable],
  );
  const scrolled = useMemo(() => (all ? columnWindow(all, browse.columnStart, width) : null), [all, browse.columnStart, width]);
  const columns = scrolled?.columns ?? fitted.laid;

  const rows = useMemo<TableRow[]>(() => {
    if (results && resultCells)
      return results.map((v, i) => ({ key: `r:${v.index}`, cells: resultCells[i]!, status: v.status, flash: false }));
    return visible.slice(offset, offset + maxRows).map((d) => {
      const i = pageRows.indexOf(d);
      const key = pageKeys[i] ?? '';
      return { key, cells: pageCells[i]!, status: d.status, flash: state.changed.has(key) };
    });
  }, [results, resultCells, visible, offset, maxRows, pageCells, state.changed, pageRows, pageKeys]);

  const cursor = search ? search.cursor - search.pageStart : state.cursor - offset;
  const wide =
    all && scrolled
      ? { from: scrolled.start + 1, to: scrolled.start + scrolled.columns.length, of: all.length, maxStart: scrolled.maxStart }
      : null;
  return { visible, rows, columns, header: shape.header, cursor, wide };
}

/** The widest each column has been: `seen` itself when no cell of `rows` is wider. */
function widest(seen: ReadonlyMap<ColumnKey, number>, rows: readonly Cells[]): ReadonlyMap<ColumnKey, number> {
  let wider: Map<ColumnKey, number> | undefined;
  for (const r of rows) {
    for (const key of Object.keys(r) as ColumnKey[]) {
      const w = widthOf(r[key]);
      if (w > ((wider ?? seen).get(key) ?? 0)) (wider ??= new Map(seen)).set(key, w);
    }
  }
  return wider ?? seen;
}
