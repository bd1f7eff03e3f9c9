// A deployment's log (service-behaviour.md, "Deployment logs"): the row's `logs` is a JSON-encoded
// string of entries; entries become display lines with colours as spans, everything else a
// terminal would obey removed, and secrets masked.
import { describe, expect, it } from 'vitest';
import { readDeployment, type Deployment } from '../../src/api/schemas/deployment.js';
import {
  NO_LOGS,
  countLines,
  findMatches,
  hasLogField,
  logLines,
  maskerFor,
  matchRanges,
  plainLine,
  readLog,
  type LogEntry,
  type LogLine,
  type Masker,
} from '../../src/model/log.js';

const ESC = '\u001b';
const TS = '2026-08-22T15:22:50.123456Z';
const AT = Date.UTC(2026, 7, 22, 15, 22, 50, 123);

/** A row as the client reads it, with `logs` as given (absent when `undefined` is not passed at all). */
const row = (fields: Record<string, unknown>): Deployment => readDeployment({ id: 7, status: 'finished', ...fields });
const withLogs = (logs: unknown): Deployment => row({ logs });

/** An entry as the service sends it. */
function sent(output: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { command: null, output, type: 'stdout', timestamp: TS, hidden: false, batch: 1, order: 1, ...extra };
}

/** The entries of a `logs` value that must read. */
function entriesOf(logs: unknown): readonly LogEntry[] {
  const read = readLog(withLogs(logs));
  if (read.kind !== 'entries') throw new Error(`expected entries, got ${JSON.stringify(read)}`);
  return read.entries;
}

const same: Masker = (s) => s;
/** The display lines of entries sent as the service sends them (a JSON string), unmasked. */
const linesOf = (entries: readonly Record<string, unknown>[], mask: Masker = same): LogLine[] =>
  logLines(entriesOf(JSON.stringify(entries)), mask);
const texts = (lines: readonly LogLine[]) => lines.map((l) => l.text);

describe('readLog: what the row carries', () => {
  it('a row with no logs key is absent (the token may not read logs), not "no logs"', () => {
    const record = row({});
    expect(hasLogField(record)).toBe(false);
    expect(readLog(record)).toEqual({ kind: 'absent' });
    expect(NO_LOGS).toMatch(/sensitive/);
  });

  it.each([[null], [''], ['[]'], [[]]])('logs %j has no entries', (logs) => {
    const record = withLogs(logs);
    expect(hasLogField(record)).toBe(true);
    expect(readLog(record)).toEqual({ kind: 'entries', entries: [], skipped: 0 });
  });

  it('reads a JSON string of entries, oldest first', () => {
    const read = readLog(withLogs(JSON.stringify([sent('first\n', { order: 1 }), sent('second\n', { order: 2, batch: 2 })])));
    expect(read).toEqual({
      kind: 'entries',
      skipped: 0,
      entries: [
        { command: null, output: 'first\n', stderr: false, hidden: false, timestamp: TS, at: AT, batch: 1, order: 1 },
        { command: null, output: 'second\n', stderr: false, hidden: false, timestamp: TS, at: AT, batch: 2, order: 2 },
      ],
    });
  });

  it('reads an array sent already decoded', () => {
    expect(entriesOf([sent('hello')]).map((e) => e.output)).toEqual(['hello']);
  });

  it('reads a string encoded twice (a proxy encoded it once more)', () => {
    const twice = JSON.stringify(JSON.stringify([sent('hello')]));
    expect(entriesOf(twice).map((e) => e.output)).toEqual(['hello']);
  });

  it('text that is not JSON is unreadable, with a reason', () => {
    expect(readLog(withLogs('[{"output": "cut off'))).toEqual({ kind: 'unreadable', reason: 'the logs field is not JSON' });
    expect(readLog(withLogs('Build started...'))).toMatchObject({ kind: 'unreadable', reason: expect.stringMatching(/not JSON/) });
  });

  it.each([
    ['an object', { output: 'x' }, /an object/],
    ['an object in JSON', '{"output":"x"}', /an object/],
    ['a number', 42, /number/],
    ['a number in JSON', '42', /number/],
    ['a boolean', true, /boolean/],
    ['a string in JSON', '"just text"', /not JSON/],
    ['a string encoded three times', JSON.stringify(JSON.stringify(JSON.stringify([sent('x')]))), /text/],
    ['null in JSON', 'null', /null/],
  ])('logs holding %s is unreadable', (_name, logs, reason) => {
    const read = readLog(withLogs(logs));
    expect(read.kind).toBe('unreadable');
    expect(read.kind === 'unreadable' && read.reason).toMatch(reason);
  });

  it('junk elements are skipped and counted', () => {
    const read = readLog(
      withLogs(JSON.stringify([1, 'text', null, [], {}, { foo: 'bar' }, sent('kept'), { output: { nested: 1 } }, true])),
    );
    expect(read).toMatchObject({ kind: 'entries', skipped: 8 });
    expect(read.kind === 'entries' && read.entries.map((e) => e.output)).toEqual(['kept']);
  });

  it('a list of nothing but junk is unreadable and says how many elements it had', () => {
    expect(readLog(withLogs(JSON.stringify([1, 'x', {}])))).toEqual({
      kind: 'unreadable',
      reason: 'none of its 3 elements is a log entry',
    });
  });
});

