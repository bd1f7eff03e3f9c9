// Build output as a terminal would leave it: colour codes become styled spans, everything else a
// terminal would obey (cursor moves, clears, titles, controls) never reaches the screen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineSpans, spansText, spansToAnsi, styled, type Span, type SpanStyle } from '../../src/text/ansi.js';
import { CONTROL_CHARS, ESCAPE_SEQUENCES, WIDE_TEXT, mixedString, runs } from '../support/arbitraries.js';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;
const csi = (params: string) => `${ESC}[${params}m`;

/** Characters that must never reach the screen: C0, DEL, C1, ESC, bidi controls, invisible marks, line separators. */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

const text = (raw: string) => spansText(lineSpans(raw));
/** The style of the one span a line gives. */
function only(raw: string): SpanStyle {
  const spans = lineSpans(raw);
  expect(spans).toHaveLength(1);
  return spans[0]!.style;
}

describe('lineSpans: SGR colours become styles', () => {
  it('a line with no escapes is one unstyled span', () => {
    expect(lineSpans('plain text')).toEqual([{ text: 'plain text', style: {} }]);
  });

  it('an empty line has no spans', () => {
    expect(lineSpans('')).toEqual([]);
  });

  it.each([
    [30, 'black'],
    [31, 'red'],
    [32, 'green'],
    [33, 'yellow'],
    [34, 'blue'],
    [35, 'magenta'],
    [36, 'cyan'],
    [37, 'white'],
  ])('basic foreground %i is %s', (n, name) => {
    expect(only(`${csi(String(n))}x`)).toEqual({ fg: name });
    expect(only(`${csi(String(n + 10))}x`)).toEqual({ bg: name });
  });

  it.each([
    [90, 'gray'],
    [91, 'redBright'],
    [92, 'greenBright'],
    [93, 'yellowBright'],
    [94, 'blueBright'],
    [95, 'magentaBright'],
    [96, 'cyanBright'],
    [97, 'whiteBright'],
  ])('bright foreground %i is %s, and its background 10 higher', (n, name) => {
    expect(only(`${csi(String(n))}x`)).toEqual({ fg: name });
    expect(only(`${csi(String(n + 10))}x`)).toEqual({ bg: name });
  });

  it.each([
    ['38;5;196', { fg: 'ansi256(196)' }],
    ['48;5;0', { bg: 'ansi256(0)' }],
    ['38:5:255', { fg: 'ansi256(255)' }],
    ['48:5:17', { bg: 'ansi256(17)' }],
  ])('256 colours: %s', (params, style) => {
    expect(only(`${csi(params)}x`)).toEqual(style);
  });

  it.each([
    ['38;2;255;0;0', { fg: '#ff0000' }],
    ['48;2;1;2;3', { bg: '#010203' }],
    ['38:2:255:128:0', { fg: '#ff8000' }],
    ['38:2::255:0:0', { fg: '#ff0000' }],
    ['38:2:0:10:20:30', { fg: '#0a141e' }],
    ['48:2::0:255:0', { bg: '#00ff00' }],
  ])('truecolour: %s', (params, style) => {
    expect(only(`${csi(params)}x`)).toEqual(style);
  });

  it('the colon form of truecolour does not leak its values into other attributes', () => {
    // `38:2::255:0:0` once read as 38;2;0;255;0 and then a trailing 0 that reset everything.
    expect(only(`${csi('1')}${csi('38:2::255:0:0')}x`)).toEqual({ bold: true, fg: '#ff0000' });
    expect(only(`${csi('38:2::0:0:1;4')}x`)).toEqual({ fg: '#000001', underline: true });
  });

  it('parameters after a ;-form extended colour are applied', () => {
    expect(only(`${csi('38;5;10;1')}x`)).toEqual({ fg: 'ansi256(10)', bold: true });
    expect(only(`${csi('48;2;0;0;0;3;31')}x`)).toEqual({ bg: '#000000', italic: true, fg: 'red' });
  });

  it('an out-of-range or truncated extended colour sets no colour', () => {
    expect(lineSpans(`${csi('38;5;256')}x`)).toEqual([{ text: 'x', style: {} }]);
    expect(lineSpans(`${csi('38;2;300;0;0')}x`)).toEqual([{ text: 'x', style: {} }]);
    expect(lineSpans(`${csi('38;2;1')}x`)).toEqual([{ text: 'x', style: {} }]);
    expect(lineSpans(`${csi('38:5')}x`)).toEqual([{ text: 'x', style: {} }]);
    expect(lineSpans(`${csi('38:2:1:2')}x`)).toEqual([{ text: 'x', style: {} }]);
    expect(lineSpans(`${csi('38')}x`)).toEqual([{ text: 'x', style: {} }]);
  });

  it('underline sub-parameters: 4:3 is an underline (not italic), 4:0 ends it', () => {
    expect(only(`${csi('4:3')}x`)).toEqual({ underline: true });
    expect(only(`${csi('1;4')}${csi('4:0')}x`)).toEqual({ bold: true });
  });

  it.each([
    ['1', 'bold'],
    ['2', 'dim'],
    ['3', 'italic'],
    ['4', 'underline'],
    ['7', 'inverse'],
  ])('attribute %s is %s', (n, name) => {
    expect(only(`${csi(n)}x`)).toEqual({ [name]: true });
  });

  it.each([
    ['22', '1;2', {}],
    ['23', '3', {}],
    ['24', '4', {}],
    ['27', '7', {}],
    ['39', '31;44', { bg: 'blue' }],
    ['49', '31;44', { fg: 'red' }],
  ])('reset %s ends what %s started', (reset, set, left) => {
    expect(lineSpans(`${csi(set)}a${csi(reset)}b`)).toEqual([
      { text: 'a', style: lineSpans(`${csi(set)}a`)[0]!.style },
      { text: 'b', style: left },
    ]);
  });

  it('22 ends bold and dim but not italic', () => {
    expect(lineSpans(`${csi('1;2;3')}a${csi('22')}b`)[1]!.style).toEqual({ italic: true });
  });

  it.each([['0'], [''], [';'], ['00']])('SGR %j resets everything', (params) => {
    expect(lineSpans(`${csi('1;3;4;7;31;42')}a${csi(params)}b`)).toEqual([
      { text: 'a', style: { bold: true, italic: true, underline: true, inverse: true, fg: 'red', bg: 'green' } },
      { text: 'b', style: {} },
    ]);
  });

  it('an empty parameter inside a list counts as 0 (reset), then the rest applies', () => {
    expect(only(`${csi('31')}${csi(';1')}x`)).toEqual({ bold: true });
  });

  it('a style carries across tokens until changed', () => {
    expect(lineSpans(`${csi('31')}a${ESC}[2Kb${BEL}c${csi('1')}d`)).toEqual([
      { text: 'abc', style: { fg: 'red' } },
      { text: 'd', style: { fg: 'red', bold: true } },
    ]);
  });

  it('adjacent text of equal style is one span', () => {
    expect(lineSpans(`${csi('32')}a${csi('32')}b${csi('0')}${csi('0')}c${csi('39')}d`)).toEqual([
      { text: 'ab', style: { fg: 'green' } },
      { text: 'cd', style: {} },
    ]);
  });

  it('unknown SGR codes change nothing', () => {
    expect(lineSpans(`${csi('5;8;9;53;60;999999999999999999')}x`)).toEqual([{ text: 'x', style: {} }]);
  });

  it('private or intermediate forms ending in m are not SGR', () => {
    expect(lineSpans(`${ESC}[>4;2mx`)).toEqual([{ text: 'x', style: {} }]);
    expect(lineSpans(`${ESC}[?31mx`)).toEqual([{ text: 'x', style: {} }]);
  });

  it('styled says whether any span carries a style', () => {
    expect(styled(lineSpans('a'))).toBe(false);
    expect(styled(lineSpans(`${csi('0')}a`))).toBe(false);
    expect(styled(lineSpans(`a${csi('31')}b`))).toBe(true);
  });
});

