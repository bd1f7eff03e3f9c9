// src/text/string-width.ts must give string-width's own answer for every input: Ink measures
// all its text with it in the built binary.
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import fastStringWidth, { ONE_CELL, SIMPLE } from '../../src/text/string-width.js';

/** Every UTF-16 unit the fast path accepts on its own. */
const FAST: string[] = [];
for (let code = 0; code <= 0xffff; code++) {
  const ch = String.fromCharCode(code);
  if (ONE_CELL.test(ch)) FAST.push(ch);
}
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (s: string) => [...segmenter.segment(s)].length;

/** Text that takes each branch of string-width: emoji, keycaps, ZWJ sequences, Hangul jamo, marks, wide and halfwidth forms. */
const TRICKY = [
  '日本語', '😀', '👍🏽', '👨‍👩‍👧', '🏳️‍🌈', '1️⃣', '1⃣', '#⃣', '❤', '❤️', '🇫🇷', '🇫', 'e\u0301', 'a\u0308\u0304', '\u200b', '\u200d',
  '\u00ad', '\u2028', '\ufeff', '\u1100\u1161', '\u1100\u1161\u11a8', '\u1100\u1100\u1161', '\u1161', '\u11a8', '\ua960\ud7b0\ud7cb',
  '\u1100가', 'ｶﾞ', 'ｱ', 'ﾟ', 'ｰ', 'Ａ', 'क्षि', 'कि', 'ก่', '\u0e33', '\u0001', '\t', '\u0085', '\ud800', '\udc00x', '◽', '☂', '☂️',
  '\u0600\u0627', '\u{1f468}\u200d\u{1f4bb}', '\u{e0061}', '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}',
  `${'\u0301'.repeat(60)}`, `👍${'\u200d👍'.repeat(30)}`,
];

describe('string-width, restated', () => {
  it('counts the characters of the first frame without the full algorithm', () => {
    for (const s of ['1–10 of 137', '┌──┬──┐', '│ id │', '└──┴──┘', '↑/↓ move', '• (set)', 'cut…', 'café', '✓ finished', '✗ failed', '● in progress', '○ queued', '⊘ cancelled', 'Δ']) {
      expect(ONE_CELL.test(s), s).toBe(true);
    }
    expect(FAST.length).toBeGreaterThan(900);
  });

  it('takes the fast path only for characters string-width counts as one cell', () => {
    const wrong = FAST.filter((ch) => stringWidth(ch) !== 1).map((ch) => ch.charCodeAt(0).toString(16));
    expect(wrong).toEqual([]);
  });

  it('takes the fast path only for characters that never join a neighbour into one grapheme', () => {
    // Extend, SpacingMark and ZWJ join the character before them; Prepend joins the one after.
    const joining = FAST.filter((ch) => graphemes(`a${ch}a`) !== 3 || graphemes(ch + ch) !== 2)
      .map((ch) => ch.charCodeAt(0).toString(16));
    expect(joining).toEqual([]);
  });

  it.each(TRICKY)('gives string-width\'s answer for %j, alone and in company', (s) => {
    expect(ONE_CELL.test(s)).toBe(false);
    for (const text of [s, `x${s}y`, `${s}${s}`, `–${s}│`, `\u001b[31m${s}\u001b[39m`]) {
      expect(fastStringWidth(text), JSON.stringify(text)).toBe(stringWidth(text));
      expect(fastStringWidth(text, { ambiguousIsNarrow: false })).toBe(stringWidth(text, { ambiguousIsNarrow: false }));
      expect(fastStringWidth(text, { countAnsiEscapeCodes: true })).toBe(stringWidth(text, { countAnsiEscapeCodes: true }));
    }
  });

  it('measures text of one-code-point graphemes (CJK, kana, Hangul syllables, single emoji) without segmenting, as string-width does', () => {
    const simple: string[] = [];
    for (let cp = 0; cp <= 0x1ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (SIMPLE.test(ch)) simple.push(ch);
    }
    expect(simple.length).toBeGreaterThan(40_000);
    const wrong = simple.filter((ch) => fastStringWidth(ch) !== stringWidth(ch)
      || fastStringWidth(ch, { ambiguousIsNarrow: false }) !== stringWidth(ch, { ambiguousIsNarrow: false }));
    expect(wrong.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
    const joining = simple.filter((ch) => graphemes(`a${ch}a`) !== 3 || graphemes(ch + ch) !== 2);
    expect(joining.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
    for (const s of ['Add 🛒 badge to the cart icon', '部署 ブランチ 한국어', 'ｗｉｄｅ ☂ ⭐']) expect(SIMPLE.test(s), s).toBe(true);
    for (const s of ['👍🏽', '👨‍👩‍👧', '❤️', '🇫🇷', '🇫', 'e\u0301', '\u1100\u1161', 'ｶﾞ', 'क्षि', '\u200b', '\u00ad', '1️⃣', '\u3164', '\u0007']) {
      expect(SIMPLE.test(s), JSON.stringify(s)).toBe(false);
    }
    const simpleChar = fc.constantFrom(...simple.filter((_, i) => i % 7 === 0));
    fc.assert(fc.property(fc.array(fc.oneof(simpleChar, fc.constantFrom(...FAST)), { maxLength: 40 }), fc.boolean(), (chars, narrow) => {
      const text = chars.join('');
      return fastStringWidth(text, { ambiguousIsNarrow: narrow }) === stringWidth(text, { ambiguousIsNarrow: narrow });
    }), { numRuns: 3000 });
  });

  it('gives string-width\'s answer for strings of fast characters', () => {
    const fastChar = fc.constantFrom(...FAST);
    fc.assert(fc.property(fc.array(fastChar, { maxLength: 60 }), (chars) => {
      const s = chars.join('');
      return fastStringWidth(s) === stringWidth(s);
    }), { numRuns: 3000 });
  });

  it('gives string-width\'s answer for coloured text (Ink measures text with its colour codes)', () => {
    const sgr = fc.constantFrom('\u001b[1m', '\u001b[22m', '\u001b[38;5;196m', '\u001b[39m', '\u009b31m', '\u001b]8;;https://x\u0007');
    const piece = fc.oneof(fc.constantFrom(...FAST), sgr, fc.constantFrom(...TRICKY));
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
      const s = parts.join('');
      return fastStringWidth(s) === stringWidth(s)
        && fastStringWidth(s, { countAnsiEscapeCodes: true }) === stringWidth(s, { countAnsiEscapeCodes: true });
    }), { numRuns: 3000 });
    expect(fastStringWidth('\u001b[1m1–10 of 137\u001b[22m')).toBe(11);
  });

  it('gives string-width\'s answer for any text, with either option', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme-composite', maxLength: 3 })), { maxLength: 12 }).map((a) => a.join('')),
    );
    fc.assert(fc.property(text, fc.boolean(), (s, narrow) =>
      fastStringWidth(s, { ambiguousIsNarrow: narrow }) === stringWidth(s, { ambiguousIsNarrow: narrow })), { numRuns: 5000 });
    expect(fastStringWidth('──', { ambiguousIsNarrow: false })).toBe(4);
    expect(fastStringWidth('')).toBe(0);
    expect(fastStringWidth(42 as unknown as string)).toBe(stringWidth(42 as unknown as string));
  });
});
