// Worker thread entry (built as dist/search-worker.js): a search of the whole history
// (search.ts) with the real client, so fetching, parsing and matching tens of thousands of
// rows never holds up the screen's thread. Posts each event as it comes, then `done`, or the error
// that stopped it. The other side of these messages is in-worker.ts.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createClient, type ClientOptions } from '../api/client.js';
import { errorToData } from '../api/error-data.js';
import { invalidFieldsOf } from '../api/schemas/deployment-page.js';
import type { Deployment } from '../api/schemas/deployment.js';
import { ScanStopped, scanListOf } from './scan.js';
import { searchHistory, type SearchEvent, type SearchRequest } from './search.js';
import { summaryOf, type Summary } from '../model/history.js';

export interface SearchJob {
  readonly options: ClientOptions;
  readonly appUuid: string;
  readonly request: SearchRequest;
  readonly targetChars?: number;
}

export type SearchMessage =
  | { readonly type: 'event'; readonly event: SearchEvent }
  /** Sent before an `open` event: what to read again if the record cannot be read on the other side. */
  | { readonly type: 'opening'; readonly summary: Summary }
  /** An `open` event's record loses its flagged fields on the way (symbol keys): they travel beside it. */
  | {
      readonly type: 'open';
      readonly record: Deployment;
      readonly invalid: Readonly<Record<string, unknown>>;
      readonly index: number;
      readonly total: number | null;
    }
  | { readonly type: 'pause'; readonly why: string; readonly ms: number }
  | { readonly type: 'done' }
  | { readonly type: 'error'; readonly read: number | null; readonly error: ReturnType<typeof errorToData> };

const job = workerData as SearchJob;
// Background work: on Linux a nice value is the thread's own, so the screen's thread keeps its
// turn on a busy machine while this one reads (elsewhere it would slow the whole process: left).
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // Not allowed here: the search runs at the usual priority.
  }
}
const post = (m: SearchMessage) => parentPort!.postMessage(m);
const client = createClient(job.options);
try {
  const events = searchHistory(scanListOf(client, job.appUuid), job.request, {
    targetChars: job.targetChars,
    onPause: (why, ms) => post({ type: 'pause', why, ms }),
  });
  for await (const event of events) {
    if (event.type !== 'open') {
      post({ type: 'event', event });
      continue;
    }
    const summary = summaryOf(event.record, event.index);
    post({ type: 'opening', summary });
    try {
      post({ type: 'open', record: event.record, invalid: invalidFieldsOf(event.record), index: event.index, total: event.total });
    } catch {
      // A record nested too deep for the structured clone: the screen reads that one again.
      post({ type: 'event', event: { type: 'openSummary', summary } });
    }
  }
  post({ type: 'done' });
} catch (error) {
  post(
    error instanceof ScanStopped
      ? { type: 'error', read: error.read, error: errorToData(error.reason) }
      : { type: 'error', read: null, error: errorToData(error) },
  );
}
