// Worker thread entry: one list request with the real client (got + zod), so the main thread can
// load Ink meanwhile (the TUI's first page; see lazy-client.ts). Posts plain data back, or, when
// the page cannot be cloned, asks the main thread to read it itself.
import { parentPort, workerData } from 'node:worker_threads';
import { createClient, type ClientOptions, type PageRequest } from './client.js';
import { errorToData } from './errors.js';
import { invalidFieldsOf } from './schemas/deployment-page.js';
import type { DeploymentPage } from './schemas/deployment.js';

export interface ListJob {
  readonly options: ClientOptions;
  readonly appUuid: string;
  readonly page: PageRequest;
}

const job = workerData as ListJob;
let result: DeploymentPage | undefined;
try {
  result = await createClient(job.options).listDeployments(job.appUuid, job.page);
} catch (error) {
  parentPort?.postMessage({ ok: false, error: errorToData(error) });
}
if (result) {
  try {
    parentPort?.postMessage({
      ok: true,
      total: result.total,
      deployments: result.deployments,
      // Symbol keys do not survive the structured clone: send the flagged fields beside the records.
      invalid: result.deployments.map((d) => invalidFieldsOf(d)),
    });
  } catch {
    // The page cannot be cloned (a record nested too deep for the serializer): the main thread
    // reads it itself.
    parentPort?.postMessage({ ok: false, readHere: true });
  }
}
