// The history in numbers: how often an application deploys, how often a deployment fails, how
// long one takes and how long a failure lasts — over the whole history read, or a window — with
// each figure's trend and a split by source and branch. Fed deployment views as a scan reads them,
// in any order; keeps five numbers per deployment (never the rows), so 50,000 deployments hold
// about 2 MB. Every figure is computed exactly from those numbers when asked (statsOf). Pure.
//
// Definitions (README "The history in pictures"); times are UTC, a deployment is placed by when it
// was created (`created_at`):
// - in the window: created at or after `since` and before `until`. The window runs from `since`
//   (else the start of the UTC day of the oldest deployment read) to `until` (else `now`); its
//   length in days (at least one) is what the frequency divides by.
// - deployment frequency: deployments created in the window (any outcome) per day; per week = × 7.
// - change failure rate: failed ÷ (finished + failed), of those in the window. Cancelled, queued,
//   running and unknown deployments are left out of it.
// - duration: `finished_at` − `created_at` of the finished (successful) ones; the median is the
//   middle value (the mean of the two middle ones for an even count), p90 the nearest rank: the
//   ⌈0.9·n⌉-th smallest.
// - time to restore: in time order, a failure that follows a finished deployment (or nothing)
//   starts an outage; the outage ends when the next deployment finishes; its time to restore is
//   that deployment's `finished_at` − the first failure's `finished_at` (its `created_at` when it
//   has none). Counted for outages whose first failure is in the window (the recovery may come
//   later); one not yet ended is "open". Cancelled, queued and running deployments neither start
//   nor end one.
// - trend: each figure over the first and the second half of the window (split at its middle in
//   time), and week by week (weeks start Monday 00:00 UTC).
import type { DeploymentView } from './deployment.js';

export const DAY = 86_400_000;
export const WEEK = 7 * DAY;
/** 1970-01-05 was a Monday: weeks are counted from it. */
const MONDAY = 4 * DAY;
/** The weekly series keeps the newest this many weeks (ten years): what any chart or table shows. */
export const MAX_WEEKS = 520;
/** Branches told apart; any more count as `(other)`. */
export const MAX_BRANCHES = 500;

export const SOURCES = ['manual', 'webhook', 'API', 'rollback', 'PR', 'unknown'] as const;
export type SourceKind = (typeof SOURCES)[number];

const FINISHED = 0;
const FAILED = 1;
const CANCELLED = 2;
const OTHER = 3;

export interface StatsWindow {
  /** Deployments created at or after (ms since the epoch). */
  readonly since?: number;
  /** Deployments created before. */
  readonly until?: number;
}

/** What statsOf reads: the numbers kept of every deployment added. */
export interface StatsInput {
  readonly count: number;
  /** Deployments without a creation time (in no window). */
  readonly undated: number;
  readonly start: readonly number[];
  /** finished_at, NaN when unknown. */
  readonly end: readonly number[];
  readonly outcome: readonly number[];
  readonly source: readonly number[];
  /** Index into `branches`, -1 when the row does not say. */
  readonly branch: readonly number[];
  readonly branches: readonly string[];
}

export interface StatsAccumulator extends StatsInput {
  add(view: Pick<DeploymentView, 'phase' | 'startedAt' | 'finishedAt' | 'source' | 'branch'>): void;
}

export function sourceKind(source: string): SourceKind {
  if (source.startsWith('PR #')) return 'PR';
  return (SOURCES as readonly string[]).includes(source) ? (source as SourceKind) : 'unknown';
}

function outcomeOf(phase: DeploymentView['phase']): number {
  return phase === 'finished' ? FINISHED : phase === 'failed' ? FAILED : phase === 'cancelled' ? CANCELLED : OTHER;
}

/** An empty accumulator: add() each deployment as it is read, statsOf() when the figures are wanted. */
export function createStats(): StatsAccumulator {
  const start: number[] = [];
  const end: number[] = [];
  const outcome: number[] = [];
  const source: number[] = [];
  const branch: number[] = [];
  const branches: string[] = [];
  const branchIndex = new Map<string, number>();
  const acc = {
    count: 0,
    undated: 0,
    start,
    end,
    outcome,
    source,
    branch,
    branches,
    add(view: Pick<DeploymentView, 'phase' | 'startedAt' | 'finishedAt' | 'source' | 'branch'>) {
      acc.count += 1;
      if (view.startedAt === null) {
        acc.undated += 1;
        return;
      }
      start.push(view.startedAt);
      end.push(view.finishedAt ?? NaN);
      outcome.push(outcomeOf(view.phase));
      source.push(SOURCES.indexOf(sourceKind(view.source)));
      let b = -1;
      if (view.branch !== '') {
        b = branchIndex.get(view.branch) ?? -1;
        if (b < 0) {
          const name = branches.length < MAX_BRANCHES ? view.branch : '(other)';
          b = branchIndex.get(name) ?? branches.length;
          if (b === branches.length) {
            branches.push(name);
            branchIndex.set(name, b);
          }
          if (name === view.branch) branchIndex.set(name, b);
        }
      }
      branch.push(b);
    },
  };
  return acc;
}

