// The picker's overview: the newest deployment of each application in view, asked for with
// `take=1`. A scheduler holds the queue: at most four requests in flight, every application in
// view asked again each period while the picker is active, a pause after a 429, and every
// request cancelled when the picker goes. Results are kept per uuid; an application that scrolls
// out of view keeps what it had and is not asked again until it is shown.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { DmsClient } from '../../../api/client.js';
import type { DeploymentPage } from '../../../api/schemas/deployment.js';
import { RateLimitedError, isApiError } from '../../../api/errors.js';
import { viewOf, type Phase } from '../../../model/deployment.js';
import { maskUrlPasswords } from '../../../text/secrets.js';

/** How often the applications in view are asked again (ms). */
export const OVERVIEW_PERIOD_MS = 10_000;
/** Requests in flight at most. */
export const OVERVIEW_LIMIT = 4;
/** The longest pause after a 429 (ms). */
const MAX_BACKOFF_MS = 5 * 60_000;

/** Why an application's newest deployment could not be read, in a word. */
export type OverviewProblem = 'not found' | 'no access' | 'unreachable' | 'rate limited' | 'error';

/** What the overview shows of a deployment (strings cleaned, URL passwords masked). */
export interface Newest {
  readonly phase: Phase;
  /** The status as sent (for its colour). */
  readonly status: string;
  readonly statusText: string;
  /** The commit's first line; '' when none. */
  readonly subject: string;
  /** When it was created, ms since the epoch. */
  readonly startedAt: number | null;
}

export type Overview =
  /** `newest`: null when the application has no deployments. */
  { readonly kind: 'ok'; readonly newest: Newest | null } | { readonly kind: 'failed'; readonly problem: OverviewProblem };

export function problemOf(error: unknown): OverviewProblem {
  if (!isApiError(error)) return 'error';
  switch (error.kind) {
    case 'not_found':
      return 'not found';
    case 'unauthorized':
    case 'forbidden':
      return 'no access';
    case 'network':
      return 'unreachable';
    case 'rate_limited':
      return 'rate limited';
    default:
      return 'error';
  }
}

export function newestOf(page: DeploymentPage): Newest | null {
  const record = page.deployments[0];
  if (!record) return null;
  const v = viewOf(record);
  return {
    phase: v.phase,
    status: v.status,
    statusText: v.statusText,
    subject: maskUrlPasswords(v.subject).slice(0, 200),
    startedAt: v.startedAt,
  };
}

export interface SchedulerOptions {
  /** Reads one application's newest deployment. */
  readonly fetch: (uuid: string, signal: AbortSignal) => Promise<DeploymentPage>;
  readonly limit?: number;
  readonly periodMs?: number;
}

export interface OverviewScheduler {
  /** The results so far, by uuid (a new map after each change). */
  get(): ReadonlyMap<string, Overview>;
  subscribe(listener: () => void): () => void;
  /** The applications in view: those never asked are queued now. */
  show(uuids: readonly string[]): void;
  /** Active: refreshed each period. Inactive (another screen over the picker): nothing new is asked. */
  setActive(active: boolean): void;
  /** Cancels everything; nothing is asked after. */
  close(): void;
  /** Requests in flight now. */
  inFlight(): number;
}

