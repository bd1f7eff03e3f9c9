// A DmsClient that loads got and zod (the real client) on first use, not at start-up.
// With `listWorker`, a list request made before that happens runs in a worker thread instead:
// on a 2-core machine the TUI's first page is fetched while the main thread loads Ink.
import { Worker } from 'node:worker_threads';
import type { ClientOptions, DmsClient } from './client.js';
import { CancelledError, errorFromData, type ErrorData } from './errors.js';
import { redactor } from './redact.js';
import { withInvalidFields, type DeploymentPage } from './schemas/deployment-fields.js';
import type { ListJob } from './list-worker.js';

export interface LazyClient extends DmsClient {
  /** Starts loading the real client now (e.g. once the first frame is drawn). */
  warm(): void;
}

type WorkerAnswer =
  | { ok: true; total: number | null; deployments: Record<string, unknown>[]; invalid: Record<string, unknown>[] }
  | { ok: false; error: ErrorData };

export function createLazyClient(options: ClientOptions & { readonly listWorker?: URL }): LazyClient {
  const { listWorker, ...clientOptions } = options;
  let real: Promise<DmsClient> | undefined;
  let workerUsed = false;
  const load = () => (real ??= import('./client.js').then((m) => m.createClient(clientOptions)));

  function listInWorker(job: ListJob, signal?: AbortSignal): Promise<DeploymentPage> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(listWorker!, { workerData: job });
      worker.unref();
      const onAbort = () => { void worker.terminate(); reject(new CancelledError()); };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.once('message', (answer: WorkerAnswer) => {
        signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
        if (answer.ok) {
          resolve({ total: answer.total, deployments: answer.deployments.map((d, i) => withInvalidFields(d, answer.invalid[i])) });
        } else {
          reject(errorFromData(answer.error));
        }
      });
      // The worker could not run at all (e.g. its file is missing): do the request here instead.
      worker.once('error', () => {
        signal?.removeEventListener('abort', onAbort);
        load().then((c) => c.listDeployments(job.appUuid, job.page, { signal })).then(resolve, reject);
      });
    });
  }

  return {
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
  };
}
