// The whole-history search with a query that says since: reads the history newest first and stops
// at the first deployment older than it (as dms deployments --all --since does), saying so; a
// query without since: reads it all.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { searchHistory, type SearchEvent } from '../../src/search/search.js';
import type { ScanList } from '../../src/search/scan.js';
import { progressText } from '../../src/tui/screens/deployments/lines.js';
import { searchReducer, startSearch } from '../../src/tui/browse/search.js';

const HOUR = 3_600_000;
const NOW = Date.now();
/** 300 deployments an hour apart, newest first; every third failed. */
const rows: Deployment[] = Array.from({ length: 300 }, (_, i) => ({
  id: 300 - i,
  status: i % 3 === 0 ? 'failed' : 'finished',
  created_at: new Date(NOW - (i + 1) * HOUR).toISOString(),
  finished_at: new Date(NOW - (i + 1) * HOUR + 60_000).toISOString(),
}));

function lister(): { list: ScanList; asked: number[] } {
  const asked: number[] = [];
  const list: ScanList = async (skip, take) => {
    asked.push(skip);
    return { deployments: rows.slice(skip, skip + take), total: rows.length };
  };
  return { list, asked };
}

async function collect(text: string) {
  const { list, asked } = lister();
  const events: SearchEvent[] = [];
  for await (const e of searchHistory(list, { kind: 'search', text, status: 'all' }, { targetChars: 2_000 })) events.push(e);
  const progress = events.filter((e) => e.type === 'progress');
  return { found: progress.flatMap((e) => e.found), last: progress.at(-1)!, asked };
}

describe('a search with since:', () => {
  it('stops at the first deployment older than since:, with every match before it', async () => {
    const { found, last, asked } = await collect('status:failed since:2d');
    // 2 days = 48 hours: the 47 newest started after it (the 48th exactly at it, within a few ms of the test's clock).
    expect(last.before).toBe(true);
    expect(last.read).toBeGreaterThanOrEqual(47);
    expect(last.read).toBeLessThanOrEqual(48);
    expect(found.map((s) => s.id)).toEqual(
      rows
        .slice(0, last.read)
        .filter((r) => r.status === 'failed')
        .map((r) => r.id),
    );
    expect(Math.max(...asked)).toBeLessThan(100);
  });

  it('without since: reads everything', async () => {
    const { found, last } = await collect('status:failed');
    expect(last.before).toBeUndefined();
    expect(last.read).toBe(300);
    expect(found).toHaveLength(100);
  });

  it('the line says the reading stopped at since:', () => {
    let s = startSearch('search', 'since:2d', 'all', 1);
    s = searchReducer(s, { type: 'searchChunk', seq: 1, found: [], read: 47, total: 300, gaps: false, before: true }, 10)!;
    s = searchReducer(s, { type: 'searchDone', seq: 1 }, 10)!;
    expect(progressText(s)).toBe('searched the newest 47 (the older ones start before since:)');
  });
});
