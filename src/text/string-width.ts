// Terminal cells taken by a string, counted exactly as string-width 8 counts them (its
// algorithm, MIT © Sindre Sorhus, restated so its costly parts start only when needed).
// Importing string-width costs ~35 ms whatever is measured: it creates an Intl.Segmenter and
// compiles \p{…}/v regexes (RGI_Emoji alone ~20 ms). Here:
// - text of one-cell characters that never join a neighbour (printable ASCII, Latin-1 and Latin
//   Extended letters, punctuation such as `–` and `…`, arrows, box drawing, the status marks
//   ✓ ✗ ● ○ ◌ ⊘ and Δ) is as wide as it is
//   long once colour codes are stripped: the first frame never needs more;
// - other text takes string-width's steps, whose segmenter and regexes are built on first use.
// test/text/string-width.test.ts checks every answer against string-width itself.
// The build points Ink's `string-width` imports here too (scripts/esbuild-options.mjs).
import stripAnsi from 'strip-ansi';
import { eastAsianWidth } from 'get-east-asian-width';

export interface Options {
  /** Count East Asian "ambiguous" characters as one cell (default true). */
  readonly ambiguousIsNarrow?: boolean;
  /** Count escape sequences instead of stripping them (default false). */
  readonly countAnsiEscapeCodes?: boolean;
}

/** Each of these is one cell wide by itself (ambiguous ones counted narrow) and a grapheme of its own. */
export const ONE_CELL =
  /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u0394\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2298\u2500-\u259f\u25cb\u25cc\u25cf\u2713\u2717]*$/;

/**
 * Text in which every code point is a grapheme of its own and never joins a neighbour: the
 * one-cell characters above, CJK and kana, Hangul syllables, fullwidth forms, and emoji and
 * symbols that are one code point (no joiner, variation selector, skin-tone modifier, flag
 * letter, combining mark or conjoining jamo can occur here). Its width is the sum of each code
 * point's East Asian width, so a commit message with a CJK word or a 🛒 is measured without the
 * segmenter and the emoji regexes (~40 ms to build).
 */
export const SIMPLE =
  /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u0377\u037a-\u037f\u0384-\u038a\u038c\u038e-\u03a1\u03a3-\u03ff\u2010-\u2027\u2030-\u205e\u2190-\u23ff\u2500-\u27bf\u2b00-\u2b73\u3000-\u3029\u3030-\u303f\u3041-\u3096\u309b-\u30ff\u3105-\u312f\u3131-\u3163\u3165-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff01-\uff60\uffe0-\uffe6\u{1f300}-\u{1f3fa}\u{1f400}-\u{1f64f}\u{1f680}-\u{1f6ff}\u{1f900}-\u{1f9ff}\u{1fa70}-\u{1faff}]*$/u;

function simpleWidth(text: string, ambiguousAsWide: boolean): number {
  let width = 0;
  for (const ch of text) width += eastAsianWidth(ch.codePointAt(0)!, { ambiguousAsWide });
  return width;
}

interface Tools {
  readonly segmenter: Intl.Segmenter;
  /** A printing character (the base of a cluster, after leading marks and format characters). */
  readonly visible: RegExp;
  readonly spacingMark: RegExp;
  readonly rgiEmoji: RegExp;
  readonly keycap: RegExp;
  readonly pictographic: RegExp;
}

