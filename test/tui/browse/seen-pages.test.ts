// A page seen before (the cache on disk, the session's pages) shown while the fresh one is asked
// for: marked, replaced with the cursor on its row, offline when the server cannot be reached.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../src/api/schemas/deployment.js';
import { initialPaging, pagingReducer, type PagingAction, type PagingState, type SeenPage } from '../../../src/tui/browse/paging.js';
import { asOfLabel, progressLabel } from '../../../src/tui/browse/page-lines.js';
import { seenPage } from '../../../src/tui/browse/requests.js';
import { pageMemo } from '../../../src/tui/browse/place.js';
import { cachedPages } from '../../../src/tui/browse/seen.js';
import { openCacheAt } from '../../../src/cache/store.js';
import { tempDir } from '../../support/temp.js';
import { clockAt } from '../../../src/text/format.js';

const rows = (ids: number[], status = 'finished'): Deployment[] =>
  ids.map((id) => ({ id, deployment_uuid: `d${id}`, status, git_commit_sha: `sha${id}abcdef`, git_branch: 'main' }));
const seen = (ids: number[], at = 500, status = 'finished'): SeenPage => ({
  page: { deployments: rows(ids, status), total: 40 },
  at,
  reasons: { d3: { kind: 'reason', text: 'Module not found', at: { fromEnd: 1, line: 9 }, source: 'stderr' } },
});
const run = (state: PagingState, ...actions: PagingAction[]) => actions.reduce(pagingReducer, state);
const network = { kind: 'network', message: 'Server unreachable: connection refused.', retrying: true as const };

describe('a page seen before', () => {
  it('is drawn at once, still loading, marked with when it was seen, and keeps its reasons', () => {
    const s0 = initialPaging({ take: 5 });
    const s = run(s0, { type: 'seen', seq: s0.want.seq, seen: seen([5, 4, 3, 2, 1]) });
    expect(s.rows.map((r) => r.record.id)).toEqual([5, 4, 3, 2, 1]);
    expect(s.loading).toBe(true);
    expect(s.everLoaded).toBe(false);
    expect(s.asOf).toMatchObject({ at: 500, offline: false });
    expect(s.asOf!.reasons.d3).toMatchObject({ text: 'Module not found' });
    expect(asOfLabel(s, 500)!.text).toMatch(/^as of (?:[\w-]+ )*\d\d:\d\d · refreshing…$/);
  });

  it('gives way to the fresh page: the cursor stays on its row, rows that changed or are new are marked', () => {
    const s0 = initialPaging({ take: 5 });
    const stale = run(s0, { type: 'seen', seq: 1, seen: seen([5, 4, 3, 2, 1]) }, { type: 'cursor', delta: 2 });
    expect(stale.rows[stale.cursor]!.record.id).toBe(3);
    const fresh = rows([6, 5, 4, 3, 2]).map((d) => (d.id === 4 ? { ...d, status: 'failed' } : d));
    const s = run(stale, { type: 'loaded', seq: 1, page: { deployments: fresh, total: 41 }, at: 900 });
    expect(s.asOf).toBeNull();
    expect(s.loading).toBe(false);
    expect(s.rows[s.cursor]!.record.id).toBe(3);
    expect([...s.changed].sort()).toEqual([...[s.keys[0], s.keys[2]]].sort());
    expect(asOfLabel(s, 900)).toBeUndefined();
  });

  it('is not drawn over the same page on screen fresh (a refresh), nor when it is empty', () => {
    const s0 = initialPaging({ take: 5 });
    const fresh = run(s0, { type: 'loaded', seq: 1, page: { deployments: rows([5, 4]), total: 2 }, at: 900 }, { type: 'refresh' });
    expect(run(fresh, { type: 'seen', seq: fresh.want.seq, seen: seen([9, 8]) })).toBe(fresh);
    const empty: SeenPage = { page: { deployments: [], total: 0 }, at: 1, reasons: {} };
    expect(run(s0, { type: 'seen', seq: 1, seen: empty })).toBe(s0);
  });

  it('becomes the offline copy when the server cannot be reached; another error leaves it as it is', () => {
    const s0 = initialPaging({ take: 5 });
    const stale = run(s0, { type: 'seen', seq: 1, seen: seen([5, 4, 3]) });
    const off = run(stale, { type: 'failed', seq: 1, error: network });
    expect(off.asOf).toMatchObject({ offline: true, at: 500 });
    expect(off.rows).toHaveLength(3);
    expect(off.error).toBe(network);
    expect(asOfLabel(off, 500)).toEqual({ text: expect.stringMatching(/^offline · as of /), offline: true });
    // Asked again (auto-refresh) and still out of reach.
    const again = run(off, { type: 'refresh', auto: true });
    expect(asOfLabel(again, 500)!.text).toMatch(/· retrying…$/);
    const still = run(again, { type: 'failed', seq: again.want.seq, error: network });
    expect(asOfLabel(still, 500)!.text).toMatch(/^offline · as of (?:[\w-]+ )*\d\d:\d\d$/);
    const denied = run(stale, { type: 'failed', seq: 1, error: { kind: 'forbidden', message: 'Access denied (403).' } });
    expect(denied.asOf).toMatchObject({ offline: false });
  });

  it('comes from the session first (any age), else from the cache', () => {
    const memo = pageMemo();
    const disk = { read: (skip: number, take: number) => (skip === 0 && take === 5 ? seen([1]) : undefined) };
    expect(seenPage(0, 5, memo, disk)!.at).toBe(500);
    memo.put(0, 5, { deployments: rows([2]), total: 1 }, 42);
    expect(seenPage(0, 5, memo, disk)).toMatchObject({ at: 42, reasons: {} });
    expect(seenPage(5, 5, memo, disk)).toBeUndefined();
  });
});

