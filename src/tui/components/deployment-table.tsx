// The deployments table: a frame (borders, heading) around rows drawn column by column, widths
// counted in terminal cells (wide characters and emoji keep columns aligned), one line per row (no
// separator lines between rows). Memoised: it re-renders only when its rows, widths or the cursor
// row change, and then the frame and the columns are left as they were. The cursor row is a
// highlight bar (inverse video, which reads without colour too: NO_COLOR drops colours, not
// styles); the `›` beside it lives in the screen's gutter.
//
// dms draws the frame itself rather than with ink-table (@alcalzone/ink-table, used for the
// context list: screens/picker/context-table.tsx): through its props ink-table puts a rule between every two rows
// (30 rows take 63 lines), counts widths in UTF-16 units (an emoji shifts its row), draws a Text
// per cell, hashes every row on each render and has no cursor but its data: at 30 rows a cursor
// move took 6–8× this table's time and a new page 5–13× (bench figure 9, README "Stack").
import React, { memo } from 'react';
import { Box, Text, type DOMElement } from 'ink';
import { padCells, widthOf } from '../../text/cells.js';
import { tableWidth, type Cells, type LaidColumn } from '../../model/columns.js';
import { statusColour, useTheme, type Theme } from '../theme.js';

export interface TableRow {
  readonly key: string;
  readonly cells: Cells;
  /** The status as sent, for its colour. */
  readonly status: string;
  /** Status changed in the last refresh: highlighted briefly. */
  readonly flash: boolean;
}

/**
 * A border line: `┌───┬──┐`, `├───┼──┤`, `└───┴──┘` (each column's width plus a space each side);
 * never cut by the layout. `labels`: the first that fits right of the first column is written into
 * its right end (`└───┴── 1–8 of 30 rows ─┘`).
 */
const Rule = memo(function Rule({
  laid,
  left,
  cross,
  right,
  labels = [],
}: {
  laid: readonly LaidColumn[];
  left: string;
  cross: string;
  right: string;
  labels?: readonly string[];
}) {
  const line = `${left}${laid.map((c) => '─'.repeat(c.width + 2)).join(cross)}${right}`;
  // The rule is one cell a character: cut it by characters, the label by its cells.
  const room = line.length - (laid.length > 1 ? laid[0]!.width + 4 : 1);
  const label = labels.find((l) => widthOf(l) + 4 <= room);
  const text = label === undefined ? line : `${line.slice(0, line.length - widthOf(label) - 4)} ${label} ─${right}`;
  return (
    <Box flexShrink={0}>
      <Text bold>{text}</Text>
    </Box>
  );
});

/** Column names in the theme's title colour (none without colour), between bars. */
const Heading = memo(function Heading({ laid, theme }: { laid: readonly LaidColumn[]; theme: Theme }) {
  return (
    <Box flexShrink={0}>
      <Text>
        <Text bold>│</Text>
        {laid.map((c) => (
          <React.Fragment key={c.key}>
            <Text bold color={theme.ui.title}>{` ${padCells(c.header, c.width)} `}</Text>
            <Text bold>│</Text>
          </React.Fragment>
        ))}
      </Text>
    </Box>
  );
});

/*
 * The rows are drawn column by column: one multi-line Text per column and per border. Ink
 * measures every Text on every frame with string-width, which is fast only for plain ASCII lines;
 * a Text per row mixes in the box-drawing bars and costs ~10x more. Columns keep the cell text
 * ASCII (unless the data is not), so a cursor move or a new page stays within a frame budget.
 */
function Body({
  rows,
  laid,
  theme,
  bodyRef,
  cursor,
}: {
  rows: readonly TableRow[];
  laid: readonly LaidColumn[];
  theme: Theme;
  bodyRef?: React.Ref<DOMElement>;
  cursor: number;
}) {
  // The cursor's bar is drawn over the columns (an absolute box, drawn after them): a cursor move
  // redraws one line, and the columns (one text each, measured by Ink) are left as they were.
  // When the table is given fewer lines than it has rows, the last rows are cut here, the borders kept.
  return (
    <Box flexDirection="row" ref={bodyRef} flexShrink={1} minHeight={0} overflowY="hidden">
      <Columns rows={rows} laid={laid} theme={theme} />
      {cursor >= 0 && cursor < rows.length ? <CursorBar row={rows[cursor]!} laid={laid} theme={theme} top={cursor} /> : null}
    </Box>
  );
}

