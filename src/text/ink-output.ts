// Ink's output stage (ink/build/output.js, Ink 7.1), restated to cost less per frame. The build
// puts this class where Ink's renderer imports its Output (scripts/ink-output-patch.mjs); the
// strings it returns are Ink's to the byte (test/property/ink-output.test.ts compares both on random
// frames and lines). Ink's Output, per frame: a cell object for every cell of the screen, every
// line tokenized again (an Intl.Segmenter pass per line), every cell's styles diffed against its
// neighbour's. Here:
// - a screen row is a pure function of the writes that land on it (x and text, in order, after
//   clipping and transforms) and of the width: its string is kept, keyed by those writes, and a
//   row no write changed costs one lookup (a cursor move rebuilds two rows, not the screen);
// - a line's styled characters are kept across frames (as dms's build already made Ink do), and
//   made without the segmenter when every character of the line is a grapheme of its own (the
//   one-cell characters of src/text/string-width.ts) and its only escapes are SGR sequences,
//   each read once and kept;
// - style arrays are shared (one array per distinct style: characters of a run share it), so
//   "same style as the cell before" is one comparison, and the codes between two styles are
//   worked out once and kept.
// Any other line (a combining mark, an emoji sequence, a link, a cursor escape) goes through Ink's
// own tokenizer, so what is not sped up is Ink's behaviour unchanged.
import sliceAnsi from 'slice-ansi';
import {
  ansiCodesToString,
  diffAnsiCodes,
  reduceAnsiCodesIncremental,
  tokenize,
  type AnsiCode,
  type StyledChar,
  type Token,
} from '@alcalzone/ansi-tokenize';
import stringWidth, { ONE_CELL } from './string-width.js';

/** The clip rectangle Ink hands to `clip()` (render-node-to-output.js). */
export interface Clip {
  readonly x1: number | undefined;
  readonly x2: number | undefined;
  readonly y1: number | undefined;
  readonly y2: number | undefined;
}

/** A function Ink applies to each line of a text (colours, <Transform>). */
export type OutputTransformer = (s: string, index: number) => string;

type Operation =
  | {
      readonly type: 'write';
      readonly x: number;
      readonly y: number;
      readonly text: string;
      readonly transformers: readonly OutputTransformer[];
    }
  | { readonly type: 'clip'; readonly clip: Clip }
  | { readonly type: 'unclip' };

/** Empties a cache that grew past `max` before it takes one more entry (entries are derived values, never changed). */
function bounded<K, V>(map: Map<K, V>, max: number, key: K, value: V): V {
  if (map.size >= max) map.clear();
  map.set(key, value);
  return value;
}

// ------------------------------------------------------------------ shared style arrays

const EMPTY: AnsiCode[] = [];
/** One array per distinct style, by its codes. */
const styles = new Map<string, AnsiCode[]>([['', EMPTY]]);
/** The escape codes from one style to another: transitions.get(from)?.get(to). */
let transitions = new Map<AnsiCode[], Map<AnsiCode[], string>>();

function shared(codes: AnsiCode[]): AnsiCode[] {
  if (codes.length === 0) return EMPTY;
  let key = '';
  for (const c of codes) key += `${c.code}\u0000${c.endCode}\u0001`;
  const found = styles.get(key);
  if (found) return found;
  if (styles.size >= 4096) {
    styles.clear();
    styles.set('', EMPTY);
    transitions = new Map();
  }
  styles.set(key, codes);
  return codes;
}

/** What @alcalzone/ansi-tokenize's styledCharsToString writes between a cell styled `from` and one styled `to`. */
function transition(from: AnsiCode[], to: AnsiCode[]): string {
  let byTo = transitions.get(from);
  if (!byTo) {
    if (transitions.size >= 4096) transitions.clear();
    byTo = new Map();
    transitions.set(from, byTo);
  }
  let codes = byTo.get(to);
  if (codes === undefined) {
    codes = ansiCodesToString(diffAnsiCodes(from, to));
    if (byTo.size >= 256) byTo.clear();
    byTo.set(to, codes);
  }
  return codes;
}

