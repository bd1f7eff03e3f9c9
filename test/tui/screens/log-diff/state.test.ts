// D on the detail (the list's reducer: it opens over a failed or cancelled deployment's detail,
// says why not on others, Esc goes back to the detail) and the log diff's own state: it opens at
// the first step that differs or failed, at its first differing line; n/p steps, c/C changes,
// scrolling within the step.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import { initialPaging, pagingReducer, type PagingState } from '../../../../src/tui/browse/paging.js';
import { browseReducer, initialBrowse, type BrowseAction, type BrowseState } from '../../../../src/tui/browse/state.js';
import { NOT_FAILED } from '../../../../src/tui/browse/state-open.js';
import { browseStack } from '../../../../src/tui/routes/browse.js';
import { LEAD, initialLogDiff, logDiffReducer, type LogDiffAction, type LogDiffState } from '../../../../src/tui/screens/log-diff/state.js';
import { logDiff, logParts } from '../../../../src/model/log-diff.js';
import { viewOf } from '../../../../src/model/deployment.js';
import type { LogEntry } from '../../../../src/model/log.js';
import { stepListLines, stepMark } from '../../../../src/tui/screens/log-diff/lines.js';
import { plainTheme } from '../../../../src/tui/theme.js';

const STATUS = ['finished', 'failed', 'finished', 'cancelled-by-user', 'finished'];
const rows = (from: number, n: number): Deployment[] =>
  Array.from({ length: n }, (_, i) => ({ id: from - i, status: STATUS[i % STATUS.length] }));
const loaded = (s: PagingState, deployments: Deployment[], total: number | null): PagingState =>
  pagingReducer(s, { type: 'loaded', seq: s.want.seq, page: { deployments, total }, at: 1000 });
const browse = (state: BrowseState, ...actions: BrowseAction[]): BrowseState => actions.reduce(browseReducer, state);
const start = () => initialBrowse(loaded(initialPaging(), rows(40, 10), 40));

describe('D on the detail', () => {
  it('on a failed deployment: the log diff over its detail, with where it is in the history and the page; Esc back to the detail', () => {
    const s = browse(start(), { type: 'cursor', delta: 1 }, { type: 'open' }, { type: 'openLogDiff' });
    expect(s.mode).toBe('logDiff');
    expect(browseStack(s)).toEqual(['list', 'detail', 'logDiff']);
    expect(s.logDiff).toMatchObject({ index: 1, page: { start: 0 } });
    expect(viewOf(s.logDiff!.record).id).toBe(39);
    expect(s.logDiff!.page.rows).toHaveLength(10);
    const back = browse(s, { type: 'closeLogDiff' });
    expect([back.mode, back.logDiff, back.detail?.key]).toEqual(['detail', null, s.detail!.key]);
  });

  it('on a cancelled one too; on a finished one it stays on the detail and says why', () => {
    expect(browse(start(), { type: 'cursor', delta: 3 }, { type: 'open' }, { type: 'openLogDiff' }).mode).toBe('logDiff');
    const s = browse(start(), { type: 'open' }, { type: 'openLogDiff' });
    expect([s.mode, s.logDiff, s.keyNote]).toEqual(['detail', null, NOT_FAILED]);
  });

  it('from the list it does nothing (it is a key of the detail)', () => {
    const s = browse(start(), { type: 'cursor', delta: 1 }, { type: 'openLogDiff' });
    expect(s.mode).toBe('list');
  });
});

const entry = (output: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  command: null,
  output,
  stderr: false,
  hidden: false,
  timestamp: '',
  at: null,
  batch: null,
  order: null,
  ...extra,
});
const same = (n: number, tag: string) => Array.from({ length: n }, (_, i) => entry(`${tag} line ${i}`));
/** start (same), import (a change at line 20 and 40), build (failed: a change at its end). */
const log = (failed: boolean) => [
  entry('Starting deployment of a to b.'),
  ...same(5, 'start'),
  entry('Importing acme/x:main (commit sha abc1234) to /artifacts/z.'),
  ...same(20, 'import'),
  entry(failed ? 'objects moved' : 'objects kept'),
  ...same(20, 'import2'),
  entry(failed ? 'warning: new' : 'fine'),
  entry('Building docker image started.'),
  ...same(30, 'build'),
  ...(failed ? [entry('Deployment failed: boom', { stderr: true })] : [entry('Building docker image completed.')]),
];
const found = () => {
  const diff = logDiff(
    logParts(log(false), (s) => s),
    logParts(log(true), (s) => s),
  );
  const side = (id: number, status: string) => ({ view: viewOf({ id, status }), index: id });
  return { older: side(2, 'finished'), newer: side(1, 'failed'), diff };
};
const run = (...actions: LogDiffAction[]): LogDiffState => actions.reduce(logDiffReducer, initialLogDiff());

describe('the log diff state', () => {
  it('opens at the first step that differs, LEAD rows above its first differing line, that line marked', () => {
    const f = found();
    expect(f.diff.steps.map((s) => [s.name, s.state, stepMark(s)])).toEqual([
      ['start', 'same', '·'],
      ['import', 'differs', '*'],
      ['build', 'differs', '✗'],
    ]);
    const s = run({ type: 'page', rows: 10 }, { type: 'found', found: f });
    expect([s.reading, s.step]).toEqual([null, 1]);
    const first = f.diff.steps[1]!.rows.findIndex((r) => r.kind !== '=');
    expect(s.change).toBe(first);
    expect(s.offset).toBe(first - LEAD);
  });

  it('c goes to the next change, on into the next step; C back; n/p stop at the ends', () => {
    const f = found();
    let s = run({ type: 'page', rows: 10 }, { type: 'found', found: f });
    const importRows = f.diff.steps[1]!.rows;
    const changes = importRows.flatMap((r, i) => (r.kind !== '=' && importRows[i - 1]?.kind === '=' ? [i] : []));
    expect(changes).toHaveLength(2);
    s = logDiffReducer(s, { type: 'change', by: 1 });
    expect([s.step, s.change]).toEqual([1, changes[1]]);
    s = logDiffReducer(s, { type: 'change', by: 1 });
    expect(s.step).toBe(2);
    expect(f.diff.steps[2]!.rows[s.change!]!.kind).not.toBe('=');
    expect(logDiffReducer(s, { type: 'change', by: 1 })).toBe(s);
    s = logDiffReducer(s, { type: 'change', by: -1 });
    expect([s.step, s.change]).toEqual([1, changes[1]]);
    const top = logDiffReducer(logDiffReducer(s, { type: 'step', by: -1 }), { type: 'step', by: -1 });
    expect([top.step, top.offset, top.change]).toEqual([0, 0, null]);
    const bottom = logDiffReducer(logDiffReducer(s, { type: 'step', by: 1 }), { type: 'step', by: 1 });
    expect(bottom.step).toBe(2);
  });

  it('scrolling stays within the step and drops the mark; a taller page pulls the view back', () => {
    let s = run({ type: 'page', rows: 10 }, { type: 'found', found: found() });
    const rowsHere = s.found!.diff.steps[s.step]!.rows.length;
    s = logDiffReducer(s, { type: 'scroll', to: 'bottom' });
    expect([s.offset, s.change]).toEqual([rowsHere - 10, null]);
    s = logDiffReducer(s, { type: 'page', rows: 100 });
    expect(s.offset).toBe(0);
  });

  it('the step list marks the one shown', () => {
    const lines = stepListLines(found().diff.steps, 2, plainTheme);
    expect(lines.map((l) => `${l.label}${l.text}`.trimEnd())).toEqual(['  · start', '  * import', '› ✗ build']);
  });
});