let built: Tools | undefined;
function tools(): Tools {
  built ??= {
    segmenter: new Intl.Segmenter(),
    visible: new RegExp(
      '[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]',
      'v',
    ),
    spacingMark: new RegExp('\\p{Spacing_Mark}', 'v'),
    rgiEmoji: new RegExp('^\\p{RGI_Emoji}$', 'v'),
    keycap: /^[\d#*]\u20E3$/,
    pictographic: /\p{Extended_Pictographic}/gu,
  };
  return built;
}

/** Emoji sequences that are not RGI but still drawn two cells wide (keycaps, ZWJ sequences). */
function isWideNonRgiEmoji(t: Tools, segment: string): boolean {
  if (segment.length > 50) return false;
  if (t.keycap.test(segment)) return true;
  if (segment.includes('\u200D')) {
    const found = segment.match(t.pictographic);
    return found !== null && found.length >= 2;
  }
  return false;
}

const isLeadingJamo = (c: number | undefined) => c !== undefined && ((c >= 0x1100 && c <= 0x115f) || (c >= 0xa960 && c <= 0xa97c));
const isVowelJamo = (c: number | undefined) => c !== undefined && ((c >= 0x1160 && c <= 0x11a7) || (c >= 0xd7b0 && c <= 0xd7c6));
const isTrailingJamo = (c: number | undefined) => c !== undefined && ((c >= 0x11a8 && c <= 0x11ff) || (c >= 0xd7cb && c <= 0xd7fb));
const isJamo = (c: number) => isLeadingJamo(c) || isVowelJamo(c) || isTrailingJamo(c);

/** Hangul jamo: a modern L+V(+T) run is one two-cell syllable; undefined when the cluster does not start with jamo. */
function hangulWidth(t: Tools, visible: string, ambiguousAsWide: boolean): number | undefined {
  const codes: number[] = [];
  for (const ch of visible) if (t.visible.test(ch)) codes.push(ch.codePointAt(0)!);
  if (codes.length === 0) return undefined;
  let width = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (!isJamo(code)) {
      if (width === 0) return undefined;
      for (let rest = i; rest < codes.length; rest++) width += eastAsianWidth(codes[rest]!, { ambiguousAsWide });
      return width;
    }
    if (isLeadingJamo(code) && isVowelJamo(codes[i + 1])) {
      width += 2;
      i += isTrailingJamo(codes[i + 2]) ? 2 : 1;
      continue;
    }
    width += eastAsianWidth(code, { ambiguousAsWide });
  }
  return width;
}

/** Spacing marks and halfwidth/fullwidth forms after the base character add their own width. */
function trailingWidth(t: Tools, visible: string, ambiguousAsWide: boolean): number {
  let extra = 0;
  let first = true;
  for (const ch of visible) {
    if (first) {
      first = false;
      continue;
    }
    if (t.spacingMark.test(ch) || (ch >= '\uFF00' && ch <= '\uFFEF')) extra += eastAsianWidth(ch.codePointAt(0)!, { ambiguousAsWide });
  }
  return extra;
}

function clusterWidths(text: string, ambiguousAsWide: boolean): number {
  const t = tools();
  let width = 0;
  for (const { segment } of t.segmenter.segment(text)) {
    const index = segment.search(t.visible);
    if (index === -1) continue; // zero-width cluster
    const visible = segment.slice(index);
    if (t.rgiEmoji.test(segment) || isWideNonRgiEmoji(t, segment)) {
      width += 2;
      continue;
    }
    const hangul = hangulWidth(t, visible, ambiguousAsWide);
    if (hangul !== undefined) {
      width += hangul;
      continue;
    }
    width += eastAsianWidth(visible.codePointAt(0)!, { ambiguousAsWide });
    width += trailingWidth(t, visible, ambiguousAsWide);
  }
  return width;
}

export default function stringWidth(input: string, options: Options = {}): number {
  if (typeof input !== 'string' || input.length === 0) return 0;
  const { ambiguousIsNarrow = true, countAnsiEscapeCodes = false } = options;
  const text = !countAnsiEscapeCodes && (input.includes('\u001b') || input.includes('\u009b')) ? stripAnsi(input) : input;
  if (text.length === 0) return 0;
  // Ambiguous characters (box drawing, `–`) are wide when asked: then only ASCII is sure to be one cell.
  if (ambiguousIsNarrow ? ONE_CELL.test(text) : /^[\u0020-\u007e]*$/.test(text)) return text.length;
  if (SIMPLE.test(text)) return simpleWidth(text, !ambiguousIsNarrow);
  return clusterWidths(text, !ambiguousIsNarrow);
}
