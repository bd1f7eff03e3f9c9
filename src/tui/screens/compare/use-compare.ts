// Finds what a comparison needs, once, when the screen opens: the newer deployment's whole record
// (a search result is only a summary), then the rows after it — the page's first, then the
// history read on from there (the whole-history scan: rate budget, 429s, faults retried) — until
// the older one is met (the marked row, or the last finished deployment of its branch, else the
// best there is: compare-find.ts `lastGoodAlike`). Esc aborts the reading.
import { useEffect } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { sameDeployment, viewOf, type DeploymentView } from '../../../model/deployment.js';
import { pairWalk } from '../../../model/compare-find.js';
import { findDeployment, refOfView } from '../../../model/follow.js';
import { ScanStopped, scanListOf } from '../../../search/scan.js';
import { walkOlder } from '../../../search/walk-older.js';
import type { Store } from '../../state/store.js';
import { describeError } from '../../errors.js';
import { goneText, noGoodText } from './lines.js';
import type { CompareAction, CompareState } from './state.js';
import type { CompareOpen, Picked } from '../../browse/marks.js';

export interface UseCompareOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly open: CompareOpen;
  readonly store: Store<CompareState, CompareAction>;
}

/** The newer of the two (the cursor's row when the other is to be found), and the older when it is known. */
function ordered(open: CompareOpen): [Picked, Picked | null] {
  const { a, b } = open;
  return b && b.index < a.index ? [b, a] : [a, b];
}

export function useCompare({ client, appUuid, open, store }: UseCompareOptions): void {
  useEffect(() => {
    const ac = new AbortController();
    const { signal } = ac;
    const send = (a: CompareAction) => {
      if (!signal.aborted) store.dispatch(a);
    };
    const list = scanListOf(client, appUuid, signal);

    /** The newer one's whole record and where it is now. */
    const whole = async (p: Picked): Promise<{ view: DeploymentView; index: number } | undefined> => {
      if (p.whole) return { view: p.view, index: p.index };
      const page = await list(p.index, 1);
      const row = page.deployments[0];
      if (row && sameDeployment(viewOf(row), p.view)) return { view: viewOf(row), index: p.index };
      const at = await findDeployment(list, refOfView(p.view));
      return at ? { view: at.view, index: at.index } : undefined;
    };

    const run = async () => {
      const [first, other] = ordered(open);
      const newer = await whole(first);
      if (!newer) return send({ type: 'failed', problem: goneText(first.view) });
      const walk = pairWalk((v) => sameDeployment(v, newer.view), other ? (v) => sameDeployment(v, other.view) : 'lastGoodAlike');
      await walkOlder(walk, {
        newer: newer.view,
        index: newer.index,
        page: open.page,
        list,
        signal,
        secondId: other?.view.id ?? null,
        onRead: (read) => send({ type: 'reading', read }),
        onPause: (why) => send({ type: 'pause', why }),
      });
      if (signal.aborted) return;
      if (!walk.done) return send({ type: 'failed', problem: other ? goneText(other.view) : noGoodText(newer.view) });
      send({ type: 'found', pair: { newer: walk.a!, older: walk.b!, between: walk.between, likeness: walk.likeness } });
    };
    run().catch((error: unknown) => {
      const why = error instanceof ScanStopped ? error.reason : error;
      send({ type: 'failed', problem: `Could not read the history: ${describeError(why, client.redact).message}` });
    });
    return () => ac.abort();
  }, [client, appUuid, open, store]);
}
