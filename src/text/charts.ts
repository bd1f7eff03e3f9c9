// Pictures drawn as text: a calendar heat map, and a column chart with a marked level.
// Each returns plain lines of one-cell characters (no escape codes, no colour): shapes carry the
// meaning, so they read the same under NO_COLOR, and a caller may colour them. Every line is at
// most `width` cells. This file is the one interface the stats draw through: a chart library can
// replace any function here without touching its callers. Pure.

/** Eighths of a cell, from empty to full: a column's top. */
const EIGHTHS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;
/** The heat map's marks: none, then four levels. */
export const HEAT_MARKS = ['·', '░', '▒', '▓', '█'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = 86_400_000;
const WEEKDAYS = ['Mon', '', 'Wed', '', 'Fri', '', 'Sun'];

export interface HeatMap {
  readonly lines: string[];
  /** What each mark means: `· 0  ░ 1  ▒ 2–3  ▓ 4–6  █ 7+`. */
  readonly legend: string;
  /** Weeks drawn (the newest that fit). */
  readonly weeks: number;
  /** Weeks the window touches, Monday to Sunday: more than `weeks` when the oldest did not fit. */
  readonly span: number;
}

/** Monday 00:00 UTC of the week holding `t` (1970-01-05 was a Monday). */
const mondayOf = (t: number): number => Math.floor((t - 4 * DAY) / (7 * DAY)) * 7 * DAY + 4 * DAY;

/**
 * Deployments per day as a calendar: a column per week (Monday on top, oldest on the left, the
 * newest weeks that fit `width`), a row per weekday, a month's name above the week it starts in.
 * Levels split the busiest day's count in four; days after `to` or before `from` are blank.
 */
export function heatMap(counts: ReadonlyMap<number, number>, from: number, to: number, width: number): HeatMap {
  const label = 4;
  const lastDay = Math.floor((to - 1) / DAY) * DAY;
  const lastWeek = mondayOf(lastDay);
  const firstDay = Math.floor(from / DAY) * DAY;
  // Counted from the Monday of the first day's week: a window from Friday to the next Monday is two weeks.
  const span = Math.max(1, Math.round((lastWeek - mondayOf(firstDay)) / (7 * DAY)) + 1);
  const weeks = Math.max(0, Math.min(span, width - label));
  const start = lastWeek - (weeks - 1) * 7 * DAY;
  let max = 0;
  for (const [day, n] of counts) if (day >= start && day >= firstDay && day <= lastDay) max = Math.max(max, n);
  const bounds = [1, 2, 3, 4].map((q) => Math.max(1, Math.ceil((max * q) / 4)));
  const level = (n: number) => (n <= 0 ? 0 : bounds.findIndex((b) => n <= b) + 1 || 4);
  const rows = WEEKDAYS.map((name) => name.padEnd(label));
  let months = ' '.repeat(label);
  for (let w = 0; w < weeks; w++) {
    const monday = start + w * 7 * DAY;
    for (let d = 0; d < 7; d++) {
      const day = monday + d * DAY;
      rows[d] = rows[d]! + (day < firstDay || day > lastDay ? ' ' : HEAT_MARKS[level(counts.get(day) ?? 0)]);
    }
    // The month's name over the week of its first day, when it fits before the next one.
    const date = new Date(monday + 6 * DAY);
    if (date.getUTCDate() <= 7 && months.length <= label + w) months = months.padEnd(label + w) + MONTHS[date.getUTCMonth()];
  }
  const levels: string[] = [`${HEAT_MARKS[0]} 0`];
  let low = 1;
  for (let i = 0; i < 4; i++) {
    const high = bounds[i]!;
    if (high < low) continue;
    levels.push(`${HEAT_MARKS[i + 1]} ${i === 3 && max > high ? `${low}+` : low === high ? `${low}` : `${low}–${high}`}`);
    low = high + 1;
  }
  return { lines: [months.slice(0, width).trimEnd(), ...rows.map((r) => r.slice(0, width))], legend: levels.join('  '), weeks, span };
}

export interface ColumnChartOptions {
  /** Cells wide, the axis labels included. */
  readonly width: number;
  /** Rows of columns (each row is eight levels). */
  readonly height: number;
  /** A level drawn across as `┄` where no column reaches it, named on the axis (p90). */
  readonly mark?: { readonly value: number; readonly label: string };
  /** An axis label for a value. */
  readonly format: (value: number) => string;
  /** The top of the scale (default: the largest value or the mark). */
  readonly max?: number;
}

/**
 * Values as columns from a baseline (null: no column, `·` on the baseline), scaled to the largest
 * (or `max`), with the axis on the left: the mark's label on its row, else the top's value on the
 * top row and 0 at the bottom. `values` are resampled to the room left of the axis (the median of the values a cell holds).
 */
export function columnChart(values: readonly (number | null)[], o: ColumnChartOptions): string[] {
  const height = Math.max(1, o.height);
  const largest = (xs: readonly (number | null)[]) => Math.max(0, ...xs.map((v) => v ?? 0), o.mark?.value ?? 0);
  // The axis is as wide as its widest label could be; the columns take the rest, scaled to the tallest drawn.
  const guess = [o.format(o.max ?? largest(values)), o.format(0), o.mark?.label ?? ''];
  const labelWidth = Math.min(Math.max(...guess.map((l) => l.length)), Math.max(0, o.width - 3));
  const room = Math.max(1, o.width - labelWidth - 1);
  const cols = resample(values, room);
  const top = o.max ?? largest(cols);
  const markRow = o.mark && top > 0 ? Math.min(height - 1, Math.floor((o.mark.value / top) * height - 1e-9)) : -1;
  const labels = Array.from({ length: height }, (_, r) =>
    r === markRow && o.mark ? o.mark.label : r === height - 1 ? o.format(top) : r === 0 ? o.format(0) : '',
  );
  const lines: string[] = [];
  for (let r = height - 1; r >= 0; r--) {
    let line = '';
    for (const v of cols) {
      if (v === null) {
        line += r === 0 ? '·' : r === markRow ? '┄' : ' ';
        continue;
      }
      const eighths = top > 0 ? Math.round((v / top) * height * 8) : 0;
      // A value above zero always shows; zero shows as the baseline.
      const fill = Math.min(8, Math.max(0, eighths - r * 8));
      const cell = fill === 0 && r === 0 ? (v > 0 ? EIGHTHS[1] : '_') : EIGHTHS[fill]!;
      line += cell === ' ' && r === markRow ? '┄' : cell;
    }
    lines.push(`${labels[r]!.slice(0, labelWidth).padStart(labelWidth)}${labelWidth > 0 ? '│' : ''}${line}`.slice(0, o.width));
  }
  return lines;
}

/**
 * `values` fitted to `cells`: as they are when they fit; otherwise each cell the median of the
 * values that fall in it (nulls left out; all null: null).
 */
export function resample(values: readonly (number | null)[], cells: number): (number | null)[] {
  if (values.length <= cells) return [...values];
  const out: (number | null)[] = [];
  for (let c = 0; c < cells; c++) {
    const a = Math.floor((c * values.length) / cells);
    const b = Math.floor(((c + 1) * values.length) / cells);
    const some = values
      .slice(a, b)
      .filter((v): v is number => v !== null)
      .sort((x, y) => x - y);
    out.push(some.length === 0 ? null : some[some.length >> 1]!);
  }
  return out;
}
