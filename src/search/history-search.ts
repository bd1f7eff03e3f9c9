// The search of the whole history as the deployments screen asks for it, and the one place that
// decides where it runs: in the search worker (in-worker.ts, so the screen's thread only draws)
// when there is one and it can start, else on this thread in slices that let keys through. Made
// where a connection is opened (commands/connect.ts, tui/connections.ts) and handed to the TUI.
import type { DmsClient } from '../api/client.js';
import type { SearchEvent, SearchOptions, SearchRequest } from './search.js';
import { searchInWorker, type SearchWorker } from './in-worker.js';

/** What the caller of a search says (how it slices its time on this thread is this module's choice). */
export type SearchCallOptions = Pick<SearchOptions, 'signal' | 'onPause' | 'targetChars'>;

/** Searches `appUuid`'s whole history; throws ScanStopped (scan.ts) when the scan cannot finish. */
export type HistorySearch = (appUuid: string, request: SearchRequest, options?: SearchCallOptions) => AsyncIterable<SearchEvent>;

export interface HistorySearchOptions {
  /** The connection's client: the search on this thread reads through it. */
  readonly client: Pick<DmsClient, 'listDeployments'>;
  /** The search worker: without it, searches run on this thread. */
  readonly worker?: SearchWorker;
}

export function createHistorySearch({ client, worker }: HistorySearchOptions): HistorySearch {
  const here: HistorySearch = async function* (appUuid, request, { signal, onPause, targetChars } = {}) {
    // (Loaded here: the search and its scan are not needed by every command that opens a connection.)
    const [{ searchHistory, SCREEN_SLICE_MS }, { scanListOf }] = await Promise.all([import('./search.js'), import('./scan.js')]);
    yield* searchHistory(scanListOf(client, appUuid), request, { signal, onPause, targetChars, sliceMs: SCREEN_SLICE_MS });
  };
  if (!worker) return here;
  return (appUuid, request, options = {}) => searchInWorker(worker, appUuid, request, options, () => here(appUuid, request, options));
}
