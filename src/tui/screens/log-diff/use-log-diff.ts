// Finds what the log diff needs, once, when the screen opens: the rows after the failed deployment
// — the page's first, then the history read on from there (the whole-history scan: rate budget,
// 429s, faults retried) — until its last green build is met (model/last-green.ts); then both logs
// in steps, masked, and compared. A failed deployment whose row has no log is said at once. Esc
// aborts the reading.
import { useEffect } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { sameDeployment, viewOf } from '../../../model/deployment.js';
import { greenWalk, partsOf } from '../../../model/last-green.js';
import { logDiff } from '../../../model/log-diff.js';
import { hasLogField } from '../../../model/log.js';
import { ScanStopped, scanListOf } from '../../../search/scan.js';
import { walkOlder } from '../../../search/walk-older.js';
import type { Store } from '../../state/store.js';
import type { LogDiffOpen } from '../../browse/state.js';
import { describeError } from '../../errors.js';
import { NOT_KEPT, noGreenText } from './lines.js';
import type { LogDiffAction, LogDiffState } from './state.js';

/** Lets the timers and the keys have a turn. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

export interface UseLogDiffOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly open: LogDiffOpen;
  /** The page is as seen before: its rows keep no logs, which is said so. */
  readonly stale: boolean;
  readonly store: Store<LogDiffState, LogDiffAction>;
}

export function useLogDiff({ client, appUuid, open, stale, store }: UseLogDiffOptions): void {
  useEffect(() => {
    const ac = new AbortController();
    const { signal } = ac;
    const send = (a: LogDiffAction) => {
      if (!signal.aborted) store.dispatch(a);
    };

    const run = async () => {
      const newer = viewOf(open.record);
      // Reading a log of 20,000 entries into steps takes about half a second: the screen's first
      // frame first, and a turn of the timers between each heavy step (a key, Esc, is read there).
      await turn();
      if (signal.aborted) return;
      // Its own log first: without one there is nothing to look for.
      const own = partsOf(newer, client.redact);
      if ('problem' in own) return send({ type: 'failed', problem: stale && !hasLogField(open.record) ? NOT_KEPT : own.problem });
      const walk = greenWalk((v) => sameDeployment(v, newer));
      await walkOlder(walk, {
        newer,
        index: open.index,
        page: open.page,
        list: scanListOf(client, appUuid, signal),
        signal,
        onRead: (read) => send({ type: 'reading', read }),
        onPause: (why) => send({ type: 'pause', why }),
      });
      if (signal.aborted) return;
      if (!walk.done) return send({ type: 'failed', problem: noGreenText(newer) });
      const older = walk.b!;
      await turn();
      if (signal.aborted) return;
      const theirs = partsOf(older.view, client.redact);
      if ('problem' in theirs) return send({ type: 'failed', problem: theirs.problem });
      await turn();
      if (signal.aborted) return;
      send({ type: 'found', found: { older, newer: walk.a!, diff: logDiff(theirs, own) } });
    };
    run().catch((error: unknown) => {
      const why = error instanceof ScanStopped ? error.reason : error;
      send({ type: 'failed', problem: `Could not read the history: ${describeError(why, client.redact).message}` });
    });
    return () => ac.abort();
  }, [client, appUuid, open, stale, store]);
}
