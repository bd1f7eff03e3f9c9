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
  /** The page cache has this application's page: the first frame draws it without waiting for this one. */
  readonly seen?: boolean;
  /** Tells `told` the bytes of the answer read so far, now and as more arrive. */
  readonly watch?: (told: (bytes: number) => void) => void;
}

/** The first page as asked for: with what the UI's loading waits for. */
export interface AskedPage extends Prefetch {
  /** Settles once the request is written out to the server, once the page settles, or after SENT_WAIT_MS. */
  readonly onWire: Promise<void>;
}

/**
 * The most the UI's loading waits for the request to leave. Ink loads in one synchronous run of
 * ~40 ms: started before the request is out, it holds back the connection's next step (the
 * connect, the write) until it ends, and the server starts on the page that much later (measured
 * on the demo's page with logs: the request left 27 ms after it was asked, just after Ink). Waiting
 * for the write costs nothing on a link whose round trip is longer than Ink's loading: the answer
 * cannot come sooner. The bound keeps a server that is slow to accept from holding the screen back.
 */
const SENT_WAIT_MS = 300;

/** `rows`: the terminal's height, when known; `waitMs`: onWire's bound. */
export function askFirstPage(
  client: DmsClient,
  configDir: string | undefined,
  appUuid: string,
  rows?: number,
  waitMs = SENT_WAIT_MS,
): AskedPage {
  const controller = new AbortController();
  // The page size last chosen for this application (+/-), else the rows that fit: as the screen will ask.
  const chosen = loadPageSize(configDir, appUuid);
  const take = chosen !== undefined ? clampTake(chosen) : rows ? fittingTake(rows) : TAKE_DEFAULT;
  let sent!: () => void;
  const written = new Promise<void>((resolve) => {
    sent = resolve;
  });
  let read = 0;
  let told: ((bytes: number) => void) | undefined;
  const onProgress = (bytes: number) => {
    read = bytes;
    told?.(bytes);
  };
  const watch = (to: (bytes: number) => void) => {
    told = to;
    if (read > 0) to(read);
  };
  const page = client.listDeployments(appUuid, { skip: 0, take }, { signal: controller.signal, onSent: () => sent(), onProgress });
  page.catch(() => {}); // handled where it is used; never an unhandled rejection
  let timer: NodeJS.Timeout | undefined;
  const onWire = Promise.race([
    written,
    page.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return { appUuid, skip: 0, take, fitted: chosen === undefined && Boolean(rows), page, onWire, watch, abort: () => controller.abort() };
}
