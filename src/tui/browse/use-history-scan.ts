// Runs what the deployments screen's store asks of the whole history: a search (every match, as
// the scan reads) and a jump (the first match, opened), both through the search it is handed
// (search/history-search.ts: in the worker or on this thread), and fetching one result whole to
// open it.
// Each scan reports to the store under its number, so a newer search is never overwritten by an
// older one; Esc or a new search aborts the scan in flight.
import { useEffect } from 'react';
import type { DmsClient } from '../../api/client.js';
import { viewOf, sameDeployment } from '../../model/deployment.js';
import { findDeployment, refOfView } from '../../model/follow.js';
import { ScanStopped, scanListOf } from '../../search/scan.js';
import type { SearchRequest } from '../../search/search.js';
import type { HistorySearch } from '../../search/history-search.js';
import type { Store } from '../state/store.js';
import type { BrowseAction, BrowseState, Fetching } from './state.js';
import type { SearchState } from './search.js';
import { describeError } from '../errors.js';

/** What one answer of a search should weigh: smaller than a script's, so each is handled in less time. */
const SEARCH_CHARS = 1_000_000;

export interface HistoryScanOptions {
  readonly client: DmsClient;
  readonly search: HistorySearch;
  readonly appUuid: string;
  readonly store: Store<BrowseState, BrowseAction>;
}

export function useHistoryScan({ client, search: searchHistory, appUuid, store }: HistoryScanOptions): void {
  useEffect(() => {
    let current: { seq: number; abort: () => void } | undefined;

    const scan = async (search: SearchState, signal: AbortSignal) => {
      const { seq } = search;
      const request: SearchRequest = { kind: search.kind === 'jump' ? 'jump' : 'search', text: search.text, status: search.status };
      const onPause = (why: string) => store.dispatch({ type: 'searchPause', seq, why });
      const events = searchHistory(appUuid, request, { signal, onPause, targetChars: SEARCH_CHARS });
      try {
        for await (const e of events) {
          if (signal.aborted) return;
          if (e.type === 'open') {
            store.dispatch({ type: 'searchDone', seq });
            store.dispatch({ type: 'openRecord', record: e.record, index: e.index, total: e.total, then: 'detail' });
            return;
          }
          if (e.type === 'openSummary') {
            store.dispatch({ type: 'searchDone', seq });
            void fetch({ summary: e.summary, then: 'detail' });
            return;
          }
          store.dispatch({ type: 'searchChunk', seq, found: e.found, read: e.read, total: e.total, gaps: e.gaps, before: e.before });
        }
        if (!signal.aborted) store.dispatch({ type: 'searchDone', seq });
      } catch (error) {
        if (signal.aborted) return;
        const why =
          error instanceof ScanStopped ? describeError(error.reason, client.redact).message : describeError(error, client.redact).message;
        store.dispatch({ type: 'searchDone', seq, stopped: why });
      }
    };

    const fetch = async (f: Fetching) => {
      const ac = new AbortController();
      try {
        const page = await client.listDeployments(appUuid, { skip: f.summary.index, take: 1 }, { signal: ac.signal });
        const row = page.deployments[0];
        const at =
          row && sameDeployment(viewOf(row), f.summary)
            ? { view: viewOf(row), index: f.summary.index, total: page.total }
            : await findDeployment(scanListOf(client, appUuid, ac.signal), refOfView(f.summary));
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
  }, [client, searchHistory, appUuid, store]);
}
