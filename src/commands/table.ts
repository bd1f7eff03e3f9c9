// Human output: aligned tables and coloured status labels.
import stringWidth from '../text/string-width.js';

export interface Style {
  readonly color: boolean;
}

const SGR: Record<string, string> = { red: '31', green: '32', yellow: '33', blue: '34', gray: '90', bold: '1' };

export function paint(style: Style, colour: keyof typeof SGR, text: string): string {
  return style.color ? `\u001b[${SGR[colour]}m${text}\u001b[0m` : text;
}

export function statusColour(status: string | null | undefined): keyof typeof SGR {
  switch (status) {
    case 'finished': return 'green';
    case 'failed': return 'red';
    case 'in_progress': return 'blue';
    case 'queued': return 'yellow';
    default: return 'gray';
  }
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** Longest cell, in code points; longer ones end in `…`. */
export const MAX_CELL = 200;

// string-width is super-linear on long non-ASCII text (100 000 CJK characters: ~19 s), so a
// hostile server could freeze the table with one long field: measure at most MAX_CELL code points.
function cap(text: string): string {
  if (text.length <= MAX_CELL) return text;
  const points = Array.from(text.slice(0, MAX_CELL * 2 + 2));
  return points.length <= MAX_CELL ? points.join('') : `${points.slice(0, MAX_CELL - 1).join('')}…`;
}

/** Columns separated by two spaces; cells are plain text, `paintCell` may colour after padding. */
export function table(
  headers: readonly string[],
  rawRows: readonly (readonly string[])[],
  paintCell: (row: number, col: number, padded: string) => string = (_r, _c, p) => p,
): string {
  const rows = rawRows.map((r) => r.map(cap));
  const widths = headers.map((h, i) => Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[i] ?? ''))));
  const line = (cells: readonly string[], row: number) => cells
    .map((c, i) => {
      const padded = i === cells.length - 1 ? c : pad(c, widths[i]!);
      return row < 0 ? padded : paintCell(row, i, padded);
    })
    .join('  ')
    .trimEnd();
  return [line(headers, -1), ...rows.map((r, i) => line(r, i))].join('\n');
}

