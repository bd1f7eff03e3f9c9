// How long a deployment took, or has been running. Pure.
import type { DeploymentView } from './deployment.js';

/** `45s`, `3m 12s`, `1h 02m`, `2d 3h`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${String(m % 60).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

export interface Duration {
  /** Milliseconds, when known. */
  readonly ms: number | null;
  /** `3m 12s`, `waiting` for a queued one, '' when unknown. */
  readonly text: string;
  /** Still running: the figure grows with `now`. */
  readonly live: boolean;
}

export function durationOf(view: DeploymentView, now: number): Duration {
  if (view.phase === 'queued') return { ms: null, text: 'waiting', live: false };
  if (view.startedAt === null) return { ms: null, text: '', live: false };
  if (view.phase === 'running') {
    const ms = Math.max(0, now - view.startedAt);
    return { ms, text: formatDuration(ms), live: true };
  }
  if (view.finishedAt === null) return { ms: null, text: '', live: false };
  const ms = view.finishedAt - view.startedAt;
  return { ms, text: formatDuration(ms), live: false };
}
