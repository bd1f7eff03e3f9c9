// Paging, refresh, cursor and filter state of the deployments screen: a pure reducer and its
// selectors. A page is asked for by an action that changes `want` (next, refresh, …): requests.ts
// applies those and starts the request; answers come back as `loaded`/`failed`, tagged by `seq`.
import type { ShownError } from '../errors.js';
import type { DeploymentPage } from '../../api/schemas/deployment.js';
import { keysOf, searchText, viewOf, type DeploymentView } from '../../model/deployment.js';
import { applyLine, insertLine, type LineCommand } from '../input/line-edit.js';
import { TAKE_DEFAULT, TAKE_MAX, TAKE_MIN, TAKE_STEPS, clampTake } from '../take.js';

/** Longest filter text, in UTF-16 units. */
const FILTER_MAX = 200;

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
  /** Keys of rows whose status changed in the last refresh (highlighted briefly). */
  readonly changed: ReadonlySet<string>;
  /** Index into the visible (filtered) rows. */
  readonly cursor: number;
  /** The first visible row drawn, and how many rows the table has room for. */
  readonly window: { readonly start: number; readonly rows: number };
  readonly filter: string;
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
  | { type: 'cursor'; delta: number }
  | { type: 'cursorTo'; index: number }
  | { type: 'filter'; text: string }
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
    changed: new Set(),
    cursor: 0,
    window: { start: 0, rows: options.rows ?? TAKE_DEFAULT },
    filter: '',
    filterCursor: 0,
    autoRefresh: options.autoRefresh ?? true,
    everLoaded: false,
    landLast: false,
    landKey: null,
    fit,
    fits,
  };
}

/** Rows shown after the filter, with their index in the page. */
export function visibleRows(state: Pick<PagingState, 'rows' | 'filter'>): readonly DeploymentView[] {
  const f = state.filter.trim().toLowerCase();
  if (!f) return state.rows;
  const words = f.split(/\s+/);
  return state.rows.filter((d) => {
    const text = searchText(d);
    return words.every((w) => text.includes(w));
  });
}

/** Auto-refresh runs on the first page or while a shown deployment is queued/in progress. */
export function wantsAutoRefresh(state: PagingState): boolean {
  if (!state.autoRefresh) return false;
  if (state.error?.kind === 'network') return true;
  if (!state.shown) return false;
  return state.shown.skip === 0 || state.rows.some((d) => d.active);
}

function request(state: PagingState, skip: number, take: number, reason: PageWant['reason']): PagingState {
  return {
    ...state,
    want: { skip, take, seq: state.want.seq + 1, reason },
    loading: true,
    loadingShown: false,
    notice: null,
    landLast: false,
    landKey: null,
  };
}

/** Rows the next page asked for holds: what fits the terminal now, or the size chosen. */
function nextTake(state: PagingState): number {
  return state.fit ?? state.want.take;
}

/** The visible row with this key, or -1. */
function rowOf(state: PagingState, key: string): number {
  const at = state.keys.indexOf(key);
  return at < 0 ? -1 : visibleRows(state).indexOf(state.rows[at]!);
}

/** The cursor inside the visible rows, and the window of drawn rows around it. */
function clampCursor(state: PagingState): PagingState {
  const n = visibleRows(state).length;
  const cursor = Math.max(0, Math.min(state.cursor, n - 1));
  const rows = Math.max(1, state.window.rows);
  let start = state.window.start;
  if (cursor < start) start = cursor;
  if (cursor >= start + rows) start = cursor - rows + 1;
  start = Math.max(0, Math.min(start, Math.max(0, n - rows)));
  if (cursor === state.cursor && start === state.window.start) return state;
  return { ...state, cursor, window: start === state.window.start ? state.window : { start, rows: state.window.rows } };
}

function lastPageKnown(state: PagingState): boolean {
  const { want } = state;
  // The page being wanted is the shown one and it is the last.
  if (state.shown && state.shown.skip === want.skip && state.shown.take === want.take && state.atEnd) return true;
  return state.total !== null && want.skip + want.take >= state.total;
}