describe('lineSpans: everything else a terminal would obey is dropped', () => {
  it.each([
    ['erase line', `${ESC}[2Kafter`, 'after'],
    ['clear screen and home', `${ESC}[2J${ESC}[Hafter`, 'after'],
    ['cursor moves', `a${ESC}[3Db${ESC}[1;1Hc${ESC}[10Cd`, 'abcd'],
    ['cursor up (progress redraw)', `${ESC}[1A${ESC}[2Kstep 3/4`, 'step 3/4'],
    ['hide and show cursor', `${ESC}[?25lx${ESC}[?25h`, 'x'],
    ['alternate screen', `${ESC}[?1049hx${ESC}[?1049l`, 'x'],
    ['device status report', `a${ESC}[6nb`, 'ab'],
    ['intermediate byte (cursor style)', `${ESC}[1 qx`, 'x'],
    ['huge parameter', `a${ESC}[999999999999999999999999Cb`, 'ab'],
    ['CSI cut off at the end', `a${ESC}[12;`, 'a'],
  ])('CSI: %s', (_name, raw, expected) => {
    expect(text(raw)).toBe(expected);
  });

  it.each([
    ['title ended by BEL', `${ESC}]0;pwned${BEL}after`, 'after'],
    ['title ended by ST', `${ESC}]2;pwned${ST}after`, 'after'],
    ['hyperlink', `${ESC}]8;;https://evil.example${ST}link${ESC}]8;;${ST}`, 'link'],
    ['clipboard write', `a${ESC}]52;c;ZXZpbA==${BEL}b`, 'ab'],
    ['unterminated title, to the end of the line', `a${ESC}]0;title with no end`, 'a'],
  ])('OSC: %s', (_name, raw, expected) => {
    expect(text(raw)).toBe(expected);
  });

  it.each([
    ['DCS', `${ESC}Pq#0;2;0;0;0#0~~${ST}x`, 'x'],
    ['DCS ended by BEL', `${ESC}P1$r0m${BEL}x`, 'x'],
    ['APC', `a${ESC}_payload${ST}b`, 'ab'],
    ['PM', `a${ESC}^privacy${ST}b`, 'ab'],
    ['SOS', `a${ESC}X sos ${ST}b`, 'ab'],
  ])('string sequences: %s', (_name, raw, expected) => {
    expect(text(raw)).toBe(expected);
  });

  it.each([
    ['8-bit CSI colour', '\u009b31mred', 'red'],
    ['8-bit CSI clear', 'a\u009b2Jb', 'ab'],
    ['8-bit OSC title ended by 8-bit ST', '\u009d0;title\u009cafter', 'after'],
    ['8-bit DCS', '\u0090dcs\u009cx', 'x'],
    ['8-bit APC unterminated', 'a\u009f apc', 'a'],
    ['lone 8-bit CSI', 'a\u009b', 'a'],
  ])('8-bit C1 forms: %s', (_name, raw, expected) => {
    expect(text(raw)).toBe(expected);
  });

  it('8-bit CSI colours are not applied (only the 7-bit form is SGR)', () => {
    expect(lineSpans('\u009b31mred')).toEqual([{ text: 'red', style: {} }]);
  });

  it.each([
    ['lone ESC at the end', `abc${ESC}`, 'abc'],
    ['lone ESC in the middle', `a${ESC}`, 'a'],
    ['two-character escapes (reset, save/restore cursor, charset)', `${ESC}c${ESC}7a${ESC}8${ESC}(0b${ESC}#8`, 'ab'],
    ['ESC ESC [A', `a${ESC}${ESC}[Ab`, 'ab'],
  ])('ESC forms: %s', (_name, raw, expected) => {
    expect(text(raw)).toBe(expected);
  });

  it('every C0 control except tab and CR, DEL and every C1 control is removed', () => {
    // ESC and the 8-bit introducers (DCS, SOS, CSI, OSC, PM, APC) start a sequence that takes the `b` too.
    const introducers = ['\u001b', '\u0090', '\u0098', '\u009b', '\u009d', '\u009e', '\u009f'];
    for (const c of CONTROL_CHARS) {
      if (c === '\t' || c === '\r') continue;
      expect(text(`a${c}b`), JSON.stringify(c)).toBe(introducers.includes(c) ? 'a' : 'ab');
    }
  });

  it.each([
    ['LRO/PDF', 'a\u202eevil\u202cb', 'aevilb'],
    ['RLO', '\u202egnp.exe', 'gnp.exe'],
    ['LRE/RLE/PDF', '\u202aa\u202bb\u202c', 'ab'],
    ['isolates', '\u2066iso\u2069\u2067x\u2068y', 'isoxy'],
    ['LRM/RLM', 'a\u200eb\u200fc', 'abc'],
    ['Arabic letter mark U+061C', 'a\u061cb', 'ab'],
    ['zero-width space U+200B', 'pass\u200bword', 'password'],
    ['BOM U+FEFF', '\ufeffstart', 'start'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'abc'],
  ])('bidi and invisible characters: %s', (_name, raw, expected) => {
    expect(text(raw)).toBe(expected);
  });

  it('a line of only escape codes has no spans', () => {
    expect(lineSpans(`${ESC}[2J${ESC}[H${ESC}]0;title${BEL}${csi('31')}`)).toEqual([]);
  });

  it('wide characters, emoji and lone surrogate halves are kept as text', () => {
    for (const w of WIDE_TEXT) {
      const expected = ['\u200b', '\ufeff', '\u00ad'].includes(w) ? '' : w;
      expect(text(`${csi('1')}${w}`), JSON.stringify(w)).toBe(expected);
    }
  });
});

