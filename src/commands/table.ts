// Human output: the deployments table in aligned plain-text columns, and coloured status labels.
import { padCells, truncate } from '../text/cells.js';
import type { Cells, LaidColumn } from '../model/columns.js';

export interface Style {
  readonly color: boolean;
}

const SGR: Record<string, string> = { red: '31', green: '32', yellow: '33', blue: '34', cyan: '36', gray: '90', bold: '1' };

export function paint(style: Style, colour: keyof typeof SGR, text: string): string {
  return style.color ? `\u001b[${SGR[colour]}m${text}\u001b[0m` : text;
}

export function statusColour(status: string | null | undefined): keyof typeof SGR {
  switch (status) {
    case 'finished':
      return 'green';
    case 'failed':
      return 'red';
    case 'in_progress':
      return 'blue';
    case 'queued':
      return 'yellow';
    default:
      return 'gray';
  }
}

/**
 * Columns separated by two spaces, headings in capitals, every cell cut to its column's width
 * (`…` where cut). `paintCell` may colour a cell after padding. `heading: false` leaves the
 * headings out (the next block of a table already headed).
 */
export function columnsTable(
  columns: readonly LaidColumn[],
  rows: readonly Cells[],
  paintCell: (row: number, column: LaidColumn, padded: string) => string = (_r, _c, p) => p,
  { heading = true }: { readonly heading?: boolean } = {},
): string {
  const line = (texts: readonly string[], row: number) =>
    texts
      .map((text, i) => {
        const c = columns[i]!;
        const fitted = i === columns.length - 1 ? truncate(text, c.width) : padCells(text, c.width);
        return row < 0 ? fitted : paintCell(row, c, fitted);
      })
      .join('  ')
      .trimEnd();
  return [
    ...(heading
      ? [
          line(
            columns.map((c) => (c.key === 'changed' ? c.header : c.header.toUpperCase())),
            -1,
          ),
        ]
      : []),
    ...rows.map((r, i) =>
      line(
        columns.map((c) => r[c.key]),
        i,
      ),
    ),
  ].join('\n');
}