describe('readLog: entries as servers write them', () => {
  it('order may be missing (the first entry often has none)', () => {
    const [e] = entriesOf([{ output: 'x', type: 'stdout', timestamp: TS, hidden: false, batch: 1 }]);
    expect(e!.order).toBeNull();
    expect(e!.batch).toBe(1);
  });

  it('a numeric output is read as its digits', () => {
    expect(entriesOf([sent('', { output: 42 })])[0]!.output).toBe('42');
  });

  it('a missing type is stdout; type "stderr" is stderr', () => {
    const [plain, err, other] = entriesOf([{ output: 'a' }, sent('b', { type: 'stderr' }), sent('c', { type: 'STDERR' })]);
    expect([plain!.stderr, err!.stderr, other!.stderr]).toEqual([false, true, false]);
  });

  it.each([[true], [1], ['1'], ['true']])('hidden %j marks a debug line', (hidden) => {
    expect(entriesOf([sent('x', { hidden })])[0]!.hidden).toBe(true);
  });

  it.each([[false], [0], ['0'], [null], ['yes'], [undefined]])('hidden %j is not a debug line', (hidden) => {
    expect(entriesOf([sent('x', { hidden })])[0]!.hidden).toBe(false);
  });

  it('timestamps are parsed; a missing or junk timestamp has no time', () => {
    const [a, b, c, d] = entriesOf([
      sent('a'),
      sent('b', { timestamp: '2026-08-22 15:22:50' }),
      sent('c', { timestamp: 'soon' }),
      { output: 'd' },
    ]);
    expect(a).toMatchObject({ timestamp: TS, at: AT });
    expect(b).toMatchObject({ timestamp: '2026-08-22 15:22:50', at: Date.UTC(2026, 7, 22, 15, 22, 50) });
    expect(c).toMatchObject({ timestamp: 'soon', at: null });
    expect(d).toMatchObject({ timestamp: '', at: null });
  });

  it('a timestamp longer than 64 characters is dropped', () => {
    expect(entriesOf([sent('x', { timestamp: `${TS}${' '.repeat(70)}` })])[0]).toMatchObject({ timestamp: '', at: null });
  });

  it('batch and order in strings are numbers; junk is null', () => {
    expect(entriesOf([sent('x', { batch: '3', order: '12' })])[0]).toMatchObject({ batch: 3, order: 12 });
    expect(entriesOf([sent('x', { batch: 1.5, order: 'first' })])[0]).toMatchObject({ batch: null, order: null });
  });

  it('an entry with a command and no output is an entry; a blank command alone is not', () => {
    const read = readLog(withLogs(JSON.stringify([{ command: 'npm ci' }, { command: '   ' }, sent('x')])));
    expect(read).toMatchObject({ kind: 'entries', skipped: 1 });
    expect(read.kind === 'entries' && read.entries.map((e) => [e.command, e.output])).toEqual([
      ['npm ci', ''],
      [null, 'x'],
    ]);
  });
});