export function createOverviewScheduler({
  fetch,
  limit = OVERVIEW_LIMIT,
  periodMs = OVERVIEW_PERIOD_MS,
}: SchedulerOptions): OverviewScheduler {
  const results = createResults();
  const backoff = createBackoff(periodMs);
  const running = new Map<string, AbortController>();
  let queue: string[] = [];
  let wanted: readonly string[] = [];
  let active = false;
  let closed = false;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let resume: ReturnType<typeof setTimeout> | undefined;

  const enqueue = (uuid: string) => {
    if (!running.has(uuid) && !queue.includes(uuid)) queue.push(uuid);
  };

  const pump = () => {
    if (closed || !active) return;
    const wait = backoff.left();
    if (wait > 0) {
      resume ??= setTimeout(() => {
        resume = undefined;
        pump();
      }, wait);
      return;
    }
    // Only what is still in view; the rest waits until it is shown again.
    queue = queue.filter((u) => wanted.includes(u));
    while (running.size < limit && queue.length > 0) start(queue.shift()!);
  };

  const start = (uuid: string) => {
    const controller = new AbortController();
    running.set(uuid, controller);
    askNewest(fetch, uuid, controller.signal, backoff).then(
      (overview) => {
        running.delete(uuid);
        if (controller.signal.aborted || closed) return;
        results.set(uuid, overview);
        pump();
      },
      () => {},
    );
  };

  const tick = () => {
    for (const u of wanted) enqueue(u);
    pump();
  };

  return {
    get: results.get,
    subscribe: results.subscribe,
    show(uuids) {
      wanted = [...uuids];
      for (const u of wanted) if (!results.get().has(u)) enqueue(u);
      pump();
    },
    setActive(on) {
      if (closed || on === active) return;
      active = on;
      clearInterval(ticker);
      ticker = undefined;
      if (!on) return;
      ticker = setInterval(tick, periodMs);
      pump();
    },
    close() {
      closed = true;
      clearInterval(ticker);
      clearTimeout(resume);
      for (const c of running.values()) c.abort();
      running.clear();
      queue = [];
      results.close();
    },
    inFlight: () => running.size,
  };
}

/** The results by uuid, and who listens to them: a new map after each change. */
function createResults() {
  let results: ReadonlyMap<string, Overview> = new Map();
  const listeners = new Set<() => void>();
  return {
    get: () => results,
    set(uuid: string, overview: Overview) {
      const next = new Map(results);
      next.set(uuid, overview);
      results = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Nobody is told of a change after. */
    close: () => listeners.clear(),
  };
}

/**
 * The pause after a 429: nothing is sent before it ends. Each 429 in a row doubles it (from one
 * period, at least the server's Retry-After, at most MAX_BACKOFF_MS); an answer starts the count again.
 */
function createBackoff(periodMs: number) {
  let pausedUntil = 0;
  let limitedInARow = 0;
  return {
    /** How long until the pause ends (ms); 0 or less: none. */
    left: () => pausedUntil - Date.now(),
    answered() {
      limitedInARow = 0;
    },
    limited(error: RateLimitedError) {
      limitedInARow += 1;
      const pause = Math.min(MAX_BACKOFF_MS, Math.max((error.retryAfterSeconds ?? 0) * 1000, periodMs * 2 ** (limitedInARow - 1)));
      pausedUntil = Math.max(pausedUntil, Date.now() + pause);
    },
  };
}

type Backoff = ReturnType<typeof createBackoff>;

/** One application's newest deployment as an overview; a failure says why in a word, and a 429 pauses the queue. */
function askNewest(fetch: SchedulerOptions['fetch'], uuid: string, signal: AbortSignal, backoff: Backoff): Promise<Overview> {
  return fetch(uuid, signal).then(
    (page) => {
      backoff.answered();
      return { kind: 'ok', newest: newestOf(page) } as const;
    },
    (error: unknown) => {
      if (error instanceof RateLimitedError) backoff.limited(error);
      return { kind: 'failed', problem: problemOf(error) } as const;
    },
  );
}

export interface OverviewOptions {
  /** Asked and refreshed only while active (the picker shown, no help over it). */
  readonly active: boolean;
  readonly periodMs?: number;
}

/** The newest deployment of each application in `uuids` (those in view), by uuid. */
export function useOverview(
  client: DmsClient,
  uuids: readonly string[],
  { active, periodMs }: OverviewOptions,
): ReadonlyMap<string, Overview> {
  // One scheduler per picker (a context switch makes a new picker, with its client).
  const [scheduler] = useState(() =>
    createOverviewScheduler({
      fetch: (uuid, signal) => client.listDeployments(uuid, { skip: 0, take: 1 }, { signal }),
      periodMs,
    }),
  );
  useEffect(() => () => scheduler.close(), [scheduler]);
  useEffect(() => scheduler.setActive(active), [scheduler, active]);
  const key = uuids.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the list.
  useEffect(() => scheduler.show(uuids), [scheduler, key]);
  return useSyncExternalStore(scheduler.subscribe, scheduler.get, scheduler.get);
}
