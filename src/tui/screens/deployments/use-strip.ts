// The strip at a glance: the newest deployments beyond the first page, read in the background
// after the first frame (never before it), up to STRIP_ROWS; the first page's rows stay its head,
// so a refresh of page 1 moves the strip on without asking again.
import { useEffect, useMemo, useState } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { keyOf } from '../../../model/deployment.js';
import { summaryOf, type Summary } from '../../../model/history.js';
import { scanHistory, scanListOf } from '../../../search/scan.js';
import type { PagingState } from '../../browse/paging.js';

/** Deployments the strip reads back: its figures are over these ("last 200"). */
export const STRIP_ROWS = 200;

export interface Strip {
  /** Newest first. */
  readonly views: readonly Summary[];
  /** The whole history is shorter than STRIP_ROWS: these are all of it (never fewer than the server counts). */
  readonly complete: boolean;
  /** Still reading. */
  readonly loading: boolean;
}

export interface StripOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly paging: PagingState;
  /** Rows to read (0: no strip). */
  readonly rows?: number;
}

interface Older {
  readonly views: Summary[];
  readonly complete: boolean;
  readonly loading: boolean;
}

/**
 * Reads the deployments older than the first page (`head`), up to `rows` in all, telling `onUpdate`
 * as they arrive; returns what stops it. Nothing older to read (the first page is empty or the
 * last): said at once. It is all of the history unless the server's count says there is more.
 */
function readOlder(
  client: DmsClient,
  appUuid: string,
  head: readonly Summary[],
  paging: PagingState,
  rows: number,
  onUpdate: (older: Older) => void,
): () => void {
  const known = head.length;
  if (known === 0 || paging.atEnd) {
    onUpdate({ views: [], complete: paging.total === null || known >= paging.total, loading: false });
    return () => {};
  }
  const ac = new AbortController();
  onUpdate({ views: [], complete: false, loading: true });
  void (async () => {
    const views: Summary[] = [];
    let complete = true;
    try {
      for await (const chunk of scanHistory(scanListOf(client, appUuid), {
        signal: ac.signal,
        take: 40,
        maxTake: 200,
        after: { read: known, last: head[known - 1]!.record, total: paging.total },
      })) {
        const start = chunk.read - chunk.rows.length;
        chunk.rows.forEach((r, i) => views.push(summaryOf(r, start + i)));
        if (known + views.length >= rows) {
          complete = false;
          break;
        }
        onUpdate({ views: [...views], complete: false, loading: true });
      }
    } catch {
      complete = false; // what was read still counts
    }
    if (!ac.signal.aborted) onUpdate({ views: views.slice(0, Math.max(0, rows - known)), complete, loading: false });
  })();
  return () => ac.abort();
}

export function useStrip({ client, appUuid, paging, rows = STRIP_ROWS }: StripOptions): Strip | null {
  const [older, setOlder] = useState<Older | null>(null);
  const firstPage = paging.shown?.skip === 0 ? paging.rows : null;
  // The first page as last seen: the head of the strip (kept while another page is shown).
  const [lastFirst, setLastFirst] = useState(firstPage);
  if (firstPage !== null && firstPage !== lastFirst) setLastFirst(firstPage);
  const head = useMemo(() => lastFirst?.map((v, i) => ({ ...v, index: i })) ?? null, [lastFirst]);

  const started = head !== null;
  useEffect(() => {
    if (!started || rows <= 0 || !head) return undefined;
    return readOlder(client, appUuid, head, paging, rows, setOlder);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per screen, after the first page: refreshes move the head, not the tail.
  }, [started, rows, client, appUuid]);

  return useMemo(() => {
    // An empty first page of a history the server counts: nothing to draw (the screen says why), never "all 0".
    if (rows <= 0 || !head || (head.length === 0 && (paging.total ?? 0) > 0)) return null;
    const keys = new Set(head.map((v, i) => keyOf(v, i)));
    const tail = (older?.views ?? []).filter((v) => !keys.has(keyOf(v, v.index)));
    const views = [...head, ...tail].slice(0, rows);
    // "all" only of as many as the server counts: a reading that ended short of its count is the "last" of them.
    const complete = (older?.complete ?? false) && (paging.total === null || views.length >= paging.total);
    return { views, complete, loading: older?.loading ?? true };
  }, [head, older, rows, paging.total]);
}