describe('lineSpans: carriage return starts the line over', () => {
  it('a progress line shows its last state', () => {
    expect(text('10%\r55%\r100%')).toBe('100%');
  });

  it('shows only what was written after the last CR, even when shorter', () => {
    expect(text('downloading 1234567\rdone')).toBe('done');
  });

  it('a trailing CR keeps the last non-empty state', () => {
    expect(text('10%\r55%\r')).toBe('55%');
    expect(text('10%\r55%\r\r\r')).toBe('55%');
    expect(text(`step${ESC}[K\r`)).toBe('step');
  });

  it('a CR followed only by escape codes keeps the last non-empty state', () => {
    expect(text(`50%\r${ESC}[2K`)).toBe('50%');
  });

  it('a line of CRs alone is empty', () => {
    expect(lineSpans('\r\r')).toEqual([]);
  });

  it('colours carry across CR', () => {
    expect(lineSpans(`${csi('32')}10%\r55%\r${csi('1')}100%`)).toEqual([{ text: '100%', style: { fg: 'green', bold: true } }]);
  });

  it('the kept state keeps its own colours', () => {
    expect(lineSpans(`${csi('33')}warn${csi('0')} ok\r`)).toEqual([
      { text: 'warn', style: { fg: 'yellow' } },
      { text: ' ok', style: {} },
    ]);
  });

  it('a tab after CR counts columns from the start again', () => {
    expect(text('abcdef\rab\tx')).toBe('ab      x');
  });
});

