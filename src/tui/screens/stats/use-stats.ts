// Reads the whole history for the stats view with the whole-history scan (rate budget, 429s,
// faults retried where it stopped), adding each deployment to the figures as it arrives and
// handing the screen a snapshot at most every SNAPSHOT_MS (and at the end). Esc (the store's
// `stop`) or leaving the view stops the reading; what was read stays.
import { useEffect } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { viewOf } from '../../../model/deployment.js';
import { ScanStopped, scanHistory, scanListOf } from '../../../search/scan.js';
import { createStats, statsOf } from '../../../model/stats.js';
import { describeError } from '../../errors.js';
import { formatSeconds } from '../../../api/limits.js';
import { clean } from '../../../text/sanitize.js';
import type { Store } from '../../state/store.js';
import type { StatsAction, StatsState } from './state.js';

/** Least time between two snapshots of the figures while rows arrive. */
const SNAPSHOT_MS = 250;
/** What one answer should weigh: small, so the screen's thread is never held long by one page. */
const TARGET_CHARS = 1_000_000;

export interface UseStatsOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly store: Store<StatsState, StatsAction>;
  /** The clock the window ends at (tests fix it). */
  readonly now?: () => number;
}

export function useStats({ client, appUuid, store, now = Date.now }: UseStatsOptions): void {
  useEffect(() => {
    const ac = new AbortController();
    const stopWatch = store.watch((before, after) => {
      if (before.scanning && !after.scanning) ac.abort();
    });
    const acc = createStats();
    void (async () => {
      let shown = 0;
      try {
        const onPause = (why: string, ms: number) =>
          store.dispatch({ type: 'wait', why: `waiting ${formatSeconds(ms)}: ${clean(why).slice(0, 120)}` });
        for await (const chunk of scanHistory(scanListOf(client, appUuid), { signal: ac.signal, onPause, targetChars: TARGET_CHARS })) {
          if (ac.signal.aborted) break;
          for (const record of chunk.rows) acc.add(viewOf(record));
          if (now() - shown >= SNAPSHOT_MS) {
            shown = now();
            store.dispatch({ type: 'rows', read: chunk.read, total: chunk.total, stats: statsOf(acc, {}, now()), gaps: chunk.gaps });
          } else {
            store.dispatch({
              type: 'rows',
              read: chunk.read,
              total: chunk.total,
              stats: store.get().stats ?? statsOf(acc, {}, now()),
              gaps: chunk.gaps,
            });
          }
        }
        if (!ac.signal.aborted) store.dispatch({ type: 'done', stats: statsOf(acc, {}, now()) });
      } catch (error) {
        if (ac.signal.aborted) return;
        const reason = error instanceof ScanStopped ? error.reason : error;
        store.dispatch({
          type: 'done',
          stats: acc.count > 0 ? statsOf(acc, {}, now()) : null,
          failed: describeError(reason, client.redact).message,
        });
      } finally {
        // Stopped by Esc: the figures of everything read, not the last snapshot's.
        if (ac.signal.aborted && acc.count > 0) store.dispatch({ type: 'final', stats: statsOf(acc, {}, now()) });
      }
    })();
    return () => {
      stopWatch();
      ac.abort();
    };
  }, [client, appUuid, store, now]);
}