/** The columns, each one text of all its rows. Memoised: the cursor is not among its props. */
const Columns = memo(function Columns({ rows, laid, theme }: { rows: readonly TableRow[]; laid: readonly LaidColumn[]; theme: Theme }) {
  // The bars between columns are Box borders: Ink draws those without measuring them.
  // The last column also has a right border. Ink applies only the border props that changed and
  // misses a borderRight turned on later (the bar is not laid out), so a column that becomes
  // the last after a resize is a new Box.
  return (
    <>
      {laid.map((c, index) => (
        <Box
          key={index === laid.length - 1 ? `${c.key} last` : c.key}
          borderStyle="single"
          borderTop={false}
          borderBottom={false}
          borderRight={index === laid.length - 1}
        >
          {c.key === 'status' ? (
            <Text>
              {rows.map((r, i) => (
                <React.Fragment key={r.key}>
                  {' '}
                  <Text color={statusColour(theme, r.status)} bold={r.flash} inverse={r.flash}>
                    {padCells(r.cells.status, c.width)}
                  </Text>
                  {i < rows.length - 1 ? ' \n' : ' '}
                </React.Fragment>
              ))}
            </Text>
          ) : (
            <Text color={c.key === 'changed' ? theme.ui.changed : undefined}>
              {rows.map((r) => ` ${padCells(r.cells[c.key], c.width)} `).join('\n')}
            </Text>
          )}
        </Box>
      ))}
    </>
  );
});

/** The row under the cursor in inverse video, cell by cell between the column bars, `top` rows down. */
function CursorBar({ row, laid, theme, top }: { row: TableRow; laid: readonly LaidColumn[]; theme: Theme; top: number }) {
  return (
    // Its width given: a box placed absolutely is otherwise measured without one, and Ink then
    // wraps (word by word) a line that already fits — ~14 ms before the first frame.
    <Box position="absolute" marginTop={top} flexDirection="row" width={tableWidth(laid)}>
      <Text>
        {laid.map((c) => (
          <React.Fragment key={c.key}>
            {'│'}
            {c.key === 'status' ? (
              <Text inverse color={statusColour(theme, row.status)} bold={row.flash}>{` ${padCells(row.cells.status, c.width)} `}</Text>
            ) : (
              <Text inverse color={c.key === 'changed' ? theme.ui.changed : undefined}>{` ${padCells(row.cells[c.key], c.width)} `}</Text>
            )}
          </React.Fragment>
        ))}
        {'│'}
      </Text>
    </Box>
  );
}

export interface DeploymentTableProps {
  readonly rows: readonly TableRow[];
  readonly columns: readonly LaidColumn[];
  /** The box of the rows (the screen measures where they start). */
  readonly bodyRef?: React.Ref<DOMElement>;
  /** The row under the cursor, drawn as a highlight bar (-1 or absent: none). */
  readonly cursor?: number;
  /** Written into the bottom border, the first that fits (`1–8 of 30 rows`). */
  readonly footLabels?: readonly string[];
}

/** The visible rows as a table. Re-renders only when `rows`, `columns`, `cursor` or `footLabels` change. */
export const DeploymentTable = memo(function DeploymentTable({ rows, columns, bodyRef, cursor = -1, footLabels }: DeploymentTableProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" minHeight={0}>
      <Rule laid={columns} left="┌" cross="┬" right="┐" />
      <Heading laid={columns} theme={theme} />
      {rows.length > 0 ? <Rule laid={columns} left="├" cross="┼" right="┤" /> : null}
      {rows.length > 0 ? <Body rows={rows} laid={columns} theme={theme} bodyRef={bodyRef} cursor={cursor} /> : null}
      <Rule laid={columns} left="└" cross="┴" right="┘" labels={footLabels} />
    </Box>
  );
});
