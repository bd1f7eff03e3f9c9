// The log viewer's less-like keys without Ink: `&` shows only the lines holding a pattern (and
// shows them all again), ←/→ scroll cut lines sideways, e/E jump between error lines, x/X between stderr lines.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import { initialLog, logReducer, type LogAction, type LogState } from '../../../../src/tui/screens/log/state.js';
import { lineRows, shiftRow } from '../../../../src/tui/screens/log/rows.js';
import { emptyText, noteText, rangeText } from '../../../../src/tui/screens/log/lines.js';
import { DEFAULT_KEYS } from '../../../../src/tui/keys.js';
import type { LogLine } from '../../../../src/model/log.js';

const mask = (s: string) => s;

interface E {
  output: string;
  hidden?: boolean;
  type?: string;
}

function record(entries: E[], status = 'finished'): Deployment {
  return {
    id: 7,
    status,
    created_at: '2026-11-01T10:00:00.000000Z',
    logs: JSON.stringify(
      entries.map((e, i) => ({
        command: null,
        output: e.output,
        type: e.type ?? 'stdout',
        hidden: e.hidden ?? false,
        timestamp: '2026-11-01T10:00:00.000000Z',
        order: i + 1,
      })),
    ),
  } as Deployment;
}

const lines = (n: number, from = 0): E[] => Array.from({ length: n }, (_, i) => ({ output: `line ${from + i}` }));
const run = (s: LogState, ...actions: LogAction[]) => actions.reduce(logReducer, s);
const shown = (s: LogState) => s.order.map((i) => s.lines[i]!.text);
const firstShown = (s: LogState) => s.lines[s.order[s.top]!]!.text;
const note = (s: LogState) => (s.note ? noteText(s.note, DEFAULT_KEYS) : null);
const typed = (text: string): LogAction[] => [{ type: 'filterStart' }, { type: 'filterText', text }];

describe('& shows only matching lines', () => {
  it('filters as the pattern is typed (smart case), Enter keeps it, & again shows every line', () => {
    const s0 = initialLog(record([{ output: 'Building' }, { output: 'warn: slow' }, { output: 'WARN disk' }, { output: 'done' }]), mask, {
      rows: 10,
      width: 80,
    });
    let s = run(s0, ...typed('warn'));
    expect(s.filter.editing).toBe(true);
    expect(shown(s)).toEqual(['warn: slow', 'WARN disk']);
    s = run(s, { type: 'filterText', text: ':' });
    expect(shown(s)).toEqual(['warn: slow']);
    // A capital letter makes it exact, as in the search.
    s = run(s, { type: 'filterLine', command: 'killBefore' }, { type: 'filterText', text: 'WARN' });
    expect(shown(s)).toEqual(['WARN disk']);
    s = run(s, { type: 'filterEnd', keep: true });
    expect(s.filter.editing).toBe(false);
    expect(shown(s)).toEqual(['WARN disk']);
    expect(rangeText(s, 1, DEFAULT_KEYS)).toContain('only lines with “WARN” (& shows all)');
    s = run(s, { type: 'filterClear' });
    expect(shown(s)).toEqual(['Building', 'warn: slow', 'WARN disk', 'done']);
    expect(note(s)).toBe('Every line shown again (4).');
  });

  it('Esc while typing and Enter on an empty pattern both show every line', () => {
    const s0 = initialLog(record(lines(30)), mask, { rows: 10, width: 80 });
    expect(shown(run(s0, ...typed('line 1'), { type: 'filterEnd', keep: false }))).toHaveLength(30);
    const emptied = run(s0, ...typed('x'), { type: 'filterLine', command: 'backspace' }, { type: 'filterEnd', keep: true });
    expect(emptied.filter.line.value).toBe('');
    expect(shown(emptied)).toHaveLength(30);
  });

  it('the line at the top stays at the top (or the next one shown), and comes back when the filter goes', () => {
    let s = initialLog(record(lines(100)), mask, { rows: 10, width: 80 });
    s = run(s, { type: 'scroll', to: 'top' }, ...Array.from({ length: 40 }, (): LogAction => ({ type: 'scroll', to: 'down' })));
    expect(firstShown(s)).toBe('line 40');
    s = run(s, ...typed('5'), { type: 'filterEnd', keep: true });
    // line 45 is the first line at or after line 40 that holds a 5.
    expect(firstShown(s)).toBe('line 45');
    s = run(s, { type: 'filterClear' });
    expect(firstShown(s)).toBe('line 45');
  });

  it('a view at the end stays at the end; debug lines stay hidden; lines that arrive are filtered too', () => {
    let s = initialLog(record([...lines(50), { output: 'line 7 debug', hidden: true }], 'in_progress'), mask, { rows: 3, width: 80 });
    s = run(s, ...typed('7'), { type: 'filterEnd', keep: true });
    expect(shown(s)).toEqual(['line 7', 'line 17', 'line 27', 'line 37', 'line 47']);
    expect(s.stick).toBe(true);
    expect(firstShown(s)).toBe('line 27');
    s = run(s, {
      type: 'record',
      record: record([...lines(50), { output: 'line 7 debug', hidden: true }, { output: 'line 70' }, { output: 'line 80' }], 'in_progress'),
      mask,
    });
    expect(shown(s).slice(-2)).toEqual(['line 47', 'line 70']);
    expect(firstShown(s)).toBe('line 37');
    s = run(s, { type: 'toggle', what: 'debug' });
    expect(shown(s)).toContain('line 7 debug');
  });

  it('reads the lines already made, never the log again, and a longer pattern looks only among the lines it showed', () => {
    const s0 = initialLog(record(lines(200)), mask, { rows: 10, width: 80 });
    const s = run(s0, ...typed('1'), { type: 'filterText', text: '9' });
    expect(s.lines).toBe(s0.lines);
    expect(shown(s)).toEqual([
      'line 19',
      'line 119',
      'line 190',
      'line 191',
      'line 192',
      'line 193',
      'line 194',
      'line 195',
      'line 196',
      'line 197',
      'line 198',
      'line 199',
    ]);
    // Shorter again: every line is looked at.
    expect(shown(run(s, { type: 'filterLine', command: 'backspace' }))).toHaveLength(200 - 100 - 81 + 100);
  });

  it('the search looks only among the lines shown; saving-as-shown gets them too', () => {
    let s = initialLog(record([{ output: 'a error' }, { output: 'b' }, { output: 'c error' }]), mask, { rows: 10, width: 80 });
    s = run(s, { type: 'searchStart' }, { type: 'searchText', text: 'error' }, { type: 'searchEnd', keep: true });
    expect(s.search.matches).toEqual([0, 2]);
    s = run(s, ...typed('c'), { type: 'filterEnd', keep: true });
    expect(s.search.matches).toEqual([0]);
  });

  it('no line holding the pattern: the body says so, and how to see every line', () => {
    const s = run(initialLog(record(lines(5)), mask, { rows: 10, width: 80 }), ...typed('zzz'), { type: 'filterEnd', keep: true });
    expect(s.order).toEqual([]);
    expect(emptyText(s, DEFAULT_KEYS)).toBe('No line holds “zzz”: & shows every line.');
  });
});

