// The paging state of the deployments screen: its shape and actions, where it starts, and what is
// read of it (the rows the filter leaves, whether auto-refresh runs). Its reducer is paging.ts,
// which re-exports all of this: the rest of src imports it from there.
import type { ShownError } from '../errors.js';
import type { DeploymentPage } from '../../api/schemas/deployment.js';
import type { DeploymentView } from '../../model/deployment.js';
import { readQuery } from '../../model/query.js';
import { matchesQueryOf } from '../../model/query-match.js';
import { DEFAULT_SORT, isDefaultSort, sortViews, type SortOrder } from '../../model/sort.js';
import type { LineCommand } from '../input/line-edit.js';
import type { Reason } from '../../model/reason.js';
import { TAKE_DEFAULT, clampTake } from '../take.js';

/**
 * A one-line note on the message line, as data: lines.ts (noticeText) words it, with the keys in
 * force where it names one. `noCount`: the server sends no count, so G cannot go to the last page
 * (n goes on page by page); `said`: words made by whoever dispatched it (a failed fetch's).
 */
export type Notice =
  | { readonly kind: 'lastPage' | 'firstPage' | 'alreadyFirst' | 'noMore' | 'noCount' }
  | { readonly kind: 'sizeStays'; readonly take: number; readonly min: number; readonly max: number }
  | { readonly kind: 'fitsAlready'; readonly take: number }
  | { readonly kind: 'tooBig'; readonly take: number; readonly size: string; readonly fewer: number }
  | { readonly kind: 'autoRefresh'; readonly on: boolean }
  | { readonly kind: 'said'; readonly text: string };

/**
 * The rows on screen are not fresh: the page as seen at `at` (the cache on disk, or the session's
 * pages), shown while the fresh one is asked for. `offline`: asking failed, the server cannot be reached.
 */
export interface AsOf {
  readonly at: number;
  readonly offline: boolean;
  /** The reasons of its failed rows, as read when it was seen (its rows carry no logs). */
  readonly reasons: Readonly<Record<string, Reason>>;
}

/** A page seen before: what the cache on disk or the session kept of it. */
export interface SeenPage {
  readonly page: DeploymentPage;
  readonly at: number;
  readonly reasons: Readonly<Record<string, Reason>>;
}

/** The answer arriving: bytes read so far, since when it was asked. */
export interface Progress {
  readonly bytes: number;
  readonly since: number;
  readonly at: number;
}

export interface PageWant {
  readonly skip: number;
  readonly take: number;
  /** Request sequence number: an answer for an older seq never overwrites state. */
  readonly seq: number;
  readonly reason: 'load' | 'refresh' | 'auto';
}

export interface PagingState {
  /** The page currently wanted (requested last). */
  readonly want: PageWant;
  /** The page the rows belong to. */
  readonly shown: { readonly skip: number; readonly take: number } | null;
  /** The page's deployments, read once when the page arrives. */
  readonly rows: readonly DeploymentView[];
  /** The rows' keys (stable across refreshes; unique within the page). */
  readonly keys: readonly string[];
  /** The server's `count`, when it sends one: pages follow it, whatever a page holds. */
  readonly total: number | null;
  /** The shown page is known to be the last one: by `count` when sent, else a page shorter than asked. */
  readonly atEnd: boolean;
  readonly loading: boolean;
  /** The request has taken long enough to say "loading…" (a fast answer shows no flash). */
  readonly loadingShown: boolean;
  readonly error: ShownError | null;
  /** A one-line note (e.g. "this is the last page"). */
  readonly notice: Notice | null;
  readonly updatedAt: number | null;
  /** The rows on screen are a page seen before, not fresh (null: fresh, or none yet). */
  readonly asOf: AsOf | null;
  /** The page asked for is arriving (a large one): its bytes so far. */
  readonly progress: Progress | null;
  /** Keys of rows whose status changed in the last refresh (highlighted briefly). */
  readonly changed: ReadonlySet<string>;
  /** Index into the visible (filtered) rows. */
  readonly cursor: number;
  /** The first visible row drawn, and how many rows the table has room for. */
  readonly window: { readonly start: number; readonly rows: number };
  readonly filter: string;
  /** The order the rows are shown in (the page's own: started, newest first). */
  readonly sort: SortOrder;
  /** Where the filter line's cursor is (UTF-16 index at a grapheme boundary). */
  readonly filterCursor: number;
  readonly autoRefresh: boolean;
  /** At least one page was loaded successfully. */
  readonly everLoaded: boolean;
  /** The page asked for was the last one (G): its cursor goes to its last row when it arrives. */
  readonly landLast: boolean;
  /** The row (its key) the cursor goes to when the page asked for arrives (back from `:N`). */
  readonly landKey: string | null;
  /**
   * The rows that fit the terminal, while no page size was chosen for the application (+/-): the
   * next page asked for has that many (a resize changes it; the page on screen stays). Null: the
   * size is fixed (chosen, or cut down after a page too big to read).
   */
  readonly fit: number | null;
  /** The rows that fit the terminal now, followed or not: what `0` (takeFit) goes back to. Null: not known. */
  readonly fits: number | null;
}

