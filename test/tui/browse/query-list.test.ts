// The list's `/` as the query language and its sort (O, I), without Ink: the rows the page shows,
// the line a bad query gives (and that Enter stays on it), the header's sort mark, the cursor kept
// on its row when the order changes.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../src/api/schemas/deployment.js';
import { DEFAULT_KEYS } from '../../../src/tui/keys.js';
import { messageLine, type TableFacts } from '../../../src/tui/screens/deployments/lines.js';
import { headerRange } from '../../../src/tui/browse/page-lines.js';
import { initialPaging, pagingReducer, visibleRows, type PagingState } from '../../../src/tui/browse/paging.js';
import { browseReducer, initialBrowse, type BrowseAction, type BrowseState } from '../../../src/tui/browse/state.js';

const T = Date.UTC(2026, 10, 1);
const iso = (t: number) => new Date(t).toISOString();
/** Six rows, newest first: ids 6…1, every other failed, durations 1…6 minutes. */
const records: Deployment[] = Array.from({ length: 6 }, (_, i) => {
  const id = 6 - i;
  return {
    id,
    status: id % 2 ? 'failed' : 'finished',
    git_branch: id > 3 ? 'main' : 'dev',
    git_commit_sha: `abc${id}def0000`,
    commit_message: id === 2 ? 'Fix login' : `change ${id}`,
    created_at: iso(T + id * 3_600_000),
    finished_at: iso(T + id * 3_600_000 + id * 60_000),
  };
});

const page = (): PagingState =>
  pagingReducer(initialPaging(), { type: 'loaded', seq: initialPaging().want.seq, page: { deployments: records, total: 6 }, at: 1000 });
const browse = (...actions: BrowseAction[]): BrowseState => actions.reduce(browseReducer, initialBrowse(page()));
const typed = (text: string): BrowseAction[] => [{ type: 'filterStart' }, { type: 'filterText', text }];
const ids = (s: BrowseState) => visibleRows(s.paging).map((v) => v.id);
const facts: TableFacts = { visible: 6, offset: 0, drawn: 6, changedColumn: false };

describe('/ on the page', () => {
  it('filters with the query language as it is typed', () => {
    expect(ids(browse(...typed('status:failed branch:main')))).toEqual([5]);
    expect(ids(browse(...typed('-status:failed dur>3m')))).toEqual([6, 4]);
    expect(ids(browse(...typed('/^fix/i')))).toEqual([2]);
    expect(ids(browse(...typed('failed dev')))).toEqual([3, 1]);
  });

  it('keeps every row while the query does not read, and the line says why', () => {
    const s = browse(...typed('stauts:failed'));
    expect(ids(s)).toEqual([6, 5, 4, 3, 2, 1]);
    const line = messageLine(s, facts, DEFAULT_KEYS);
    expect(line.kind === 'edit' && line.error).toMatch(/^unknown field "stauts": the fields are status, branch/);
    expect(messageLine(browse(...typed('status:failed')), facts, DEFAULT_KEYS)).not.toHaveProperty('error');
  });

  it('Enter on a query that does not read stays on the line (no search starts)', () => {
    const bad = browse(...typed('dur:5m'), { type: 'filterSearch' });
    expect(bad.mode).toBe('filter');
    expect(bad.search).toBeNull();
    const good = browse(...typed('dur>5m'), { type: 'filterSearch' });
    expect(good.mode).toBe('list');
    expect(good.search?.text).toBe('dur>5m');
  });
});

describe('the sort keys', () => {
  it('orders the loaded rows, marks the header, and keeps the cursor on its row', () => {
    const start = browse({ type: 'cursorTo', index: 1 }); // id 5
    expect(headerRange(start)).toBe('1–6 of 6');
    const byStatus = browseReducer(start, { type: 'sort', order: { field: 'status', desc: false } });
    expect(ids(byStatus)).toEqual([5, 3, 1, 6, 4, 2]);
    expect(visibleRows(byStatus.paging)[byStatus.paging.cursor]!.id).toBe(5);
    expect(headerRange(byStatus)).toBe('1–6 of 6 · sort status ↑ (this page)');
    const byDuration = browseReducer(byStatus, { type: 'sort', order: { field: 'duration', desc: true } });
    expect(ids(byDuration)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(headerRange(byDuration)).toBe('1–6 of 6 · sort duration ↓ (this page)');
  });

  it('sorts what the filter leaves', () => {
    const s = browse(...typed('status:failed'), { type: 'sort', order: { field: 'id', desc: false } });
    expect(ids(s)).toEqual([1, 3, 5]);
  });
});
