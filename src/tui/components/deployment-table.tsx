// The deployments table: ink-table's frame (borders, heading) around rows drawn column by column,
// widths counted in terminal cells (wide characters and emoji keep columns aligned), one line per
// row (no separator lines between rows). Memoised: it re-renders only when its rows, widths or the
// cursor row change. The cursor row is a highlight bar (inverse video, which reads without colour
// too: NO_COLOR drops colours, not styles); the `›` beside it lives in the screen's gutter.
import React, { memo } from 'react';
import { Box, Text, type DOMElement } from 'ink';
import { Table } from '@alcalzone/ink-table';
import { padCells } from '../../text/cells.js';
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

type Scalar = string | number | boolean | null | undefined;
type Dict = Record<string, Scalar>;

interface FrameProps {
  readonly header: (props: { children?: React.ReactNode }) => React.JSX.Element;
  readonly data: Dict[];
  readonly columns: string[];
  readonly laid: readonly LaidColumn[];
  readonly rows: readonly TableRow[];
  readonly theme: Theme;
  readonly bodyRef?: React.Ref<DOMElement>;
  /** The row under the cursor (-1: none). */
  readonly cursor: number;
}

/**
 * ink-table draws the frame (top border, heading, the separator under it, bottom border); the
 * rows are drawn column by column: one multi-line Text per column and per border. Ink measures
 * every Text on every frame with string-width, which is fast only for plain ASCII lines; a
 * Text per row mixes in the box-drawing bars and costs ~10x more. Columns keep the cell text
 * ASCII (unless the data is not), so a cursor move or a new page stays within a frame budget.
 */
class FrameTable extends Table<Dict> {
  declare props: Readonly<FrameProps>;

  constructor(props: FrameProps) {
    super(props as never);
    const baseSeparator = this.separator;
    // One data "row" stands for the whole body; keep the separator under the heading only.
    this.separator = (p) => (p.key.endsWith('-0') ? baseSeparator(p) : (null as unknown as React.JSX.Element));
    this.data = (p) => <Body key={p.key} rows={this.props.rows} laid={this.props.laid} theme={this.props.theme} bodyRef={this.props.bodyRef} cursor={this.props.cursor} />;
  }

  override getColumns() {
    return this.props.laid.map((c) => ({ key: c.header, column: c.header, width: c.width + 2, align: 'left' as const }));
  }
}

function Body({ rows, laid, theme, bodyRef, cursor }: { rows: readonly TableRow[]; laid: readonly LaidColumn[]; theme: Theme; bodyRef?: React.Ref<DOMElement>; cursor: number }) {
  // The cursor's bar is drawn over the columns (an absolute box, drawn after them): a cursor move
  // redraws one line, and the columns (one text each, measured by Ink) are left as they were.
  return (
    <Box flexDirection="row" ref={bodyRef}>
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
        <Box key={index === laid.length - 1 ? `${c.key} last` : c.key} borderStyle="single" borderTop={false} borderBottom={false} borderRight={index === laid.length - 1}>
          {c.key === 'status' ? (
            <Text>
              {rows.map((r, i) => (
                <React.Fragment key={r.key}>
                  {' '}
                  <Text color={statusColour(theme, r.status)} bold={r.flash} inverse={r.flash}>{padCells(r.cells.status, c.width)}</Text>
                  {i < rows.length - 1 ? ' \n' : ' '}
                </React.Fragment>
              ))}
            </Text>
          ) : (
            <Text color={c.key === 'changed' ? theme.ui.changed : undefined}>{rows.map((r) => ` ${padCells(r.cells[c.key], c.width)} `).join('\n')}</Text>
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
            {c.key === 'status'
              ? <Text inverse color={statusColour(theme, row.status)} bold={row.flash}>{` ${padCells(row.cells.status, c.width)} `}</Text>
              : <Text inverse color={c.key === 'changed' ? theme.ui.changed : undefined}>{` ${padCells(row.cells[c.key], c.width)} `}</Text>}
          </React.Fragment>
        ))}
        {'│'}
      </Text>
    </Box>
  );
}

/** Column names in the heading row, in the theme's title colour (none without colour). */
function Heading({ children }: { children?: React.ReactNode }) {
  const theme = useTheme();
  return <Text bold color={theme.ui.title}>{children}</Text>;
}

export interface DeploymentTableProps {
  readonly rows: readonly TableRow[];
  readonly columns: readonly LaidColumn[];
  /** The box of the rows (the screen measures where they start). */
  readonly bodyRef?: React.Ref<DOMElement>;
  /** The row under the cursor, drawn as a highlight bar (-1 or absent: none). */
  readonly cursor?: number;
}

/** The visible rows as a table. Re-renders only when `rows` or `columns` change identity. */
export const DeploymentTable = memo(function DeploymentTable({ rows, columns, bodyRef, cursor = -1 }: DeploymentTableProps) {
  const theme = useTheme();
  // ink-table hashes each data row for its React key: one small stand-in row for the body.
  const data = rows.length > 0 ? [{ [columns[0]?.header ?? 'id']: 'body' } as Dict] : [];
  return (
    <FrameTable
      data={data}
      columns={columns.map((c) => c.header)}
      laid={columns}
      rows={rows}
      theme={theme}
      header={Heading}
      bodyRef={bodyRef}
      cursor={cursor}
    />
  );
});
