// The stats of a history (src/model/stats.ts): on random histories, every figure agrees with a
// direct computation written here from the README's definitions (sort everything, count, pick by
// rank), whatever order the deployments are added in; and a few worked examples.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Phase } from '../../src/model/deployment.js';
import { DAY, createStats, median, percentile, sourceKind, statsOf, weekOf, type StatsWindow } from '../../src/model/stats.js';

interface Row {
  readonly phase: Phase;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly source: string;
  readonly branch: string;
}

const T0 = Date.UTC(2026, 0, 1);
const NOW = T0 + 120 * DAY;
const PHASES: Phase[] = ['finished', 'finished', 'finished', 'failed', 'failed', 'cancelled', 'running', 'queued', 'unknown'];

/** A deployment: distinct start times (so "the next one" is never a tie), sometimes no time at all. */
const rowOf = (start: number): fc.Arbitrary<Row> =>
  fc
    .record({
      phase: fc.constantFrom(...PHASES),
      took: fc.option(fc.integer({ min: 0, max: 6 * 3_600_000 }), { nil: null, freq: 8 }),
      source: fc.constantFrom('manual', 'webhook', 'API', 'rollback', 'PR #3', 'PR #7', ''),
      branch: fc.constantFrom('main', 'develop', 'feature/x', ''),
    })
    .map(({ phase, took, source, branch }) => ({
      phase,
      startedAt: start,
      source,
      branch,
      finishedAt: phase === 'finished' || phase === 'failed' || phase === 'cancelled' ? (took === null ? null : start + took) : null,
    }));

/** A history: start times spread over 120 days, distinct, in a random order; a few undated rows. */
const history = fc
  .uniqueArray(fc.integer({ min: 0, max: 120 * 24 * 60 - 1 }), { maxLength: 300 })
  .chain((minutes) => fc.tuple(...minutes.map((m) => rowOf(T0 + m * 60_000))))
  .chain((rows) => fc.tuple(fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }), fc.nat(3)))
  .map(([rows, undated]) => [
    ...rows,
    ...Array.from({ length: undated }, () => ({ phase: 'finished' as Phase, startedAt: null, finishedAt: null, source: '', branch: '' })),
  ]);

