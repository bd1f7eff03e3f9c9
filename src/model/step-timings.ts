// Step timings: a deployment's steps (steps.ts) beside the application's median for each step over
// its last finished deployments, in words (`build 2m 10s (+48s vs median)`). The medians are
// gathered a deployment at a time (MedianRuns) from whatever reads the history. Pure: no Ink, no I/O.
import type { Deployment } from '../api/schemas/deployment.js';
import type { DeploymentView } from './deployment.js';
import { formatDuration } from './duration.js';
import { readLog } from './log.js';
import { stepMedians, stepsOf, type Step, type StepName } from './steps.js';

/** Finished deployments the medians are taken over. */
export const MEDIAN_RUNS = 50;

/** The medians of the application's steps, and over how many finished deployments (fewer than MEDIAN_RUNS when it has fewer). */
export interface StepMedians {
  readonly byStep: ReadonlyMap<StepName, number>;
  readonly runs: number;
}

/** A deployment's steps as its log says them, or why there are none. */
export type StepsRead =
  /** The row has no `logs` key: the token may not read sensitive data. */
  | { readonly kind: 'absent' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'steps'; readonly steps: readonly Step[] };

/** The steps of a deployment's log; a running one's last step is open, grown to `now`. */
export function stepsOfRecord(record: Deployment, view: Pick<DeploymentView, 'active'>, now = Date.now()): StepsRead {
  const log = readLog(record);
  if (log.kind === 'absent') return { kind: 'absent' };
  if (log.kind === 'unreadable') return { kind: 'unreadable', reason: log.reason };
  return { kind: 'steps', steps: stepsOf(log.entries, { running: view.active, now }) };
}

/** The open step grown to `now` (steps read once, a clock that ticks): the others as they were. */
export function grownTo(steps: readonly Step[], now: number): readonly Step[] {
  const last = steps.at(-1);
  if (!last?.open || last.startedAt === null) return steps;
  const durationMs = Math.max(0, now - last.startedAt);
  return durationMs === last.durationMs ? steps : [...steps.slice(0, -1), { ...last, durationMs }];
}

/**
 * The medians gathered one deployment at a time, newest first, over the last `limit` finished
 * deployments: those whose log has steps count (a row sent again by a moving page is left out);
 * one without a log (a token that may not read them) or without steps is passed over but still
 * one of the `limit`, so the reading is bounded whatever the rows carry.
 */
export class MedianRuns {
  private readonly runs: (readonly Step[])[] = [];
  private readonly seen = new Set<string>();
  private finished = 0;
  constructor(private readonly limit = MEDIAN_RUNS) {}

  /** Adds a deployment; true once `limit` finished deployments were seen. */
  add(view: DeploymentView): boolean {
    if (this.full) return true;
    if (view.phase !== 'finished') return false;
    const key = view.uuid !== '' ? view.uuid : view.id !== null ? `#${view.id}` : '';
    if (key !== '') {
      if (this.seen.has(key)) return false;
      this.seen.add(key);
    }
    this.finished += 1;
    const read = stepsOfRecord(view.record, { active: false });
    if (read.kind === 'steps' && read.steps.length > 0) this.runs.push(read.steps);
    return this.full;
  }

  get full(): boolean {
    return this.finished >= this.limit;
  }

  /** Finished deployments whose steps count. */
  get count(): number {
    return this.runs.length;
  }

  medians(): StepMedians {
    return { byStep: stepMedians(this.runs), runs: this.runs.length };
  }
}

/** A step beside its median, as `dms logs --steps -o json` prints it (and the table and the detail show it). */
export interface StepTiming {
  readonly step: StepName;
  readonly startedAt: number | null;
  readonly durationMs: number | null;
  readonly medianMs: number | null;
  readonly open: boolean;
  readonly failed: boolean;
  readonly skipped: boolean;
  /** Index of the entry whose line starts it. */
  readonly entry: number;
}

export function stepTimings(steps: readonly Step[], medians?: StepMedians): StepTiming[] {
  return steps.map((s) => ({
    step: s.name,
    startedAt: s.startedAt,
    durationMs: s.durationMs,
    medianMs: medians?.byStep.get(s.name) ?? null,
    open: s.open,
    failed: s.failed,
    skipped: s.skipped,
    entry: s.entry,
  }));
}

/** `+48s`, `-1m 02s`, `±0s`: a duration against its median (whole seconds). */
export function deltaText(durationMs: number, medianMs: number): string {
  const delta = Math.round(durationMs / 1000) - Math.round(medianMs / 1000);
  if (delta === 0) return '±0s';
  return `${delta > 0 ? '+' : '-'}${formatDuration(Math.abs(delta) * 1000)}`;
}

/** The duration: `2m 10s`, `1m 02s so far` (the open step), `?` without a clock. */
export function durationText(t: Pick<StepTiming, 'durationMs' | 'open'>): string {
  if (t.durationMs === null) return '?';
  return `${formatDuration(t.durationMs)}${t.open ? ' so far' : ''}`;
}

/**
 * Against the median: `+48s vs median`; the open step, and the one the deployment failed in, say
 * the median itself (`median 2m 10s`: they did not run to their end); '' when none is known.
 */
export function versusText(t: Pick<StepTiming, 'durationMs' | 'medianMs' | 'open' | 'failed'>): string {
  if (t.medianMs === null) return '';
  if (t.open || t.failed || t.durationMs === null) return `median ${formatDuration(t.medianMs)}`;
  return `${deltaText(t.durationMs, t.medianMs)} vs median`;
}

/** What a step's line adds after its duration: `running`, `failed here`, `skipped`; '' otherwise. */
export function markText(t: Pick<StepTiming, 'open' | 'failed' | 'skipped'>): string {
  return t.open ? 'running' : t.failed ? 'failed here' : t.skipped ? 'skipped (same commit built before)' : '';
}

/** What follows a step's name: `2m 10s (+48s vs median)`, `42s (failed here · median 2m 10s)`. */
export function stepValue(t: StepTiming): string {
  const notes = [markText(t), versusText(t)].filter((s) => s !== '');
  return `${durationText(t)}${notes.length > 0 ? ` (${notes.join(' · ')})` : ''}`;
}

/** Over what the medians were taken: `median of the last 50 finished deployments`, `median of 3 finished deployments`. */
export function mediansText(m: StepMedians): string {
  if (m.runs === 0) return 'no finished deployment with a log to take medians from';
  if (m.runs >= MEDIAN_RUNS) return `median of the last ${MEDIAN_RUNS} finished deployments`;
  return `median of ${m.runs} finished deployment${m.runs === 1 ? '' : 's'}`;
}

/** Where steps come from, for a log without them. */
export const STEP_SOURCE =
  'steps are read from the lines the service writes ("Starting deployment of …", "Building docker image started." …)';
/** What a log with no steps says. */
export const NO_STEPS = `No step lines in this log: ${STEP_SOURCE}.`;