/** styledCharsToString of @alcalzone/ansi-tokenize (holes and undefined cells skipped, as Ink filters them). */
export function cellsToString(cells: readonly (StyledChar | undefined)[]): string {
  let out = '';
  let before: AnsiCode[] | undefined;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === undefined) continue;
    const now = cell.styles;
    // The first cell opens its styles: the codes from no style to them.
    if (now !== before) out += transition(before ?? EMPTY, now);
    out += cell.value;
    before = now;
  }
  if (before !== undefined && before.length > 0) out += transition(before, EMPTY);
  return out;
}

// ------------------------------------------------------------------ tokens

/**
 * A line Ink's tokenizer reads one UTF-16 unit at a time: ESC and the one-cell characters of
 * src/text/string-width.ts (ONE_CELL: each a narrow grapheme of its own that never joins a
 * neighbour). Other lines take Ink's tokenizer.
 */
const SOLO = new RegExp(`^[\\u001b${ONE_CELL.source.slice(2)}`);
/** The tokens of each SGR sequence met (`\x1b[1;31m` is two). */
const sgrTokens = new Map<string, readonly Token[]>();
/** Char tokens of the SOLO characters, by UTF-16 unit (a line's tokens are only read, never changed). */
const charTokens = new Map<number, Token>();

function charToken(unit: number): Token {
  let token = charTokens.get(unit);
  if (!token) {
    token = { type: 'char', value: String.fromCharCode(unit), fullWidth: false };
    charTokens.set(unit, token);
  }
  return token;
}

/** `tokenize(line)` of @alcalzone/ansi-tokenize, without its grapheme segmenter where the line allows. */
export function tokenizeLine(line: string): Token[] {
  if (!SOLO.test(line)) return tokenize(line);
  const out: Token[] = [];
  for (let i = 0; i < line.length; i++) {
    const unit = line.charCodeAt(i);
    if (unit !== 0x1b) {
      out.push(charToken(unit));
      continue;
    }
    // An SGR sequence: ESC [ digits and semicolons m. Anything else after an ESC: Ink's tokenizer.
    if (line.charCodeAt(i + 1) !== 0x5b) return tokenize(line);
    let end = i + 2;
    for (; end < line.length; end++) {
      const c = line.charCodeAt(end);
      if (c === 0x6d || c === 0x3b || (c >= 0x30 && c <= 0x39)) {
        if (c === 0x6d) break;
        continue;
      }
      return tokenize(line);
    }
    if (end >= line.length) return tokenize(line);
    const sequence = line.slice(i, end + 1);
    let tokens = sgrTokens.get(sequence);
    if (!tokens) {
      tokens = tokenize(sequence);
      if (tokens.some((t) => t.type !== 'ansi')) return tokenize(line);
      bounded(sgrTokens, 1024, sequence, tokens);
    }
    for (const t of tokens) out.push(t);
    i = end;
  }
  return out;
}

/** styledCharsFromTokens(tokenize(line)), with shared style arrays. */
export function styledCharsOf(line: string): StyledChar[] {
  const out: StyledChar[] = [];
  let codes = EMPTY;
  for (const token of tokenizeLine(line)) {
    if (token.type === 'ansi') codes = shared(reduceAnsiCodesIncremental(codes, [token]));
    // A control sequence that is not a style (ansi-tokenize 0.3.2+: a cursor move) is dropped, as Ink drops it.
    else if (token.type === 'char') out.push({ ...token, styles: codes });
  }
  return out;
}

// ------------------------------------------------------------------ caches kept across frames

const widths = new Map<string, number>();
const blockWidths = new Map<string, number>();
const lines = new Map<string, StyledChar[]>();
/** A row's string by its writes (see `get`). */
const rows = new Map<string, string>();

function widthOf(text: string): number {
  return widths.get(text) ?? bounded(widths, 8192, text, stringWidth(text));
}

function widestLine(text: string): number {
  let cached = blockWidths.get(text);
  if (cached === undefined) {
    cached = 0;
    for (const line of text.split('\n')) cached = Math.max(cached, widthOf(line));
    bounded(blockWidths, 8192, text, cached);
  }
  return cached;
}

function charsOf(line: string): StyledChar[] {
  return lines.get(line) ?? bounded(lines, 8192, line, styledCharsOf(line));
}

