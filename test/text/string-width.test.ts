// src/text/string-width.ts must give string-width's own answer for every input: Ink measures
// all its text with it in the built binary. The exhaustive and random runs: test/property/string-width.test.ts.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import fastStringWidth, { ONE_CELL } from '../../src/text/string-width.js';
import { FAST, TRICKY, graphemes } from '../support/string-width-cases.js';

describe('string-width, restated', () => {
  it('counts the characters of the first frame without the full algorithm', () => {
    for (const s of [
      '1–10 of 137',
      '┌──┬──┐',
      '│ id │',
      '└──┴──┘',
      '↑/↓ move',
      '• (set)',
      'cut…',
      'café',
      '✓ finished',
      '✗ failed',
      '● in progress',
      '○ queued',
      '⊘ cancelled',
      'Δ',
    ]) {
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
    const joining = FAST.filter((ch) => graphemes(`a${ch}a`) !== 3 || graphemes(ch + ch) !== 2).map((ch) => ch.charCodeAt(0).toString(16));
    expect(joining).toEqual([]);
  });

  it.each(TRICKY)("gives string-width's answer for %j, alone and in company", (s) => {
    expect(ONE_CELL.test(s)).toBe(false);
    for (const text of [s, `x${s}y`, `${s}${s}`, `–${s}│`, `\u001b[31m${s}\u001b[39m`]) {
      expect(fastStringWidth(text), JSON.stringify(text)).toBe(stringWidth(text));
      expect(fastStringWidth(text, { ambiguousIsNarrow: false })).toBe(stringWidth(text, { ambiguousIsNarrow: false }));
      expect(fastStringWidth(text, { countAnsiEscapeCodes: true })).toBe(stringWidth(text, { countAnsiEscapeCodes: true }));
    }
  });
});