describe('←/→ when lines are cut', () => {
  const long = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');

  it('scroll half the text width at a time, no further than the widest line on screen needs', () => {
    let s = initialLog(record([{ output: long(100) }, { output: 'short' }]), mask, { rows: 10, width: 42 });
    s = run(s, { type: 'toggle', what: 'wrap' });
    // 40 cells of text beside the 2-cell marker: 20 a step, at most 100 - 40 = 60.
    s = run(s, { type: 'sideways', direction: 1 });
    expect(s.left).toBe(20);
    s = run(s, { type: 'sideways', direction: 1 }, { type: 'sideways', direction: 1 }, { type: 'sideways', direction: 1 });
    expect(s.left).toBe(60);
    expect(rangeText(s, 2, DEFAULT_KEYS)).toContain('cut from column 61 (w wraps, ←/→ scroll)');
    s = run(s, { type: 'sideways', direction: -1 });
    expect(s.left).toBe(40);
    // Wrapping again starts every line at its first column.
    s = run(s, { type: 'toggle', what: 'wrap' });
    expect(s.left).toBe(0);
  });

  it('say why nothing moves: lines wrap, or every line fits', () => {
    const wrapped = run(initialLog(record([{ output: long(100) }]), mask, { rows: 10, width: 42 }), { type: 'sideways', direction: 1 });
    expect(wrapped.left).toBe(0);
    expect(note(wrapped)).toBe('Long lines wrap: nothing to scroll sideways (w cuts them at the edge).');
    const fits = run(
      initialLog(record([{ output: 'short' }]), mask, { rows: 10, width: 42 }),
      { type: 'toggle', what: 'wrap' },
      { type: 'sideways', direction: 1 },
    );
    expect(note(fits)).toBe('Every line on screen fits: nothing to scroll sideways.');
  });

  it('a row shifted keeps its colours and marks, and a wide character cut in half leaves a space', () => {
    const line: LogLine = { kind: 'out', text: 'ab界cd', spans: null, hidden: false, at: null, timestamp: '', entry: 0 };
    const [row] = lineRows(line, 80, false, [[3, 4]]);
    expect(
      shiftRow(row!, 2)
        .map((g) => g.text)
        .join(''),
    ).toBe('界cd');
    expect(
      shiftRow(row!, 3)
        .map((g) => g.text)
        .join(''),
    ).toBe(' cd');
    expect(shiftRow(row!, 4).map((g) => [g.text, g.mark])).toEqual([
      ['c', 'match'],
      ['d', undefined],
    ]);
  });
});

