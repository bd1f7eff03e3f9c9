// The log viewer's reducer without Ink: where the view is as lines arrive, rows of wrapped lines,
// the debug toggle, search and its way back, the save prompt.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import {
  bottomTop,
  initialLog,
  logReducer,
  prefixWidth,
  shownFrom,
  type LogAction,
  type LogState,
} from '../../../../src/tui/screens/log/state.js';
import { lineRows, rowCount } from '../../../../src/tui/screens/log/rows.js';
import { noteText } from '../../../../src/tui/screens/log/lines.js';
import { DEFAULT_KEYS } from '../../../../src/tui/keys.js';
import type { LogLine } from '../../../../src/model/log.js';
import { reasonOf } from '../../../../src/model/reason.js';

const mask = (s: string) => s;

interface E {
  output: string;
  hidden?: boolean;
  type?: string;
  command?: string;
}

function record(entries: E[], status = 'finished'): Deployment {
  return {
    id: 7,
    status,
    created_at: '2026-11-01T10:00:00.000000Z',
    logs: JSON.stringify(
      entries.map((e, i) => ({
        command: e.command ?? null,
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

function run(s: LogState, ...actions: LogAction[]): LogState {
  return actions.reduce(logReducer, s);
}

const firstShown = (s: LogState) => s.lines[s.order[s.top]!]!.text;
/** The message line's note as the viewer words it (default keys). */
const note = (s: LogState) => (s.note ? noteText(s.note, DEFAULT_KEYS) : null);

describe('where the view is', () => {
  it('opens at the end: the last lines fill the screen', () => {
    const s = initialLog(record(lines(100)), mask, { rows: 10, width: 80 });
    expect(s.stick).toBe(true);
    expect(s.top).toBe(90);
    expect(firstShown(s)).toBe('line 90');
  });

  it('lines that arrive keep a view at the end there, and leave a view that was scrolled up where it was', () => {
    let s = initialLog(record(lines(20), 'in_progress'), mask, { rows: 10, width: 80 });
    s = run(s, { type: 'record', record: record(lines(25), 'in_progress'), mask });
    expect(s.top).toBe(15);
    expect(s.lines).toHaveLength(25);
    s = run(s, { type: 'scroll', to: 'up' }, { type: 'scroll', to: 'up' });
    expect(s.stick).toBe(false);
    s = run(s, { type: 'record', record: record(lines(40), 'in_progress'), mask });
    expect(s.top).toBe(13);
    // Back at the end, it sticks again.
    s = run(s, { type: 'scroll', to: 'bottom' });
    expect(s.stick).toBe(true);
    expect(s.top).toBe(30);
  });

  it('only the new entries are read when the row comes back longer (the lines before are the same objects)', () => {
    const s = initialLog(record(lines(20), 'in_progress'), mask, { rows: 10, width: 80 });
    const next = run(s, { type: 'record', record: record(lines(22), 'in_progress'), mask });
    expect(next.lines[0]).toBe(s.lines[0]);
    expect(next.lines[21]!.entry).toBe(21);
  });

  it('a shorter log (the server started over) is read again from the start', () => {
    const s = initialLog(record(lines(20), 'in_progress'), mask, { rows: 10, width: 80 });
    const next = run(s, { type: 'record', record: record(lines(3, 100), 'in_progress'), mask });
    expect(next.lines.map((l) => l.text)).toEqual(['line 100', 'line 101', 'line 102']);
  });

  it('page down keeps the last line shown at the top, page up brings the top line to the bottom', () => {
    let s = initialLog(record(lines(100)), mask, { rows: 10, width: 80 });
    s = run(s, { type: 'scroll', to: 'top' }, { type: 'scroll', to: 'pageDown' });
    expect(s.top).toBe(9);
    s = run(s, { type: 'scroll', to: 'pageUp' });
    expect(s.top).toBe(0);
    s = run(s, { type: 'scroll', to: 'up' });
    expect(s.top).toBe(0);
  });

  it('with wrap, the end is found by rows: a long last line takes several', () => {
    const long = { output: 'x'.repeat(78 * 3) };
    const s = initialLog(record([...lines(20), long]), mask, { rows: 10, width: 80 });
    // 78 cells of text per row (80 less the marker column): the long line takes 3 rows, 7 short ones fit above it.
    expect(s.top).toBe(13);
    expect(shownFrom(s, s.top)).toBe(8);
    const cut = run(s, { type: 'toggle', what: 'wrap' });
    expect(cut.top).toBe(11);
  });

  it('a line longer than the screen still shows from its start, and the view cannot pass it', () => {
    const s = initialLog(record([{ output: 'y'.repeat(78 * 40) }]), mask, { rows: 10, width: 80 });
    expect(s.top).toBe(0);
    expect(bottomTop(s)).toBe(0);
  });

  it('turning debug lines on keeps the line at the top at the top', () => {
    const entries: E[] = lines(50).map((e, i) => ({ ...e, hidden: i % 2 === 1 }));
    let s = initialLog(record(entries), mask, { rows: 5, width: 80 });
    expect(s.counts.hidden).toBe(25);
    expect(s.order).toHaveLength(25);
    s = run(s, { type: 'scroll', to: 'top' }, { type: 'scroll', to: 'pageDown' }, { type: 'scroll', to: 'down' });
    const top = firstShown(s);
    s = run(s, { type: 'toggle', what: 'debug' });
    expect(s.order).toHaveLength(50);
    expect(firstShown(s)).toBe(top);
    expect(note(s)).toMatch(/Debug lines shown \(25\)/);
  });
});

describe('search', () => {
  it('finds as you type from where the view was, Esc goes back there, Enter keeps it', () => {
    let s = initialLog(record(lines(100)), mask, { rows: 10, width: 80 });
    s = run(s, { type: 'scroll', to: 'top' }, { type: 'searchStart' }, { type: 'searchText', text: 'line 5' });
    // line 5, line 50..59: 11 matching; the first at or after the top.
    expect(s.search.matches).toHaveLength(11);
    expect(s.search.current).toBe(0);
    s = run(s, { type: 'searchText', text: '5' });
    expect(s.search.matches.map((p) => s.lines[s.order[p]!]!.text)).toEqual(['line 55']);
    expect(s.top).toBeLessThanOrEqual(55);
    expect(s.top + shownFrom(s, s.top)).toBeGreaterThan(55);
    const back = run(s, { type: 'searchEnd', keep: false });
    expect(back.top).toBe(0);
    expect(back.search.line.value).toBe('');
    const kept = run(s, { type: 'searchEnd', keep: true });
    expect(kept.search.editing).toBe(false);
    expect(kept.search.line.value).toBe('line 55');
  });

  it('n and N go round, saying when they wrap', () => {
    let s = initialLog(record(lines(30)), mask, { rows: 10, width: 80 });
    s = run(s, { type: 'searchStart' }, { type: 'searchText', text: 'line 2' }, { type: 'searchEnd', keep: true });
    // line 2, line 20..29 = 11; the view shows lines 20–29: the first match there.
    const at = (x: LogState) => x.lines[x.order[x.search.matches[x.search.current]!]!]!.text;
    expect(at(s)).toBe('line 20');
    s = run(s, { type: 'searchNext', direction: -1 });
    expect(at(s)).toBe('line 2');
    expect(note(s)).toBeNull();
    s = run(s, { type: 'searchNext', direction: -1 });
    expect(at(s)).toBe('line 29');
    expect(note(s)).toMatch(/past the start/);
    s = run(s, { type: 'searchNext', direction: 1 });
    expect(at(s)).toBe('line 2');
    expect(note(s)).toMatch(/past the end/);
  });

  it('n with no search says how to start one', () => {
    const s = run(initialLog(record(lines(3)), mask, { rows: 10, width: 80 }), { type: 'searchNext', direction: 1 });
    expect(note(s)).toBe('No search yet: / searches the log.');
  });
});

describe('rows of a line', () => {
  const line = (text: string, spans: LogLine['spans'] = null): LogLine => ({
    kind: 'out',
    text,
    spans,
    hidden: false,
    at: null,
    timestamp: '',
    entry: 0,
  });

  it('wrapped rows are exactly the width, wide characters never split across rows', () => {
    const rows = lineRows(line('ab界cd'), 3, true);
    expect(rows.map((r) => r.map((s) => s.text).join(''))).toEqual(['ab', '界c', 'd']);
    expect(rowCount(line('ab界cd'), 3, true)).toBe(3);
  });

  it("matches are marked inside coloured spans, the current line's as current", () => {
    const spans = [
      { text: 'error: ', style: { fg: 'red' } },
      { text: 'disk full', style: {} },
    ];
    const rows = lineRows(line('error: disk full', spans), 80, true, [[5, 11]], true);
    expect(rows[0]!.map((s) => [s.text, s.mark ?? ''])).toEqual([
      ['error', ''],
      [': ', 'current'],
      ['disk', 'current'],
      [' full', ''],
    ]);
    expect(rows[0]![1]!.style).toEqual({ fg: 'red' });
  });

  it('a line over 10,000 characters is drawn in part and says how much more it holds', () => {
    const rows = lineRows(line('z'.repeat(12_345)), 80, false);
    const text = rows[0]!.map((s) => s.text).join('');
    expect(text).toContain('… 2,345 more characters');
  });

  it('the text column is the width less the marker (and the time when shown)', () => {
    expect(prefixWidth(false)).toBe(2);
    expect(prefixWidth(true)).toBe(11);
  });
});

describe('debug lines with a search kept', () => {
  it('turning them on keeps the view where it is and counts the matches among the lines now shown', () => {
    const entries: E[] = lines(60).map((e, i) => ({ output: i % 2 ? `debug ${i}` : `line ${i}`, hidden: i % 2 === 1 }));
    let s = initialLog(record(entries), mask, { rows: 5, width: 80 });
    s = run(
      s,
      { type: 'searchStart' },
      { type: 'searchText', text: 'debug' },
      { type: 'searchEnd', keep: true },
      { type: 'scroll', to: 'top' },
    );
    expect(s.search.matches).toHaveLength(0);
    s = run(s, { type: 'toggle', what: 'debug' });
    expect(s.top).toBe(0);
    expect(s.search.matches).toHaveLength(30);
  });
});

describe('a big log', () => {
  it('is opened from its end, and its start is read in steps without moving the view', () => {
    let s = initialLog(record(lines(10_000)), mask, { rows: 10, width: 80 });
    expect(s.built).toBeGreaterThan(0);
    expect(s.lines.length).toBeLessThan(10_000);
    expect(s.lines.at(-1)!.text).toBe('line 9999');
    expect(s.lines.at(-1)!.entry).toBe(9999);
    s = run(
      s,
      { type: 'scroll', to: 'up' },
      { type: 'searchStart' },
      { type: 'searchText', text: 'line 998' },
      { type: 'searchEnd', keep: true },
    );
    const top = firstShown(s);
    const current = s.lines[s.order[s.search.matches[s.search.current]!]!]!.text;
    while (s.built > 0) s = run(s, { type: 'buildEarlier' });
    expect(s.pending).toBeNull();
    expect(s.lines.map((l) => l.text)).toEqual(lines(10_000).map((e) => e.output));
    expect(firstShown(s)).toBe(top);
    // line 998 and 9980–9989: the search knows the earlier match now, and is still on the same line.
    expect(s.search.matches).toHaveLength(11);
    expect(s.lines[s.order[s.search.matches[s.search.current]!]!]!.text).toBe(current);
  });

  it('a view at the end stays at the end while the start is read', () => {
    let s = initialLog(record(lines(9000)), mask, { rows: 10, width: 80 });
    while (s.built > 0) s = run(s, { type: 'buildEarlier' });
    expect(s.stick).toBe(true);
    expect(firstShown(s)).toBe('line 8990');
  });
});

describe('opening at the reason of a failure', () => {
  // 200 build lines, the cause, 100 lines after it: the end's screen does not hold the cause.
  const failing = record([...lines(200), { output: 'Error: out of memory (exit code 137)', type: 'stderr' }, ...lines(100, 500)], 'failed');

  it('puts the reason line on screen, marked as where e/E stopped, not the end', () => {
    const r = reasonOf(failing);
    expect(r.kind).toBe('reason');
    const s = initialLog(failing, mask, { rows: 10, width: 80 }, DEFAULT_KEYS.hint('logSave'), r.kind === 'reason' ? r.at : undefined);
    const shown = s.order.slice(s.top, s.top + shownFrom(s, s.top)).map((i) => s.lines[i]!.text);
    expect(shown).toContain('Error: out of memory (exit code 137)');
    expect(s.stick).toBe(false);
    expect(s.errorLine?.text).toBe('Error: out of memory (exit code 137)');
    // Without it: the end, as always.
    const end = initialLog(failing, mask, { rows: 10, width: 80 });
    expect(end.stick).toBe(true);
    expect(firstShown(end)).not.toContain('Error');
  });

  it('opens at the end when the position names no line', () => {
    const s = initialLog(failing, mask, { rows: 10, width: 80 }, DEFAULT_KEYS.hint('logSave'), { fromEnd: 5000, line: 0 });
    expect(s.stick).toBe(true);
    expect(s.errorLine).toBeNull();
  });
});
