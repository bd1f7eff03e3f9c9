// Invisible characters (text/invisible.ts): dropped on every screen, escaped in JSON, never a way
// to slip a token past redaction; emoji and other scripts that need joiners keep them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clean, cleanBlock, jsonSafe } from '../../src/text/sanitize.js';
import { lineSpans, spansText } from '../../src/text/ansi.js';
import { withoutInvisible } from '../../src/text/invisible.js';
import { hiderOf } from '../../src/text/hide.js';
import { redactor } from '../../src/api/redact.js';

/** The characters the promises issue found passing, and their kin. */
const INVISIBLE = [
  '\u200c',
  '\u200d',
  '\u2060',
  '\u00ad',
  '\u180e',
  '\u034f',
  '\u3164',
  '\u115f',
  '\uffa0',
  '\u2061',
  '\u206a',
  '\ufe0f',
  '\u200b',
  '\ufeff',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u{e0001}',
  '\u{e0041}',
  '\u{e007f}',
  '\u{e0100}',
  '\u{1d173}',
  '\u{1bca0}',
];

const shown = (s: string) => spansText(lineSpans(s));

describe('invisible characters', () => {
  it.each(INVISIBLE.map((c) => [c.codePointAt(0)!.toString(16), c]))('U+%s is dropped between ASCII letters on screen', (_hex, c) => {
    const s = `7|s3cr${c}3t`;
    expect(clean(s)).toBe('7|s3cr3t');
    expect(cleanBlock(s)).toBe('7|s3cr3t');
    expect(shown(s)).toBe('7|s3cr3t');
    expect(shown(`\u001b[31m${s}\u001b[0m`)).toBe('7|s3cr3t');
  });

  it.each(INVISIBLE.map((c) => [c.codePointAt(0)!.toString(16), c]))('U+%s is escaped in JSON, the value unchanged', (_hex, c) => {
    const text = jsonSafe(JSON.stringify({ v: `a${c}b` }));
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(text)).toEqual({ v: `a${c}b` });
  });

  it('keeps emoji sequences and joiners between letters of other scripts', () => {
    for (const s of ['👩‍💻', '❤️', '👨‍👩‍👧', '❤️‍🔥', '🏳️‍🌈', 'می‌خواهم', 'क्‍ष']) {
      expect(clean(s)).toBe(s);
      expect(shown(s)).toBe(s);
    }
  });

  it('drops a joiner that joins an emoji to ASCII text', () => {
    expect(clean('👩\u200dabc')).toBe('👩abc');
    expect(clean('abc\u200d👩')).toBe('abc👩');
    expect(clean('\u200d\ufe0f')).toBe('');
  });

  it('nothing invisible between ASCII characters survives clean or lineSpans (any input)', () => {
    const piece = fc.constantFrom(...INVISIBLE, 'a', 'Z', '|', '7', ' ', '\u001b[1m');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const s = parts.join('');
        const expected = withoutInvisible(s).replace(/\u001b\[1m/g, '');
        return clean(s).replace(/\u001b\[1m/g, '') === expected.replace(/\u001b\[1m/g, '') && shown(s) === expected;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('hiding a value in text', () => {
  const redact = redactor('7|s3cr3tT0ken');

  it('finds the token with invisible characters between its letters', () => {
    for (const c of INVISIBLE) {
      const out = redact(`token: 7|s3cr${c}3tT${c}0ken, end`);
      expect(out).toBe('token: [token], end');
    }
    expect(redact('only s3cr3tT0ken here')).toBe('only [token] here');
  });

  it('keeps text that holds no token as it is, invisible characters included', () => {
    expect(redact('👩‍💻 a\u200db')).toBe('👩‍💻 a\u200db');
  });

  it('finds the token JSON-escaped once and twice (a log inside a record)', () => {
    const quoted = redactor('7|a"b\\cdef');
    const once = JSON.stringify('x 7|a"b\\cdef y').slice(1, -1);
    const twice = JSON.stringify(JSON.stringify('x 7|a"b\\cdef y')).slice(1, -1);
    expect(quoted(once)).not.toContain('cdef');
    expect(quoted(twice)).not.toContain('cdef');
  });

  it('values are looked for longest first, so a whole token goes before its secret part', () => {
    const hide = hiderOf(['secret', '7|secret'], '[token]');
    expect(hide.values[0]).toEqual(['7|secret', '[token]']);
    expect(hide('a 7|secret b secret')).toBe('a [token] b [token]');
  });
});
