// Column arithmetic in terminal cells (wide characters and emoji take two), not string length.
import stringWidth from 'string-width';

export const widthOf = (s: string): number => stringWidth(s);

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Cuts `s` to at most `width` cells (and, when `maxLength` is given, that many UTF-16 units), ending in `…` when cut. */
export function truncate(s: string, width: number, maxLength = Infinity): string {
  if (width <= 0) return '';
  if (widthOf(s) <= width && s.length <= maxLength) return s;
  let out = '';
  let used = 0;
  for (const { segment } of segmenter.segment(s)) {
    const w = widthOf(segment);
    if (used + w > width - 1 || out.length + segment.length > maxLength - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Pads with spaces to exactly `width` cells (truncating first when longer). */
export function padCells(s: string, width: number): string {
  const t = truncate(s, width);
  return t + ' '.repeat(Math.max(0, width - widthOf(t)));
}

/** Splits one line into pieces of at most `width` cells (hard wrap, grapheme-safe). */
const PLAIN = /^[\u0020-\u007e]*$/;

export function wrapCells(line: string, width: number): string[] {
  if (width <= 0) return [line];
  if (PLAIN.test(line)) {
    // Printable ASCII: one cell per character, so plain slicing is exact (and fast on huge values).
    if (line.length <= width) return [line];
    const out: string[] = [];
    for (let i = 0; i < line.length; i += width) out.push(line.slice(i, i + width));
    return out;
  }
  if (widthOf(line) <= width) return [line];
  const out: string[] = [];
  let cur = '';
  let used = 0;
  for (const { segment } of segmenter.segment(line)) {
    const w = widthOf(segment);
    if (used + w > width && cur) {
      out.push(cur);
      cur = '';
      used = 0;
    }
    cur += segment;
    used += w;
  }
  if (cur || out.length === 0) out.push(cur);
  return out;
}