describe('lineSpans: tabs expand to 8-column stops', () => {
  it.each([
    ['\tx', '        x'],
    ['a\tx', 'a       x'],
    ['abcdefg\tx', 'abcdefg x'],
    ['abcdefgh\tx', 'abcdefgh        x'],
    ['a\t\tx', 'a               x'],
    ['\t', '        '],
  ])('%j', (raw, expected) => {
    expect(text(raw)).toBe(expected);
  });

  it('escape sequences take no columns', () => {
    expect(text(`${csi('31')}ab${csi('0')}\tx`)).toBe('ab      x');
    expect(text(`ab${ESC}]0;long title here${BEL}\tx`)).toBe('ab      x');
  });

  it('a wide character takes two columns', () => {
    // 部署 is four cells: the tab fills four more, not six.
    expect(text('部署\tx')).toBe('部署    x');
    expect(text('🚀\tx')).toBe('🚀      x');
    expect(text('e\u0301\tx')).toBe('e\u0301       x');
  });

  it('the spaces of a tab take the current style', () => {
    expect(lineSpans(`${csi('31')}a\tb`)).toEqual([{ text: 'a       b', style: { fg: 'red' } }]);
  });
});

describe('spansToAnsi', () => {
  it('writes each styled span between its codes and a reset; plain spans as they are', () => {
    expect(
      spansToAnsi([
        { text: 'plain ', style: {} },
        { text: 'red', style: { fg: 'red', bold: true } },
        { text: 'x', style: { bg: 'ansi256(17)', fg: '#0a141e', underline: true, inverse: true } },
      ]),
    ).toBe(`plain ${ESC}[1;31mred${ESC}[0m${ESC}[4;7;38;2;10;20;30;48;5;17mx${ESC}[0m`);
  });

  it('bright background names are 100–107', () => {
    expect(spansToAnsi([{ text: 'x', style: { bg: 'cyanBright', fg: 'gray' } }])).toBe(`${ESC}[90;106mx${ESC}[0m`);
  });

  it('no spans is the empty string', () => {
    expect(spansToAnsi([])).toBe('');
  });

  const ALL_CODES = [
    '1',
    '2',
    '3',
    '4',
    '7',
    '22',
    '23',
    '24',
    '27',
    '0',
    '',
    '39',
    '49',
    ...Array.from({ length: 8 }, (_, i) => String(30 + i)),
    ...Array.from({ length: 8 }, (_, i) => String(40 + i)),
    ...Array.from({ length: 8 }, (_, i) => String(90 + i)),
    ...Array.from({ length: 8 }, (_, i) => String(100 + i)),
    '38;5;0',
    '38;5;255',
    '48;5;100',
    '38;2;255;0;128',
    '48;2;0;0;0',
    '38:2::1:2:3',
    '48:5:9',
  ];
  const sgrLine = fc
    .array(
      fc.oneof(fc.constantFrom(...ALL_CODES).map(csi), fc.string({ maxLength: 6 }), fc.constantFrom('\r', '\t', ...ESCAPE_SEQUENCES)),
      { maxLength: 12 },
    )
    .map((p) => p.join(''));

  it('round trip: lineSpans(spansToAnsi(spans)) gives the same text and styles', () => {
    fc.assert(
      fc.property(sgrLine, (raw) => {
        const spans = lineSpans(raw);
        expect(lineSpans(spansToAnsi(spans))).toEqual(spans);
      }),
      { numRuns: runs(500) },
    );
  });

  it('round trip of hand-made spans with every style', () => {
    const spans: Span[] = [
      { text: 'a', style: { bold: true, dim: true, italic: true, underline: true, inverse: true } },
      { text: 'b', style: { fg: 'whiteBright', bg: 'black' } },
      { text: 'c', style: { fg: 'ansi256(42)', bg: '#abcdef' } },
      { text: 'd', style: {} },
    ];
    expect(lineSpans(spansToAnsi(spans))).toEqual(spans);
  });
});

