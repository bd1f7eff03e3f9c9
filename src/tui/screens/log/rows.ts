// One log line as the rows it takes on screen: its coloured spans, search matches marked, cut
// to the width or wrapped into rows of exactly that many cells. Pure: the viewer's reducer uses
// it to count rows, the view to draw them, so what is counted is what is drawn. `saveKey` is the
// save key in force, named by the note that ends a line too long to draw whole.
import type { SpanStyle } from '../../../text/ansi.js';
import { splitCells, widthOf } from '../../../text/cells.js';
import type { LogLine } from '../../../model/log.js';
import { thousands } from '../../../text/thousands.js';
import { DEFAULT_KEYS } from '../../keys.js';

export type Mark = 'match' | 'current' | 'more';

export interface Segment {
  readonly text: string;
  readonly style: SpanStyle;
  readonly mark?: Mark;
}

export type Row = readonly Segment[];

/** Longest part of one line drawn (UTF-16 units); the rest is counted, and saving keeps it all. */
export const DISPLAY_MAX = 10_000;

const PLAIN: SpanStyle = {};

/** What ends a line drawn in part: how much more it holds, and that saving keeps it whole. */
export function moreText(characters: number, saveKey: string): string {
  return ` … ${thousands(characters)} more characters (${saveKey} saves the whole line)`;
}

/** The line's segments with the ranges marked (ranges sorted, not overlapping). */
function marked(line: LogLine, ranges: readonly (readonly [number, number])[], current: boolean, saveKey: string): Segment[] {
  const spans = line.spans ?? [{ text: line.text, style: PLAIN }];
  let out: Segment[] = spans.map((s) => ({ text: s.text, style: s.style }));
  if (line.text.length > DISPLAY_MAX) {
    const kept: Segment[] = [];
    let left = DISPLAY_MAX;
    for (const s of out) {
      if (left <= 0) break;
      kept.push(s.text.length <= left ? s : { ...s, text: s.text.slice(0, left) });
      left -= s.text.length;
    }
    kept.push({ text: moreText(line.text.length - DISPLAY_MAX, saveKey), style: PLAIN, mark: 'more' });
    out = kept;
  }
  if (ranges.length === 0) return out;
  const result: Segment[] = [];
  let pos = 0;
  let r = 0;
  for (const s of out) {
    if (s.mark === 'more') {
      result.push(s);
      continue;
    }
    let text = s.text;
    let at = pos;
    while (text.length > 0) {
      while (r < ranges.length && ranges[r]![1] <= at) r++;
      const range = ranges[r];
      if (!range || range[0] >= at + text.length) {
        result.push({ text, style: s.style });
        break;
      }
      if (range[0] > at) {
        result.push({ text: text.slice(0, range[0] - at), style: s.style });
        text = text.slice(range[0] - at);
        at = range[0];
        continue;
      }
      const end = Math.min(range[1], at + text.length);
      result.push({ text: text.slice(0, end - at), style: s.style, mark: current ? 'current' : 'match' });
      text = text.slice(end - at);
      at = end;
    }
    pos += s.text.length;
  }
  return result;
}

/**
 * The rows of one line at `width` cells: one row when not wrapping (the view cuts it), else as
 * many as it needs. `ranges` are search matches in the line's text; `current` says the line is
 * the match the search is on.
 */
export function lineRows(
  line: LogLine,
  width: number,
  wrap: boolean,
  ranges: readonly (readonly [number, number])[] = [],
  current = false,
  saveKey = DEFAULT_KEYS.hint('logSave'),
): Row[] {
  const segments = marked(line, ranges, current, saveKey);
  if (!wrap || width <= 0) return [segments];
  const rows: Segment[][] = [];
  let row: Segment[] = [];
  let used = 0;
  for (const s of segments) {
    let text = s.text;
    while (text.length > 0) {
      const room = width - used;
      const w = widthOf(text);
      if (w <= room) {
        row.push({ ...s, text });
        used += w;
        break;
      }
      const [head, rest] = splitCells(text, room);
      if (widthOf(head) > room && used > 0) {
        // A wide character that does not fit what is left of the row starts the next one.
        rows.push(row);
        row = [];
        used = 0;
        continue;
      }
      row.push({ ...s, text: head });
      rows.push(row);
      row = [];
      used = 0;
      text = rest;
    }
  }
  if (row.length > 0 || rows.length === 0) rows.push(row);
  return rows;
}

/** How many rows the line takes (what lineRows would give, without building them for a plain line). */
export function rowCount(line: LogLine, width: number, wrap: boolean, saveKey = DEFAULT_KEYS.hint('logSave')): number {
  if (!wrap || width <= 0) return 1;
  if (line.text.length <= DISPLAY_MAX && line.spans === null) {
    const w = widthOf(line.text);
    if (w <= width) return 1;
    if (/^[\x20-\x7e]*$/.test(line.text)) return Math.ceil(w / width);
  }
  return lineRows(line, width, wrap, [], false, saveKey).length;
}

/** The row without its first `cells` cells (←/→ while lines are cut); a wide character cut in half leaves a space. */
export function shiftRow(row: Row, cells: number): Row {
  if (cells <= 0) return row;
  const out: Segment[] = [];
  let skip = cells;
  for (const seg of row) {
    if (skip <= 0) {
      out.push(seg);
      continue;
    }
    const w = widthOf(seg.text);
    if (w <= skip) {
      skip -= w;
      continue;
    }
    const [head, rest] = splitCells(seg.text, skip);
    const hw = widthOf(head);
    let text = rest;
    // A wide character across the edge is cut: spaces keep the columns.
    if (hw > skip) text = ' '.repeat(hw - skip) + rest;
    else if (hw < skip) {
      const [wide, after] = splitCells(rest, 1);
      text = ' '.repeat(Math.max(0, widthOf(wide) - (skip - hw))) + after;
    }
    skip = 0;
    if (text !== '') out.push({ ...seg, text });
  }
  return out;
}
