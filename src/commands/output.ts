// Human output: aligned tables, coloured status labels, error lines.
import stringWidth from 'string-width';
import { ApiError, LocalValidationError, ValidationError } from '../api/errors.js';
import { clean } from '../text/sanitize.js';

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

/** The lines printed on stderr for a failure: what is wrong, then what to do. */
export function errorLines(error: unknown, redact: (s: string) => string = (s) => s): string[] {
  if (error instanceof LocalValidationError) {
    const n = error.problems.length;
    return [
      `dms: the request is invalid (${n} problem${n === 1 ? '' : 's'}); nothing was sent:`,
      ...error.problems.map((p) => `  ${p.field === '(body)' ? '' : `${p.field}: `}${p.message}`),
    ];
  }
  if (error instanceof ValidationError) {
    const lines = [`dms: ${redact(error.message)}`];
    for (const p of error.problems) lines.push(`  ${clean(p.field)}: ${redact(clean(p.message))}`);
    lines.push(`  ${error.hint}`);
    return lines;
  }
  if (error instanceof ApiError) {
    return [`dms: ${redact(error.message)}${error.hint ? ` ${error.hint}` : ''}`];
  }
  if (error instanceof Error && (error.name === 'UsageError' || error.name === 'ConfigError')) {
    return [`dms: ${redact(error.message)}`];
  }
  const message = error instanceof Error ? error.message : String(error);
  return [`dms: internal error: ${redact(clean(message))}. This is a bug; rerun with DMS_DEBUG=1 for details.`];
}
