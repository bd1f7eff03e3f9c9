// Reads the last WINDOW_DAYS of the history for the failure clusters with the whole-history scan
// (rate budget, 429s, faults retried where it stopped), newest first, stopping at the first older
// deployment: each failed row's reason (from the end of its log) goes into its cluster with the
// row's summary (what the list shows of it and opens it by). The screen gets a snapshot at most
// every SNAPSHOT_MS and at the end. Esc (the store's `stop`) or leaving the view stops the reading.
import { useEffect } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { createClusters } from '../../../model/clusters.js';
import { summaryOf, type Summary } from '../../../model/history.js';
import { reasonOf } from '../../../model/reason.js';
import { ScanStopped, scanHistory, scanListOf } from '../../../search/scan.js';
import { formatSeconds } from '../../../api/limits.js';
import { clean } from '../../../text/sanitize.js';
import { describeError } from '../../errors.js';
import type { Store } from '../../state/store.js';
import { WINDOW_DAYS } from './lines.js';
import type { ClustersAction, ClustersState } from './state.js';

const SNAPSHOT_MS = 250;
/** What one answer should weigh: small, so the screen's thread is never held long by one page. */
const TARGET_CHARS = 1_000_000;
const DAY = 86_400_000;

export interface UseClustersOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly store: Store<ClustersState, ClustersAction>;
  readonly now?: () => number;
}

export function useClusters({ client, appUuid, store, now = Date.now }: UseClustersOptions): void {
  useEffect(() => {
    const ac = new AbortController();
    const stopWatch = store.watch((before, after) => {
      if (before.scanning && !after.scanning) ac.abort();
    });
    const acc = createClusters<Summary>();
    const since = now() - WINDOW_DAYS * DAY;
    const snapshot = () => ({ failed: acc.failed, clusters: acc.clusters() });
    void (async () => {
      let shown = 0;
      let read = 0;
      try {
        const onPause = (why: string, ms: number) =>
          store.dispatch({ type: 'wait', why: `waiting ${formatSeconds(ms)}: ${clean(why).slice(0, 120)}` });
        for await (const chunk of scanHistory(scanListOf(client, appUuid), { signal: ac.signal, onPause, targetChars: TARGET_CHARS })) {
          if (ac.signal.aborted) break;
          let done = false;
          const from = chunk.read - chunk.rows.length;
          for (const [i, record] of chunk.rows.entries()) {
            const summary = summaryOf(record, from + i);
            // Newest first: nothing from here on was created in the window.
            if (summary.startedAt !== null && summary.startedAt < since) {
              done = true;
              break;
            }
            read = from + i + 1;
            if (summary.phase === 'failed') acc.add(summary, reasonOf(record, { redact: client.redact }), summary);
          }
          if (done || now() - shown >= SNAPSHOT_MS) {
            shown = now();
            store.dispatch({ type: 'rows', read, total: chunk.total, gaps: chunk.gaps, ...snapshot() });
          }
          if (done) break;
        }
        if (!ac.signal.aborted) store.dispatch({ type: 'done', ...snapshot() });
      } catch (error) {
        if (ac.signal.aborted) return;
        const reason = error instanceof ScanStopped ? error.reason : error;
        store.dispatch({ type: 'done', ...snapshot(), error: describeError(reason, client.redact).message });
      } finally {
        // Stopped by Esc: the clusters of everything read, not the last snapshot's.
        if (ac.signal.aborted) store.dispatch({ type: 'final', ...snapshot() });
      }
    })();
    return () => {
      stopWatch();
      ac.abort();
    };
  }, [client, appUuid, store, now]);
}
