// The picker's overview: the newest deployment of each application in view, asked for with
// `take=1`. A scheduler holds the queue: at most four requests in flight, every application in
// view asked again each period while the picker is active, a pause after a 429, and every
// request cancelled when the picker goes. Results are kept per uuid; an application that scrolls
// out of view keeps what it had and is not asked again until it is shown.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { DmsClient } from '../../../api/client.js';
import type { DeploymentPage } from '../../../api/schemas/deployment.js';
import { createPageScheduler, type PageScheduler } from '../../page-scheduler.js';
import { viewOf, type Phase } from '../../../model/deployment.js';
import { boardProblem, type PageProblem } from '../../../model/board.js';
import { maskUrlPasswords } from '../../../text/secrets.js';

/** How often the applications in view are asked again (ms). */
export const OVERVIEW_PERIOD_MS = 10_000;
/** Requests in flight at most. */
export const OVERVIEW_LIMIT = 4;

/** Why an application's newest deployment could not be read, in a word. */
export type OverviewProblem = PageProblem;

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

/** Why an application's page could not be read (the board's word for it). */
export const problemOf = boardProblem;

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

export type OverviewScheduler = PageScheduler<Overview>;

/** The page scheduler (page-scheduler.ts) reading each application's newest deployment as an overview. */
export function createOverviewScheduler({
  fetch,
  limit = OVERVIEW_LIMIT,
  periodMs = OVERVIEW_PERIOD_MS,
}: SchedulerOptions): OverviewScheduler {
  return createPageScheduler<Overview>({
    fetch,
    limit,
    periodMs,
    read: (page) => ({ kind: 'ok', newest: newestOf(page) }),
    fail: (error) => ({ kind: 'failed', problem: problemOf(error) }),
  });
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
