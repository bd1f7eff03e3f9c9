// The failure clusters' words (src/tui/screens/clusters/lines.ts): the title, how far the reading
// got (naming the keys in force), and a cluster's line with its count and ages in columns.
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../../../src/model/clusters.js';
import { DEFAULT_KEYS } from '../../../../src/tui/keys.js';
import { clusterText, emptyText, progressText, titleText } from '../../../../src/tui/screens/clusters/lines.js';
import { initialClusters } from '../../../../src/tui/screens/clusters/state.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const cluster = (count: number, first: number, last: number, reason: string): Cluster<never> => ({
  reason,
  kind: 'reason',
  count,
  first,
  last,
  example: reason,
  members: [],
});

describe('the failure clusters’ words', () => {
  it('a cluster: ×count and (last …, first …) in columns, then the reason (cleaned)', () => {
    const a = clusterText(cluster(7, NOW - 12 * DAY, NOW - DAY, "Module not found: Can't resolve '@/lib/analytics'"), NOW, 2);
    const b = clusterText(cluster(12, NOW - 3 * DAY, NOW - 3 * DAY, 'bad \u001b[31mred\u001b[0m'), NOW, 2);
    expect(a).toMatch(/^×7 {2}\(last 1d, first 12d\) +Module not found: Can't resolve '@\/lib\/analytics'$/);
    expect(b).toMatch(/^×12 \(3d\) +bad red$/);
    expect(a.indexOf('Module')).toBe(b.indexOf('bad'));
  });

  it('the title and the progress line: reading, stopped with Esc, done', () => {
    const s = { ...initialClusters(5), read: 2300, total: 50_000, failed: 140 };
    expect(titleText(s, 'shop-frontend')).toBe('Failure clusters · shop-frontend · 140 failed in the last 30 days');
    expect(progressText(s, DEFAULT_KEYS)).toBe('reading 2,300 of 50,000 — Esc stops (the clusters so far stay)');
    expect(progressText({ ...s, scanning: false, stoppedByUser: true }, DEFAULT_KEYS)).toBe(
      'stopped at 2,300 of 50,000 — the clusters are of the newest 2,300',
    );
    expect(progressText({ ...s, scanning: false }, DEFAULT_KEYS)).toBe(
      "read the last 30 days (2,300 deployments) · Enter lists a cluster's deployments",
    );
    expect(emptyText({ ...s, scanning: false })).toBe('No failed deployment in the last 30 days.');
  });
});
