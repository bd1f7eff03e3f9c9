// The deployments older than one, fed to a pair walk (model/compare-find.ts) until it is done: the
// rows after it on the page on screen first (no request when the pair is there), then the history
// read after those rows. What `=` (a comparison) and `D` (the log against the last green build) share.
import type { DeploymentView } from '../model/deployment.js';
import { sameDeployment } from '../model/deployment.js';
import { readPair, type PairEnd, type PairWalk } from '../model/compare-find.js';
import { SCAN_TAKE } from '../model/follow.js';
import { scanHistory, type ScanChunk, type ScanList } from './scan.js';

/** Characters a history read asks for at a time (its logs make rows large). */
const TARGET_CHARS = 1_000_000;

export interface WalkOlder {
  /** The deployment, as on screen, and where it stands in the history. */
  readonly newer: DeploymentView;
  readonly index: number;
  /** The page on screen: its rows and the index of the first. */
  readonly page: { readonly rows: readonly DeploymentView[]; readonly start: number };
  readonly list: ScanList;
  readonly signal: AbortSignal;
  /** The second one's id, when it is looked for by id (the history ends its search below it). */
  readonly secondId?: number | null;
  /** Told the rows read so far, chunk by chunk. */
  readonly onRead: (read: number) => void;
  /** Told why the read waits (a 429). */
  readonly onPause: (why: string) => void;
}

/** Feeds `walk` `newer` and what is older, until it is done or the history ends; how the read ended (undefined: the page sufficed). */
export async function walkOlder(walk: PairWalk, o: WalkOlder): Promise<PairEnd | undefined> {
  walk.feed([o.newer], o.index);
  const { rows, start } = o.page;
  const at = rows.findIndex((v) => sameDeployment(v, o.newer));
  let after = { read: o.index + 1, last: o.newer };
  if (at >= 0 && at + 1 < rows.length) {
    walk.feed(rows.slice(at + 1), start + at + 1);
    after = { read: start + rows.length, last: rows.at(-1)! };
  }
  if (walk.done) return undefined;
  const chunks = scanHistory(o.list, {
    take: SCAN_TAKE,
    targetChars: TARGET_CHARS,
    signal: o.signal,
    after: { read: after.read, last: after.last.record, total: null },
    onPause: o.onPause,
  });
  async function* told(all: AsyncGenerator<ScanChunk>): AsyncGenerator<ScanChunk> {
    for await (const chunk of all) {
      o.onRead(chunk.read);
      yield chunk;
    }
  }
  return readPair(told(chunks), walk, { a: null, b: o.secondId ?? null });
}
