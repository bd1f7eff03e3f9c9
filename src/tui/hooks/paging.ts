// Paging, refresh, cursor and filter state of the deployments screen: a pure reducer.
// The hook (use-deployments.ts) only turns `want` into requests and answers into actions.
import type { Deployment, DeploymentPage } from '../../api/schemas/deployment.js';
import { relativeTime, statusLabel, shortSha } from '../../text/format.js';
import { clean } from '../../text/sanitize.js';
import { maskUrlPasswords } from '../../text/secrets.js';

export const TAKE_MIN = 5;
export const TAKE_MAX = 100;
export const TAKE_DEFAULT = 10;
/** Steps for `+`/`-`. */
export const TAKE_STEPS = [5, 10, 15, 20, 30, 50, 75, 100] as const;
/** Longest filter text, in UTF-16 units. */
export const FILTER_MAX = 200;

/** An error as the screen shows it: plain words, the action, and the kind for styling/tests. */
export interface ShownError {
  readonly kind: string;
  readonly message: string;
  /** 429: wait this long before asking again. */
  readonly retryAfterMs?: number;
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
  readonly rows: readonly Deployment[];
  readonly total: number | null;
  /** The shown page is known to be the last one. */
  readonly atEnd: boolean;
  readonly loading: boolean;
  readonly error: ShownError | null;
  /** A one-line note (e.g. "this is the last page"). */
  readonly notice: string | null;
  readonly updatedAt: number | null;
  /** Keys of rows whose status changed in the last refresh (highlighted briefly). */
  readonly changed: ReadonlySet<string>;
  /** Index into the visible (filtered) rows. */
  readonly cursor: number;
  readonly filter: string;
  readonly autoRefresh: boolean;
  /** At least one page was loaded successfully. */
  readonly everLoaded: boolean;
}

export type PagingAction =
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'first' }
  | { type: 'takeMore' }
  | { type: 'takeLess' }
  | { type: 'refresh'; auto?: boolean }
  | { type: 'loaded'; seq: number; page: DeploymentPage; at: number }
  | { type: 'failed'; seq: number; error: ShownError }
  | { type: 'cursor'; delta: number }
  | { type: 'cursorTo'; index: number }
  | { type: 'filter'; text: string }
  /** Typed into the filter line: appended here, so keys handled before the next render all count. */
  | { type: 'filterType'; text: string }
  | { type: 'filterBackspace' }
  | { type: 'toggleAuto' }
  | { type: 'clearChanged' }
  | { type: 'clearNotice' }
  /** Several actions applied as one update (one render). */
  | { type: 'batch'; actions: readonly PagingAction[] };

export function initialPaging(options: { take?: number; skip?: number; autoRefresh?: boolean } = {}): PagingState {
  const take = clampTake(options.take ?? TAKE_DEFAULT);
  return {
    want: { skip: options.skip ?? 0, take, seq: 1, reason: 'load' },
    shown: null,
    rows: [],
    total: null,
    atEnd: false,
    loading: true,
    error: null,
    notice: null,
    updatedAt: null,
    changed: new Set(),
    cursor: 0,
    filter: '',
    autoRefresh: options.autoRefresh ?? true,
    everLoaded: false,
  };
}

export function clampTake(take: number): number {
  return Math.min(TAKE_MAX, Math.max(TAKE_MIN, Math.round(take)));
}

/** A stable key for a row: its id, else uuid, else position. */
export function rowKey(d: Deployment, index: number): string {
  if (typeof d.id === 'number') return `id:${d.id}`;
  if (typeof d.uuid === 'string' && d.uuid) return `uuid:${d.uuid}`;
  return `#${index}`;
}

