// The pieces of `dms deployments` filters and outputs on their own: times, statuses, CSV fields,
// and the writers waiting on a full stream.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/commands/args.js';
import { deploymentsArgs, parseStatuses, parseTime } from '../../src/commands/deployments-args.js';
import { createOutput, csvField, jsonArraySink, ndjsonSink, type Row } from '../../src/commands/row-output.js';
import type { Deployment } from '../../src/api/schemas/deployment.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('--since and --until times', () => {
  it.each([
    ['7d', NOW - 7 * 86_400_000],
    ['36h', NOW - 36 * 3_600_000],
    ['90m', NOW - 90 * 60_000],
    ['2w', NOW - 14 * 86_400_000],
    ['2026-11-01', Date.parse('2026-11-01T00:00:00Z')],
    ['2026-11-01T10:00:00Z', Date.parse('2026-11-01T10:00:00Z')],
    ['2026-11-01T10:00', Date.parse('2026-11-01T10:00:00Z')],
    ['2026-11-01 10:00:30.250Z', Date.parse('2026-11-01T10:00:30.250Z')],
    ['2026-11-01T10:00:00+02:00', Date.parse('2026-11-01T08:00:00Z')],
    ['2026-11-01T10:00:00-0130', Date.parse('2026-11-01T11:30:00Z')],
  ])('%s', (text, expected) => {
    expect(parseTime('since', text, NOW)).toBe(expected);
  });

  it.each(['yesterdayish', '7', 'd7', '2026-02-30', '2026-13-01', '2026-11-01T24:00', '2026-11-01T10:00:00+25:00', '', '99999999w'])(
    'refuses %j',
    (text) => {
      expect(() => parseTime('since', text, NOW)).toThrow(/--since takes a time such as 7d, 36h, 90m/);
    },
  );
});

describe('--status', () => {
  it("takes the model's phases and the service's spellings, comma-separated, in any case", () => {
    expect([...parseStatuses('failed,Cancelled,in_progress')].sort()).toEqual(['cancelled', 'failed', 'running']);
    expect([...parseStatuses('cancelled-by-user, queued')].sort()).toEqual(['cancelled', 'queued']);
  });

  it('names the valid ones when one is not', () => {
    expect(() => parseStatuses('failed,bogus')).toThrow(
      /queued, running \(or in_progress\), finished, failed, cancelled, unknown.*'bogus'/,
    );
  });
});

describe('arguments', () => {
  const args = (...argv: string[]) => deploymentsArgs(parse(['deployments', 'app-1', ...argv]), NOW);

  it('-o, --output and --json', () => {
    expect(args().output).toBe('table');
    expect(args('-o', 'csv').output).toBe('csv');
    expect(args('--output=ndjson').output).toBe('ndjson');
    expect(args('--json').output).toBe('json');
    expect(args('--json', '-o', 'json').output).toBe('json');
  });

  it('filters and --limit', () => {
    const a = args('--all', '--status', 'failed', '--branch', 'main', '--since', '7d', '--until', '1d', '--limit', '20');
    expect(a).toMatchObject({ all: true, limit: 20, filter: { branch: 'main', since: NOW - 7 * 86_400_000, until: NOW - 86_400_000 } });
    expect([...a.filter.phases!]).toEqual(['failed']);
    expect(args().filter).toEqual({});
  });
});

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-rf', "'-rf"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    ['a\u2028b', 'a b'],
    ['', ''],
  ])('%j → %s', (text, field) => {
    expect(csvField(text)).toBe(field);
  });
});

/** A stream that takes one chunk per tick and reports full after 16 bytes. */
function slowStream(): { stream: Writable; text: () => string; waits: () => number } {
  let text = '';
  let waits = 0;
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk, _enc, done) {
      text += String(chunk);
      setImmediate(done);
    },
  });
  stream.on('drain', () => {
    waits += 1;
  });
  return { stream, text: () => text, waits: () => waits };
}

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    record: {
      id: n - i,
      status: 'finished',
      manual_webhook_secret_provider_a: 's3cret',
      commit_message: 'x\u2028y',
    } as unknown as Deployment,
  }));

describe('writers on a full stream', () => {
  it('the JSON array waits for the stream, streams chunk after chunk, and equals JSON.stringify(records, null, 2) (masked)', async () => {
    const s = slowStream();
    const sink = jsonArraySink(createOutput(s.stream), false);
    const all = rows(250);
    await sink.write(all.slice(0, 120));
    await sink.write(all.slice(120));
    await sink.end(true);
    expect(s.waits()).toBeGreaterThan(0);
    const masked = all.map((r) => ({ ...(r.record as object), manual_webhook_secret_provider_a: '•••• (set)' }));
    expect(s.text()).toBe(`${JSON.stringify(masked, null, 2).replaceAll('\u2028', '\\u2028')}\n`);
  });

  it('an empty array is [], and an array stopped by a failure is left open', async () => {
    const empty = slowStream();
    const e = jsonArraySink(createOutput(empty.stream), false);
    await e.end(true);
    expect(empty.text()).toBe('[]\n');
    const broken = slowStream();
    const b = jsonArraySink(createOutput(broken.stream), false);
    await b.write(rows(3));
    await b.end(false);
    expect(() => JSON.parse(broken.text())).toThrow();
  });

  it('JSON lines: one record a line, waiting for the stream', async () => {
    const s = slowStream();
    const sink = ndjsonSink(createOutput(s.stream), true);
    await sink.write(rows(150));
    await sink.end(true);
    const lines = s.text().trim().split('\n');
    expect(lines).toHaveLength(150);
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: 150, manual_webhook_secret_provider_a: 's3cret', commit_message: 'x\u2028y' });
    expect(s.text()).not.toContain('\u2028');
    expect(s.waits()).toBeGreaterThan(0);
  });
});
