// A search of the whole history (or a jump to one deployment) as a pure reducer: what is asked,
// how far the scan has read, what it found, and where the cursor is in the results, which page
// like the list. The scan itself runs in use-history-scan.ts and reports here; lines.ts words it.
import type { Summary, StatusFilter } from '../../model/history.js';

export interface SearchState {
  /** `search` lists every match; `jump` stops at the first and opens it. */
  readonly kind: 'search' | 'jump';
  /** The query as typed. */
  readonly text: string;
  readonly status: StatusFilter;
  /** Which scan answers here (a new search starts a new one). */
  readonly seq: number;
  readonly scanning: boolean;
  /** Deployments searched so far, and the history's size when the server says it. */
  readonly read: number;
  readonly total: number | null;
  /** Why the scan stopped before the end (Esc, a fault), null while it runs or when it finished. */
  readonly stopped: string | null;
  /** The history moved in a way the scan could not follow: some may be missing. */
  readonly gaps: boolean;
  /** The reading stopped at a deployment older than the query's `since:` (nothing older can match). */
  readonly before: boolean;
  /** The scan is waiting (rate limit, a fault it retries): why. */
  readonly pause: string | null;
  readonly results: readonly Summary[];
  /** Index into results. */
  readonly cursor: number;
  /** First result of the page shown. */
  readonly pageStart: number;
  /** The results are a failure cluster's deployments (F, Enter): its reason. */
  readonly cluster?: string;
}

export type SearchAction =
  /** `seq` numbers the scan: answers of an earlier one are ignored. */
  | { type: 'searchStart'; kind: 'search' | 'jump'; text: string; status: StatusFilter; seq: number }
  | { type: 'searchChunk'; seq: number; found: readonly Summary[]; read: number; total: number | null; gaps: boolean; before?: boolean }
  | { type: 'searchDone'; seq: number; stopped?: string }
  | { type: 'searchPause'; seq: number; why: string | null }
  /** Esc while it reads: stop, keep what was found. */
  | { type: 'searchStop' }
  | { type: 'searchClose' }
  | { type: 'resultCursor'; delta: number }
  | { type: 'resultPage'; to: 'next' | 'prev' | 'first' | 'last' };

/** Why a search stopped when the user pressed Esc. */
export const ESC_STOP = 'Esc';

export function startSearch(kind: 'search' | 'jump', text: string, status: StatusFilter, seq: number): SearchState {
  return {
    kind,
    text,
    status,
    seq,
    scanning: true,
    read: 0,
    total: null,
    stopped: null,
    gaps: false,
    before: false,
    pause: null,
    results: [],
    cursor: 0,
    pageStart: 0,
  };
}

/** The results page the cursor is on, `rows` to a page. */
function paged(s: SearchState, cursor: number, rows: number): SearchState {
  const c = Math.max(0, Math.min(cursor, s.results.length - 1));
  const pageStart = Math.floor(c / rows) * rows;
  return c === s.cursor && pageStart === s.pageStart ? s : { ...s, cursor: c, pageStart };
}

export function searchReducer(s: SearchState | null, action: SearchAction, rows: number): SearchState | null {
  if (action.type === 'searchStart') return startSearch(action.kind, action.text, action.status, action.seq);
  if (!s) return s;
  switch (action.type) {
    case 'searchChunk':
      if (action.seq !== s.seq || !s.scanning) return s;
      return {
        ...s,
        read: action.read,
        total: action.total,
        gaps: s.gaps || action.gaps,
        before: s.before || action.before === true,
        pause: null,
        results: action.found.length > 0 ? [...s.results, ...action.found] : s.results,
      };
    case 'searchDone':
      if (action.seq !== s.seq || !s.scanning) return s;
      return { ...s, scanning: false, pause: null, stopped: action.stopped ?? null };
    case 'searchPause':
      return action.seq === s.seq && s.scanning ? { ...s, pause: action.why } : s;
    case 'searchStop':
      return s.scanning ? { ...s, scanning: false, pause: null, stopped: ESC_STOP } : s;
    case 'searchClose':
      return null;
    case 'resultCursor':
      return s.results.length === 0 ? s : paged(s, s.cursor + action.delta, rows);
    case 'resultPage': {
      if (s.results.length === 0) return s;
      const last = Math.floor((s.results.length - 1) / rows) * rows;
      const to =
        action.to === 'first'
          ? 0
          : action.to === 'last'
            ? last
            : action.to === 'next'
              ? Math.min(last, s.pageStart + rows)
              : Math.max(0, s.pageStart - rows);
      return to === s.pageStart ? s : { ...s, pageStart: to, cursor: to };
    }
  }
}