/** The rows' keys, unique even when a server sends the same id twice (the second is `id:7 2`). */
export function rowKeys(rows: readonly Deployment[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((d, i) => {
    const k = rowKey(d, i);
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return n === 1 ? k : `${k} ${n}`;
  });
}

/** The text `/` matches against: status (raw and label), commit, branch, name, id. As shown: URL passwords
 * masked, so the filter cannot be used to guess one. */
export function searchText(d: Deployment): string {
  return [d.status ?? '', statusLabel(d.status), d.git_commit_sha ?? '', d.git_branch ?? '', d.name ?? '', String(d.id ?? '')]
    .map((s) => maskUrlPasswords(clean(s))).join(' ').toLowerCase();
}

/** Rows shown after the filter, with their index in the page. */
export function visibleRows(state: Pick<PagingState, 'rows' | 'filter'>): readonly Deployment[] {
  const f = state.filter.trim().toLowerCase();
  if (!f) return state.rows;
  const words = f.split(/\s+/);
  return state.rows.filter((d) => {
    const text = searchText(d);
    return words.every((w) => text.includes(w));
  });
}

export function isActive(d: Deployment): boolean {
  return d.status === 'queued' || d.status === 'in_progress';
}

/** Auto-refresh runs on the first page or while a shown deployment is queued/in progress. */
export function wantsAutoRefresh(state: PagingState): boolean {
  if (!state.autoRefresh) return false;
  if (state.error?.kind === 'network') return true;
  if (!state.shown) return false;
  return state.shown.skip === 0 || state.rows.some(isActive);
}

/** `1–10 of 137`, `1–10`, or `none` for an empty first page. */
export function rangeLabel(state: Pick<PagingState, 'shown' | 'rows' | 'total'>): string {
  if (!state.shown) return '';
  if (state.rows.length === 0) return state.total !== null ? `0 of ${state.total}` : 'no deployments';
  const from = state.shown.skip + 1;
  const to = state.shown.skip + state.rows.length;
  return state.total !== null ? `${from}–${to} of ${state.total}` : `${from}–${to}`;
}

function request(state: PagingState, skip: number, take: number, reason: PageWant['reason']): PagingState {
  return { ...state, want: { skip, take, seq: state.want.seq + 1, reason }, loading: true, notice: null };
}

function clampCursor(state: PagingState): PagingState {
  const n = visibleRows(state).length;
  const cursor = Math.max(0, Math.min(state.cursor, n - 1));
  return cursor === state.cursor ? state : { ...state, cursor };
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
      if (lastPageKnown(state)) return { ...state, notice: 'This is the last page.' };
      return request(state, state.want.skip + state.want.take, state.want.take, 'load');
    }
    case 'prev': {
      if (state.want.skip === 0) return { ...state, notice: 'This is the first page.' };
      return request(state, Math.max(0, state.want.skip - state.want.take), state.want.take, 'load');
    }
    case 'first':
      return request(state, 0, state.want.take, 'load');
    case 'takeMore':
    case 'takeLess': {
      const cur = state.want.take;
      const next = action.type === 'takeMore'
        ? TAKE_STEPS.find((t) => t > cur) ?? TAKE_MAX
        : [...TAKE_STEPS].reverse().find((t) => t < cur) ?? TAKE_MIN;
      if (next === cur) return { ...state, notice: `Page size stays ${cur} (between ${TAKE_MIN} and ${TAKE_MAX}).` };
      return request(state, state.want.skip, next, 'load');
    }
    case 'refresh':
      return request(state, state.want.skip, state.want.take, action.auto ? 'auto' : 'refresh');
    case 'loaded': {
      if (action.seq !== state.want.seq) return state; // an answer to a page no longer wanted
      const { skip, take } = state.want;
      const rows = action.page.deployments;
      if (rows.length === 0 && skip > 0) {
        // Past the end: keep the last good page, step back to it and say so.
        const back = state.shown ?? { skip: Math.max(0, skip - take), take };
        const total = action.page.total ?? state.total;
        return {
          ...state,
          want: { ...state.want, skip: back.skip, take: back.take },
          loading: false,
          error: null,
          atEnd: state.shown !== null && state.shown.skip + state.rows.length <= skip,
          total,
          notice: 'No more deployments: this is the last page.',
          updatedAt: action.at,
        };
      }
      const samePage = state.shown !== null && state.shown.skip === skip;
      const changed = new Set<string>();
      if (samePage) {
        const oldKeys = rowKeys(state.rows);
        const before = new Map(state.rows.map((d, i) => [oldKeys[i]!, d.status]));
        rowKeys(rows).forEach((k, i) => {
          if (before.has(k) && before.get(k) !== rows[i]!.status) changed.add(k);
        });
      }
      const total = action.page.total;
      const atEnd = rows.length < take || (total !== null && skip + rows.length >= total);
      const next: PagingState = {
        ...state,
        shown: { skip, take },
        rows,
        total,
        atEnd,
        loading: false,
        error: null,
        updatedAt: action.at,
        changed,
        cursor: samePage ? state.cursor : 0,
        everLoaded: true,
      };
      return clampCursor(next);
    }
    case 'failed': {
      if (action.seq !== state.want.seq) return state;
      // Keep the last good page; the wanted page goes back to it so `n` retries from there.
      const want = state.shown ? { ...state.want, skip: state.shown.skip, take: state.shown.take } : state.want;
      return { ...state, want, loading: false, error: action.error };
    }
    case 'cursor':
      return clampCursor({ ...state, cursor: Math.max(0, state.cursor + action.delta) });
    case 'cursorTo':
      return clampCursor({ ...state, cursor: Math.max(0, action.index) });
    case 'filter':
      return clampCursor({ ...state, filter: action.text, cursor: action.text === state.filter ? state.cursor : 0 });
    case 'filterType':
      return pagingReducer(state, { type: 'filter', text: (state.filter + action.text).slice(0, FILTER_MAX) });
    case 'filterBackspace':
      return pagingReducer(state, { type: 'filter', text: [...state.filter].slice(0, -1).join('') });
    case 'toggleAuto':
      return { ...state, autoRefresh: !state.autoRefresh, notice: state.autoRefresh ? 'Auto-refresh off.' : 'Auto-refresh on.' };
    case 'clearChanged':
      return state.changed.size === 0 ? state : { ...state, changed: new Set() };
    case 'clearNotice':
      return state.notice === null ? state : { ...state, notice: null };
    case 'batch':
      return action.actions.reduce(pagingReducer, state);
  }
}

/** A table cell never needs more than this many characters (columns are at most 40 wide). */
const CELL_MAX = 200;
/**
 * Cleaned, then URL passwords masked (the table never reveals secrets), then shortened. In that
 * order: cleaning can join a password to its `@`, and cutting first can leave a URL without its `@`.
 */
const cell = (s: string | null | undefined): string => maskUrlPasswords(clean(s ?? '')).slice(0, CELL_MAX);

/** Columns' plain values for a row (already cleaned and URL passwords masked; shortened where the column says so). */
export function rowCells(d: Deployment, now: number): Record<string, string> {
  return {
    id: d.id === null || d.id === undefined ? '' : String(d.id),
    status: cell(statusLabel(d.status)),
    commit: cell(shortSha(d.git_commit_sha)),
    branch: cell(d.git_branch),
    created: relative(d.created_at, now),
    updated: relative(d.updated_at, now),
    name: cell(d.name),
    build: cell(d.build_pack),
    fqdn: cell(d.fqdn),
  };
}

function relative(iso: string | null | undefined, now: number): string {
  return clean(relativeTime(iso ?? null, now));
}