/** The actions that ask for a page (they change `want`): requests.ts applies them and starts the request. */
export type PageAsk =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'first' }
  /** The last page (G/End), its cursor on the last row; with no total known, a note says why not. */
  | { type: 'last' }
  | { type: 'takeMore' }
  | { type: 'takeLess' }
  /** Back to the rows that fit the terminal, followed again as it is resized (`0`). */
  | { type: 'takeFit' }
  | { type: 'refresh'; auto?: boolean }
  /** The page holding the deployment at `index` in the history, the cursor on its row `key` (Esc after `:N`). */
  | { type: 'goTo'; index: number; key: string }
  /** The page was refused as too big (`size`: "more than 256 MB"): ask for half as many rows, down to 1. */
  | { type: 'tooLarge'; seq: number; size: string; error: ShownError };

export type PagingAction =
  | PageAsk
  | { type: 'loaded'; seq: number; page: DeploymentPage; at: number }
  | { type: 'failed'; seq: number; error: ShownError }
  /** The page wanted as seen before, shown while it is asked for (it stays `loading`). */
  | { type: 'seen'; seq: number; seen: SeenPage }
  /** Bytes of the answer to `seq` read so far, at `at` (asked for at `since`). */
  | { type: 'progress'; seq: number; bytes: number; since: number; at: number }
  | { type: 'cursor'; delta: number }
  | { type: 'cursorTo'; index: number }
  | { type: 'filter'; text: string }
  /** Show the rows in this order (the cursor stays on its row). */
  | { type: 'sort'; order: SortOrder }
  /** Typed or pasted into the filter line at its cursor. */
  | { type: 'filterText'; text: string }
  /** A line-editing command on the filter line. */
  | { type: 'filterLine'; command: LineCommand }
  /** How many rows the table has room for (measured when drawn). */
  | { type: 'viewport'; rows: number }
  /** The rows that fit the terminal now (a resize): the next page asked for has as many, unless a size was chosen. */
  | { type: 'fit'; take: number }
  /** The request for `seq` is still out: say "loading…". */
  | { type: 'loadingShown'; seq: number }
  | { type: 'toggleAuto' }
  | { type: 'clearChanged' }
  | { type: 'clearNotice' };

/**
 * `take`: the page size chosen for the application (+/-, remembered); else `fit`: the rows that
 * fit the terminal, followed as it is resized; else the service's default.
 */
export function initialPaging(
  options: { take?: number; fit?: number; skip?: number; autoRefresh?: boolean; rows?: number } = {},
): PagingState {
  const fits = options.fit !== undefined ? clampTake(options.fit) : null;
  const fit = options.take === undefined ? fits : null;
  const take = fit ?? clampTake(options.take ?? TAKE_DEFAULT);
  return {
    want: { skip: options.skip ?? 0, take, seq: 1, reason: 'load' },
    shown: null,
    rows: [],
    keys: [],
    total: null,
    atEnd: false,
    loading: true,
    loadingShown: false,
    error: null,
    notice: null,
    updatedAt: null,
    asOf: null,
    progress: null,
    changed: new Set(),
    cursor: 0,
    window: { start: 0, rows: options.rows ?? TAKE_DEFAULT },
    filter: '',
    sort: DEFAULT_SORT,
    filterCursor: 0,
    autoRefresh: options.autoRefresh ?? true,
    everLoaded: false,
    landLast: false,
    landKey: null,
    fit,
    fits,
  };
}

/** What the rows shown were made from, and them (visibleRows is asked many times a key: it reads the query once). */
interface Shown {
  readonly filter: string;
  readonly sort: SortOrder;
  readonly rows: readonly DeploymentView[];
}
const shownOf = new WeakMap<readonly DeploymentView[], Shown>();

/** The filter line as the query language reads it: null when it reads (or is empty), else the one line saying why not. */
export function filterProblem(filter: string): string | null {
  const read = readQuery(filter);
  return read.ok ? null : read.error;
}

/**
 * Rows shown: those of the page the filter's query matches (all of them while it does not read:
 * the line says why), in the order asked (the page's own by default).
 */
export function visibleRows(state: Pick<PagingState, 'rows' | 'filter'> & { readonly sort?: SortOrder }): readonly DeploymentView[] {
  const sort = state.sort ?? DEFAULT_SORT;
  const f = state.filter.trim();
  if (!f && isDefaultSort(sort)) return state.rows;
  const before = shownOf.get(state.rows);
  if (before && before.filter === f && before.sort === sort) return before.rows;
  const now = Date.now();
  const read = f ? readQuery(f, now) : null;
  let rows = read?.ok ? state.rows.filter((d) => matchesQueryOf(d, read.query, now)) : state.rows;
  if (!isDefaultSort(sort)) rows = sortViews(rows, sort, now);
  shownOf.set(state.rows, { filter: f, sort, rows });
  return rows;
}

/** Auto-refresh runs on the first page or while a shown deployment is queued/in progress. */
export function wantsAutoRefresh(state: PagingState): boolean {
  if (!state.autoRefresh) return false;
  if (state.error?.kind === 'network') return true;
  if (!state.shown) return false;
  return state.shown.skip === 0 || state.rows.some((d) => d.active);
}