describe('logLines', () => {
  it('one line per output line; the final newline does not make an extra line', () => {
    expect(texts(linesOf([sent('one\ntwo\nthree\n')]))).toEqual(['one', 'two', 'three']);
    expect(texts(linesOf([sent('no newline at the end')]))).toEqual(['no newline at the end']);
  });

  it('blank lines inside the output are kept', () => {
    expect(texts(linesOf([sent('a\n\nb\n\n')]))).toEqual(['a', '', 'b', '']);
    expect(texts(linesOf([sent('\n')]))).toEqual(['']);
  });

  it('an entry with empty output gives no line', () => {
    expect(linesOf([sent('')])).toEqual([]);
  });

  it('CRLF ends a line like LF', () => {
    expect(texts(linesOf([sent('a\r\nb\r\n')]))).toEqual(['a', 'b']);
  });

  it('a lone CR inside a line is progress: the last state shows', () => {
    expect(texts(linesOf([sent('Downloading 10%\rDownloading 55%\rDownloading 100%\ndone\n')]))).toEqual(['Downloading 100%', 'done']);
  });

  it('a command entry gives a cmd line before its output', () => {
    const lines = linesOf([sent('added 12 packages\n', { command: 'npm ci', batch: 3 })]);
    expect(lines.map((l) => [l.kind, l.text])).toEqual([
      ['cmd', 'npm ci'],
      ['out', 'added 12 packages'],
    ]);
    expect(plainLine(lines[0]!)).toBe('$ npm ci');
  });

  it('a command is one line: escapes, controls and newlines in it are removed', () => {
    const lines = linesOf([sent('', { command: `  docker build\n-t app${ESC}[31m .\u202e\u200b\u2028x  ` })]);
    expect(lines.map((l) => [l.kind, l.text])).toEqual([['cmd', 'docker build -t app . x']]);
  });

  it('a command of only escape codes leaves no line', () => {
    expect(linesOf([sent('out', { command: `${ESC}[2J${ESC}]0;title\u0007` })]).map((l) => l.kind)).toEqual(['out']);
  });

  it('stderr lines are err; hidden entries give hidden lines', () => {
    const lines = linesOf([sent('warn\n', { type: 'stderr' }), sent('debug\n', { hidden: true, command: 'env' })]);
    expect(lines.map((l) => [l.kind, l.hidden])).toEqual([
      ['err', false],
      ['cmd', true],
      ['out', true],
    ]);
  });

  it('lines of only escape codes are dropped; lines that were blank stay', () => {
    expect(texts(linesOf([sent(`a\n${ESC}[2J${ESC}[H\n${ESC}]0;title\u0007\n\nb\n`)]))).toEqual(['a', '', 'b']);
  });

  it('colours are kept as spans; a plain line has none', () => {
    const [red, plain] = linesOf([sent(`${ESC}[31merror${ESC}[0m: failed\nplain\n`)]);
    expect(red!.text).toBe('error: failed');
    expect(red!.spans).toEqual([
      { text: 'error', style: { fg: 'red' } },
      { text: ': failed', style: {} },
    ]);
    expect(plain!.spans).toBeNull();
  });

  it('a line whose colour codes only reset has no spans', () => {
    expect(linesOf([sent(`${ESC}[0mok${ESC}[m`)])[0]!.spans).toBeNull();
  });

  it("every line carries its entry's time, timestamp and index", () => {
    const lines = linesOf([sent('a\nb'), sent('c', { timestamp: 'junk' })]);
    expect(lines.map((l) => [l.entry, l.at, l.timestamp])).toEqual([
      [0, AT, TS],
      [0, AT, TS],
      [1, null, 'junk'],
    ]);
  });

  it('a timestamp is cleaned of escapes and invisible characters', () => {
    expect(linesOf([sent('x', { timestamp: `${ESC}[31m2026\u200b-08\u2028` })])[0]!.timestamp).toBe('2026-08 ');
  });
});

