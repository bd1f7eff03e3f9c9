// What the list's table draws: the window of the page's rows the filter leaves (or a page of a
// whole-history search's results), their cells, and column widths that only grow while the screen
// shows one application, so they do not jump from page to page. Memoised step by step: a cursor
// move recomputes none of it.
import { useMemo, useState } from 'react';
import { absoluteTimeColumns, cellsOf, COLUMNS, fitColumns, pageColumns, type Cells, type ColumnKey, type LaidColumn, type PageColumns } from '../../../model/columns.js';
import type { DeploymentView } from '../../../model/deployment.js';
import { settingsChanged } from '../../../model/settings.js';
import { widthOf } from '../../../text/cells.js';
import type { TimeMode } from '../../../text/format.js';
import type { TableRow } from '../../components/deployment-table.js';
import type { Older } from '../detail/lines.js';
import { visibleRows } from './paging.js';
import { resultRows, type BrowseState } from './state.js';
import { olderOf } from './use-older.js';

export interface ListTable {
  /** The page's rows the filter leaves. */
  readonly visible: readonly DeploymentView[];
  /** The rows drawn: the window of `visible`, or a page of search results. */
  readonly rows: readonly TableRow[];
  readonly columns: readonly LaidColumn[];
  /** What every row of the page shares (the application, its build pack, server, domains): the header says it once. */
  readonly header: PageColumns['header'];
  /** The cursor's row among `rows`. */
  readonly cursor: number;
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
  const { rows: pageRows, filter, keys: pageKeys } = state;
  const visible = useMemo(() => visibleRows({ rows: pageRows, filter }), [pageRows, filter]);
  const { start: offset, rows: maxRows } = state.window;

  // Δ: the row's settings differ from the deployment before it (the next row, or the fetched neighbour).
  const changed = useMemo(() => pageRows.map((_, i) => {
    const older = olderOf({ rows: pageRows, keys: pageKeys }, i, neighbours);
    return older?.kind === 'record' && settingsChanged(pageRows[i]!.record, older.record);
  }), [pageRows, pageKeys, neighbours]);
  const pageCells = useMemo(() => pageRows.map((d, i) => cellsOf(d, now, { changed: changed[i], time })), [pageRows, now, changed, time]);
  const specs = useMemo(() => (time === 'absolute' ? absoluteTimeColumns() : COLUMNS), [time]);
  const page = useMemo(() => pageColumns(pageCells, specs), [pageCells, specs]);

  // A search of the whole history shows its results instead of the page, paged the same way.
  const search = browse.search?.kind === 'search' ? browse.search : null;
  const perPage = resultRows(browse);
  const found = search?.results;
  const foundStart = search?.pageStart ?? 0;
  const results = useMemo(() => (found ? found.slice(foundStart, foundStart + perPage) : null), [found, foundStart, perPage]);
  const resultCells = useMemo(() => results?.map((v) => cellsOf(v, now, { time })) ?? null, [results, now, time]);
  const shownCells = resultCells ?? pageCells;
  const shownColumns = useMemo(() => (resultCells ? pageColumns(resultCells, specs).columns : page.columns), [resultCells, page, specs]);
  // Widths stay as wide as a column has been for this application (pages, refreshes, results), so they do not jump.
  const [seenWidths, setSeenWidths] = useState<ReadonlyMap<ColumnKey, number>>(() => new Map());
  const stable = useMemo(() => widest(seenWidths, shownCells), [seenWidths, shownCells]);
  // A column grew: kept for the next renders (React renders again at once, before drawing).
  if (stable !== seenWidths) setSeenWidths(stable);
  const columns = useMemo(() => fitColumns(shownColumns, shownCells, width, undefined, stable), [shownColumns, shownCells, width, stable]);
  const rows = useMemo<TableRow[]>(() => {
    if (results && resultCells) return results.map((v, i) => ({ key: `r:${v.index}`, cells: resultCells[i]!, status: v.status, flash: false }));
    return visible.slice(offset, offset + maxRows).map((d) => {
      const i = pageRows.indexOf(d);
      const key = pageKeys[i] ?? '';
      return { key, cells: pageCells[i]!, status: d.status, flash: state.changed.has(key) };
    });
  }, [results, resultCells, visible, offset, maxRows, pageCells, state.changed, pageRows, pageKeys]);

  const cursor = search ? search.cursor - search.pageStart : state.cursor - offset;
  return { visible, rows, columns, header: page.header, cursor };
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
