// Property: whatever a server puts in a failed row's `logs` (junk, escape sequences, every
// control, broken UTF-16, entries of wrong types, braces and brackets inside strings, logs encoded
// twice or cut off, 200,000 entries, no stderr at all), reasonOf never throws and gives one clean
// line or nothing; reading from the end gives what reading the whole log gives; and the line it
// points at is the reason's line in the log view.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDeployment, type Deployment } from '../../src/api/schemas/deployment.js';
import { logLines, maskerFor, readLog } from '../../src/model/log.js';
import { readLogTail } from '../../src/model/log-tail.js';
import { REASON_MAX, SCAN_ENTRIES, reasonLine, reasonOf, reasonOfEntries, type Reason } from '../../src/model/reason.js';
import { readsAsError as looksLikeError } from '../../src/model/error-line.js';
import { CONTROL_CHARS, ESCAPE_SEQUENCES, WIDE_TEXT, anyJsonOf, mixedString, runs, secretValue } from '../support/arbitraries.js';

/** Never in a reason: C0 (newline among them), DEL, C1, bidi controls, invisible marks, line separators. */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
const SEPARATOR = '========================================';

/** Pieces of output: text, escapes, controls, line ends, wide and broken text, JSON-looking bits, and words the reason looks for. */
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 2, arbitrary: fc.constantFrom(...ESCAPE_SEQUENCES) },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL_CHARS) },
  { weight: 2, arbitrary: fc.constantFrom('\n', '\r\n', '\r', '\t', '\u2028') },
  { weight: 1, arbitrary: fc.constantFrom(...WIDE_TEXT, '\ud800', '\udfff') },
  { weight: 2, arbitrary: fc.constantFrom('{', '}', '[', ']', ',{"', '},{"output":"', '"', '\\', '\\"', ':') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'ERROR: ',
      'Error: ',
      'error:',
      'exit code 137',
      'Killed',
      'unhealthy',
      'Deployment failed: ',
      'Command execution failed (exit code 1): x',
      SEPARATOR,
      'cancelled',
    ),
  },
);
const text = fc.array(piece, { maxLength: 10 }).map((p) => p.join(''));

/** An entry: each field right, wrong-typed or missing. */
const entry: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    command: fc.oneof(fc.constant(null), text, anyJsonOf(mixedString)),
    output: fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: anyJsonOf(mixedString) }),
    type: fc.oneof(fc.constantFrom('stdout', 'stderr'), anyJsonOf(mixedString)),
    hidden: fc.oneof(fc.boolean(), fc.constantFrom(0, 1, '1', 'yes')),
    batch: fc.oneof(fc.integer({ min: 0, max: 4 }), anyJsonOf(mixedString)),
    order: fc.integer(),
    timestamp: fc.constantFrom('2026-08-22T15:22:50.123456Z', ''),
  },
  { requiredKeys: [] },
);

/** The service's epilogue with hostile text in its message, now and then. */
const epilogue = fc
  .tuple(text, text, fc.boolean())
  .map(([message, error, keptOld]) => [
    { output: SEPARATOR, type: 'stderr' },
    { output: `Deployment failed: ${message}${error === '' ? '' : `\nError: ${error}`}`, type: 'stderr' },
    { output: 'Error type: RuntimeException', type: 'stderr', hidden: true },
    { output: SEPARATOR, type: 'stderr' },
    ...(keptOld ? [] : [{ output: 'Deployment failed. Removing the new version of your application.', type: 'stderr' }]),
  ]);

/** An element: mostly entries, now and then junk. */
const element = fc.oneof({ weight: 8, arbitrary: entry }, { weight: 1, arbitrary: anyJsonOf(mixedString) });
const items = fc
  .tuple(fc.array(element, { maxLength: 10 }), fc.option(epilogue, { nil: undefined }))
  .map(([body, end]) => [...body, ...(end ?? [])]);

/** The `logs` value: compact, pretty-printed, encoded twice, as an array, cut off, with junk around it, or not a list. */
const logsValue: fc.Arbitrary<unknown> = fc.tuple(items, fc.nat(8), fc.nat()).map(([list, shape, cut]) => {
  const once = JSON.stringify(list);
  switch (shape) {
    case 0:
    case 1:
      return once;
    case 2:
      return JSON.stringify(list, null, 2);
    case 3:
      return JSON.stringify(once);
    case 4:
      return list;
    case 5:
      return once.slice(0, cut % (once.length + 1));
    case 6:
      return `${once}garbage`;
    case 7:
      return `garbage${once}`;
    default:
      return list[0] ?? null;
  }
});

