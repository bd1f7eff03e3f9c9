// What the deployments list of one application keeps for the session (app.tsx holds it while the
// picker is shown): the pages it read, with when, so a page asked for again within the refresh
// window is shown from what was read instead of downloaded again (requests.ts); and where the list
// was left — page, cursor row, mark — so reopening the application from the picker comes back to it.
import type { DeploymentPage } from '../../api/schemas/deployment.js';
import type { Picked } from './marks.js';
import { visibleRows } from './paging.js';
import type { BrowseState } from './state.js';

/** A page as read, and when. */
export interface KeptPage {
  readonly page: DeploymentPage;
  readonly at: number;
}

/** Pages kept at most (the newest read): with logs a page can weigh megabytes. */
const PAGES_MAX = 8;

/** The pages read, by skip and take. */
export interface PageMemo {
  put(skip: number, take: number, page: DeploymentPage, at: number): void;
  /** The page as read, when that was less than `within` ms before `now`. */
  get(skip: number, take: number, now: number, within: number): KeptPage | undefined;
  /** The page as read, however long ago. */
  last(skip: number, take: number): KeptPage | undefined;
}

export function pageMemo(): PageMemo {
  const pages = new Map<string, KeptPage>();
  return {
    put(skip, take, page, at) {
      const key = `${skip}:${take}`;
      pages.delete(key);
      pages.set(key, { page, at });
      if (pages.size > PAGES_MAX) pages.delete(pages.keys().next().value!);
    },
    get(skip, take, now, within) {
      const kept = pages.get(`${skip}:${take}`);
      return kept && now - kept.at < within ? kept : undefined;
    },
    last: (skip, take) => pages.get(`${skip}:${take}`),
  };
}

/** Where the list was left. */
export interface ListPlace {
  /** The page's first row in the history. */
  readonly skip: number;
  /** The row the cursor was on (its key: the same deployment, wherever the history moved it on the page). */
  readonly rowKey: string | null;
  readonly marks: readonly Picked[];
}

/** One application's list, kept for the session. */
export interface ListMemory {
  readonly pages: PageMemo;
  /** Set when the list goes (back to the picker, `:ctx`). */
  place: ListPlace | null;
}

export function listMemory(): ListMemory {
  return { pages: pageMemo(), place: null };
}

/** Where the list is now; null before its first page. */
export function placeOf(state: BrowseState): ListPlace | null {
  const p = state.paging;
  if (!p.shown || !p.everLoaded) return null;
  const row = visibleRows(p)[p.cursor];
  const rowKey = row ? (p.keys[p.rows.indexOf(row)] ?? null) : null;
  return { skip: p.shown.skip, rowKey, marks: state.marks };
}
