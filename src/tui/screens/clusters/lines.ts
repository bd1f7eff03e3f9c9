// The failure clusters' words: the title (the window and how many), the line that says how far the
// reading got (naming the key that stops it), and one line a cluster: `×7  (last 1d, first 12d)  reason`.
import type { KeyTable } from '../../keys.js';
import { agesText, type Cluster } from '../../../model/clusters.js';
import { clean } from '../../../text/sanitize.js';
import { thousands } from '../../../text/thousands.js';
import type { ClustersState } from './state.js';

/** Days back the view reads (as `dms reasons` by default). */
export const WINDOW_DAYS = 30;

/** `Failure clusters · shop-frontend · 13 failed in the last 30 days · 5 clusters`. */
export function titleText(s: ClustersState, appName: string | undefined): string {
  const head = `Failure clusters${appName ? ` · ${clean(appName)}` : ''}`;
  const failed = `${thousands(s.failed)} failed in the last ${WINDOW_DAYS} days`;
  return `${head} · ${failed}${s.clusters.length > 0 ? ` · ${thousands(s.clusters.length)} cluster${s.clusters.length === 1 ? '' : 's'}` : ''}`;
}

const of = (s: ClustersState) => `${thousands(s.read)}${s.total !== null ? ` of ${thousands(s.total)}` : ''}`;

/** `reading 2,300 of 50,000 — Esc stops`, `read the 137 of the last 30 days`, `stopped at …`. */
export function progressText(s: ClustersState, keys: KeyTable): string {
  const gaps = s.gaps ? ' · the history changed while it was read' : '';
  if (s.scanning)
    return `reading ${of(s)}${s.waiting ? ` · ${s.waiting}` : ''} — ${keys.hint('clustersBack')} stops (the clusters so far stay)${gaps}`;
  if (s.error) return `stopped at ${of(s)}: ${s.error} — the clusters are of the newest ${thousands(s.read)}${gaps}`;
  if (s.stoppedByUser) return `stopped at ${of(s)} — the clusters are of the newest ${thousands(s.read)}${gaps}`;
  return `read the last ${WINDOW_DAYS} days (${thousands(s.read)} deployments) · ${keys.hint('clusterShow')} lists a cluster's deployments${gaps}`;
}

/** What the body says without clusters. */
export function emptyText(s: ClustersState): string {
  return s.scanning ? 'Reading the history…' : `No failed deployment in the last ${WINDOW_DAYS} days.`;
}

/** `×7    (last 1d, first 12d)  Module not found: …`: count and ages in fixed columns, then the reason. */
export function clusterText(c: Cluster<unknown>, now: number, countWidth: number): string {
  const count = `×${thousands(c.count)}`.padEnd(countWidth + 1);
  return `${count} ${agesText(c, now).padEnd(26)} ${clean(c.reason)}`;
}