describe('e/E jump to error lines, x/X to stderr lines', () => {
  const log = [
    ...lines(20),
    { output: 'warning: unused' },
    { output: 'fetch failed, retrying' },
    ...lines(20, 100),
    { output: 'npm notice', type: 'stderr' },
    ...lines(20, 200),
    { output: 'exit code: 0' },
    { output: 'done' },
  ];
  const error = (direction: 1 | -1): LogAction => ({ type: 'errorNext', direction, which: 'error' });
  const stderr = (direction: 1 | -1): LogAction => ({ type: 'errorNext', direction, which: 'stderr' });

  it('e goes down from the view to each line reading as an error, round the end; E goes up', () => {
    let s = initialLog(record(log), mask, { rows: 5, width: 80 });
    s = run(s, { type: 'scroll', to: 'top' }, error(1));
    expect(s.errorLine?.text).toBe('fetch failed, retrying');
    expect(note(s)).toBe('Line 22 reads as an error · e/E next/previous');
    expect(s.top).toBeLessThanOrEqual(21);
    expect(s.top + 5).toBeGreaterThan(21);
    s = run(s, error(1));
    expect(s.errorLine?.text).toBe('fetch failed, retrying');
    expect(note(s)).toMatch(/^Past the end: back to the first error line\. Line 22 reads as an error/);
    s = run(s, error(-1));
    expect(s.errorLine?.text).toBe('fetch failed, retrying');
    expect(note(s)).toMatch(/^Past the start: on to the last error line\./);
  });

  it('a stderr line of progress or a warning is not an error line: e passes it; x stops there', () => {
    const build = [
      ...lines(5),
      { output: "Cloning into '/artifacts/shop'...", type: 'stderr' },
      { output: 'npm WARN deprecated inflight@1.0.6: This module is not supported', type: 'stderr' },
      { output: '#5 [2/4] RUN npm ci', type: 'stderr' },
      ...lines(5, 100),
      { output: 'npm ERR! code ELIFECYCLE', type: 'stderr' },
      { output: 'Traceback (most recent call last):' },
      { output: 'Exception in thread "main" java.lang.IllegalStateException: boom' },
    ];
    let s = initialLog(record(build), mask, { rows: 5, width: 80 });
    s = run(s, { type: 'scroll', to: 'top' }, error(1));
    expect(s.errorLine?.text).toBe('npm ERR! code ELIFECYCLE');
    expect(note(s)).toBe('Line 14 reads as an error · e/E next/previous');
    s = run(s, error(1));
    expect(s.errorLine?.text).toBe('Traceback (most recent call last):');
    s = run(s, error(1));
    expect(s.errorLine?.text).toBe('Exception in thread "main" java.lang.IllegalStateException: boom');
    s = run(s, { type: 'scroll', to: 'top' }, stderr(1));
    expect(s.errorLine?.text).toBe("Cloning into '/artifacts/shop'...");
    expect(note(s)).toBe('Line 6 was written to stderr · x/X next/previous');
    s = run(s, stderr(1), stderr(1), stderr(1));
    expect(s.errorLine?.text).toBe('npm ERR! code ELIFECYCLE');
    s = run(s, stderr(1));
    expect(note(s)).toMatch(/^Past the end: back to the first stderr line\. Line 6 was written to stderr/);
  });

  it('from the view when the line stopped at is off screen (as n does)', () => {
    let s = initialLog(record(log), mask, { rows: 5, width: 80 });
    s = run(s, { type: 'scroll', to: 'top' }, stderr(1), { type: 'scroll', to: 'bottom' }, error(-1));
    expect(s.errorLine?.text).toBe('fetch failed, retrying');
  });

  it('looks only among the lines shown, and says when there is none (and where the stderr lines are)', () => {
    let s = initialLog(record(log), mask, { rows: 5, width: 80 });
    s = run(s, ...typed('line'), { type: 'filterEnd', keep: true }, error(1));
    expect(s.errorLine).toBeNull();
    expect(note(s)).toBe(
      'No line among the lines shown reads as an error (ERROR, error:, FATAL, panic, failed, an exception, an exit code other than 0…).',
    );
    expect(note(run(s, stderr(1)))).toBe('No line among the lines shown was written to stderr.');
    s = run(s, { type: 'filterClear' }, ...typed('npm'), { type: 'filterEnd', keep: true }, error(-1));
    expect(note(s)).toBe(
      'No line among the lines shown reads as an error (ERROR, error:, FATAL, panic, failed, an exception, an exit code other than 0…); 1 was written to stderr: x/X go to it.',
    );
  });
});
