// Runs what the deployments screen's store asks of the whole history: a search (every match, as
// the scan reads), a jump (the first match, opened), and fetching one result whole to open it.
// Each scan reports to the store under its number, so a newer search is never overwritten by an
// older one; Esc or a new search aborts the scan in flight.
import { useEffect } from 'react';
import type { DmsClient } from '../../api/client.js';
import type { Deployment } from '../../api/schemas/deployment.js';
import { viewOf, sameDeployment } from '../../model/deployment.js';
import { findDeployment, refOfView } from '../../model/follow.js';
import { jumpByName, jumpTargetOf, matchesQuery, queryOf, summaryOf, type Summary } from '../../model/history.js';
import { ScanStopped, scanHistory, type ScanChunk, type ScanList } from '../../model/scan.js';
import type { Store } from '../state/store.js';
import type { BrowseAction, BrowseState, Fetching } from './browse-state.js';
import type { SearchState } from './search-state.js';
import { describeError } from './use-deployments.js';

/** At most this often the results on screen grow while a scan reads (each report redraws the screen). */
const REPORT_MS = 150;
/** Longest the scan reads rows before letting keys through. */
const SLICE_MS = 6;
/** What one answer of a search should weigh: smaller than a script's, so each is handled in less time. */
const SEARCH_CHARS = 1_000_000;

export interface HistoryScanOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly store: Store<BrowseState, BrowseAction>;
}

export function useHistoryScan({ client, appUuid, store }: HistoryScanOptions): void {
  useEffect(() => {
    let current: { seq: number; abort: () => void } | undefined;
    const list = (signal?: AbortSignal): ScanList => (skip, take, s) => client.listDeployments(appUuid, { skip, take }, { signal: s ?? signal });

    const scan = async (search: SearchState, signal: AbortSignal) => {
      const { seq } = search;
      const query = queryOf(search.text, search.status);
      let found: Summary[] = [];
      let reported = 0;
      let last: ScanChunk | undefined;
      // A jump: digits are an id first (exact), a commit prefix only when no deployment has that id.
      const target = jumpTargetOf(search.text);
      let fallback: { record: Deployment; index: number; total: number | null } | undefined;
      const go = (f: { record: Deployment; index: number; total: number | null }) => {
        store.dispatch({ type: 'searchDone', seq });
        store.dispatch({ type: 'openRecord', ...f, then: 'detail' });
      };
      try {
        for await (const chunk of scanHistory(list(), {
          signal,
          targetChars: SEARCH_CHARS,
          onPause: (why) => store.dispatch({ type: 'searchPause', seq, why }),
        })) {
          const start = chunk.read - chunk.rows.length;
          if (search.kind === 'jump') {
            store.dispatch({ type: 'searchChunk', seq, found: [], read: chunk.read, total: chunk.total, gaps: chunk.gaps });
            let older = true;
            for (let i = 0; i < chunk.rows.length; i++) {
              const v = viewOf(chunk.rows[i]!);
              const here = { record: chunk.rows[i]!, index: start + i, total: chunk.total };
              if (target.id !== null && v.id === target.id) return go(here);
              if (!fallback && jumpByName(v, target)) {
                if (target.id === null) return go(here);
                fallback = here;
              }
              if (v.id === null || target.id === null || v.id >= target.id) older = false;
            }
            // Ids fall with age: once they are all below the one asked for, it is not further on.
            if (fallback && older) return go(fallback);
            continue;
          }
          // A chunk is up to 1,000 rows: read in slices, letting keys in between, so the screen
          // answers while the search reads.
          let slice = performance.now();
          for (let i = 0; i < chunk.rows.length; i++) {
            const r = chunk.rows[i]!;
            const v = viewOf(r);
            if (matchesQuery(v, query)) found.push(summaryOf(r, start + i));
            if ((i & 63) === 63 && performance.now() - slice > SLICE_MS) {
              await new Promise((resolve) => setImmediate(resolve));
              if (signal.aborted) return;
              slice = performance.now();
            }
          }
          last = chunk;
          const now = Date.now();
          if (now - reported >= REPORT_MS) {
            store.dispatch({ type: 'searchChunk', seq, found, read: chunk.read, total: chunk.total, gaps: chunk.gaps });
            found = [];
            reported = now;
          }
        }
        if (signal.aborted) return;
        if (fallback) return go(fallback);
        if (last) store.dispatch({ type: 'searchChunk', seq, found, read: last.read, total: last.total, gaps: last.gaps });
        store.dispatch({ type: 'searchDone', seq });
      } catch (error) {
        if (signal.aborted) return;
        if (last) store.dispatch({ type: 'searchChunk', seq, found, read: last.read, total: last.total, gaps: last.gaps });
        const why = error instanceof ScanStopped ? describeError(error.reason, client.redact).message : describeError(error, client.redact).message;
        store.dispatch({ type: 'searchDone', seq, stopped: why });
      }
    };

    const fetch = async (f: Fetching) => {
      const ac = new AbortController();
      try {
        const page = await client.listDeployments(appUuid, { skip: f.summary.index, take: 1 }, { signal: ac.signal });
        const row = page.deployments[0];
        const at = row && sameDeployment(viewOf(row), f.summary)
          ? { view: viewOf(row), index: f.summary.index, total: page.total }
          : await findDeployment(list(ac.signal), refOfView(f.summary));
        if (!at) {
          store.dispatch({ type: 'fetchFailed', message: 'That deployment is no longer in the history.' });
          return;
        }
        store.dispatch({ type: 'openRecord', record: at.view.record, index: at.index, total: at.total, then: f.then });
      } catch (error) {
        store.dispatch({ type: 'fetchFailed', message: `Could not open it: ${describeError(error, client.redact).message}` });
      }
    };

    const stop = store.watch((before, after) => {
      const b = before.search;
      const a = after.search;
      if (a && a.seq !== b?.seq && a.scanning) {
        current?.abort();
        const ac = new AbortController();
        current = { seq: a.seq, abort: () => ac.abort() };
        void scan(a, ac.signal);
      } else if (current && b?.seq === current.seq && b.scanning && (!a || a.seq !== b.seq || !a.scanning)) {
        current.abort();
        current = undefined;
      }
      if (after.fetching && after.fetching !== before.fetching) void fetch(after.fetching);
    });
    return () => {
      stop();
      current?.abort();
    };
  }, [client, appUuid, store]);
}