describe('logLines: masking', () => {
  const URL_LINE = `${ESC}[32mcloning https://deploy:hunter2@git.example.com/o/r.git${ESC}[0m`;

  it('URL passwords are masked, and the line then has no spans (the spans would show the password)', () => {
    const record = withLogs(JSON.stringify([sent(URL_LINE)]));
    const [line] = logLines(entriesOf(JSON.stringify([sent(URL_LINE)])), maskerFor(record));
    expect(line!.text).toBe('cloning https://deploy:••••@git.example.com/o/r.git');
    expect(line!.spans).toBeNull();
  });

  it('colours are kept when masking changed nothing', () => {
    const record = withLogs('[]');
    const [line] = logLines(entriesOf([sent(`${ESC}[32mok${ESC}[0m`)]), maskerFor(record));
    expect(line!.spans).toEqual([{ text: 'ok', style: { fg: 'green' } }]);
  });

  it('a password split by colour codes is still masked', () => {
    const [line] = logLines(entriesOf([sent(`https://u:hun${ESC}[1mter${ESC}[0m2@h.example`)]), maskerFor(withLogs('[]')));
    expect(line!.text).toBe('https://u:••••@h.example');
  });

  it('the token is hidden by the redact passed in, in output and commands', () => {
    const redact = (s: string) => s.split('tok_abc123').join('<token>');
    const lines = logLines(entriesOf([sent('auth tok_abc123 ok', { command: 'curl -H tok_abc123' })]), maskerFor(withLogs('[]'), redact));
    expect(texts(lines)).toEqual(['curl -H <token>', 'auth <token> ok']);
  });

  it("the record's secret field values are masked wherever they appear", () => {
    const record = row({
      http_basic_auth_password: 'Zq9SECRETabc123',
      manual_webhook_secret_provider_a: 'whsec_77aa',
      internal_db_url: 'docstore://root:dbpass@db:27017',
      logs: '[]',
    });
    const mask = maskerFor(record);
    const lines = logLines(
      entriesOf([
        sent(`password=Zq9SECRETabc123 ${ESC}[31mred${ESC}[0m`),
        sent('secret whsec_77aa in a webhook'),
        sent('connect docstore://root:dbpass@db:27017'),
      ]),
      mask,
    );
    expect(texts(lines)).toEqual(['password=•••• red', 'secret •••• in a webhook', 'connect docstore://root:••••@db:27017']);
    expect(lines[0]!.spans).toBeNull();
    expect(mask('echo Zq9SECRETabc123')).toBe('echo ••••');
  });

  it('a secret value holding control characters or escapes is masked as it is shown', () => {
    // Shown, the line reads `abcdefghi`: the raw value (with its BEL and colour code) was never found in it.
    const mask = maskerFor(row({ http_basic_auth_password: `abc\u0007def${ESC}[1mghi` }));
    const lines = logLines(entriesOf([sent(`pw abc\u0007def${ESC}[1mghi`, { command: `login abc\u0007def${ESC}[1mghi` })]), mask);
    expect(texts(lines)).toEqual(['login ••••', 'pw ••••']);
  });

  it('short secret values (under 4 characters) and multi-line ones are not searched for', () => {
    const mask = maskerFor(row({ http_basic_auth_password: 'ab', manual_webhook_secret_provider_b: 'line1\nline2' }));
    expect(mask('ab line1')).toBe('ab line1');
  });

  it('a timestamp holding a URL password is masked too', () => {
    const lines = logLines(entriesOf([sent('x', { timestamp: 'https://u:pw123@h' })]), maskerFor(withLogs('[]')));
    expect(lines[0]!.timestamp).toBe('https://u:••••@h');
    expect(plainLine(lines[0]!, { timestamps: true })).not.toContain('pw123');
  });
});

