// Which deployments a listing keeps: by phase, branch and start time. The history is newest first,
// so a row that started before `since` means no later row can match: the reading stops there. Pure.
import type { DeploymentView, Phase } from './deployment.js';
import type { Query } from './query.js';
import { matchesQueryOf, namesBranch } from './query-match.js';

export interface RowFilter {
  /** Keep these phases only. */
  readonly phases?: ReadonlySet<Phase>;
  /** Keep this branch only (exact). */
  readonly branch?: string;
  /** Keep deployments started at or after this time (ms since the epoch). */
  readonly since?: number;
  /** Keep deployments started before this time (ms since the epoch). */
  readonly until?: number;
  /** Keep deployments the query matches (`--filter`); `now` ends a running one's duration. */
  readonly query?: { readonly parsed: Query; readonly now: number };
}

export function isFiltering(filter: RowFilter): boolean {
  return (
    filter.phases !== undefined ||
    filter.branch !== undefined ||
    filter.since !== undefined ||
    filter.until !== undefined ||
    (filter.query !== undefined && filter.query.parsed.clauses.length > 0)
  );
}

export function matches(view: DeploymentView, filter: RowFilter): boolean {
  if (filter.phases && !filter.phases.has(view.phase)) return false;
  if (filter.branch !== undefined && view.branch !== filter.branch) return false;
  if (filter.since !== undefined || filter.until !== undefined) {
    // A deployment without a start time is not within any time range.
    if (view.startedAt === null) return false;
    if (filter.since !== undefined && view.startedAt < filter.since) return false;
    if (filter.until !== undefined && view.startedAt >= filter.until) return false;
  }
  return filter.query === undefined || matchesQueryOf(view, filter.query.parsed, filter.query.now);
}

/** Older than `since`: in a newest-first history, neither it nor anything after it can match. */
export function beforeSince(view: DeploymentView, filter: RowFilter): boolean {
  return filter.since !== undefined && view.startedAt !== null && view.startedAt < filter.since;
}

/** Whether some row must say its branch to match (--branch, or branch: in the query). */
export function asksBranch(filter: RowFilter): boolean {
  return filter.branch !== undefined || (filter.query !== undefined && namesBranch(filter.query.parsed));
}

/** Said when --branch matched nothing because no row said its branch (rows of the deployment queue do not). */
export const NO_BRANCHES = 'none of these deployments says its branch (rows of the deployment queue do not): --branch matched none.';
