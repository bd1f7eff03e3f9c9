// src/text/string-width.ts must give string-width's own answer for every input: every code point
// its one-code-point path takes, and random text (the examples: test/text/string-width.test.ts).
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import fastStringWidth, { SIMPLE } from '../../src/text/string-width.js';
import { FAST, TRICKY, graphemes } from '../support/string-width-cases.js';

describe('string-width, restated', () => {
  it('measures text of one-code-point graphemes (CJK, kana, Hangul syllables, single emoji) without segmenting, as string-width does', () => {
    const simple: string[] = [];
    for (let cp = 0; cp <= 0x1ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (SIMPLE.test(ch)) simple.push(ch);
    }
    expect(simple.length).toBeGreaterThan(40_000);
    const wrong = simple.filter(
      (ch) =>
        fastStringWidth(ch) !== stringWidth(ch) ||
        fastStringWidth(ch, { ambiguousIsNarrow: false }) !== stringWidth(ch, { ambiguousIsNarrow: false }),
    );
    expect(wrong.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
    const joining = simple.filter((ch) => graphemes(`a${ch}a`) !== 3 || graphemes(ch + ch) !== 2);
    expect(joining.map((ch) => ch.codePointAt(0)!.toString(16))).toEqual([]);
    for (const s of ['Add 🛒 badge to the cart icon', '部署 ブランチ 한국어', 'ｗｉｄｅ ☂ ⭐']) expect(SIMPLE.test(s), s).toBe(true);
    for (const s of ['👍🏽', '👨‍👩‍👧', '❤️', '🇫🇷', '🇫', 'e\u0301', '\u1100\u1161', 'ｶﾞ', 'क्षि', '\u200b', '\u00ad', '1️⃣', '\u3164', '\u0007']) {
      expect(SIMPLE.test(s), JSON.stringify(s)).toBe(false);
    }
    const simpleChar = fc.constantFrom(...simple.filter((_, i) => i % 7 === 0));
    fc.assert(
      fc.property(fc.array(fc.oneof(simpleChar, fc.constantFrom(...FAST)), { maxLength: 40 }), fc.boolean(), (chars, narrow) => {
        const text = chars.join('');
        return fastStringWidth(text, { ambiguousIsNarrow: narrow }) === stringWidth(text, { ambiguousIsNarrow: narrow });
      }),
      { numRuns: 3000 },
    );
  });

  it("gives string-width's answer for strings of fast characters", () => {
    const fastChar = fc.constantFrom(...FAST);
    fc.assert(
      fc.property(fc.array(fastChar, { maxLength: 60 }), (chars) => {
        const s = chars.join('');
        return fastStringWidth(s) === stringWidth(s);
      }),
      { numRuns: 3000 },
    );
  });

  it("gives string-width's answer for coloured text (Ink measures text with its colour codes)", () => {
    const sgr = fc.constantFrom('\u001b[1m', '\u001b[22m', '\u001b[38;5;196m', '\u001b[39m', '\u009b31m', '\u001b]8;;https://x\u0007');
    const piece = fc.oneof(fc.constantFrom(...FAST), sgr, fc.constantFrom(...TRICKY));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const s = parts.join('');
        return (
          fastStringWidth(s) === stringWidth(s) &&
          fastStringWidth(s, { countAnsiEscapeCodes: true }) === stringWidth(s, { countAnsiEscapeCodes: true })
        );
      }),
      { numRuns: 3000 },
    );
    expect(fastStringWidth('\u001b[1m1–10 of 137\u001b[22m')).toBe(11);
  });

  it("gives string-width's answer for any text, with either option", () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc
        .array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme-composite', maxLength: 3 })), { maxLength: 12 })
        .map((a) => a.join('')),
    );
    fc.assert(
      fc.property(
        text,
        fc.boolean(),
        (s, narrow) => fastStringWidth(s, { ambiguousIsNarrow: narrow }) === stringWidth(s, { ambiguousIsNarrow: narrow }),
      ),
      { numRuns: 5000 },
    );
    expect(fastStringWidth('──', { ambiguousIsNarrow: false })).toBe(4);
    expect(fastStringWidth('')).toBe(0);
    expect(fastStringWidth(42 as unknown as string)).toBe(stringWidth(42 as unknown as string));
  });
});
