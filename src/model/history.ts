// The whole history as people ask about it: what a search keeps of each deployment (the view,
// not the record: a row can carry a whole log), what a query matches, and the figures of the
// strip at a glance (success rate, median duration, the last success and failure). Pure.
import type { Deployment } from '../api/schemas/deployment.js';
import { viewOf, type DeploymentView, type Phase } from './deployment.js';
import { readQuery, type Query as ParsedQuery } from './query.js';
import { matchesQueryOf } from './query-match.js';
import { durationOf } from './duration.js';

/** A deployment as a search or the strip keeps it: its view with only its ids of the record, and where it was. */
export interface Summary extends DeploymentView {
  /** Its position in the history when read (0: the newest). */
  readonly index: number;
}

/** Only what finds the row again: id and uuid (plain values only, so a summary always crosses to another thread). */
function slim(record: Deployment): Deployment {
  const r = record as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of ['id', 'uuid', 'deployment_uuid', 'status']) {
    const v = r[k];
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out as Deployment;
}

export function summaryOf(record: Deployment, index: number): Summary {
  return { ...viewOf(record), record: slim(record), index };
}

export type StatusFilter = 'all' | 'failed' | 'running';
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'failed', 'running'];

export interface Query {
  /** The query language's terms (query.ts). */
  readonly parsed: ParsedQuery;
  readonly status: StatusFilter;
  /** What `dur>5m` measures a running deployment to. */
  readonly now: number;
}

/** The text as the query language reads it; a text it cannot read (the screen says why first) as plain words. */
export function queryOf(text: string, status: StatusFilter = 'all', now: number = Date.now()): Query {
  const read = readQuery(text, now);
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const parsed: ParsedQuery = read.ok
    ? read.query
    : { text, clauses: words.map((w) => ({ negate: false, term: { kind: 'word', text: w } })) };
  return { parsed, status, now };
}

function statusMatches(phase: Phase, status: StatusFilter): boolean {
  if (status === 'failed') return phase === 'failed';
  if (status === 'running') return phase === 'running' || phase === 'queued';
  return true;
}

/** In the scope (`s`), and every term of the query holds (query-match.ts: free words as `/` always read them). */
export function matchesQuery(view: DeploymentView, q: Query, text?: string): boolean {
  if (!statusMatches(view.phase, q.status)) return false;
  return matchesQueryOf(view, q.parsed, q.now, text);
}

/** What a jump was asked for: maybe an id (digits), and the text as a uuid or a commit prefix. */
export interface JumpTarget {
  readonly id: number | null;
  readonly text: string;
}

export function jumpTargetOf(text: string): JumpTarget {
  const t = text.trim().toLowerCase();
  return { id: /^#?\d{1,15}$/.test(t) ? Number(t.replace('#', '')) : null, text: t.replace(/^#/, '') };
}

/** The deployment by its uuid, or a commit that starts with the text (4+ hex digits). */
export function jumpByName(view: DeploymentView, target: JumpTarget): boolean {
  const t = target.text;
  if (t === '') return false;
  if (view.uuid.toLowerCase() === t) return true;
  return /^[0-9a-f]{4,64}$/.test(t) && view.commit.toLowerCase().startsWith(t);
}

export interface StripStats {
  /** Finished among the final ones (0–1), null when none is final. */
  readonly successRate: number | null;
  /** Median duration of the finished ones, ms. */
  readonly medianMs: number | null;
  readonly lastSuccess: number | null;
  readonly lastFailure: number | null;
}

export function stripStats(views: readonly DeploymentView[], now: number): StripStats {
  let finished = 0;
  let final = 0;
  const durations: number[] = [];
  let lastSuccess: number | null = null;
  let lastFailure: number | null = null;
  for (const v of views) {
    if (v.phase === 'finished' || v.phase === 'failed' || v.phase === 'cancelled') final += 1;
    if (v.phase === 'finished') {
      finished += 1;
      const d = durationOf(v, now).ms;
      if (d !== null) durations.push(d);
      lastSuccess ??= v.finishedAt ?? v.startedAt;
    }
    if (v.phase === 'failed') lastFailure ??= v.finishedAt ?? v.startedAt;
  }
  durations.sort((a, b) => a - b);
  const mid = durations.length >> 1;
  const medianMs = durations.length === 0 ? null : durations.length % 2 ? durations[mid]! : (durations[mid - 1]! + durations[mid]!) / 2;
  return { successRate: final === 0 ? null : finished / final, medianMs, lastSuccess, lastFailure };
}