const STATUSES = ['failed', 'cancelled-by-user', 'finished', 'in_progress', 'queued', 'weird'];
const rowOf = (logs: unknown, status: string, extra: Record<string, unknown> = {}): Deployment =>
  readDeployment({ id: 1, status, logs, ...extra });

function checkReason(r: Reason) {
  if (r.kind === 'none') return;
  expect(r.text).not.toBe('');
  expect(r.text).toBe(r.text.trim());
  expect(FORBIDDEN.test(r.text), JSON.stringify(r.text)).toBe(false);
  expect(r.text.length).toBeLessThanOrEqual(REASON_MAX);
  expect(r.at.fromEnd).toBeGreaterThanOrEqual(0);
  expect(r.at.line).toBeGreaterThanOrEqual(0);
}

describe('reasonOf on hostile logs', () => {
  it('never throws; a reason is one clean, trimmed line of at most REASON_MAX characters', () => {
    fc.assert(
      fc.property(logsValue, fc.constantFrom(...STATUSES), (logs, status) => {
        checkReason(reasonOf(rowOf(logs, status)));
      }),
      { numRuns: runs(2000) },
    );
  });

  it("reading from the end gives what reading the whole log gives, and points at the reason's line in the log view", () => {
    // How the runs ended: the test means something only if many found a reason, by each way.
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(items, fc.nat(3), fc.boolean(), (list, shape, cancelled) => {
        const logs = shape === 0 ? JSON.stringify(list, null, 2) : shape === 1 ? list : JSON.stringify(list);
        const rec = rowOf(logs, cancelled ? 'cancelled-by-user' : 'failed');
        const read = readLog(rec);
        const r = reasonOf(rec);
        if (read.kind !== 'entries') {
          expect(r).toMatchObject({ kind: 'none', why: read.kind === 'absent' ? 'no logs' : 'unreadable' });
          return;
        }
        const mask = maskerFor(rec);
        expect(r).toEqual(read.entries.length === 0 ? { kind: 'none', why: 'empty' } : reasonOfEntries(read.entries, mask, cancelled));
        // The tail's entries are the whole log's, from the end.
        const tail = readLogTail(rec);
        if (tail.kind !== 'entries') throw new Error(`tail ${tail.kind}`);
        expect(read.entries.map((_, k) => tail.tail.fromEnd(k))).toEqual([...read.entries].reverse());
        seen.set(r.kind === 'reason' ? r.source : r.why, (seen.get(r.kind === 'reason' ? r.source : r.why) ?? 0) + 1);
        if (r.kind !== 'reason') return;
        const lines = logLines(read.entries, mask);
        const at = reasonLine(lines, read.entries.length, r.at);
        expect(at).toBeGreaterThanOrEqual(0);
        const shown = lines[at]!;
        expect(shown.hidden).toBe(false);
        // The reason is the line itself, or a part of it (after `Deployment failed:` or `Error:`), cleaned and cut.
        const core = r.text.endsWith('…') ? r.text.slice(0, -1) : r.text;
        expect(shown.text.replace(/[\t ]+/g, ' ')).toContain(core.replace(/[\t ]+/g, ' '));
      }),
      { numRuns: runs(1500) },
    );
    // An empty list is ~1% of the generated logs (12 of 1,500 in the run that failed on this): any one proves that way is
    // taken; the others come by the hundred.
    for (const way of ['message', 'error line', 'no cause'])
      expect(seen.get(way) ?? 0, `${way}: ${JSON.stringify([...seen])}`).toBeGreaterThan(runs(1500) / 100);
    expect(seen.get('empty') ?? 0, `empty: ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
  });

  it('a log without the epilogue has a reason exactly when one of its shown lines reads as an error (the quick look before making lines misses none)', () => {
    const output = fc
      .array(
        fc.oneof(
          piece,
          fc.constantFrom('ER', 'ROR', 'ex', 'it code 1', '\u001b[31mERR\u001b[0mOR', 'Ki\u200blled', 'unhe\ralthy', 'EXIT CODE 2'),
        ),
        { maxLength: 12 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(output, fc.boolean(), (text, stderr) => {
        const rec = rowOf(JSON.stringify([{ output: text, type: stderr ? 'stderr' : 'stdout' }]), 'failed');
        const read = readLog(rec);
        if (read.kind !== 'entries') return;
        const shown = logLines(read.entries, maskerFor(rec)).filter(
          (l) => !/^\s*(={10,}|Deployment failed\. Removing the new version.*)?\s*$/i.test(l.text),
        );
        const r = reasonOf(rec);
        if (shown.some((l) => /^\s*Deployment failed:/.test(l.text))) return; // an epilogue after all
        expect(r.kind === 'reason', JSON.stringify([text, r])).toBe(shown.some((l) => looksLikeError(l.text)));
      }),
      { numRuns: runs(1500) },
    );
  });

  it('a secret of the record planted in the log never reaches the reason', () => {
    fc.assert(
      fc.property(secretValue, text, (secret, around) => {
        const rec = rowOf(
          JSON.stringify([{ output: `Deployment failed: x\nError: ${around} ${secret} ${around}`, type: 'stderr' }]),
          'failed',
          { http_basic_auth_password: secret },
        );
        const r = reasonOf(rec);
        checkReason(r);
        if (r.kind === 'reason') expect(r.text).not.toContain(secret);
      }),
      { numRuns: runs(500) },
    );
  });
});

describe('big logs', () => {
  /** A log of `n` entries of build output with no stderr at all. */
  const quiet = (n: number, end: readonly object[] = []) => {
    const body = Array.from({ length: n }, (_, i) => ({
      command: i % 500 === 0 ? `step ${i}` : null,
      output: `#${i} compiling src/file${i}.tsx {"ok":true}`,
      type: 'stdout',
      hidden: i % 7 === 0,
      batch: Math.floor(i / 500),
      order: i + 1,
    }));
    return JSON.stringify([...body, ...end]);
  };

  it('200,000 entries and no stderr: no cause, no throw (the end of the log is read, not all of it)', () => {
    const rec = rowOf(quiet(200_000), 'failed');
    expect(reasonOf(rec)).toEqual({ kind: 'none', why: 'no cause' });
    const cancelled = rowOf(quiet(200_000), 'cancelled-by-user');
    expect(reasonOf(cancelled)).toEqual({ kind: 'none', why: 'no cause' });
  });

  it('an error line further than SCAN_ENTRIES from the end is not looked for; nor an epilogue behind as many debug entries', () => {
    const far = JSON.stringify([{ output: 'ERROR: long ago', type: 'stderr' }, ...(JSON.parse(quiet(SCAN_ENTRIES)) as object[])]);
    expect(reasonOf(rowOf(far, 'failed'))).toEqual({ kind: 'none', why: 'no cause' });
    const near = JSON.stringify([{ output: 'ERROR: just in', type: 'stderr' }, ...(JSON.parse(quiet(SCAN_ENTRIES - 1)) as object[])]);
    expect(reasonOf(rowOf(near, 'failed'))).toMatchObject({ kind: 'reason', text: 'ERROR: just in' });
    const buried = JSON.stringify([
      { output: 'Deployment failed: x', type: 'stderr' },
      ...Array.from({ length: 200_000 }, () => ({ output: 'ERROR: debug', hidden: true })),
    ]);
    expect(reasonOf(rowOf(buried, 'failed'))).toEqual({ kind: 'none', why: 'no cause' });
  });

  it('200,000 entries ending with the epilogue: its reason, pointing at its line', () => {
    const rec = rowOf(
      quiet(200_000, [
        { output: SEPARATOR, type: 'stderr' },
        {
          output:
            'Deployment failed: Command execution failed (exit code 1): npm run build\nError: Missing required environment variable DATABASE_URL',
          type: 'stderr',
        },
        { output: 'Error type: RuntimeException', type: 'stderr', hidden: true },
        { output: SEPARATOR, type: 'stderr' },
        { output: 'Deployment failed. Removing the new version of your application.', type: 'stderr' },
      ]),
      'failed',
    );
    const r = reasonOf(rec);
    expect(r).toMatchObject({ kind: 'reason', text: 'Missing required environment variable DATABASE_URL', at: { fromEnd: 3, line: 1 } });
  });
});