export function pagingReducer(state: PagingState, action: PagingAction): PagingState {
  switch (action.type) {
    case 'next': {
      if (lastPageKnown(state)) return { ...state, notice: { kind: 'lastPage' } };
      return request(state, state.want.skip + state.want.take, nextTake(state), 'load');
    }
    case 'prev': {
      if (state.want.skip === 0) return { ...state, notice: { kind: 'firstPage' } };
      return request(state, Math.max(0, state.want.skip - nextTake(state)), nextTake(state), 'load');
    }
    case 'first': {
      // On the first page already: the cursor to its first row, and say so (nothing is asked).
      const take = nextTake(state);
      if (state.want.skip === 0 && state.shown?.skip === 0 && state.shown.take === take && !state.loading) {
        return clampCursor({ ...state, cursor: 0, notice: { kind: 'alreadyFirst' } });
      }
      return request(state, 0, take, 'load');
    }
    case 'last': {
      const take = nextTake(state);
      const shownLast = state.shown !== null && state.shown.skip === state.want.skip && state.shown.take === take && state.atEnd;
      if (state.total === null && !shownLast) {
        return { ...state, notice: { kind: 'noCount' } };
      }
      const skip = state.total === null ? state.want.skip : Math.max(0, Math.floor(Math.max(0, state.total - 1) / take) * take);
      if (skip === state.want.skip && state.shown?.skip === skip && state.shown.take === take && !state.loading) {
        return clampCursor({ ...state, cursor: Number.MAX_SAFE_INTEGER });
      }
      return { ...request(state, skip, take, 'load'), landLast: true };
    }
    case 'takeMore':
    case 'takeLess': {
      const cur = state.want.take;
      const next =
        action.type === 'takeMore'
          ? (TAKE_STEPS.find((t) => t > cur) ?? TAKE_MAX)
          : ([...TAKE_STEPS].reverse().find((t) => t < cur) ?? Math.min(cur, TAKE_MIN));
      // A size chosen: the terminal's height no longer decides it.
      if (next === cur) return { ...state, fit: null, notice: { kind: 'sizeStays', take: cur, min: TAKE_MIN, max: TAKE_MAX } };
      return { ...request(state, state.want.skip, next, 'load'), fit: null };
    }
    case 'takeFit': {
      const take = state.fits ?? TAKE_DEFAULT;
      if (state.fit !== null && state.want.take === take) return { ...state, notice: { kind: 'fitsAlready', take } };
      return { ...request(state, state.want.skip, take, 'load'), fit: take };
    }
    case 'refresh':
      return request(state, state.want.skip, nextTake(state), action.auto ? 'auto' : 'refresh');
    case 'goTo': {
      const take = nextTake(state);
      const skip = Math.floor(Math.max(0, action.index) / take) * take;
      const onScreen = state.shown?.skip === skip && state.shown.take === take && state.want.skip === skip && !state.loading;
      if (onScreen && rowOf(state, action.key) >= 0) return clampCursor({ ...state, cursor: rowOf(state, action.key) });
      return { ...request(state, skip, take, 'load'), landKey: action.key };
    }
    case 'loaded': {
      if (action.seq !== state.want.seq) return state; // an answer to a page no longer wanted
      const { skip, take } = state.want;
      const rows = action.page.deployments.map(viewOf);
      const total = action.page.total;
      // An empty page the server's count says is inside the history is shown as it is (pageGap says so).
      if (rows.length === 0 && skip > 0 && !(total !== null && skip < total)) {
        // Past the end: keep the last good page, step back to it and say so.
        const back = state.shown ?? { skip: Math.max(0, skip - take), take };
        return {
          ...state,
          want: { ...state.want, skip: back.skip, take: back.take },
          loading: false,
          error: null,
          atEnd: state.shown !== null && state.shown.skip + state.rows.length <= skip,
          total: total ?? state.total,
          notice: { kind: 'noMore' },
          updatedAt: action.at,
          landLast: false,
          landKey: null,
        };
      }
      const samePage = state.shown !== null && state.shown.skip === skip;
      const keys = keysOf(rows);
      const changed = new Set<string>();
      if (samePage) {
        const before = new Map(state.rows.map((d, i) => [state.keys[i]!, d.status]));
        keys.forEach((k, i) => {
          if (before.has(k) && before.get(k) !== rows[i]!.status) changed.add(k);
        });
      }
      // Paging follows the count when the server sends one: a short page is not the last while it says more.
      const atEnd = total !== null ? skip + take >= total : rows.length < take;
      const next: PagingState = {
        ...state,
        shown: { skip, take },
        rows,
        keys,
        total,
        atEnd,
        loading: false,
        loadingShown: false,
        error: null,
        updatedAt: action.at,
        changed,
        cursor: state.landLast ? Number.MAX_SAFE_INTEGER : samePage && state.landKey === null ? state.cursor : 0,
        window: samePage ? state.window : { start: 0, rows: state.window.rows },
        everLoaded: true,
        landLast: false,
        landKey: null,
      };
      const landed = state.landKey === null ? -1 : rowOf(next, state.landKey);
      return clampCursor(landed >= 0 ? { ...next, cursor: landed } : next);
    }
    case 'failed': {
      if (action.seq !== state.want.seq) return state;
      // Keep the last good page; the wanted page goes back to it so `n` retries from there.
      const want = state.shown ? { ...state.want, skip: state.shown.skip, take: state.shown.take } : state.want;
      return { ...state, want, loading: false, loadingShown: false, error: action.error };
    }
    case 'tooLarge': {
      if (action.seq !== state.want.seq) return state;
      const { skip, take } = state.want;
      if (take <= 1) return pagingReducer(state, { type: 'failed', seq: action.seq, error: action.error });
      const fewer = Math.max(1, Math.floor(take / 2));
      return {
        ...request(state, skip, fewer, 'load'),
        fit: null,
        notice: { kind: 'tooBig', take, size: action.size, fewer },
      };
    }
    case 'cursor':
      return clampCursor({ ...state, cursor: Math.max(0, state.cursor + action.delta) });
    case 'cursorTo':
      return clampCursor({ ...state, cursor: Math.max(0, action.index) });
    case 'filter':
      return clampCursor({
        ...state,
        filter: action.text,
        filterCursor: action.text.length,
        cursor: action.text === state.filter ? state.cursor : 0,
      });
    case 'filterText':
    case 'filterLine': {
      const line = { value: state.filter, cursor: state.filterCursor };
      const next = action.type === 'filterText' ? insertLine(line, action.text) : applyLine(line, action.command);
      if (next === line || next.value.length > FILTER_MAX) return state;
      return clampCursor({
        ...state,
        filter: next.value,
        filterCursor: next.cursor,
        cursor: next.value === state.filter ? state.cursor : 0,
      });
    }
    case 'viewport': {
      const rows = Math.max(1, action.rows);
      return rows === state.window.rows ? state : clampCursor({ ...state, window: { start: state.window.start, rows } });
    }
    case 'fit': {
      const take = clampTake(action.take);
      if (state.fits === take && (state.fit === null || state.fit === take)) return state;
      return { ...state, fits: take, fit: state.fit === null ? null : take };
    }
    case 'loadingShown':
      return action.seq === state.want.seq && state.loading && !state.loadingShown ? { ...state, loadingShown: true } : state;
    case 'toggleAuto':
      return { ...state, autoRefresh: !state.autoRefresh, notice: { kind: 'autoRefresh', on: !state.autoRefresh } };
    case 'clearChanged':
      return state.changed.size === 0 ? state : { ...state, changed: new Set() };
    case 'clearNotice':
      return state.notice === null ? state : { ...state, notice: null };
  }
}