const windowArb: fc.Arbitrary<StatsWindow> = fc.oneof(
  fc.constant({}),
  fc
    .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 61, max: 130 }))
    .map(([a, b]) => ({ since: T0 + a * DAY, until: T0 + b * DAY })),
  fc.integer({ min: 0, max: 100 }).map((a) => ({ since: T0 + a * DAY + 3_600_000 })),
);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The figures straight from the definitions. */
function direct(rows: readonly Row[], w: StatsWindow, now: number) {
  const dated = rows.filter((r) => r.startedAt !== null) as (Row & { startedAt: number })[];
  const inW = dated.filter((r) => (w.since === undefined || r.startedAt >= w.since) && (w.until === undefined || r.startedAt < w.until));
  const oldest = Math.min(...inW.map((r) => r.startedAt));
  const from = w.since ?? (inW.length ? Math.floor(oldest / DAY) * DAY : null);
  const to = w.until ?? (from === null ? null : Math.max(now, from));
  const days = Math.max(1, from === null ? 0 : (to! - from) / DAY);
  const finished = inW.filter((r) => r.phase === 'finished');
  const failed = inW.filter((r) => r.phase === 'failed');
  const durations = sorted(finished.filter((r) => r.finishedAt !== null).map((r) => r.finishedAt! - r.startedAt));
  // Time to restore: each failure whose previous finished-or-failed deployment (in time) is not a
  // failure starts an outage; it ends at the first finished deployment after it.
  const chrono = [...dated].sort((a, b) => a.startedAt - b.startedAt);
  const final = chrono.filter((r) => r.phase === 'finished' || r.phase === 'failed');
  const restores: number[] = [];
  let open = 0;
  final.forEach((r, i) => {
    if (r.phase !== 'failed' || (i > 0 && final[i - 1]!.phase === 'failed')) return;
    if (!inW.includes(r)) return;
    const fix = final.slice(i + 1).find((x) => x.phase === 'finished');
    if (!fix) {
      open += 1;
      return;
    }
    restores.push(Math.max(0, (fix.finishedAt ?? fix.startedAt) - (r.finishedAt ?? r.startedAt)));
  });
  const byDay = new Map<number, number>();
  for (const r of inW) byDay.set(Math.floor(r.startedAt / DAY) * DAY, (byDay.get(Math.floor(r.startedAt / DAY) * DAY) ?? 0) + 1);
  const rs = sorted(restores);
  const pick = (xs: number[], p: number) => (xs.length ? xs[Math.ceil((p / 100) * xs.length) - 1]! : null);
  const mid = (xs: number[]) =>
    xs.length === 0 ? null : xs.length % 2 ? xs[(xs.length - 1) / 2]! : (xs[xs.length / 2 - 1]! + xs[xs.length / 2]!) / 2;
  return {
    from,
    to,
    days,
    deployments: inW.length,
    perDay: from === null ? null : inW.length / days,
    failureRate: finished.length + failed.length === 0 ? null : failed.length / (finished.length + failed.length),
    medianMs: mid(durations),
    p90Ms: pick(durations, 90),
    restore: { count: restores.length, open, medianMs: mid(rs), p90Ms: pick(rs, 90) },
    byDay,
    bySourceCount: Object.fromEntries(
      ['manual', 'webhook', 'API', 'rollback', 'PR', 'unknown']
        .map((s) => [s, inW.filter((r) => (r.source.startsWith('PR #') ? 'PR' : r.source === '' ? 'unknown' : r.source) === s).length])
        .filter(([, n]) => (n as number) > 0),
    ),
    byBranchCount: Object.fromEntries(
      ['main', 'develop', 'feature/x'].map((b) => [b, inW.filter((r) => r.branch === b).length]).filter(([, n]) => (n as number) > 0),
    ),
  };
}

function statsFor(rows: readonly Row[], w: StatsWindow) {
  const acc = createStats();
  for (const r of rows) acc.add(r);
  return statsOf(acc, w, NOW);
}

const close = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b));

