// Two deployments side by side: what each was (status, source, start, duration, commit), how many
// deployments lie between them and how those ended, the settings that differ (snapshot records;
// settings.ts), and why each failed when the caller knows it. Any record shape (snapshots, queue
// rows, a mix). Pure. What it returns is safe to print: secret fields carry no value, only
// `changed` or `same`, and passwords inside URLs of other settings are masked.
import { durationOf } from './duration.js';
import { settingsChanges, carriesSettings } from './settings.js';
import type { DeploymentView, Phase } from './deployment.js';
import { isSecretField, maskRecord, maskUrlPasswords } from '../text/secrets.js';
import { intOf } from './read.js';

export interface CompareSide {
  readonly view: DeploymentView;
  /** Its position in the history (0: the newest), when known. */
  readonly index?: number | null;
  /** Why it failed, one line (the caller reads it from the log), when known. */
  readonly reason?: string;
}

export interface SideFacts {
  readonly id: number | null;
  readonly uuid: string;
  readonly status: string;
  readonly statusText: string;
  readonly phase: Phase;
  /** `webhook`, `API`, `manual`… with its flags (`force rebuild`), `·`-joined; '' when unknown. */
  readonly source: string;
  readonly startedAt: number | null;
  readonly durationMs: number | null;
  /** `3m 12s`, `waiting`, '' when unknown. */
  readonly duration: string;
  readonly commit: string;
  readonly shortCommit: string;
  readonly subject: string;
  readonly branch: string;
  /** Why it failed or was cancelled (only then), when the caller gave it. */
  readonly reason: string | null;
  readonly index: number | null;
}

export type PhaseCounts = Readonly<Record<Phase, number>>;

export interface Between {
  /** Deployments strictly between the two; null when not known. */
  readonly count: number | null;
  /** How they ended; null when the rows were not read. */
  readonly byPhase: PhaseCounts | null;
}

/** A setting that differs. Secrets carry no value: only that they changed. */
export type SettingDiff =
  | { readonly field: string; readonly secret: false; readonly before: unknown; readonly after: unknown }
  | { readonly field: string; readonly secret: true; readonly change: 'changed' };

export interface Comparison {
  readonly older: SideFacts;
  readonly newer: SideFacts;
  readonly between: Between;
  /** The settings that differ, older → newer; null when either record carries no settings (queue rows). */
  readonly settings: readonly SettingDiff[] | null;
  /** Secret fields both records carry, each `changed` or `same` (never a value). */
  readonly secrets: Readonly<Record<string, 'changed' | 'same'>>;
}

const PHASES: readonly Phase[] = ['finished', 'failed', 'cancelled', 'running', 'queued', 'unknown'];

/** How many of each phase. */
export function countPhases(views: Iterable<{ readonly phase: Phase }>): PhaseCounts {
  const counts = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
  for (const v of views) counts[v.phase] += 1;
  return counts;
}

/** The deployment `=` compares a failure with: the last good one (finished) before it. */
export function isGood(view: { readonly phase: Phase }): boolean {
  return view.phase === 'finished';
}

/** The pull request a deployment previews, or null (not a preview). */
export function pullRequestOf(view: Pick<DeploymentView, 'record'>): number | null {
  const pr = intOf((view.record as Record<string, unknown>).pull_request_id);
  return pr !== null && pr > 0 ? pr : null;
}

/**
 * Whether `other` is of the same line of work as `view`: a preview of the same pull request, or
 * (neither a preview) the same branch. Rows that carry no branch (the queue's) are all of one.
 */
export function sameLine(view: DeploymentView, other: DeploymentView): boolean {
  const pr = pullRequestOf(view);
  const otherPr = pullRequestOf(other);
  return pr !== null ? otherPr === pr : otherPr === null && other.branch === view.branch;
}

/** Newer first: by position in the history, else by id, else by start; as given when nothing says. */
function ordered(a: CompareSide, b: CompareSide): [CompareSide, CompareSide] {
  if (a.index != null && b.index != null) return a.index <= b.index ? [a, b] : [b, a];
  if (a.view.id !== null && b.view.id !== null) return a.view.id >= b.view.id ? [a, b] : [b, a];
  if (a.view.startedAt !== null && b.view.startedAt !== null) return a.view.startedAt >= b.view.startedAt ? [a, b] : [b, a];
  return [a, b];
}

function factsOf(side: CompareSide, now: number): SideFacts {
  const v = side.view;
  const d = durationOf(v, now);
  const ended = v.phase === 'failed' || v.phase === 'cancelled';
  return {
    id: v.id,
    uuid: v.uuid,
    status: v.status,
    statusText: v.statusText,
    phase: v.phase,
    source: [v.source, ...v.flags].filter((s) => s !== '').join(' · '),
    startedAt: v.startedAt,
    durationMs: d.ms,
    duration: d.text,
    commit: v.commit,
    shortCommit: v.shortCommit,
    subject: v.subject,
    branch: v.branch,
    reason: ended && side.reason !== undefined && side.reason !== '' ? side.reason : null,
    index: side.index ?? null,
  };
}

/** A setting's value as it may be shown: passwords inside URLs masked (the value is not a secret field). */
function shownValue(value: unknown): unknown {
  return typeof value === 'string' ? maskUrlPasswords(value) : maskRecord(value);
}

/** Each secret field both records carry: whether it differs (as settingsChanges compares). */
function secretsOf(newer: object, older: object, changed: ReadonlySet<string>): Record<string, 'changed' | 'same'> {
  const out: Record<string, 'changed' | 'same'> = {};
  for (const field of Object.keys(newer)) {
    if (isSecretField(field) && field in older) out[field] = changed.has(field) ? 'changed' : 'same';
  }
  return out;
}

export interface CompareInput {
  readonly a: CompareSide;
  readonly b: CompareSide;
  /** The deployments strictly between the two, when they were read. */
  readonly between?: Iterable<{ readonly phase: Phase }>;
  /** The clock durations of running ones are measured at. */
  readonly now: number;
}

export function compareDeployments({ a, b, between, now }: CompareInput): Comparison {
  const [newer, older] = ordered(a, b);
  const byPhase = between ? countPhases(between) : null;
  const count = byPhase
    ? PHASES.reduce((n, p) => n + byPhase[p], 0)
    : newer.index != null && older.index != null
      ? Math.max(0, older.index - newer.index - 1)
      : null;
  const snapshots = carriesSettings(newer.view.record) && carriesSettings(older.view.record);
  const changes = snapshots ? settingsChanges(newer.view.record, older.view.record) : null;
  const settings =
    changes?.map((c): SettingDiff =>
      c.secret
        ? { field: c.field, secret: true, change: 'changed' }
        : { field: c.field, secret: false, before: shownValue(c.before), after: shownValue(c.after) },
    ) ?? null;
  const secrets = changes ? secretsOf(newer.view.record, older.view.record, new Set(changes.map((c) => c.field))) : {};
  return {
    older: factsOf(older, now),
    newer: factsOf(newer, now),
    between: { count, byPhase },
    settings,
    secrets,
  };
}

/** `3 failed, 1 cancelled` (the phases that occur, most telling first); '' for none. */
export function phaseCountsText(counts: PhaseCounts): string {
  return PHASES.filter((p) => counts[p] > 0)
    .map((p) => `${counts[p]} ${p === 'running' ? 'in progress' : p}`)
    .join(', ');
}