describe('the bytes of a page arriving', () => {
  it('are said once past 64 KB, with the rate after a quarter second, for the page wanted only', () => {
    const s0 = initialPaging({ take: 5 });
    const small = run(s0, { type: 'progress', seq: 1, bytes: 1000, since: 0, at: 100 });
    expect(progressLabel(small)).toBeUndefined();
    const early = run(s0, { type: 'progress', seq: 1, bytes: 3_100_000, since: 0, at: 100 });
    expect(progressLabel(early)).toBe('3.1 MB read');
    const later = run(s0, { type: 'progress', seq: 1, bytes: 4_000_000, since: 0, at: 2000 });
    expect(progressLabel(later)).toBe('4 MB read · 2 MB/s');
    expect(run(s0, { type: 'progress', seq: 7, bytes: 4_000_000, since: 0, at: 2000 })).toBe(s0);
    const done = run(later, { type: 'loaded', seq: 1, page: { deployments: rows([1]), total: 1 }, at: 2100 });
    expect(progressLabel(done)).toBeUndefined();
  });
});

describe('pages of the cache standing in', () => {
  it('a larger page kept with the same first row stands in, cut to the size wanted; a smaller one does not', () => {
    const cache = openCacheAt(tempDir('dms-seen-'));
    const store = cachedPages(cache, 'demo', 'app1');
    store.write(0, 8, seen([8, 7, 6, 5, 4, 3, 2, 1], 700));
    expect(store.read(0, 8)!.page.deployments).toHaveLength(8);
    const cut = store.read(0, 5)!;
    expect(cut.page.deployments.map((d) => d.id)).toEqual([8, 7, 6, 5, 4]);
    expect(cut.at).toBe(700);
    expect(store.read(0, 12)).toBeUndefined();
    expect(store.read(8, 8)).toBeUndefined();
  });
});

describe('when a page was seen, as the header says it', () => {
  it('is the time on the same day, the day before that, the year too in another year', () => {
    const now = new Date(2026, 10, 28, 0, 5).getTime();
    expect(clockAt(new Date(2026, 10, 28, 0, 1).getTime(), now)).toBe('00:01');
    // Across midnight: five minutes ago is yesterday.
    expect(clockAt(new Date(2026, 10, 27, 23, 56).getTime(), now)).toBe('Nov 27 23:56');
    expect(clockAt(new Date(2025, 11, 31, 9, 3).getTime(), now)).toBe('2025-12-31 09:03');
    expect(clockAt(Number.NaN, now)).toBe('');
  });
});