/** The figures of a set of deployments. */
export interface Figures {
  /** Created in the window. */
  readonly deployments: number;
  readonly finished: number;
  readonly failed: number;
  readonly cancelled: number;
  /** failed ÷ (finished + failed); null when neither. */
  readonly failureRate: number | null;
  /** Of the finished ones with both times, ms. */
  readonly medianMs: number | null;
  readonly p90Ms: number | null;
}

/** A figure over the first and the second half of the window. */
export interface Trend {
  readonly first: number | null;
  readonly second: number | null;
}

export interface Week {
  /** Monday 00:00 UTC, ms. */
  readonly start: number;
  readonly deployments: number;
  readonly finished: number;
  readonly failed: number;
  readonly failureRate: number | null;
  readonly medianMs: number | null;
}

export interface Stats extends Figures {
  /** The window the figures are over: [from, to). */
  readonly from: number | null;
  readonly to: number | null;
  readonly days: number;
  /** Deployments read in all (the window's and the others), and those without a creation time. */
  readonly read: number;
  readonly undated: number;
  readonly perDay: number | null;
  readonly perWeek: number | null;
  readonly restore: {
    readonly count: number;
    /** Outages not yet ended (no finished deployment after them). */
    readonly open: number;
    readonly medianMs: number | null;
    readonly p90Ms: number | null;
  };
  readonly trend: {
    readonly perDay: Trend;
    readonly failureRate: Trend;
    readonly medianMs: Trend;
    readonly restoreMs: Trend;
  };
  /** Deployments per UTC day (day start ms → count), only days with some. */
  readonly perDayCounts: ReadonlyMap<number, number>;
  /** Week by week, oldest first, every week of the window (the newest MAX_WEEKS). */
  readonly weeks: readonly Week[];
  /** The finished ones' durations in time order: when each was created, and how long it took. */
  readonly durations: { readonly at: readonly number[]; readonly ms: readonly number[] };
  readonly bySource: readonly (Figures & { readonly source: SourceKind })[];
  /** Most deployments first; empty when no row says its branch. */
  readonly byBranch: readonly (Figures & { readonly branch: string })[];
}

/** The middle value of sorted numbers (the mean of the two middle ones for an even count). */
export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const mid = n >> 1;
  return n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile of sorted numbers by nearest rank: the ⌈p/100·n⌉-th smallest. */
export function percentile(sorted: readonly number[], p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  return sorted[Math.min(n, Math.max(1, Math.ceil((p / 100) * n))) - 1]!;
}

export const dayOf = (t: number): number => Math.floor(t / DAY) * DAY;
export const weekOf = (t: number): number => Math.floor((t - MONDAY) / WEEK) * WEEK + MONDAY;

const ascending = (a: number, b: number) => a - b;

class Tally {
  deployments = 0;
  finished = 0;
  failed = 0;
  cancelled = 0;
  durations: number[] = [];
  add(outcome: number, duration: number): void {
    this.deployments += 1;
    if (outcome === FINISHED) {
      this.finished += 1;
      if (Number.isFinite(duration)) this.durations.push(duration);
    } else if (outcome === FAILED) this.failed += 1;
    else if (outcome === CANCELLED) this.cancelled += 1;
  }
  figures(): Figures {
    const sorted = this.durations.sort(ascending);
    const final = this.finished + this.failed;
    return {
      deployments: this.deployments,
      finished: this.finished,
      failed: this.failed,
      cancelled: this.cancelled,
      failureRate: final === 0 ? null : this.failed / final,
      medianMs: median(sorted),
      p90Ms: percentile(sorted, 90),
    };
  }
}

/** The window the figures are over, [from, to), its length in days, and which half a time falls in. */
interface Span {
  readonly from: number | null;
  readonly to: number | null;
  readonly days: number;
  readonly inWindow: (t: number) => boolean;
  /** 0 for the first half of the window, 1 for the second. */
  readonly half: (t: number) => 0 | 1;
}

function spanOf(start: readonly number[], window: StatsWindow, now: number): Span {
  const inWindow = (t: number) => (window.since === undefined || t >= window.since) && (window.until === undefined || t < window.until);
  let oldest = Infinity;
  for (const t of start) if (inWindow(t) && t < oldest) oldest = t;
  const from = window.since ?? (oldest === Infinity ? null : dayOf(oldest));
  const to = window.until ?? (from === null ? null : Math.max(now, from));
  const span = from !== null && to !== null ? to - from : 0;
  const mid = from === null ? 0 : from + span / 2;
  return { from, to, days: Math.max(1, span / DAY), inWindow, half: (t) => (t < mid ? 0 : 1) };
}