describe('properties', () => {
  /** Any string at all, including lone surrogates, every control and every escape sequence. */
  const anything = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    mixedString,
    fc
      .array(
        fc.oneof(
          fc.constantFrom(...ESCAPE_SEQUENCES, ...CONTROL_CHARS, '\u061c', '\u200b', '\ufeff', '\u2028', '\u2029', '\u200e', '\u200f'),
          fc.string({ unit: 'grapheme', maxLength: 4 }),
        ),
        { maxLength: 20 },
      )
      .map((p) => p.join('')),
  );

  it('the text of lineSpans never holds a control, ESC, C1, DEL or bidi character', () => {
    fc.assert(
      fc.property(anything, (raw) => {
        const spans = lineSpans(raw);
        for (const s of spans) {
          expect(FORBIDDEN.test(s.text), JSON.stringify(s.text)).toBe(false);
          expect(s.text).not.toBe('');
        }
      }),
      { numRuns: runs(2000) },
    );
  });

  it('spansToAnsi output holds ESC only as ESC [ digits and ; m', () => {
    fc.assert(
      fc.property(anything, (raw) => {
        const out = spansToAnsi(lineSpans(raw));
        const rest = out.replace(/\u001b\[[0-9;]*m/g, '');
        expect(rest.includes(ESC), JSON.stringify(out)).toBe(false);
        expect(FORBIDDEN.test(rest)).toBe(false);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('adjacent spans never share a style', () => {
    fc.assert(
      fc.property(anything, (raw) => {
        const spans = lineSpans(raw);
        for (let i = 1; i < spans.length; i++) expect(spans[i]!.style).not.toEqual(spans[i - 1]!.style);
      }),
      { numRuns: runs(1000) },
    );
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        lineSpans(raw);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('a 1 MB line of mixed escapes is read (linear: a quadratic step would meet the timeout)', () => {
    const unit = [
      `${csi('1;31')}error${csi('0')} `,
      `${ESC}[2K`,
      '\t',
      '10%\r',
      `${ESC}]0;t${BEL}`,
      '部署',
      '\u009b2J',
      `${ESC}Pq${ST}`,
      `${csi('38;2;1;2;3')}rgb `,
      '\u202e',
      `${ESC}[?25l`,
      'plain text ',
      ESC,
      '\u0007',
    ].join('');
    const line = unit.repeat(Math.ceil(1_000_000 / unit.length));
    const spans = lineSpans(line);
    expect(spans.length).toBeGreaterThan(0);
  });

  it('pathological lines (unterminated OSCs, lone ESCs, bare CSIs, CRs, tabs) stay linear', () => {
    // 500 kB each: anything quadratic would take minutes; linear takes well under a second.
    const lines = [
      `${ESC}]`.repeat(250_000),
      ESC.repeat(500_000),
      `${ESC}[`.repeat(250_000),
      'a\r'.repeat(250_000),
      '部\t'.repeat(250_000),
    ];
    for (const line of lines) {
      lineSpans(line);
    }
  });
});
