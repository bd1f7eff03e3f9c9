// The pages of an application seen in an earlier run (the cache on disk, src/cache/): read to draw
// the page as last seen in the first frame, written after each fresh page is on screen (after the
// frame, with the reasons of its failed rows read then, since the copy keeps no logs).
import { useEffect, useMemo } from 'react';
import type { DeploymentPage } from '../../api/schemas/deployment.js';
import { reasonOf, type Reason } from '../../model/reason.js';
import { firstApplicationName, viewOf } from '../../model/deployment.js';
import type { PageCache } from '../../cache/store.js';
import type { LogEntry } from '../../model/log.js';

/** An entry as the service sends it (model/log.ts entryOf reads it back the same). */
function rawEntry(e: LogEntry): Record<string, unknown> {
  return {
    command: e.command,
    output: e.output,
    type: e.stderr ? 'stderr' : 'stdout',
    hidden: e.hidden,
    timestamp: e.timestamp,
    batch: e.batch,
    order: e.order,
  };
}
import type { Later } from '../hooks/use-later-writes.js';
import type { PagingState, SeenPage } from './paging.js';
import type { SeenSource } from './requests.js';

/** Pages seen, read and written for one application of one server; and the logs opened. */
export interface SeenStore extends SeenSource {
  write(skip: number, take: number, seen: SeenPage): void;
  /** The log of a deployment as kept when it was opened (its end, masked), as a `logs` field reads. */
  readLog(deploymentUuid: string): string | undefined;
  writeLog(deploymentUuid: string, entries: readonly LogEntry[]): void;
}

/** The page on screen as it is kept: its records, its count, the reasons of its failed and cancelled rows. */
export function seenOf(paging: PagingState, redact: (text: string) => string): SeenPage | undefined {
  if (paging.asOf !== null || !paging.shown || paging.updatedAt === null || !paging.everLoaded) return undefined;
  const page: DeploymentPage = { deployments: paging.rows.map((r) => r.record), total: paging.total };
  const reasons: Record<string, Reason> = {};
  paging.rows.forEach((row, i) => {
    if (row.phase !== 'failed' && row.phase !== 'cancelled') return;
    const reason = reasonOf(row.record, { redact });
    if (reason.kind === 'reason') reasons[paging.keys[i]!] = reason;
  });
  return { page, at: paging.updatedAt, reasons };
}

/** Keeps each fresh page shown, after the frame. */
export function useSeenWrite(paging: PagingState, store: SeenStore | undefined, later: Later, redact: (text: string) => string): void {
  const { updatedAt, asOf, shown } = paging;
  useEffect(() => {
    if (!store || !shown || asOf !== null || updatedAt === null) return;
    later(() => {
      const seen = seenOf(paging, redact);
      if (seen) store.write(shown.skip, shown.take, seen);
    });
    // Once a fresh page: its rows, not each cursor move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, updatedAt, asOf, shown, later, redact]);
}

/** The pages of the application browsed in the page cache (none: no cache, no server key, no application). */
export function useCachedPages(
  cache: PageCache | undefined,
  server: string | undefined,
  appUuid: string | null,
  appName?: string,
): SeenStore | undefined {
  return useMemo(
    () => (cache && server && appUuid !== null ? cachedPages(cache, server, appUuid, appName) : undefined),
    [cache, server, appUuid, appName],
  );
}

/**
 * One application's pages in the page cache. A larger page kept with the same first row stands in
 * for the one wanted (the terminal was taller): cut to the size wanted. A smaller one does not: it
 * would read as a page the server sent short.
 */
export function cachedPages(cache: PageCache, server: string, appUuid: string, appName?: string): SeenStore {
  return {
    read(skip, take) {
      const exact = cache.readPage(server, appUuid, skip, take);
      const kept = exact ?? cache.readPages(server, appUuid)?.pages.find((p) => p.skip === skip && p.take >= take);
      if (!kept) return undefined;
      const rows = kept.rows.slice(0, take);
      return { page: { deployments: [...rows], total: kept.total }, at: kept.readAt, reasons: kept.reasons };
    },
    readLog(deploymentUuid) {
      const kept = cache.readLog(server, appUuid, deploymentUuid);
      return kept ? JSON.stringify(kept.entries.map(rawEntry)) : undefined;
    },
    writeLog(deploymentUuid, entries) {
      cache.writeLog(server, appUuid, deploymentUuid, entries);
    },
    write(skip, take, seen) {
      const named = firstApplicationName(seen.page.deployments.map(viewOf)) ?? appName;
      cache.writePage(server, appUuid, named, {
        skip,
        take,
        total: seen.page.total,
        readAt: seen.at,
        rows: seen.page.deployments,
        reasons: seen.reasons,
      });
    },
  };
}
