// A DmsClient that loads got and zod (the real client) on first use, not at start-up.
// With `listWorker`, a list request made before that happens runs in a worker thread instead:
// on a 2-core machine the TUI's first page is fetched while the main thread loads Ink.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ClientOptions, DmsClient } from './client.js';
import { CancelledError, ResponseTooLargeError, errorFromData, type ErrorData } from './errors.js';
import { MAX_RESPONSE_MB, MB } from './limits.js';
import { redactor } from './redact.js';
import { withInvalidFields } from './schemas/deployment-page.js';
import type { DeploymentPage } from './schemas/deployment.js';
import type { ListJob } from './list-worker.js';
import type { SearchJob, SearchMessage } from './search-worker.js';
import type { SearchEvent, SearchRequest } from '../model/search.js';
import type { Summary } from '../model/history.js';
import type { SearchCallOptions } from './client.js';

export interface LazyClient extends DmsClient {
  /** Starts loading the real client now (e.g. once the first frame is drawn). */
  warm(): void;
}

type WorkerAnswer =
  | { ok: true; total: number | null; deployments: Record<string, unknown>[]; invalid: Record<string, unknown>[] }
  | { ok: false; error: ErrorData }
  /** The page could not be sent back: read it in this thread. */
  | { ok: false; readHere: true };

export interface LazyClientOptions extends ClientOptions {
  /** The worker's file: the first list request runs there. */
  readonly listWorker?: URL;
  /** Heap limits of that worker (tests make it run out of memory on purpose). */
  readonly workerResourceLimits?: ResourceLimits;
  /** The search worker's file: searches of the whole history run there. */
  readonly searchWorker?: URL;
}

export function createLazyClient(options: LazyClientOptions): LazyClient {
  const { listWorker, workerResourceLimits, searchWorker, ...clientOptions } = options;
  let real: Promise<DmsClient> | undefined;
  let workerUsed = false;
  const load = () => (real ??= import('./client.js').then((m) => m.createClient(clientOptions)));

  /**
   * The first page, read in a worker. Whatever becomes of the worker, the promise settles: with its
   * answer; with the page read here instead when the answer cannot cross back (a structured clone
   * that overflows on a deeply nested record: 'messageerror') or the worker ends without one; or
   * with "too big" when it ran out of memory (the screen then asks for fewer rows).
   */
  function listInWorker(job: ListJob, signal?: AbortSignal): Promise<DeploymentPage> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    return new Promise((resolve, reject) => {
      let settled = false;
      const worker = new Worker(listWorker!, { workerData: job, resourceLimits: workerResourceLimits });
      worker.unref();
      const finish = (then: () => void) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
        then();
      };
      const readHere = () => finish(() => {
        load().then((c) => c.listDeployments(job.appUuid, job.page, { signal })).then(resolve, reject);
      });
      const onAbort = () => finish(() => reject(new CancelledError()));
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.once('message', (answer: WorkerAnswer) => {
        if (!answer.ok && 'readHere' in answer) {
          readHere();
          return;
        }
        finish(() => {
          if (answer.ok) {
            resolve({ total: answer.total, deployments: answer.deployments.map((d, i) => withInvalidFields(d, answer.invalid[i])) });
          } else {
            reject(errorFromData(answer.error));
          }
        });
      });
      // The answer was sent but cannot be read on this side.
      worker.once('messageerror', readHere);
      worker.once('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          finish(() => reject(new ResponseTooLargeError({ limit: options.maxResponseBytes ?? MAX_RESPONSE_MB * MB, outOfMemory: true })));
          return;
        }
        // The worker could not run at all (e.g. its file is missing): do the request here instead.
        readHere();
      });
      // Ended without a word (after a 'messageerror', or stopped from outside).
      worker.once('exit', readHere);
    });
  }

  /**
   * A search in the search worker, its events handed on as they come. A worker that cannot start
   * (its file missing) leaves the search to this thread; one that dies says so as the reason the
   * search stopped, with how far it got.
   */
  async function* searchInWorker(appUuid: string, request: SearchRequest, call: SearchCallOptions): AsyncGenerator<SearchEvent> {
    const { signal, onPause, targetChars } = call;
    if (signal?.aborted) return;
    const job: SearchJob = { options: clientOptions, appUuid, request, targetChars };
    const inThread = async () => {
      const [{ searchHistory, SCREEN_SLICE_MS }, { scanListOf }] = await Promise.all([import('../model/search.js'), import('../model/scan.js')]);
      return searchHistory(scanListOf(client, appUuid), request, { signal, onPause, targetChars, sliceMs: SCREEN_SLICE_MS });
    };
    let worker: Worker;
    try {
      worker = new Worker(searchWorker!, { workerData: job, resourceLimits: workerResourceLimits });
    } catch {
      return yield* await inThread();
    }
    worker.unref();
    const queue: (SearchMessage | { type: 'failed'; error: Error & { code?: string } } | { type: 'ended' } | { type: 'lost' })[] = [];
    let wake: (() => void) | undefined;
    const push = (m: (typeof queue)[number]) => { queue.push(m); wake?.(); };
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
          await new Promise<void>((resolve) => { wake = resolve; });
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
          yield { type: 'open', record: withInvalidFields(m.record, m.invalid), index: m.index, total: m.total };
        } else if (m.type === 'lost' && opening) {
          // The record could not be read on this side (nested too deep): read it again here.
          yield { type: 'openSummary', summary: opening };
        } else if (m.type === 'lost') {
          // (Only an opened record can fail to cross: anything else is a bug.)
          throw new Error('a search result could not be passed on');
        } else if (m.type === 'pause') {
          onPause?.(m.why, m.ms);
        } else if (m.type === 'done') {
          return;
        } else if (m.type === 'error') {
          const error = errorFromData(m.error);
          // (Loaded here: the model is not needed by every command that makes a client.)
          const { ScanStopped } = await import('../model/scan.js');
          throw m.read === null ? error : new ScanStopped(m.read, error);
        } else if (m.type === 'failed' && !heard && m.error.code !== 'ERR_WORKER_OUT_OF_MEMORY') {
          // The worker could not run at all: search here instead.
          return yield* await inThread();
        } else {
          const why = m.type === 'failed' && m.error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ResponseTooLargeError({ limit: options.maxResponseBytes ?? MAX_RESPONSE_MB * MB, outOfMemory: true })
            : new Error('the search stopped without a word');
          const { ScanStopped } = await import('../model/scan.js');
          throw new ScanStopped(read, why);
        }
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
    }
  }

  const client: LazyClient = {
    redact: redactor(options.token),
    warm: () => { void load(); },
    async listDeployments(appUuid, page = {}, callOptions = {}) {
      if (listWorker && !real && !workerUsed) {
        workerUsed = true;
        return listInWorker({ options: clientOptions, appUuid, page }, callOptions.signal);
      }
      return (await load()).listDeployments(appUuid, page, callOptions);
    },
    async listRecords(appUuid, page, callOptions) {
      return (await load()).listRecords(appUuid, page, callOptions);
    },
    async createPublicApplication(body, callOptions) {
      return (await load()).createPublicApplication(body, callOptions);
    },
    async createDocstore(body, callOptions) {
      return (await load()).createDocstore(body, callOptions);
    },
    ...(searchWorker ? { searchHistory: searchInWorker } : {}),
  };
  return client;
}
