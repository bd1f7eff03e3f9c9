// What the string-width tests measure: the UTF-16 units src/text/string-width.ts takes on its fast
// path, and text that takes each branch of string-width (test/text and test/property share them).
import { ONE_CELL } from '../../src/text/string-width.js';

/** Every UTF-16 unit the fast path accepts on its own. */
export const FAST: string[] = [];
for (let code = 0; code <= 0xffff; code++) {
  const ch = String.fromCharCode(code);
  if (ONE_CELL.test(ch)) FAST.push(ch);
}
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
export const graphemes = (s: string) => [...segmenter.segment(s)].length;

/** Text that takes each branch of string-width: emoji, keycaps, ZWJ sequences, Hangul jamo, marks, wide and halfwidth forms. */
export const TRICKY = [
  '日本語',
  '😀',
  '👍🏽',
  '👨‍👩‍👧',
  '🏳️‍🌈',
  '1️⃣',
  '1⃣',
  '#⃣',
  '❤',
  '❤️',
  '🇫🇷',
  '🇫',
  'e\u0301',
  'a\u0308\u0304',
  '\u200b',
  '\u200d',
  '\u00ad',
  '\u2028',
  '\ufeff',
  '\u1100\u1161',
  '\u1100\u1161\u11a8',
  '\u1100\u1100\u1161',
  '\u1161',
  '\u11a8',
  '\ua960\ud7b0\ud7cb',
  '\u1100가',
  'ｶﾞ',
  'ｱ',
  'ﾟ',
  'ｰ',
  'Ａ',
  'क्षि',
  'कि',
  'ก่',
  '\u0e33',
  '\u0001',
  '\t',
  '\u0085',
  '\ud800',
  '\udc00x',
  '◽',
  '☂',
  '☂️',
  '\u0600\u0627',
  '\u{1f468}\u200d\u{1f4bb}',
  '\u{e0061}',
  '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}',
  `${'\u0301'.repeat(60)}`,
  `👍${'\u200d👍'.repeat(30)}`,
];
