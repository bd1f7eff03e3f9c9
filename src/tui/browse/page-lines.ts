// The words of the page every screen of an application shows in its header: the range (the
// page's, or a search's results) and the status (page size, auto-refresh). Keys named come from the
// key table in force.
import type { KeyTable } from '../keys.js';
import { thousands } from '../../text/thousands.js';
import { clockAt } from '../../text/format.js';
import { truncate } from '../../text/cells.js';
import { clean } from '../../text/sanitize.js';
import { formatBytes } from '../../api/limits.js';
import { wantsAutoRefresh, type PagingState } from './paging.js';
import type { SearchState } from './search.js';
import { resultRows, type BrowseState } from './state.js';
import { isDefaultSort, type SortOrder } from '../../model/sort.js';

/**
 * `1–10 of 137`, `49,991–50,000 of 50,000`, `1–10`; `0 of 0` or `no deployments` for an empty
 * history, `empty page 21–30 of 39` for an empty page the server's count says is inside it.
 */
export function rangeLabel(state: Pick<PagingState, 'shown' | 'rows' | 'total'>): string {
  if (!state.shown) return '';
  const { skip, take } = state.shown;
  const total = state.total;
  if (state.rows.length === 0) {
    if (total === null) return 'no deployments';
    if (total > skip) return `empty page ${thousands(skip + 1)}–${thousands(Math.min(skip + take, total))} of ${thousands(total)}`;
    return `0 of ${thousands(total)}`;
  }
  const from = thousands(skip + 1);
  const to = thousands(skip + state.rows.length);
  return total !== null ? `${from}–${to} of ${thousands(total)}` : `${from}–${to}`;
}

/**
 * The header's mark of a page seen before: `as of 14:02 · refreshing…` while the fresh one is asked
 * for, `offline · as of 14:02` once the server could not be reached (`· retrying…` while it is asked again).
 */
export function asOfLabel(state: Pick<PagingState, 'asOf' | 'loading'>, now: number): { text: string; offline: boolean } | undefined {
  const { asOf, loading } = state;
  if (!asOf) return undefined;
  const at = `as of ${clockAt(asOf.at, now)}`;
  if (asOf.offline) return { text: `offline · ${at}${loading ? ' · retrying…' : ''}`, offline: true };
  return { text: `${at}${loading ? ' · refreshing…' : ''}`, offline: false };
}

/** `3.1 MB read · 2.4 MB/s` while a page arrives (after its first 64 KB and a quarter second). */
export function progressLabel(state: Pick<PagingState, 'progress' | 'loading'>): string | undefined {
  const p = state.progress;
  if (!p || !state.loading || p.bytes < 64 * 1024) return undefined;
  const ms = p.at - p.since;
  if (ms < 250) return `${formatBytes(p.bytes)} read`;
  return `${formatBytes(p.bytes)} read · ${formatBytes((p.bytes * 1000) / ms)}/s`;
}

/**
 * The header's status: `12 per page (fits) · auto-refresh on` while pages hold the rows that fit
 * the terminal, `30 per page (fixed; 0 fits) · …` once a size was chosen, naming the key back.
 */
export function pageStatus(paging: PagingState, keys: KeyTable): string {
  const auto = paging.autoRefresh
    ? wantsAutoRefresh(paging)
      ? 'auto-refresh on'
      : 'auto-refresh on (idle)'
    : `auto-refresh off (${keys.hint('autoRefresh')})`;
  const size = paging.fits === null ? '' : paging.fit !== null ? ' (fits)' : ` (fixed; ${keys.hint('takeFit')} fits)`;
  return `${paging.want.take} per page${size} · ${auto}`;
}

/**
 * The header's range: the page's, or the results' while a search of the whole history is shown,
 * with its scope while one narrows it (`results 1–2 of 2 · scope: failed`).
 */
export function headerRange(browse: BrowseState): string {
  const s = browse.search;
  if (s?.kind !== 'search') return [rangeLabel(browse.paging), sortLabel(browse.paging.sort)].filter(Boolean).join(' · ');
  const range = resultRange(s, resultRows(browse));
  if (s.cluster !== undefined) return `${range} · failed: ${truncate(clean(s.cluster), 48)}`;
  return s.status === 'all' ? range : `${range} · scope: ${s.status}`;
}

/** `sort duration ↓ (this page)` when the rows are not in the page's own order (a sort orders only the rows loaded); '' when they are. */
export function sortLabel(order: SortOrder): string {
  return isDefaultSort(order) ? '' : `sort ${order.field} ${order.desc ? '↓' : '↑'} (this page)`;
}

/** `results 1–10 of 37+` while the search still reads. */
function resultRange(s: SearchState, perPage: number): string {
  const n = s.results.length;
  if (n === 0) return s.scanning ? 'searching…' : 'no results';
  return `results ${s.pageStart + 1}–${Math.min(n, s.pageStart + perPage)} of ${thousands(n)}${s.scanning ? '+' : ''}`;
}

/** `searched 2,300 of 50,000` / `searched all 137`, for the progress line. */