describe('stats on random histories agree with a direct computation', () => {
  it('frequency, failure rate, median and p90 duration, time to restore, per day, by source and branch', () => {
    fc.assert(
      fc.property(history, windowArb, (rows, w) => {
        const s = statsFor(rows, w);
        const d = direct(rows, w, NOW);
        expect([s.from, s.to]).toEqual([d.from, d.to]);
        expect(s.deployments).toBe(d.deployments);
        expect(close(s.perDay, d.perDay)).toBe(true);
        expect(close(s.perWeek, d.perDay === null ? null : d.perDay * 7)).toBe(true);
        expect(s.failureRate).toBe(d.failureRate);
        expect([s.medianMs, s.p90Ms]).toEqual([d.medianMs, d.p90Ms]);
        expect(s.restore).toEqual(d.restore);
        expect(new Map([...s.perDayCounts].sort(([a], [b]) => a - b))).toEqual(new Map([...d.byDay].sort(([a], [b]) => a - b)));
        expect(Object.fromEntries(s.bySource.map((x) => [x.source, x.deployments]))).toEqual(d.bySourceCount);
        expect(Object.fromEntries(s.byBranch.map((x) => [x.branch, x.deployments]))).toEqual(d.byBranchCount);
        // The weeks hold every deployment of the window, each once.
        expect(s.weeks.reduce((n, x) => n + x.deployments, 0)).toBe(d.deployments);
        expect(s.read).toBe(rows.length);
      }),
      { numRuns: 300 },
    );
  });

  it('the order rows are added in changes nothing', () => {
    fc.assert(
      fc.property(history, fc.infiniteStream(fc.nat()), (rows, seeds) => {
        const shuffled = [...rows]
          .map((r) => ({ r, k: seeds.next().value as number }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.r);
        const a = statsFor(rows, {});
        const b = statsFor(shuffled, {});
        expect({
          ...b,
          perDayCounts: [...b.perDayCounts].sort(),
          durations: null,
          byBranch: [...b.byBranch].sort((x, y) => (x.branch < y.branch ? -1 : 1)),
        }).toEqual({
          ...a,
          perDayCounts: [...a.perDayCounts].sort(),
          durations: null,
          byBranch: [...a.byBranch].sort((x, y) => (x.branch < y.branch ? -1 : 1)),
        });
      }),
      { numRuns: 100 },
    );
  });

  it('the halves of the window split its deployments, and their rates are over half the days each', () => {
    fc.assert(
      fc.property(history, windowArb, (rows, w) => {
        const s = statsFor(rows, w);
        if (s.from === null || s.to === null) return;
        const mid = s.from + (s.to - s.from) / 2;
        const d = direct(rows, w, NOW);
        const firstHalf = rows.filter(
          (r) => r.startedAt !== null && r.startedAt >= s.from! && r.startedAt < mid && (w.until === undefined || r.startedAt < w.until),
        ).length;
        expect(close(s.trend.perDay.first, firstHalf / (d.days / 2))).toBe(true);
        expect(close(s.trend.perDay.second, (d.deployments - firstHalf) / (d.days / 2))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the definitions, worked by hand', () => {
  const at = (day: number, hour = 0) => T0 + day * DAY + hour * 3_600_000;
  const row = (phase: Phase, start: number, minutes: number | null, source = 'webhook', branch = 'main'): Row => ({
    phase,
    startedAt: start,
    finishedAt: minutes === null ? null : start + minutes * 60_000,
    source,
    branch,
  });

  it('an outage runs from the first failure to the next finished deployment; cancelled ones do not end it', () => {
    const rows = [
      row('finished', at(0), 5),
      row('failed', at(1), 10), // outage starts when it ends: day 1 00:10
      row('failed', at(1, 2), 10),
      row('cancelled', at(1, 3), 1),
      row('finished', at(1, 4), 20), // ends 04:20: 4h 10m after 00:10
      row('failed', at(2), 1), // still open
    ];
    const s = statsFor(rows, {});
    expect(s.restore).toEqual({ count: 1, open: 1, medianMs: 250 * 60_000, p90Ms: 250 * 60_000 });
    expect(s.failureRate).toBe(3 / 5);
    expect(s.medianMs).toBe(12.5 * 60_000);
  });

  it('nearest-rank p90 and the middle median', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
    expect(percentile([7], 90)).toBe(7);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('weeks start on Monday (UTC); a source is one of the five, PR #n is PR', () => {
    expect(new Date(weekOf(Date.UTC(2026, 10, 26, 12))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(weekOf(Date.UTC(2026, 10, 23))).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect([sourceKind('PR #12'), sourceKind('API'), sourceKind(''), sourceKind('odd')]).toEqual(['PR', 'API', 'unknown', 'unknown']);
  });

  it('keeps numbers, not rows: 50,000 deployments hold one entry each per array, branches bounded', () => {
    const acc = createStats();
    for (let i = 0; i < 50_000; i++) acc.add(row(i % 9 === 0 ? 'failed' : 'finished', T0 + i * 60_000, 5, 'webhook', `b${i % 700}`));
    expect(acc.start).toHaveLength(50_000);
    // Branches told apart are bounded; the rest count as (other).
    expect(acc.branches.length).toBe(501);
    expect(acc.branches.at(-1)).toBe('(other)');
    const s = statsOf(acc, {}, T0 + 50_000 * 60_000);
    expect(s.deployments).toBe(50_000);
    expect(s.restore).toMatchObject({ count: Math.ceil(50_000 / 9), open: 0 });
  });
});
