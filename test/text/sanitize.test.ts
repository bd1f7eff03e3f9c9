// Server strings are untrusted: escape sequences and control characters never reach the terminal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clean, cleanBlock, display, jsonSafe } from '../../src/text/sanitize.js';
import { absoluteAt, parseTime, relativeTime, statusLabel } from '../../src/text/format.js';
import { viewOf } from '../../src/model/deployment.js';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;
/** Characters that must never survive `clean` (C0, DEL, C1, bidi controls, invisible and separator characters). */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
const FORBIDDEN_BLOCK = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

describe('clean removes escape sequences', () => {
  it.each([
    ['SGR colour', `${ESC}[31mred${ESC}[0m`, 'red'],
    ['SGR with many parameters', `${ESC}[1;38;5;196mbold${ESC}[m`, 'bold'],
    ['clear screen and home', `${ESC}[2J${ESC}[Hafter`, 'after'],
    ['private mode (hide cursor)', `${ESC}[?25lx${ESC}[?25h`, 'x'],
    ['intermediate byte (cursor style)', `${ESC}[1 qx`, 'x'],
    ['cursor movement', `ab${ESC}[3Dc`, 'abc'],
  ])('CSI: %s', (_name, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it.each([
    ['window title ended by BEL', `${ESC}]0;pwned${BEL}after`, 'after'],
    ['window title ended by ST', `${ESC}]2;pwned${ST}after`, 'after'],
    ['hyperlink ended by ST', `${ESC}]8;;https://evil.example${ST}link${ESC}]8;;${ST}`, 'link'],
    ['hyperlink ended by BEL', `${ESC}]8;;https://evil.example${BEL}link${ESC}]8;;${BEL}`, 'link'],
    ['clipboard write', `a${ESC}]52;c;ZXZpbA==${BEL}b`, 'ab'],
    ['unterminated, to the end', `a${ESC}]0;title with no end`, 'a'],
  ])('OSC: %s', (_name, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it.each([
    ['DCS ended by ST', `${ESC}Pq#0;2;0;0;0#0~~${ST}x`, 'x'],
    ['DCS ended by BEL', `${ESC}P1$r0m${BEL}x`, 'x'],
    ['SOS', `${ESC}Xhidden${ST}x`, 'x'],
    ['PM', `${ESC}^hidden${ST}x`, 'x'],
    ['APC', `${ESC}_hidden${ST}x`, 'x'],
  ])('string sequences: %s', (_name, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it.each([
    ['8-bit CSI', '\u009b31mred\u009b0m', 'red'],
    ['8-bit OSC ended by 8-bit ST', '\u009d0;pwned\u009cafter', 'after'],
    ['8-bit OSC ended by BEL', '\u009d0;pwned\u0007after', 'after'],
    ['8-bit DCS', '\u0090q#0\u009cx', 'x'],
    ['8-bit APC, PM, SOS', '\u009fa\u009cb\u009ec\u009cd\u0098e\u009cf', 'bdf'],
    ['NEL and other lone C1', 'a\u0085b\u0080c\u009cd', 'abcd'],
  ])('C1: %s', (_name, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it.each([
    ['at the end', `text${ESC}`, 'text'],
    ['alone', ESC, ''],
    ['before another ESC', `${ESC}${ESC}[31mx`, 'x'],
    ['save and restore cursor', `${ESC}7saved${ESC}8`, 'saved'],
    ['full reset', `${ESC}cafter`, 'after'],
    ['charset designation', `${ESC}(0x`, 'x'],
  ])('lone ESC and two-byte escapes: %s', (_name, input, expected) => {
    expect(clean(input)).toBe(expected);
  });
});

describe('clean removes control characters', () => {
  it('drops NUL, BEL, backspace and the other C0 controls', () => {
    expect(clean('a\u0000b\u0007c\u0008d\u000be\u000cf\u001fg')).toBe('abcdefg');
  });

  it('drops backspaces used to overwrite text', () => {
    expect(clean('safe\b\b\b\bevil')).toBe('safeevil');
  });

  it('drops DEL', () => {
    expect(clean('a\u007fb')).toBe('ab');
  });

  it.each([
    ['RLO (right-to-left override)', 'file\u202Egnp.exe', 'filegnp.exe'],
    ['LRO and PDF', '\u202Dabc\u202C', 'abc'],
    ['LRE and RLE', '\u202Aa\u202Bb', 'ab'],
    ['isolates LRI RLI FSI PDI', '\u2066a\u2067b\u2068c\u2069', 'abc'],
    ['LRM and RLM', 'a\u200Eb\u200Fc', 'abc'],
  ])('drops bidi controls: %s', (_name, input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it('turns newlines, carriage returns and tabs into single spaces', () => {
    expect(clean('line one\nline two')).toBe('line one line two');
    expect(clean('a\r\nb')).toBe('a b');
    expect(clean('a\rb')).toBe('a b');
    expect(clean('a\tb')).toBe('a b');
    expect(clean('a\n\n\nb')).toBe('a b');
  });

  it('returns a harmless string unchanged', () => {
    const s = 'deploy #42: main@abc1234 (finished) — 100% <ok> "quoted" \\ back';
    expect(clean(s)).toBe(s);
  });

  it('leaves emoji, CJK, combining marks and ZWJ sequences untouched', () => {
    const s = '🚀 デプロイ完了 部署成功 배포 👩‍💻 🇯🇵 ❤️ é café';
    expect(clean(s)).toBe(s);
    expect(cleanBlock(s)).toBe(s);
  });

  it('keeps emoji and CJK next to removed sequences', () => {
    expect(clean(`${ESC}[32m✅ 完了${ESC}[0m\n🚀`)).toBe('✅ 完了 🚀');
  });

  it('never lets a control character through (any input)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => !FORBIDDEN.test(clean(s))),
      { numRuns: 2000 },
    );
  });

  it('never lets a control character through (inputs built from escape pieces)', () => {
    const piece = fc.constantFrom(ESC, '[', ']', 'P', '\\', BEL, '\u009b', '\u009c', '\u009d', '0', ';', 'm', 'a', '\n', '\u202e', '日');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => !FORBIDDEN.test(clean(parts.join('')))),
      { numRuns: 3000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (s) => clean(clean(s)) === clean(s)),
      { numRuns: 1000 },
    );
  });
});

describe('cleanBlock keeps lines', () => {
  it('keeps newlines', () => {
    expect(cleanBlock('services:\n  web:\n    image: nginx\n')).toBe('services:\n  web:\n    image: nginx\n');
  });

  it('turns CRLF and lone CR into newlines', () => {
    expect(cleanBlock('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('expands tabs to two spaces', () => {
    expect(cleanBlock('a\tb')).toBe('a  b');
  });

  it('removes escape sequences, C0/C1 controls, DEL and bidi controls, but not newlines', () => {
    expect(cleanBlock(`${ESC}[31mred${ESC}[0m\n${ESC}]0;t${BEL}x\u0000\u007f\u0085\u202e\ny`)).toBe('red\nx\ny');
  });

  it('never lets a control character other than newline through (any input)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => !FORBIDDEN_BLOCK.test(cleanBlock(s))),
      { numRuns: 2000 },
    );
  });
});

describe('display', () => {
  it('shows null and undefined as nothing', () => {
    expect(display(null)).toBe('');
    expect(display(undefined)).toBe('');
  });
  it('shows numbers and booleans as text', () => {
    expect(display(42)).toBe('42');
    expect(display(false)).toBe('false');
  });
  it('cleans strings', () => {
    expect(display(`a${ESC}[2Jb\nc`)).toBe('ab c');
  });
  it('shows objects as compact cleaned JSON', () => {
    expect(display({ a: [1, 2], b: 'x' })).toBe('{"a":[1,2],"b":"x"}');
    expect(FORBIDDEN.test(display({ s: `${ESC}[31m\u009b` }))).toBe(false);
  });
  it('shows an object that loops on itself cut at the depth limit, without throwing', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(display(loop)).toMatch(/^(\{"self":){101}"\[nested too deep\]"\}+$/);
  });
});

describe('format helpers', () => {
  const NOW = Date.parse('2026-08-22T15:22:50.000Z');
  const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

  describe('relativeTime', () => {
    // Two units, the second left out when 0; weeks and days from 30 days, years and weeks from 365 (format.ts relativeAt).
    it.each([
      [0, 'just now'],
      [1, '1s ago'],
      [30, '30s ago'],
      [59, '59s ago'],
      [60, '1m ago'],
      [89, '1m 29s ago'],
      [5 * 60, '5m ago'],
      [5 * 60 + 10, '5m 10s ago'],
      [59 * 60 + 59, '59m 59s ago'],
      [3600, '1h ago'],
      [3601, '1h ago'],
      [3 * 3600 + 1800, '3h 30m ago'],
      [2 * 3600 + 5 * 60 + 59, '2h 5m ago'],
      [23 * 3600 + 3599, '23h 59m ago'],
      [86400, '1d ago'],
      [86400 + 3599, '1d ago'],
      [3 * 86400 + 4 * 3600, '3d 4h ago'],
      [7 * 86400, '7d ago'],
      [7 * 86400 + 3600, '7d 1h ago'],
      [29 * 86400 + 23 * 3600, '29d 23h ago'],
      [30 * 86400, '4w 2d ago'],
      [35 * 86400, '5w ago'],
      [44 * 86400 + 80000, '6w 2d ago'],
      [364 * 86400, '52w ago'],
      [365 * 86400, '1y ago'],
      [365 * 86400 + 8 * 86400, '1y 1w ago'],
      [800 * 86400, '2y 10w ago'],
    ])('%i seconds ago reads %j', (seconds, expected) => {
      expect(relativeTime(ago(seconds), NOW)).toBe(expected);
    });

    it('is at most 11 cells, so the started column keeps one width', () => {
      for (let s = 0; s < 20 * 365 * 86400; s = Math.ceil(s * 1.07) + 1) {
        expect(relativeTime(ago(s), NOW).length, String(s)).toBeLessThanOrEqual(11);
        expect(relativeTime(ago(-s), NOW).length, String(-s)).toBeLessThanOrEqual(11);
      }
    });

    it('times in the future read "in ..."; up to a minute ahead (clock skew) reads "just now"', () => {
      expect(relativeTime(ago(-120), NOW)).toBe('in 2m');
      expect(relativeTime(ago(-(2 * 3600 + 300)), NOW)).toBe('in 2h 5m');
      expect(relativeTime(ago(-2 * 86400), NOW)).toBe('in 2d');
      expect(relativeTime(ago(-10), NOW)).toBe('just now');
      expect(relativeTime(ago(-60), NOW)).toBe('just now');
      expect(relativeTime(ago(-61), NOW)).toBe('in 1m 1s');
    });

    it("reads the servers' microsecond timestamps", () => {
      expect(relativeTime('2026-08-22T12:20:50.000000Z', NOW)).toBe('3h 2m ago');
    });

    it('reads a timestamp without a zone as UTC', () => {
      expect(relativeTime('2026-08-22 12:20:50', NOW)).toBe('3h 2m ago');
    });

    it.each([[null], [undefined], [''], ['not a date'], ['2026-13-45T99:99:99Z']])('is empty for %j', (v) => {
      expect(relativeTime(v, NOW)).toBe('');
    });
  });

  describe('absoluteAt(parseTime(…))', () => {
    const absolute = (iso: string) => absoluteAt(parseTime(iso));
    it('shows an ISO timestamp as UTC to the second', () => {
      expect(absolute('2026-08-22T15:22:50.000000Z')).toBe('2026-08-22 15:22:50 UTC');
      expect(absolute('2026-08-22T17:22:50+02:00')).toBe('2026-08-22 15:22:50 UTC');
    });

    it('shows a timestamp without a zone as UTC, whatever the local zone', () => {
      const saved = process.env.TZ;
      process.env.TZ = 'Asia/Tokyo';
      try {
        expect(absolute('2026-08-22 15:22:50')).toBe('2026-08-22 15:22:50 UTC');
        expect(absolute('2026-08-22T15:22:50.123456')).toBe('2026-08-22 15:22:50 UTC');
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    });

    it('parseTime is NaN for what is not a time', () => {
      expect(parseTime('yesterday-ish')).toBeNaN();
      expect(parseTime('')).toBeNaN();
    });
  });

  describe('statusLabel', () => {
    it.each([
      ['queued', 'queued'],
      ['in_progress', 'in progress'],
      ['finished', 'finished'],
      ['failed', 'failed'],
      ['cancelled-by-user', 'cancelled'],
    ])('%s reads %j', (status, expected) => {
      expect(statusLabel(status)).toBe(expected);
    });
    it.each([[null], [undefined], ['']])('%j reads "unknown"', (status) => {
      expect(statusLabel(status)).toBe('unknown');
    });
    it('shows an unknown status verbatim', () => {
      expect(statusLabel('rolling_back')).toBe('rolling_back');
    });
    it('cleans an unknown status', () => {
      expect(statusLabel(`weird${ESC}[2J\u202e`)).toBe('weird');
    });
  });

  describe('short commit (the model)', () => {
    const short = (sha: unknown) => viewOf({ git_commit_sha: sha } as never).shortCommit;
    it('shows the first 7 characters of a sha', () => {
      expect(short('0123456789abcdef0123456789abcdef01234567')).toBe('0123456');
    });
    it('shows HEAD as such', () => {
      expect(short('HEAD')).toBe('HEAD');
    });
    it('is empty for null, undefined and the empty string', () => {
      expect(short(null)).toBe('');
      expect(short(undefined)).toBe('');
      expect(short('')).toBe('');
    });
    it('cleans before cutting', () => {
      expect(short(`${ESC}[31m0123456789`)).toBe('0123456');
    });
  });
});

describe('invisible and line-breaking characters (as text/ansi.ts drops them)', () => {
  it('clean drops U+200B, U+061C and U+FEFF, and makes U+2028/9 a space', () => {
    expect(clean('a\u200bb\u061cc\ufeffd')).toBe('abcd');
    expect(clean('one\u2028two\u2029three')).toBe('one two three');
  });

  it('cleanBlock drops the invisible ones and makes U+2028/9 a line break', () => {
    expect(cleanBlock('a\u200bb\ufeff\u061c')).toBe('ab');
    expect(cleanBlock('one\u2028two')).toBe('one\ntwo');
  });

  it('jsonSafe writes C1 controls, bidi controls and these as \\u escapes: the same JSON value', () => {
    const value = 'a\u009b31m\u009d0;t\u0007\u202e\u200b\u061c\ufeff\u2028\u2066z';
    const text = jsonSafe(JSON.stringify({ value }));
    expect(text).not.toMatch(/[\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/);
    expect(JSON.parse(text)).toEqual({ value });
  });
});
