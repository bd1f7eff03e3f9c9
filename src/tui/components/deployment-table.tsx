// The deployments table: ink-table's frame (borders, heading) around rows drawn column by column,
// widths counted in terminal cells (wide characters and emoji keep columns aligned), one line per
// row (no separator lines between rows). Memoised: it re-renders only when its rows or widths change;
// the row cursor lives in a separate gutter (see deployments screen), never in these props.
import React, { memo } from 'react';
import { Box, Text } from 'ink';
import { Table } from '@alcalzone/ink-table';
import { padCells, widthOf } from '../text-width.js';
import { statusColour, useTheme, type Theme } from '../theme.js';

export interface ColumnSpec {
  readonly key: string;
  readonly header: string;
  /** Widest the column gets, in cells. */
  readonly max: number;
  /** Narrowest before it is dropped (or shrunk, for required columns). */
  readonly min: number;
  /** Always shown (shrunk rather than dropped). */
  readonly required?: boolean;
}

export const COLUMNS: readonly ColumnSpec[] = [
  { key: 'id', header: 'id', max: 10, min: 2, required: true },
  { key: 'status', header: 'status', max: 18, min: 6, required: true },
  { key: 'commit', header: 'commit', max: 7, min: 7, required: true },
  { key: 'branch', header: 'branch', max: 24, min: 6 },
  { key: 'created', header: 'created', max: 10, min: 7 },
  { key: 'updated', header: 'updated', max: 10, min: 7 },
  { key: 'name', header: 'name', max: 28, min: 8 },
  { key: 'build', header: 'build', max: 12, min: 6 },
  { key: 'fqdn', header: 'fqdn', max: 40, min: 10 },
];

export interface LaidColumn {
  readonly key: string;
  readonly header: string;
  /** Content width in cells (without the one-cell padding on each side). */
  readonly width: number;
}

/** Cells taken by a table of these columns: borders, padding and content. */
export function tableWidth(columns: readonly LaidColumn[]): number {
  return 1 + columns.reduce((sum, c) => sum + c.width + 3, 0);
}

/** Picks the columns that fit `available` cells, left to right; later ones drop first. */
export function layoutColumns(rows: readonly Record<string, string>[], available: number, specs = COLUMNS): LaidColumn[] {
  const out: LaidColumn[] = [];
  let used = 1;
  for (const spec of specs) {
    let natural = widthOf(spec.header);
    for (const r of rows) natural = Math.max(natural, widthOf(r[spec.key] ?? ''));
    const want = Math.min(spec.max, Math.max(natural, spec.min));
    const room = available - used - 3;
    if (want <= room) {
      out.push({ key: spec.key, header: spec.header, width: want });
      used += want + 3;
    } else if (spec.required && room >= 1) {
      out.push({ key: spec.key, header: spec.header, width: Math.max(1, room) });
      used += Math.max(1, room) + 3;
    } else if (!spec.required && room >= spec.min) {
      out.push({ key: spec.key, header: spec.header, width: room });
      used += room + 3;
      break;
    } else {
      break;
    }
  }
  return out;
}

export interface TableRow {
  readonly key: string;
  readonly cells: Readonly<Record<string, string>>;
  /** The raw status, for its colour. */
  readonly status: string | null | undefined;
  /** Status changed in the last refresh: highlighted briefly. */
  readonly changed: boolean;
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
    this.data = (p) => <Body key={p.key} rows={this.props.rows} laid={this.props.laid} theme={this.props.theme} />;
  }

  override getColumns() {
    return this.props.laid.map((c) => ({ key: c.header, column: c.header, width: c.width + 2, align: 'left' as const }));
  }
}

function Body({ rows, laid, theme }: { rows: readonly TableRow[]; laid: readonly LaidColumn[]; theme: Theme }) {
  // The bars between columns are Box borders: Ink draws those without measuring them.
  // The last column also has a right border. Ink applies only the border props that changed and
  // misses a borderRight turned on later (the bar is not laid out), so a column that becomes
  // the last after a resize is a new Box.
  return (
    <Box flexDirection="row">
      {laid.map((c, index) => (
        <Box key={index === laid.length - 1 ? `${c.key} last` : c.key} borderStyle="single" borderTop={false} borderBottom={false} borderRight={index === laid.length - 1}>
          {c.key === 'status' ? (
            <Text>
              {rows.map((r, i) => (
                <React.Fragment key={r.key}>
                  {' '}
                  <Text color={statusColour(theme, r.status)} bold={r.changed} inverse={r.changed}>{padCells(r.cells.status ?? '', c.width)}</Text>
                  {i < rows.length - 1 ? ' \n' : ' '}
                </React.Fragment>
              ))}
            </Text>
          ) : (
            <Text>{rows.map((r) => ` ${padCells(r.cells[c.key] ?? '', c.width)} `).join('\n')}</Text>
          )}
        </Box>
      ))}
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
}

/** The visible rows as a table. Re-renders only when `rows` or `columns` change identity. */
export const DeploymentTable = memo(function DeploymentTable({ rows, columns }: DeploymentTableProps) {
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
    />
  );
});
