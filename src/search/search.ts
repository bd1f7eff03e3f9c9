// A search of the whole history as events: what was found so far and how far it read (at most
// every `reportMs`), or, for a jump, the deployment to open. The same code runs in the search
// worker (search/worker.ts, so the screen's thread only draws) and, where there is no worker,
// on the screen's thread, there in slices that let keys through.
import type { Deployment } from '../api/schemas/deployment.js';
import { viewOf } from '../model/deployment.js';
import { jumpByName, jumpTargetOf, matchesQuery, queryOf, summaryOf, type StatusFilter, type Summary } from '../model/history.js';
import { scanHistory, type ScanList } from './scan.js';
import { sinceOf } from '../model/query.js';

export interface SearchRequest {
  /** 'search': every match; 'jump': the deployment with this id, uuid or commit prefix. */
  readonly kind: 'search' | 'jump';
  readonly text: string;
  readonly status: StatusFilter;
}

export type SearchEvent =
  | {
      readonly type: 'progress';
      readonly found: readonly Summary[];
      readonly read: number;
      readonly total: number | null;
      readonly gaps: boolean;
      /** The reading stopped at a deployment older than the query's `since:`: newest first, no later one can match. */
      readonly before?: boolean;
    }
  | { readonly type: 'open'; readonly record: Deployment; readonly index: number; readonly total: number | null }
  /** Open this one, read again (from a worker whose record could not cross to the screen's thread). */
  | { readonly type: 'openSummary'; readonly summary: Summary };

export interface SearchOptions {
  readonly signal?: AbortSignal;
  /** Told when the scan waits or tries again. */
  readonly onPause?: (why: string, ms: number) => void;
  /** Longest it matches rows before letting other work run (default: no limit). */
  readonly sliceMs?: number;
  /** At most this often a progress event (default 150 ms); the last one always comes. */
  readonly reportMs?: number;
  /** Answers of about this many characters (see scanHistory). */
  readonly targetChars?: number;
}

/** Longest the search matches rows before letting keys through, when it runs on the screen's thread. */
export const SCREEN_SLICE_MS = 6;

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Throws ScanStopped when the scan cannot finish (after the progress it made). */
export async function* searchHistory(list: ScanList, request: SearchRequest, options: SearchOptions = {}): AsyncGenerator<SearchEvent> {
  const { signal, onPause, sliceMs = Infinity, reportMs = 150, targetChars } = options;
  const query = queryOf(request.text, request.status);
  // Newest first: past the query's since: nothing more can match (as dms deployments --all stops).
  const since = request.kind === 'search' ? sinceOf(query.parsed) : undefined;
  let before = false;
  // A jump: digits are an id first (exact), a commit prefix only when no deployment has that id.
  const target = jumpTargetOf(request.text);
  let fallback: { record: Deployment; index: number; total: number | null } | undefined;
  let found: Summary[] = [];
  let reported = 0;
  let last: { read: number; total: number | null; gaps: boolean } | undefined;
  const progress = (): SearchEvent => {
    const e = { type: 'progress' as const, found, read: last!.read, total: last!.total, gaps: last!.gaps, ...(before ? { before } : {}) };
    found = [];
    reported = Date.now();
    return e;
  };
  try {
    for await (const chunk of scanHistory(list, { signal, targetChars, onPause })) {
      const start = chunk.read - chunk.rows.length;
      last = chunk;
      if (request.kind === 'jump') {
        let older = true;
        for (let i = 0; i < chunk.rows.length; i++) {
          const v = viewOf(chunk.rows[i]!);
          const here = { record: chunk.rows[i]!, index: start + i, total: chunk.total };
          if (target.id !== null && v.id === target.id) return yield { type: 'open', ...here };
          if (!fallback && jumpByName(v, target)) {
            if (target.id === null) return yield { type: 'open', ...here };
            fallback = here;
          }
          if (v.id === null || target.id === null || v.id >= target.id) older = false;
        }
        // Ids fall with age: once they are all below the one asked for, it is not further on.
        if (fallback && older) return yield { type: 'open', ...fallback };
      } else {
        let slice = performance.now();
        for (let i = 0; i < chunk.rows.length; i++) {
          const r = chunk.rows[i]!;
          const v = viewOf(r);
          if (since !== undefined && v.startedAt !== null && v.startedAt < since) {
            before = true;
            last = { ...chunk, read: start + i };
            break;
          }
          if (matchesQuery(v, query)) found.push(summaryOf(r, start + i));
          if ((i & 63) === 63 && performance.now() - slice > sliceMs) {
            await turn();
            if (signal?.aborted) return;
            slice = performance.now();
          }
        }
      }
      if (before) return yield progress();
      if (Date.now() - reported >= reportMs) yield progress();
    }
    if (signal?.aborted) return;
    if (fallback) return yield { type: 'open', ...fallback };
    if (last) yield progress();
  } catch (error) {
    // What was found before the scan stopped is not lost.
    if (last && !signal?.aborted) yield progress();
    throw error;
  }
}
