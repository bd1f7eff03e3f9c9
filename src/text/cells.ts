// Column arithmetic in terminal cells (wide characters and emoji take two), not string length.
import stringWidth, { ONE_CELL, SIMPLE } from './string-width.js';

// Built on first use, as in src/text/string-width.ts: one-cell text (ONE_CELL) never needs it.
let segmenter: Intl.Segmenter | undefined;

// Intl.Segmenter (and so string-width) takes time quadratic in the length of its input (Node 20:
// 40 000 characters 0.4 s, 160 000 over 30 s), so long text is segmented in short chunks.
const CHUNK = 1024;

/**
 * The graphemes of `s`, in linear time. The last grapheme of each chunk is carried into the next
 * chunk, as it may continue there (a cluster longer than a chunk is cut: only pathological input has one).
 */
function* graphemes(s: string): Generator<string> {
  // Every code point its own grapheme (string-width.ts SIMPLE): no segmenter needed.
  if (SIMPLE.test(s)) {
    yield* s;
    return;
  }
  let carry = '';
  for (let start = 0; start < s.length;) {
    let end = start + CHUNK;
    // Never cut a surrogate pair: a lone half would be a grapheme of its own.
    const before = s.charCodeAt(end - 1);
    if (before >= 0xd800 && before <= 0xdbff) end++;
    let last = '';
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const { segment } of segmenter.segment(carry + s.slice(start, end))) {
      if (last) yield last;
      last = segment;
    }
    carry = last;
    start = end;
    if (carry.length >= CHUNK) {
      yield carry;
      carry = '';
    }
  }
  if (carry) yield carry;
}

// Width of one grapheme, cached: long text repeats the same few characters.
const cache = new Map<string, number>();
function graphemeWidth(g: string): number {
  if (g.length > 16) return stringWidth(g);
  let w = cache.get(g);
  if (w === undefined) {
    w = stringWidth(g);
    if (cache.size >= 10_000) cache.clear();
    cache.set(g, w);
  }
  return w;
}

export function widthOf(s: string): number {
  if (ONE_CELL.test(s)) return s.length;
  if (s.length <= CHUNK) return stringWidth(s);
  let w = 0;
  for (const g of graphemes(s)) w += graphemeWidth(g);
  return w;
}

/** Cuts `s` to at most `width` cells (and, when `maxLength` is given, that many UTF-16 units), ending in `…` when cut. */
export function truncate(s: string, width: number, maxLength = Infinity): string {
  if (width <= 0) return '';
  if (widthOf(s) <= width && s.length <= maxLength) return s;
  let out = '';
  let used = 0;
  for (const segment of graphemes(s)) {
    const w = graphemeWidth(segment);
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
export function wrapCells(line: string, width: number): string[] {
  if (width <= 0) return [line];
  if (ONE_CELL.test(line)) {
    // One cell per UTF-16 unit, none joining a neighbour: plain slicing is exact (and fast on huge values).
    if (line.length <= width) return [line];
    const out: string[] = [];
    for (let i = 0; i < line.length; i += width) out.push(line.slice(i, i + width));
    return out;
  }
  const out: string[] = [];
  let cur = '';
  let used = 0;
  for (const segment of graphemes(line)) {
    const w = graphemeWidth(segment);
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

/** The first `width` cells of `s` and the rest (a grapheme wider than `width` still goes first, so the rest always shrinks). */
export function splitCells(s: string, width: number): [string, string] {
  if (ONE_CELL.test(s)) return [s.slice(0, Math.max(1, width)), s.slice(Math.max(1, width))];
  let used = 0;
  let at = 0;
  for (const g of graphemes(s)) {
    const w = graphemeWidth(g);
    if (used + w > width && at > 0) break;
    used += w;
    at += g.length;
  }
  return [s.slice(0, at), s.slice(at)];
}
