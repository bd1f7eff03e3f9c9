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

export interface LazyClient extends DmsClient {
  /** Starts loading the real client now (e.g. once the first frame is drawn). */
  warm(): void;
  /** The real client, loaded. */
  ready(): Promise<DmsClient>;
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
}

export function createLazyClient(options: LazyClientOptions): LazyClient {
  const { listWorker, workerResourceLimits, ...clientOptions } = options;
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

  return {
    redact: redactor(options.token),
    warm: () => { void load(); },
    ready: () => load(),
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
  };
}
