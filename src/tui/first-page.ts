// The first page of `dms browse APP`, asked for as soon as the connection is known: before the
// UI's modules load, so the request is on the wire while they compile (the first frame waits
// for it). Small on purpose: the CLI imports it for every command.
import type { DmsClient } from '../api/client.js';
import { loadPageSize } from '../config/page-sizes.js';
import type { DeploymentPage } from '../api/schemas/deployment.js';
import { TAKE_DEFAULT, clampTake, fittingTake } from './take.js';

/** The first page, requested before Ink was loaded (cli.ts, as soon as the connection is known). */
export interface Prefetch {
  readonly appUuid: string;
  readonly skip: number;
  readonly take: number;
  /** `take` is the rows that fit the terminal (no size was chosen for the application). */
  readonly fitted: boolean;
  readonly page: Promise<DeploymentPage>;
  /** The answer, when it came before the UI was drawn. */
  readonly result?: DeploymentPage;
  readonly abort: () => void;
}

/** `rows`: the terminal's height, when known. */
export function askFirstPage(client: DmsClient, configDir: string | undefined, appUuid: string, rows?: number): Prefetch {
  const controller = new AbortController();
  // The page size last chosen for this application (+/-), else the rows that fit: as the screen will ask.
  const chosen = loadPageSize(configDir, appUuid);
  const take = chosen !== undefined ? clampTake(chosen) : rows ? fittingTake(rows) : TAKE_DEFAULT;
  const page = client.listDeployments(appUuid, { skip: 0, take }, { signal: controller.signal });
  page.catch(() => {}); // handled where it is used; never an unhandled rejection
  return { appUuid, skip: 0, take, fitted: chosen === undefined && Boolean(rows), page, abort: () => controller.abort() };
}
