// The failure clusters' reducer (src/tui/screens/clusters/state.ts) and what Enter on a cluster does
// to the browse state (a finished search holding its deployments, cleared by Esc), without Ink.
import { describe, expect, it } from 'vitest';
import { readDeployment } from '../../../../src/api/schemas/deployment.js';
import { createClusters, type Cluster } from '../../../../src/model/clusters.js';
import { summaryOf, type Summary } from '../../../../src/model/history.js';
import { browseReducer, initialBrowse } from '../../../../src/tui/browse/state.js';
import { initialPaging } from '../../../../src/tui/browse/paging-state.js';
import { headerRange } from '../../../../src/tui/browse/page-lines.js';
import { clustersReducer, initialClusters, type ClustersAction, type ClustersState } from '../../../../src/tui/screens/clusters/state.js';

/** `n` clusters, cluster k with k+1 failed deployments (ids 100k…). */
function clusters(n: number): Cluster<Summary>[] {
  const acc = createClusters<Summary>();
  for (let k = 0; k < n; k++)
    for (let i = 0; i <= k; i++) {
      const s = summaryOf(
        readDeployment({ id: 100 * k + i, status: 'failed', created_at: new Date(Date.UTC(2026, 10, 20 - k, i)).toISOString() }),
        i,
      );
      acc.add(
        s,
        { kind: 'reason', text: `cause number ${String.fromCharCode(97 + k)}`, at: { fromEnd: 0, line: 0 }, source: 'message' },
        s,
      );
    }
  return acc.clusters();
}
const run = (actions: ClustersAction[], from: ClustersState = initialClusters(3)) => actions.reduce(clustersReducer, from);

describe('the failure clusters state', () => {
  it('Esc stops the reading: later rows are dropped, the clusters of all that was read are kept', () => {
    const s = run([
      { type: 'rows', read: 100, total: 500, failed: 1, clusters: clusters(1), gaps: false },
      { type: 'stop' },
      { type: 'rows', read: 200, total: 500, failed: 3, clusters: clusters(2), gaps: false },
      { type: 'done', failed: 3, clusters: clusters(2) },
      { type: 'final', failed: 6, clusters: clusters(3) },
    ]);
    expect([s.scanning, s.stoppedByUser, s.read, s.failed, s.clusters.length, s.error]).toEqual([false, true, 100, 6, 3, null]);
  });

  it('the cursor stays on the clusters and on screen: j past the last, k past the first, a page of 3 scrolled', () => {
    const s = run([{ type: 'done', failed: 15, clusters: clusters(5) }]);
    const down = run(
      Array.from({ length: 7 }, () => ({ type: 'move', delta: 1 }) as const),
      s,
    );
    expect([down.cursor, down.top]).toEqual([4, 2]);
    const up = run([{ type: 'move', delta: -3 }], down);
    expect([up.cursor, up.top]).toEqual([1, 1]);
    expect(run([{ type: 'move', delta: -9 }], up).cursor).toBe(0);
    expect(run([{ type: 'move', delta: 1 }], initialClusters(3)).cursor).toBe(0);
  });
});

describe('Enter on a cluster', () => {
  it('goes back to the list showing its deployments as results, the header naming it; Esc shows the page again', () => {
    const [, second] = clusters(2);
    let b = browseReducer(initialBrowse(initialPaging()), { type: 'openClusters' });
    expect(b.mode).toBe('clusters');
    b = browseReducer(b, { type: 'showCluster', reason: second!.reason, results: second!.members });
    expect(b.mode).toBe('list');
    expect(b.search).toMatchObject({ scanning: false, cluster: 'cause number b', cursor: 0 });
    expect(b.search!.results.map((r) => r.id)).toEqual([100, 101]);
    expect(headerRange(b)).toBe('results 1–2 of 2 · failed: cause number b');
    b = browseReducer(b, { type: 'listBack' });
    expect([b.search, b.mode]).toEqual([null, 'list']);
  });

  it('does nothing unless the clusters are open', () => {
    const b = initialBrowse(initialPaging());
    expect(browseReducer(b, { type: 'showCluster', reason: 'x', results: [] })).toBe(b);
  });
});
