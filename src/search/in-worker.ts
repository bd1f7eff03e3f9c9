// This thread's side of the search worker (worker.ts): starts it for one search and hands its
// events on as they come. A worker that cannot start (its file missing) leaves the search to
// this thread; one that dies says so as the reason the search stopped, with how far it got.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ClientOptions } from '../api/client.js';
import { ResponseTooLargeError } from '../api/errors.js';
import { errorFromData } from '../api/error-data.js';
import { MAX_RESPONSE_MB, MB } from '../api/limits.js';
import { withInvalidFields } from '../api/schemas/deployment-page.js';
import type { Summary } from '../model/history.js';
import type { SearchEvent, SearchOptions, SearchRequest } from './search.js';
import type { SearchJob, SearchMessage } from './worker.js';

export interface SearchWorker {
  /** The worker's file (dist/search-worker.js, built next to the binary). */
  readonly file: URL;
  /** The connection: the worker makes its own client with these. */
  readonly options: ClientOptions;
  /** Its heap limits (tests make it run out of memory on purpose). */
  readonly resourceLimits?: ResourceLimits;
}

/** `here`: the same search on this thread, for when the worker cannot run at all. */
export async function* searchInWorker(
  setup: SearchWorker,
  appUuid: string,
  request: SearchRequest,
  call: Pick<SearchOptions, 'signal' | 'onPause' | 'targetChars'>,
  here: () => AsyncIterable<SearchEvent>,
): AsyncGenerator<SearchEvent> {
  const { signal, onPause, targetChars } = call;
  if (signal?.aborted) return;
  const job: SearchJob = { options: setup.options, appUuid, request, targetChars };
  let worker: Worker;
  try {
    worker = new Worker(setup.file, { workerData: job, resourceLimits: setup.resourceLimits });
  } catch {
    return yield* here();
  }
  worker.unref();
  const queue: (SearchMessage | { type: 'failed'; error: Error & { code?: string } } | { type: 'ended' } | { type: 'lost' })[] = [];
  let wake: (() => void) | undefined;
  const push = (m: (typeof queue)[number]) => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', (m: SearchMessage) => push(m));
  worker.on('messageerror', () => push({ type: 'lost' }));
  worker.once('error', (error: Error) => push({ type: 'failed', error }));
  worker.once('exit', () => push({ type: 'ended' }));
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  let read = 0;
  let heard = false;
  let opening: Summary | undefined;
  try {
    for (;;) {
      if (signal?.aborted) return;
      const m = queue.shift();
      if (!m) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      if (m.type === 'event') {
        heard = true;
        if (m.event.type === 'progress') read = m.event.read;
        yield m.event;
      } else if (m.type === 'opening') {
        opening = m.summary;
      } else if (m.type === 'open') {
        // An opened record is a search's last event: done, whatever else the worker still sends.
        return yield { type: 'open', record: withInvalidFields(m.record, m.invalid), index: m.index, total: m.total };
      } else if (m.type === 'lost' && opening) {
        // The record could not be read on this side (nested too deep): read it again here. Its
        // last event too: a busy machine showed the worker's `done` after such a message could be
        // lost with the exit (the search then said "stopped without a word").
        return yield { type: 'openSummary', summary: opening };
      } else if (m.type === 'lost') {
        // (Only an opened record can fail to cross: anything else is a bug.)
        throw new Error('a search result could not be passed on');
      } else if (m.type === 'pause') {
        onPause?.(m.why, m.ms);
      } else if (m.type === 'done') {
        return;
      } else if (m.type === 'error') {
        const error = errorFromData(m.error);
        // (Loaded here: the scan is not needed by every command that opens a connection.)
        const { ScanStopped } = await import('./scan.js');
        throw m.read === null ? error : new ScanStopped(m.read, error);
      } else if (m.type === 'failed' && !heard && m.error.code !== 'ERR_WORKER_OUT_OF_MEMORY') {
        // The worker could not run at all: search here instead.
        return yield* here();
      } else {
        const why =
          m.type === 'failed' && m.error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ResponseTooLargeError({ limit: setup.options.maxResponseBytes ?? MAX_RESPONSE_MB * MB, outOfMemory: true })
            : new Error('the search stopped without a word');
        const { ScanStopped } = await import('./scan.js');
        throw new ScanStopped(read, why);
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    void worker.terminate();
  }
}