const BLANK: StyledChar = { type: 'char', value: ' ', fullWidth: false, styles: EMPTY };

/** A row `width` cells wide with its writes (x, text, x, text …) laid down in order, as Ink lays them. */
function drawRow(width: number, writes: readonly (number | string)[]): string {
  const cells: (StyledChar | undefined)[] = new Array<StyledChar>(width).fill(BLANK);
  for (let w = 0; w < writes.length; w += 2) {
    let offsetX = writes[w] as number;
    const characters = charsOf(writes[w + 1] as string);
    // Nothing to write (a line clipped away).
    if (characters.length === 0) continue;
    // A write that starts on the second cell of a wide character blanks its first (Ink 7): the
    // terminal never shows half of one.
    if (cells[offsetX]?.value === '' && offsetX > 0 && widthOf(cells[offsetX - 1]?.value ?? '') > 1) cells[offsetX - 1] = BLANK;
    for (const character of characters) {
      cells[offsetX] = character;
      // The printed width as string-width counts it, to match the layout's measure.
      const characterWidth = Math.max(1, widthOf(character.value));
      // A wide character's other cells are emptied (no stray spaces).
      for (let index = 1; index < characterWidth; index++) {
        cells[offsetX + index] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
      }
      offsetX += characterWidth;
    }
    // …and one that ends on the first cell of a wide character blanks its second.
    if (cells[offsetX]?.value === '') cells[offsetX] = BLANK;
  }
  return cellsToString(cells).trimEnd();
}

/** Ink's Output: the same methods, the same strings. */
export default class Output {
  width: number;
  height: number;
  operations: Operation[] = [];

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
  }

  write(x: number, y: number, text: string, options: { transformers: readonly OutputTransformer[] }): void {
    if (!text) return;
    this.operations.push({ type: 'write', x, y, text, transformers: options.transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  get(): { output: string; height: number } {
    // Each row's writes, in order: x, then the line as it will be drawn (clipped, transformed).
    const writes: (number | string)[][] = [];
    for (let y = 0; y < this.height; y++) writes.push([]);
    const clips: Clip[] = [];
    for (const operation of this.operations) {
      if (operation.type === 'clip') clips.push(operation.clip);
      if (operation.type === 'unclip') clips.pop();
      if (operation.type !== 'write') continue;
      const { text, transformers } = operation;
      let { x, y } = operation;
      let split = text.split('\n');
      const clip = clips.at(-1);
      if (clip) {
        const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
        const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
        // Text outside the clip altogether is skipped.
        if (clipHorizontally && (x + widestLine(text) < clip.x1! || x > clip.x2!)) continue;
        if (clipVertically && (y + split.length < clip.y1! || y > clip.y2!)) continue;
        if (clipHorizontally) {
          split = split.map((line) => {
            const from = x < clip.x1! ? clip.x1! - x : 0;
            const width = widthOf(line);
            const to = x + width > clip.x2! ? clip.x2! - x : width;
            return sliceAnsi(line, from, to);
          });
          if (x < clip.x1!) x = clip.x1!;
        }
        if (clipVertically) {
          const from = y < clip.y1! ? clip.y1! - y : 0;
          const height = split.length;
          const to = y + height > clip.y2! ? clip.y2! - y : height;
          split = split.slice(from, to);
          if (y < clip.y1!) y = clip.y1!;
        }
      }
      let offsetY = 0;
      for (const [index, part] of split.entries()) {
        const row = writes[y + offsetY];
        // A line below the last row (or above the first) is dropped, and so are those after it, as in Ink.
        if (!row) continue;
        let line = part;
        for (const transformer of transformers) line = transformer(line, index);
        row.push(x, line);
        offsetY++;
      }
    }
    const out: string[] = [];
    for (const row of writes) {
      if (row.length === 0) {
        out.push('');
        continue;
      }
      // Lines hold no '\n' and x is a number: the writes joined by '\n' name the row exactly.
      const key = `${this.width}\n${row.join('\n')}`;
      out.push(rows.get(key) ?? bounded(rows, 4096, key, drawRow(this.width, row)));
    }
    return { output: out.join('\n'), height: writes.length };
  }
}