/** The deployments in the window counted: in all, per half, per source, per branch, per day and per week. */
function tallies(input: StatsInput, { inWindow, half }: Span) {
  const { start, end, outcome } = input;
  const all = new Tally();
  const halves = [new Tally(), new Tally()] as const;
  const bySource = SOURCES.map(() => new Tally());
  const byBranch = input.branches.map(() => new Tally());
  const perDayCounts = new Map<number, number>();
  const weekly = new Map<number, Tally>();
  for (let i = 0; i < start.length; i++) {
    const t = start[i]!;
    if (!inWindow(t)) continue;
    const o = outcome[i]!;
    const d = end[i]! - t;
    all.add(o, d);
    halves[half(t)].add(o, d);
    bySource[input.source[i]!]!.add(o, d);
    const b = input.branch[i]!;
    if (b >= 0) byBranch[b]!.add(o, d);
    const day = dayOf(t);
    perDayCounts.set(day, (perDayCounts.get(day) ?? 0) + 1);
    const w = weekOf(t);
    let tally = weekly.get(w);
    if (!tally) weekly.set(w, (tally = new Tally()));
    tally.add(o, d);
  }
  return { all, halves, bySource, byBranch, perDayCounts, weekly };
}

/** What needs the deployments in time order: the finished ones' durations, and the outages' times to restore. */
function timeline({ start, end, outcome }: StatsInput, { inWindow, half }: Span) {
  const order: number[] = [];
  for (let i = 0; i < start.length; i++) if (Number.isFinite(start[i]!)) order.push(i);
  // Time order (a history is read newest first: of two created at the same time, the one read later is older).
  order.sort((a, b) => start[a]! - start[b]! || b - a);
  const durations = { at: [] as number[], ms: [] as number[] };
  const restores: number[] = [];
  const restoreHalves: [number[], number[]] = [[], []];
  let outage: { at: number; from: number; counted: boolean } | null = null;
  for (const i of order) {
    const o = outcome[i]!;
    const t = start[i]!;
    const e = end[i]!;
    if (o === FINISHED && inWindow(t) && Number.isFinite(e)) {
      durations.at.push(t);
      durations.ms.push(e - t);
    }
    if (o === FAILED && outage === null) {
      outage = { at: t, from: Number.isFinite(e) ? e : t, counted: inWindow(t) };
    } else if (o === FINISHED && outage !== null) {
      if (outage.counted) {
        const ms = Math.max(0, (Number.isFinite(e) ? e : t) - outage.from);
        restores.push(ms);
        restoreHalves[half(outage.at)].push(ms);
      }
      outage = null;
    }
  }
  return { durations, restores, restoreHalves, open: outage?.counted ? 1 : 0 };
}

/** Every week of the window (the newest MAX_WEEKS), oldest first, with its figures. */
function weeksOf(weekly: ReadonlyMap<number, Tally>, from: number | null, to: number | null): Week[] {
  const weeks: Week[] = [];
  if (from === null || to === null) return weeks;
  const last = weekOf(Math.max(from, to - 1));
  const firstWeek = Math.max(weekOf(from), last - (MAX_WEEKS - 1) * WEEK);
  for (let w = firstWeek; w <= last; w += WEEK) {
    const f = weekly.get(w)?.figures();
    weeks.push({
      start: w,
      deployments: f?.deployments ?? 0,
      finished: f?.finished ?? 0,
      failed: f?.failed ?? 0,
      failureRate: f?.failureRate ?? null,
      medianMs: f?.medianMs ?? null,
    });
  }
  return weeks;
}

/** The figures over `window` of the deployments added to `input`; `now` ends a window without `until`. */
export function statsOf(input: StatsInput, window: StatsWindow, now: number): Stats {
  const span = spanOf(input.start, window, now);
  const { from, to, days } = span;
  const counted = tallies(input, span);
  const { durations, restores, restoreHalves, open } = timeline(input, span);
  const figures = counted.all.figures();
  const [first, second] = counted.halves.map((h) => h.figures()) as [Figures, Figures];
  const halfDays = days / 2;
  const sortedRestores = restores.sort(ascending);
  const restoreMedians = restoreHalves.map((r) => median(r.sort(ascending)));

  return {
    ...figures,
    from,
    to,
    days,
    read: input.count,
    undated: input.undated,
    perDay: from === null ? null : figures.deployments / days,
    perWeek: from === null ? null : (figures.deployments / days) * 7,
    restore: { count: restores.length, open, medianMs: median(sortedRestores), p90Ms: percentile(sortedRestores, 90) },
    trend: {
      perDay:
        from === null ? { first: null, second: null } : { first: first.deployments / halfDays, second: second.deployments / halfDays },
      failureRate: { first: first.failureRate, second: second.failureRate },
      medianMs: { first: first.medianMs, second: second.medianMs },
      restoreMs: { first: restoreMedians[0]!, second: restoreMedians[1]! },
    },
    perDayCounts: counted.perDayCounts,
    weeks: weeksOf(counted.weekly, from, to),
    durations,
    bySource: SOURCES.map((source, i) => ({ source, ...counted.bySource[i]!.figures() })).filter((s) => s.deployments > 0),
    byBranch: input.branches
      .map((branch, i) => ({ branch, ...counted.byBranch[i]!.figures() }))
      .filter((b) => b.deployments > 0)
      .sort((a, b) => b.deployments - a.deployments || (a.branch < b.branch ? -1 : 1)),
  };
}
