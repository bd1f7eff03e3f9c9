import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import {
  initialPaging,
  pagingReducer,
  visibleRows,
  wantsAutoRefresh,
  type PagingAction,
  type PagingState,
} from '../../../../src/tui/browse/paging.js';
import { pageGap as gapWith } from '../../../../src/tui/screens/deployments/lines.js';
import { rangeLabel } from '../../../../src/tui/browse/page-lines.js';
import { DEFAULT_KEYS } from '../../../../src/tui/keys.js';
import { said } from '../../../support/notices.js';

/** The page-gap note with the default keys. */
const pageGap = (s: PagingState) => gapWith(s, DEFAULT_KEYS);

const rows = (from: number, n: number, status = 'finished'): Deployment[] =>
  Array.from({ length: n }, (_, i) => ({
    id: from - i,
    status,
    git_commit_sha: `sha${from - i}abcdef`,
    git_branch: i % 2 ? 'main' : 'develop',
    name: 'shop',
  }));

function run(state: PagingState, ...actions: PagingAction[]): PagingState {
  return actions.reduce(pagingReducer, state);
}
const loaded = (s: PagingState, deployments: Deployment[], total: number | null = 137): PagingState =>
  pagingReducer(s, { type: 'loaded', seq: s.want.seq, page: { deployments, total }, at: 1000 });