describe('logLines: from', () => {
  it('appends only the new entries, with their own entry indices', () => {
    const entries = entriesOf([sent('a\nb'), sent('c', { command: 'make' }), sent('d\ne\n')]);
    const all = logLines(entries, same);
    const first = logLines(entries.slice(0, 1), same);
    const rest = logLines(entries, same, 1);
    expect([...first, ...rest]).toEqual(all);
    expect(rest.map((l) => [l.entry, l.kind, l.text])).toEqual([
      [1, 'cmd', 'make'],
      [1, 'out', 'c'],
      [2, 'out', 'd'],
      [2, 'out', 'e'],
    ]);
  });

  it('from at the end gives nothing', () => {
    const entries = entriesOf([sent('a')]);
    expect(logLines(entries, same, 1)).toEqual([]);
  });
});

describe('countLines and plainLine', () => {
  it('counts lines, hidden lines and stderr lines', () => {
    const lines = linesOf([sent('a\nb'), sent('c', { type: 'stderr' }), sent('d', { hidden: 1, type: 'stderr', command: 'x' })]);
    expect(countLines(lines)).toEqual({ lines: 5, hidden: 2, stderr: 2 });
    expect(countLines([])).toEqual({ lines: 0, hidden: 0, stderr: 0 });
  });

  it('plainLine puts $ before commands and the timestamp first only when asked', () => {
    const [cmd, out] = linesOf([sent('done', { command: 'make' })]);
    expect(plainLine(cmd!)).toBe('$ make');
    expect(plainLine(out!)).toBe('done');
    expect(plainLine(cmd!, { timestamps: true })).toBe(`${TS} $ make`);
    expect(plainLine(out!, { timestamps: true })).toBe(`${TS} done`);
  });

  it('plainLine with timestamps leaves a line without one as it is', () => {
    const [line] = linesOf([{ output: 'x' }]);
    expect(plainLine(line!, { timestamps: true })).toBe('x');
  });
});

describe('search: findMatches and matchRanges', () => {
  const lines = linesOf([sent('Error: build failed\nerror again\nERROR loud\nall good\n')]);
  const order = lines.map((_, i) => i);

  it('a lower-case query matches any case', () => {
    expect(findMatches(lines, order, 'error')).toEqual([0, 1, 2]);
  });

  it('a query with a capital matches exactly', () => {
    expect(findMatches(lines, order, 'Error')).toEqual([0]);
    expect(findMatches(lines, order, 'ERROR')).toEqual([2]);
  });

  it('returns positions in the order given, not line indices', () => {
    expect(findMatches(lines, [3, 2, 0], 'error')).toEqual([1, 2]);
  });

  it('an empty query finds nothing', () => {
    expect(findMatches(lines, order, '')).toEqual([]);
    expect(matchRanges('anything', '')).toEqual([]);
  });

  it('matchRanges: smart case, [start, end) pairs', () => {
    expect(matchRanges('Error: error ERROR', 'error')).toEqual([
      [0, 5],
      [7, 12],
      [13, 18],
    ]);
    expect(matchRanges('Error: error ERROR', 'Error')).toEqual([[0, 5]]);
    expect(matchRanges('nothing here', 'x')).toEqual([]);
  });

  it('matchRanges never overlaps', () => {
    expect(matchRanges('aaaaa', 'aa')).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it('ranges stay on the match after a character whose lower case is longer (İ)', () => {
    // 'İ'.toLowerCase() is two UTF-16 units: the ranges once pointed one character too far.
    const text = 'İstanbul: error';
    const ranges = matchRanges(text, 'error');
    expect(ranges).toEqual([[10, 15]]);
    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual(['error']);
    expect(matchRanges('İİ error', 'i')).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('findMatches and matchRanges agree on every line', () => {
    const hard = linesOf([sent('İstanbul\nISTANBUL\nΣ final ΟΔΟΣ\nstraße STRASSE\n')]);
    for (const q of ['i', 'istanbul', 'σ', 'ς', 'ss', 'ß', 'İ']) {
      const found = findMatches(
        hard,
        hard.map((_, i) => i),
        q,
      );
      const ranged = hard.map((l, i) => (matchRanges(l.text, q).length > 0 ? i : -1)).filter((i) => i >= 0);
      expect(found, q).toEqual(ranged);
    }
  });
});
