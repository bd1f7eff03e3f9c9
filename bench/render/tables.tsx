// Figure 9: the deployments list's frame budget, the table alone — dms's own frame component
// (src/tui/components/deployment-table.tsx) against ink-table (@alcalzone/ink-table) through its
// public props (data, columns, padding, header, cell, skeleton), on the same 30 rows of the bench's
// page: a cursor move and a page change, key → frame, each paired with the one-<Text> floor. Through
// its props ink-table has no cursor but its data (a `›` column), and puts a rule between rows.
import React, { useMemo, useState } from 'react';
import { Box, Text, useInput } from 'ink';
import { Table, type CellProps } from '@alcalzone/ink-table';
import { DeploymentTable, type TableRow } from '../../src/tui/components/deployment-table.js';
import { truncate } from '../../src/text/cells.js';
import { keysOf, viewOf } from '../../src/model/deployment.js';
import { cellsOf, fitColumns, pageColumns, type LaidColumn } from '../../src/model/columns.js';
import { colourTheme, statusColour, ThemeProvider, useTheme } from '../../src/tui/theme.js';
import { PAIRS, gc, loadRecords, median, sleep, trivialFloor } from './common.js';
import { mount, WIDTH } from './terminal.js';

const ROWS = 30;

interface TableProps {
  readonly rows: readonly TableRow[];
  readonly columns: readonly LaidColumn[];
  readonly cursor: number;
}

/** The list's table as ink-table draws it through its public props: the cursor a `›` in the data. */
function InkTableList({ rows, columns, cursor }: TableProps) {
  const data = useMemo(
    () =>
      rows.map((r, i) => {
        const row: Record<string, string> = { ' ': i === cursor ? '›' : ' ' };
        // Cut to the column's width, as dms's table cuts them (ink-table pads, and counts UTF-16 units).
        for (const c of columns) row[c.header] = truncate(r.cells[c.key], c.width);
        return row;
      }),
    [rows, columns, cursor],
  );
  return <Table data={data} columns={[' ', ...columns.map((c) => c.header)]} padding={1} header={Heading} cell={StatusCell} />;
}

const MARKS: Record<string, string> = { '✓': 'finished', '✗': 'failed', '●': 'in_progress', '○': 'queued', '⊘': 'cancelled-by-user' };

/** A cell; the status in its colour, read back from its mark (a cell knows its column, not its row). */
function StatusCell({ children }: CellProps) {
  const theme = useTheme();
  const status = MARKS[String(children).trim()[0] ?? ''];
  return <Text color={status === undefined ? undefined : statusColour(theme, status)}>{children}</Text>;
}

function Heading({ children }: { children?: React.ReactNode }) {
  const theme = useTheme();
  return (
    <Text bold color={theme.ui.title}>
      {children}
    </Text>
  );
}

/** A list that moves its cursor on j/k and its page on n/p, drawing `Table`; the first line says where it is. */
function List({
  pages,
  columns,
  Table: Drawn,
}: {
  pages: readonly (readonly TableRow[])[];
  columns: readonly LaidColumn[];
  Table: (p: TableProps) => React.ReactNode;
}) {
  const [at, setAt] = useState({ cursor: 0, page: 0 });
  useInput((input) => {
    if (input === 'j') setAt((s) => ({ ...s, cursor: s.cursor + 1 }));
    if (input === 'k') setAt((s) => ({ ...s, cursor: s.cursor - 1 }));
    if (input === 'n') setAt((s) => ({ ...s, page: s.page + 1 }));
    if (input === 'p') setAt((s) => ({ ...s, page: s.page - 1 }));
  });
  return (
    <ThemeProvider value={colourTheme}>
      <Box flexDirection="column">
        <Text>{`cursor ${at.cursor} page ${at.page}`}</Text>
        <Drawn rows={pages[at.page]!} columns={columns} cursor={at.cursor} />
      </Box>
    </ThemeProvider>
  );
}

export async function tables() {
  const all = await loadRecords();
  if (all.length < 2 * ROWS) throw new Error(`the page has ${all.length} deployments; ${2 * ROWS} are needed`);
  const now = Date.now();
  const views = all.slice(0, 2 * ROWS).map(viewOf);
  const keys = keysOf(views);
  const cells = views.map((v) => cellsOf(v, now));
  const columns = fitColumns(pageColumns(cells).columns, cells, WIDTH - 4);
  const rows: TableRow[] = views.map((v, i) => ({ key: keys[i]!, cells: cells[i]!, status: v.status, flash: false }));
  const pages = [rows.slice(0, ROWS), rows.slice(ROWS)];
  const { floor, floorChange } = await trivialFloor();
  const variants = {
    dms: (p: TableProps) => <DeploymentTable rows={p.rows} columns={p.columns} cursor={p.cursor} />,
    inkTable: InkTableList,
  };
  const out: Record<string, unknown> = {};
  for (const [name, Drawn] of Object.entries(variants)) {
    // Rows enough for ink-table's 30 rows with a rule under each (64 lines): a frame as tall as
    // the terminal would make Ink clear the screen on every frame, and that is not what is timed.
    const t = mount(<List pages={pages} columns={columns} Table={Drawn} />, 2 * ROWS + 10);
    await t.stdout.until((f) => f.includes('cursor 0 page 0') && f.includes('└'));
    const lines = t.stdout.last.split('\n').filter((l) => l.trim() !== '').length - 1;
    let state = { cursor: 0, page: 0 };
    const step = (key: string, next: typeof state) => async () => {
      gc();
      await sleep(40);
      state = next;
      return t.stdout.timeFrame(
        () => t.stdin.write(key),
        (f) => f.includes(`cursor ${next.cursor} page ${next.page}`),
      );
    };
    const cursor = () => (state.cursor === 0 ? step('j', { ...state, cursor: 1 }) : step('k', { ...state, cursor: 0 }))();
    const page = () => (state.page === 0 ? step('n', { ...state, page: 1 }) : step('p', { ...state, page: 0 }))();
    const figures: Record<string, unknown> = { lines };
    for (const [kind, a] of [
      ['cursor', cursor],
      ['page', page],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        await a();
        await floorChange();
      }
      const as: number[] = [];
      const bs: number[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        const x = await a();
        const y = await floorChange();
        as.push(x);
        bs.push(y);
        ratios.push(x / y);
      }
      figures[kind] = { a_ms: median(as), b_ms: median(bs), ratio: median(ratios), pairs: PAIRS };
    }
    t.instance.unmount();
    t.instance.cleanup();
    out[name] = figures;
  }
  floor.instance.unmount();
  return {
    rows: ROWS,
    ...out,
    what: `the list's table alone, ${ROWS} rows of the bench's page, ${WIDTH} columns, key → frame, whole frames, maxFps 1000`,
  };
}
