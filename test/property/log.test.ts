// Property: whatever a server puts in a row's `logs` (escape sequences in every form, broken UTF-16,
// junk, wrong types, deep nesting, `__proto__` keys, huge lines, huge logs), readLog never throws,
// no display line holds a control or escape character, and masking never lets a planted secret or
// URL password through.
import chalk from 'chalk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenServer, type ScreenServer } from '../support/screen.js';
import { KEY } from '../support/render.js';
import { readDeployment, type Deployment } from '../../src/api/schemas/deployment.js';
import { lineSpans, spansText } from '../../src/text/ansi.js';
import { countLines, findMatches, logLines, maskerFor, matchRanges, plainLine, readLog, type LogLine } from '../../src/model/log.js';
import {
  CONTROL_CHARS,
  ESCAPE_SEQUENCES,
  SECRET_RECORD_FIELDS,
  WIDE_TEXT,
  anyJsonOf,
  mixedString,
  runs,
  secretValue,
  urlWithPassword,
} from '../support/arbitraries.js';

const ESC = '\u001b';
/** Never on screen: C0, DEL, C1 (ESC among them), bidi controls, invisible marks, line separators. */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

const record = (fields: Record<string, unknown>): Deployment => readDeployment({ id: 1, ...fields });

/** Pieces of hostile output: text, every escape form, every control, wide text, broken UTF-16, line ends. */
const outputPiece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 3, arbitrary: fc.constantFrom(...ESCAPE_SEQUENCES) },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL_CHARS) },
  { weight: 2, arbitrary: fc.constantFrom('\n', '\r\n', '\r', '\t', '\n\n') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...WIDE_TEXT, '\ud800', '\udfff', '\ufffd', '\ufffd\ufffd', '\u061c', '\u200b', '\u2028', '\u2029'),
  },
  { weight: 1, arbitrary: fc.constantFrom('\u001b[38:2::255:0:0m', '\u001b[4:3m', '\u001b[1;31;42m', '\u001b[m', '10%\r55%\r100%') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }) },
);
const hostileOutput = fc.array(outputPiece, { maxLength: 14 }).map((p) => p.join(''));

/** An entry as a hostile server writes it: each field right, wrong-typed, or missing; now and then odd keys. */
const entry: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      command: fc.oneof(fc.constant(null), hostileOutput, fc.integer(), anyJsonOf(mixedString)),
      output: fc.oneof(
        { weight: 6, arbitrary: hostileOutput },
        { weight: 1, arbitrary: fc.integer() },
        { weight: 1, arbitrary: anyJsonOf(mixedString) },
      ),
      type: fc.oneof(fc.constantFrom('stdout', 'stderr'), anyJsonOf(mixedString)),
      timestamp: fc.oneof(
        fc.constantFrom('2026-08-22T15:22:50.123456Z', '2026-08-22 15:22:50', '', 'x'.repeat(80)),
        hostileOutput,
        fc.integer(),
      ),
      hidden: fc.oneof(fc.boolean(), fc.constantFrom(0, 1, '0', '1', 'yes'), anyJsonOf(mixedString)),
      batch: fc.oneof(fc.integer(), anyJsonOf(mixedString)),
      order: fc.oneof(fc.integer(), anyJsonOf(mixedString)),
      __proto__: fc.oneof(fc.constant(null), fc.record({ output: fc.string(), command: fc.string() })),
      constructor: fc.oneof(fc.constant('x'), fc.record({ prototype: fc.record({ polluted: fc.constant(true) }) })),
    },
    { requiredKeys: [] },
  )
  .map((e) => JSON.parse(JSON.stringify(e)) as Record<string, unknown>);
// (Through JSON, as a server sends it: `__proto__` comes back as an own key, not a prototype.)

/** An element of the list: mostly entries, now and then junk. */
const element = fc.oneof({ weight: 6, arbitrary: entry }, { weight: 1, arbitrary: anyJsonOf(mixedString) });

/** The `logs` value: encoded once (as sent), twice, not at all, cut off, or not a list. */
const logsValue: fc.Arbitrary<unknown> = fc.tuple(fc.array(element, { maxLength: 8 }), fc.nat(7), fc.nat()).map(([items, shape, cut]) => {
  const once = JSON.stringify(items);
  switch (shape) {
    case 0:
    case 1:
    case 2:
      return once;
    case 3:
      return JSON.stringify(once);
    case 4:
      return items;
    case 5:
      return once.slice(0, cut % (once.length + 1));
    case 6:
      return `${once}garbage`;
    default:
      return items.length > 0 ? items[0] : null;
  }
});