describe('paging reducer', () => {
  it('starts on skip 0, take 10, loading', () => {
    const s = initialPaging();
    expect(s.want).toMatchObject({ skip: 0, take: 10, seq: 1 });
    expect(s.loading).toBe(true);
  });

  it('next wants skip=10&take=10 with a new sequence number; prev and first go back', () => {
    let s = loaded(initialPaging(), rows(137, 10));
    expect(rangeLabel(s)).toBe('1–10 of 137');
    s = run(s, { type: 'next' });
    expect(s.want).toMatchObject({ skip: 10, take: 10, seq: 2 });
    s = loaded(s, rows(127, 10));
    expect(rangeLabel(s)).toBe('11–20 of 137');
    expect(run(s, { type: 'prev' }).want).toMatchObject({ skip: 0, take: 10 });
    expect(run(s, { type: 'next' }, { type: 'first' }).want).toMatchObject({ skip: 0, take: 10, seq: 4 });
  });

  it('an answer to an older request never overwrites a newer page', () => {
    let s = loaded(initialPaging(), rows(137, 10));
    s = run(s, { type: 'next' }); // seq 2: skip 10
    const oldSeq = s.want.seq;
    s = run(s, { type: 'next' }); // seq 3: skip 20
    s = pagingReducer(s, { type: 'loaded', seq: s.want.seq, page: { deployments: rows(117, 10), total: 137 }, at: 2 });
    const late = pagingReducer(s, { type: 'loaded', seq: oldSeq, page: { deployments: rows(127, 10), total: 137 }, at: 3 });
    expect(late).toBe(s);
    expect(rangeLabel(late)).toBe('21–30 of 137');
    expect(pagingReducer(s, { type: 'failed', seq: oldSeq, error: { kind: 'network', message: 'x' } })).toBe(s);
  });

  it('knows the last page from a short page or the total, and says so instead of asking', () => {
    let s = loaded(initialPaging(), rows(7, 7), null);
    expect(s.atEnd).toBe(true);
    s = run(s, { type: 'next' });
    expect(said(s.notice)).toMatch(/last page/);
    expect(s.want.seq).toBe(1);
    let t = loaded(initialPaging(), rows(20, 10), 20);
    t = loaded(run(t, { type: 'next' }), rows(10, 10), 20);
    expect(t.atEnd).toBe(true);
    expect(said(run(t, { type: 'next' }).notice)).toMatch(/last page/);
  });

  it('an empty page past the end steps back to the last good page with a message', () => {
    let s = loaded(initialPaging(), rows(10, 10), null);
    s = run(s, { type: 'next' });
    s = loaded(s, [], null);
    expect(s.rows).toHaveLength(10);
    expect(s.want.skip).toBe(0);
    expect(rangeLabel(s)).toBe('1–10');
    expect(said(s.notice)).toMatch(/No more deployments/);
    expect(said(run(s, { type: 'next' }).notice)).toMatch(/last page/);
  });

  it('paging follows the count: a short page is not the last while the count says more; G goes to the last page by count', () => {
    let s = loaded(initialPaging(), rows(100, 3), 39);
    expect(s.atEnd).toBe(false);
    expect(rangeLabel(s)).toBe('1–3 of 39');
    expect(pageGap(s)).toBe('The server sent 3 of the 10 deployments of 1–10 (39 in all): 4–10 are not shown. n goes on to 11–20.');
    s = run(s, { type: 'next' });
    expect(s.notice).toBeNull();
    expect(s.want.skip).toBe(10);
    s = loaded(run(s, { type: 'last' }), rows(70, 8), 39);
    expect(s.shown).toEqual({ skip: 30, take: 10 });
    expect(s.atEnd).toBe(true);
    expect(pageGap(s)).toBe('The server sent 8 of the 9 deployments of 31–39 (39 in all): 39 is not shown.');
    expect(said(run(s, { type: 'next' }).notice)).toMatch(/last page/);
    // A full page has nothing to say.
    expect(pageGap(loaded(initialPaging(), rows(100, 10), 39))).toBeNull();
    expect(pageGap(loaded(initialPaging(), rows(100, 3), null))).toBeNull();
  });

  it('an empty page the count says is inside the history is shown as such, not stepped back from', () => {
    let s = loaded(initialPaging(), rows(100, 10), 39);
    s = loaded(run(s, { type: 'next' }), [], 39);
    expect(s.shown).toEqual({ skip: 10, take: 10 });
    expect(s.rows).toHaveLength(0);
    expect(s.notice).toBeNull();
    expect(rangeLabel(s)).toBe('empty page 11–20 of 39');
    expect(pageGap(s)).toBe(
      'No deployments on this page (11–20), though the server counts 39 — g goes to the first page. n goes on to 21–30.',
    );
    expect(run(s, { type: 'next' }).want.skip).toBe(20);
    // Past what the count now says (the history shrank): back to the last good page, as before.
    let t = loaded(initialPaging(), rows(100, 10), 15);
    t = loaded(run(t, { type: 'next' }), [], 8);
    expect(t.shown).toEqual({ skip: 0, take: 10 });
    expect(said(t.notice)).toMatch(/No more deployments/);
    // An empty history is not a gap.
    expect(pageGap(loaded(initialPaging(), [], 0))).toBeNull();
    expect(rangeLabel(loaded(initialPaging(), [], 0))).toBe('0 of 0');
  });

  it('+ and - step take between 5 and 100 and keep skip', () => {
    let s = loaded(initialPaging(), rows(137, 10));
    s = run(s, { type: 'takeMore' });
    expect(s.want).toMatchObject({ skip: 0, take: 15 });
    for (let i = 0; i < 20; i += 1) s = run(s, { type: 'takeMore' });
    expect(s.want.take).toBe(100);
    expect(said(run(s, { type: 'takeMore' }).notice)).toMatch(/stays 100/);
    for (let i = 0; i < 20; i += 1) s = run(s, { type: 'takeLess' });
    expect(s.want.take).toBe(5);
  });

  it('a failure keeps the last good page and shows the error', () => {
    let s = loaded(initialPaging(), rows(137, 10));
    s = run(s, { type: 'next' });
    s = pagingReducer(s, { type: 'failed', seq: s.want.seq, error: { kind: 'network', message: 'Server unreachable' } });
    expect(s.rows).toHaveLength(10);
    expect(s.error?.kind).toBe('network');
    expect(s.want.skip).toBe(0);
    expect(rangeLabel(s)).toBe('1–10 of 137');
    expect(wantsAutoRefresh(s)).toBe(true);
    s = loaded(run(s, { type: 'refresh' }), rows(137, 10));
    expect(s.error).toBeNull();
  });

  it('marks rows whose status changed on a refresh of the same page', () => {
    let s = loaded(initialPaging(), rows(137, 10, 'in_progress'));
    const next = rows(137, 10, 'in_progress');
    next[2] = { ...next[2]!, status: 'finished' };
    s = loaded(run(s, { type: 'refresh', auto: true }), next);
    expect([...s.changed]).toEqual(['id:135']);
    expect(run(s, { type: 'clearChanged' }).changed.size).toBe(0);
  });

  it('auto-refresh runs on the first page or while something runs; a toggles it', () => {
    let s = loaded(initialPaging(), rows(137, 10));
    expect(wantsAutoRefresh(s)).toBe(true);
    s = loaded(run(s, { type: 'next' }), rows(127, 10));
    expect(wantsAutoRefresh(s)).toBe(false);
    s = loaded(run(s, { type: 'refresh' }), rows(127, 10, 'queued'));
    expect(wantsAutoRefresh(s)).toBe(true);
    expect(wantsAutoRefresh(run(s, { type: 'toggleAuto' }))).toBe(false);
  });

  it('the cursor stays on the rows; the filter narrows them and resets the cursor', () => {
    let s = loaded(initialPaging(), rows(137, 10));
    s = run(s, { type: 'cursor', delta: -3 });
    expect(s.cursor).toBe(0);
    s = run(s, { type: 'cursor', delta: 25 });
    expect(s.cursor).toBe(9);
    s = run(s, { type: 'filter', text: 'develop' });
    expect(visibleRows(s)).toHaveLength(5);
    expect(s.cursor).toBe(0);
    expect(visibleRows(run(s, { type: 'filter', text: 'sha135' }))).toHaveLength(1);
    expect(visibleRows(run(s, { type: 'filter', text: 'FINISHED main' }))).toHaveLength(5);
  });
});

describe('row cells', () => {
  it('are cleaned of escape sequences and control characters, with short sha and relative times', async () => {
    const { cellsOf } = await import('../../../../src/model/columns.js');
    const { viewOf } = await import('../../../../src/model/deployment.js');
    const now = Date.parse('2026-08-22T18:22:50Z');
    const c = cellsOf(
      viewOf({
        id: 7,
        status: 'weird\u001b[2Jstate',
        git_commit_sha: 'abcdef1234567890',
        git_branch: 'a\u001b[31mb\nc',
        created_at: '2026-08-22T15:22:50.000000Z',
        updated_at: null,
        name: 'x\u0007y',
        commit_message: 'Fix\u001b]0;t\u0007 it',
      }),
      now,
    );
    expect(c).toMatchObject({
      id: '7',
      status: '? weirdstate',
      commit: 'abcdef1',
      branch: 'ab c',
      started: '3h ago',
      application: 'xy',
      subject: 'Fix it',
    });
  });
});
