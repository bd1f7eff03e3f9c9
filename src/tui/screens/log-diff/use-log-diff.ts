// Finds what the log diff needs, once, when the screen opens: the rows after the failed deployment
// — the page's first, then the history read on from there (the whole-history scan: rate budget,
// 429s, faults retried) — until its last green build is met (model/last-green.ts); then both logs
// in steps, masked, and compared. A failed deployment whose row has no log is said at once. Esc
// aborts the reading.
import { useEffect } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { sameDeployment, viewOf } from '../../../model/deployment.js';
import { readPair } from '../../../model/compare-find.js';
import { SCAN_TAKE } from '../../../model/follow.js';
import { greenWalk, partsOf } from '../../../model/last-green.js';
import { logDiff } from '../../../model/log-diff.js';
import { hasLogField } from '../../../model/log.js';
import { ScanStopped, scanHistory, scanListOf, type ScanChunk } from '../../../search/scan.js';
import type { Store } from '../../state/store.js';
import type { LogDiffOpen } from '../../browse/state.js';
import { describeError } from '../../errors.js';
import { NOT_KEPT, noGreenText } from './lines.js';
import type { LogDiffAction, LogDiffState } from './state.js';

/** Lets the timers and the keys have a turn. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What one answer should weigh: rows carry whole logs. */
const TARGET_CHARS = 1_000_000;

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

    async function* progress(chunks: AsyncGenerator<ScanChunk>): AsyncGenerator<ScanChunk> {
      for await (const chunk of chunks) {
        send({ type: 'reading', read: chunk.read });
        yield chunk;
      }
    }

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
      walk.feed([newer], open.index);
      const { rows, start } = open.page;
      const at = rows.findIndex((v) => sameDeployment(v, newer));
      let after = { read: open.index + 1, last: newer };
      if (at >= 0 && at + 1 < rows.length) {
        walk.feed(rows.slice(at + 1), start + at + 1);
        after = { read: start + rows.length, last: rows.at(-1)! };
      }
      if (!walk.done) {
        const list = scanListOf(client, appUuid, signal);
        const chunks = scanHistory(list, {
          take: SCAN_TAKE,
          targetChars: TARGET_CHARS,
          signal,
          after: { read: after.read, last: after.last.record, total: null },
          onPause: (why) => send({ type: 'pause', why }),
        });
        await readPair(progress(chunks), walk, { a: null, b: null });
      }
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