function checkLines(lines: readonly LogLine[]) {
  for (const l of lines) {
    expect(FORBIDDEN.test(l.text), JSON.stringify(l.text)).toBe(false);
    expect(FORBIDDEN.test(l.timestamp), JSON.stringify(l.timestamp)).toBe(false);
    for (const s of l.spans ?? []) expect(FORBIDDEN.test(s.text), JSON.stringify(s.text)).toBe(false);
    if (l.spans) expect(l.spans.map((s) => s.text).join('')).toBe(l.text);
    expect(FORBIDDEN.test(plainLine(l, { timestamps: true }))).toBe(false);
  }
}

describe('readLog and logLines on hostile logs', () => {
  it('readLog never throws; lines never hold a control or escape character', () => {
    fc.assert(
      fc.property(logsValue, (logs) => {
        const rec = record({ logs });
        const read = readLog(rec);
        expect(['entries', 'unreadable']).toContain(read.kind);
        if (read.kind !== 'entries') return;
        const lines = logLines(read.entries, maskerFor(rec));
        checkLines(lines);
        const counts = countLines(lines);
        expect(counts.lines).toBe(lines.length);
        for (const l of lines) expect(l.entry).toBeLessThan(read.entries.length);
      }),
      { numRuns: runs(1500) },
    );
  });

  it('logLines with `from` gives the tail of the whole', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 8 }), fc.nat(), (items, n) => {
        const read = readLog(record({ logs: JSON.stringify(items) }));
        if (read.kind !== 'entries') return;
        const from = n % (read.entries.length + 1);
        const all = logLines(read.entries, (s) => s);
        expect(logLines(read.entries, (s) => s, from)).toEqual(all.filter((l) => l.entry >= from));
      }),
      { numRuns: runs(500) },
    );
  });

  it('search never throws and its ranges are inside the text and in order', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 6 }),
        fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('i', 'İ', 'σ', 'ss')),
        (items, q) => {
          const read = readLog(record({ logs: items }));
          if (read.kind !== 'entries') return;
          const lines = logLines(read.entries, (s) => s);
          const found = findMatches(
            lines,
            lines.map((_, i) => i),
            q,
          );
          for (let i = 0; i < lines.length; i++) {
            const ranges = matchRanges(lines[i]!.text, q);
            expect(ranges.length > 0).toBe(found.includes(i));
            let end = 0;
            for (const [a, b] of ranges) {
              expect(a).toBeGreaterThanOrEqual(end);
              expect(b - a).toBe(q.length);
              expect(b).toBeLessThanOrEqual(lines[i]!.text.length);
              end = b;
            }
          }
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('logs that are not valid JSON are unreadable, never a throw', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => {
          try {
            JSON.parse(s);
            return false;
          } catch {
            return s !== '';
          }
        }),
        (logs) => {
          expect(readLog(record({ logs }))).toEqual({ kind: 'unreadable', reason: 'the logs field is not JSON' });
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('arrays of nothing but junk are unreadable', () => {
    const junk = fc.oneof(
      fc.integer(),
      fc.string(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(
        fc.string().filter((k) => k !== 'output' && k !== 'command'),
        fc.string(),
        { maxKeys: 3 },
      ),
    );
    fc.assert(
      fc.property(fc.array(junk, { minLength: 1, maxLength: 10 }), fc.boolean(), (items, encoded) => {
        const read = readLog(record({ logs: encoded ? JSON.stringify(items) : items }));
        expect(read).toEqual({ kind: 'unreadable', reason: `none of its ${items.length} elements is a log entry` });
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('odd shapes', () => {
  /** JSON text nested `depth` levels, built without recursion. */
  const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('an entry whose output is an object nested 5,000 levels is skipped, not a RangeError', () => {
    const logs = `[{"output":${nestedObject(5000)}},{"output":"ok"}]`;
    expect(readLog(record({ logs }))).toMatchObject({ kind: 'entries', skipped: 1 });
    expect(readLog(record({ logs: JSON.stringify(logs) }))).toMatchObject({ kind: 'entries', skipped: 1 });
  });

  it('deep nesting anywhere (100,000 levels, encoded or decoded) never throws', () => {
    for (const depth of [5000, 100_000]) {
      for (const logs of [
        nestedArray(depth),
        `[${nestedArray(depth)}]`,
        `[{"command":${nestedObject(depth)},"output":${nestedArray(depth)}}]`,
      ]) {
        const read = readLog(record({ logs }));
        expect(read.kind).toBe('unreadable');
      }
    }
    // Already decoded: an object chain built by hand.
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = { output: deep, command: deep };
    expect(readLog(record({ logs: [deep, { output: 'x' }] }))).toMatchObject({ kind: 'entries', skipped: 1 });
  });

  it('__proto__ and constructor keys are data, never a prototype', () => {
    const logs =
      '[{"__proto__":{"output":"from proto","polluted":true},"output":"own"},{"__proto__":{"output":"x"}},' +
      '{"constructor":{"prototype":{"polluted":true}},"output":"c"}]';
    const read = readLog(record({ logs }));
    expect(read).toMatchObject({ kind: 'entries', skipped: 1 });
    expect(read.kind === 'entries' && read.entries.map((e) => e.output)).toEqual(['own', 'c']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('invalid UTF-16 halves and replacement characters pass through without a throw', () => {
    const read = readLog(record({ logs: JSON.stringify([{ output: 'a\ud800b\udfffc\ufffd\n\ud83d' }]) }));
    const lines = read.kind === 'entries' ? logLines(read.entries, (s) => s) : [];
    expect(lines.map((l) => l.text)).toEqual(['a\ud800b\udfffc\ufffd', '\ud83d']);
  });
});

describe('masking never lets a secret through', () => {
  /**
   * Complete escape sequences and lone controls, as tools print them inside a line: none shows any
   * text or turns into whitespace or a line break (a URL cut by a space is not a URL), and none is
   * left open (an open one takes the characters after it, and can leave `admin:password@host` with
   * no scheme).
   */
  const OPEN = ['\u001b[', '\u001b]0;unterminated', '\u009f apc', '\u001b'];
  const invisible = fc.constantFrom(
    ...ESCAPE_SEQUENCES.filter((s) => !OPEN.includes(s) && spansText(lineSpans(s)) === ''),
    ...CONTROL_CHARS.filter((c) => !['\t', '\n', '\r', '\u001b', '\u0090', '\u0098', '\u009b', '\u009d', '\u009e', '\u009f'].includes(c)),
    '\u200b',
    '\u061c',
    '\u202e',
    '\u001b[0m',
    '\u001b[38:2::1:2:3m',
    '\u001b[2K',
    '\u001b[?25l',
    '\u001b[1A',
  );

  /** `text` with escapes and controls put between some of its characters. */
  const sprinkled = (text: string) =>
    fc.array(fc.tuple(fc.nat(text.length), invisible), { maxLength: 4 }).map((cuts) => {
      let out = text;
      for (const [at, esc] of [...cuts].sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + esc + out.slice(at);
      return out;
    });

  const planted = fc
    .tuple(fc.array(secretValue, { minLength: 7, maxLength: 7 }), fc.nat(2))
    .chain(([values, where]) => fc.tuple(urlWithPassword(values[5]!), fc.constant(values), fc.constant(where)))
    .chain(([url, values, where]) =>
      fc.record({
        values: fc.constant(values),
        where: fc.constant(where),
        url: sprinkled(url),
        secret: fc.constantFrom(...values.slice(0, 5)).chain(sprinkled),
        token: sprinkled(values[6]!),
        before: hostileOutput,
        after: hostileOutput,
      }),
    );

  it('URL passwords, secret field values and the token never show in any line or timestamp', () => {
    fc.assert(
      fc.property(planted, ({ values, where, url, secret, token, before, after }) => {
        const planted = `${url} ${secret} ${token}`;
        // The BEL ends any sequence `before` left open (see `invisible`); `after` cannot start the line over.
        const text = `${before.replace(/[\r\n]+$/, '')}\u0007 ${planted} ${after.replace(/^[^\n]*\r/, '')}`;
        const e = {
          command: where === 0 ? text : 'build',
          output: where === 1 ? text : `x ${planted}\n`,
          timestamp: where === 2 ? `t ${secret}` : 'now',
        };
        const rec = record({ ...Object.fromEntries(SECRET_RECORD_FIELDS.map((f, i) => [f, values[i]])), logs: JSON.stringify([e]) });
        const redact = (s: string) => s.split(values[6]!).join('<token>');
        const read = readLog(rec);
        expect(read.kind).toBe('entries');
        const lines = read.kind === 'entries' ? logLines(read.entries, maskerFor(rec, redact)) : [];
        checkLines(lines);
        const shown = lines.flatMap((l) => [plainLine(l, { timestamps: true }), ...(l.spans ?? []).map((s) => s.text)]).join('\n');
        for (const v of values) expect(shown).not.toContain(v);
      }),
      { numRuns: runs(1000) },
    );
  });
});

describe('size', () => {
  it('a 1 MB output line of mixed escapes reads and turns into a line quickly', () => {
    const unit = `${ESC}[1;31merror${ESC}[0m https://u:pw@h.example ${ESC}[2K${ESC}]0;t\u0007部署\t\u202e10%\r`;
    const output = unit.repeat(Math.ceil(1_000_000 / unit.length));
    const rec = record({ logs: JSON.stringify([{ output, type: 'stdout' }]) });
    const read = readLog(rec);
    const lines = read.kind === 'entries' ? logLines(read.entries, maskerFor(rec)) : [];
    expect(lines).toHaveLength(1);
    checkLines(lines);
  });

  it('a 1 MB line with URL passwords all along is masked quickly', () => {
    const output = 'clone https://deploy:Zq9SECRETaaa@git.example.com/o/r.git '.repeat(18_000);
    const rec = record({ logs: JSON.stringify([{ output }]) });
    const read = readLog(rec);
    const lines = read.kind === 'entries' ? logLines(read.entries, maskerFor(rec)) : [];
    expect(lines[0]!.text).not.toContain('Zq9SECRET');
  });

  it('200,000 entries (40 MB, 400,000 lines) read, turn into lines and search in seconds', () => {
    const entries = Array.from({ length: 200_000 }, (_, i) => ({
      command: i % 50 === 0 ? `step ${i}` : null,
      output: `${ESC}[32mline ${i}${ESC}[0m https://u:pw${i}@h.example\n10%\r100%\n`,
      type: i % 7 === 0 ? 'stderr' : 'stdout',
      timestamp: '2026-08-22T15:22:50.123456Z',
      hidden: i % 3 === 0,
      batch: i >> 4,
      order: i + 1,
    }));
    const rec = record({ logs: JSON.stringify(entries), http_basic_auth_password: 'Zq9SECRETabc' });
    const read = readLog(rec);
    const lines = read.kind === 'entries' ? logLines(read.entries, maskerFor(rec)) : [];
    const found = findMatches(
      lines,
      lines.map((_, i) => i),
      'line 1999',
    );
    expect(lines).toHaveLength(404_000);
    // line 1999, 19990–19999, 199900–199999
    expect(found).toHaveLength(111);
    expect(lines.slice(0, 3).map((l) => [l.kind, l.text])).toEqual([
      ['cmd', 'step 0'],
      ['err', 'line 0 https://u:••••@h.example'],
      ['err', '100%'],
    ]);
    // ~1.5–2.5 s on a loaded two-core machine; a quadratic step would take minutes and meet the timeout.
  }, 60_000);
});

describe('the log viewer on screen', () => {
  // No colour and chalk at level 0: any escape byte in a frame came from the log.
  let level: typeof chalk.level;
  let screens: ScreenServer;
  beforeAll(async () => {
    level = chalk.level;
    chalk.level = 0;
    screens = await screenServer();
  });
  afterAll(async () => {
    chalk.level = level;
    await screens.close();
  });

  it('opens any logs field, moves, searches and toggles without a control byte in a frame; an unreadable one says so', async () => {
    await fc.assert(
      fc.asyncProperty(logsValue, fc.string({ maxLength: 4 }), async (logs, query) => {
        const row = {
          id: 5,
          status: 'finished',
          created_at: '2026-08-22T15:00:00.000000Z',
          finished_at: '2026-08-22T15:03:00.000000Z',
          logs,
        };
        const ui = screens.show([row]);
        try {
          await ui.waitFor(/1–1/);
          await ui.press('l');
          const opened = await ui.waitFor('Log 5');
          const read = readLog(record({ logs }));
          if (read.kind === 'unreadable') expect(opened).toContain('could not be read');
          await ui.press('g', 'd', 't', 'w', KEY.pageDown, 'G', '/');
          await ui.type(query.replace(/[\u0000-\u001f\u007f]/g, '') || 'x');
          await ui.press(KEY.enter, 'n', 'N', KEY.escape);
          for (const f of ui.rawFrames()) expect(FORBIDDEN.test(f.replace(/\n/g, '')), JSON.stringify(f)).toBe(false);
        } finally {
          ui.unmount();
        }
      }),
      { numRuns: runs(25) },
    );
  }, 120_000);
});
