// The TUI's columns keep their shape: decided from every row seen (not the page), kept at a width,
// and all of them in the wide view, scrolled sideways by whole columns. Pure.
import { describe, expect, it } from 'vitest';
import { readDeploymentList, type Deployment } from '../../src/api/schemas/deployment.js';
import { viewOf } from '../../src/model/deployment.js';
import {
  NOTHING_SEEN,
  cellsOf,
  columnWindow,
  columnsSeen,
  seeColumns,
  shapeColumns,
  stableColumns,
  tableWidth,
  wideColumns,
  type Cells,
} from '../../src/model/columns.js';

const read = (raw: unknown): Deployment => readDeploymentList([raw])!.deployments[0]!;
const NOW = Date.parse('2026-08-22T16:00:00Z');
const snapshot = (i: number, extra: Record<string, unknown> = {}) => ({
  id: 100 - i,
  deployment_uuid: `dep${i}`,
  status: 'finished',
  git_commit_sha: `${i}abcdef0123456789`,
  git_branch: 'main',
  commit_message: `Change number ${i}`,
  is_webhook: true,
  created_at: '2026-08-22T15:00:00Z',
  finished_at: '2026-08-22T15:03:00Z',
  ...extra,
});
/** An old snapshot: no message, no source fields (as the demo's older pages). */
const old = (i: number) => ({
  id: 100 - i,
  status: 'finished',
  git_commit_sha: `${i}abcdef0123456789`,
  git_branch: 'main',
  created_at: '2026-08-01T15:00:00Z',
});
const cellsOfRows = (rows: unknown[]): Cells[] => rows.map((r) => cellsOf(viewOf(read(r)), NOW));
const keys = (cols: readonly { key: string }[]) => cols.map((c) => c.key);

describe('columns from every row seen', () => {
  it('a page whose rows leave subject and source empty still draws them once an earlier page filled them', () => {
    const page1 = cellsOfRows([snapshot(0), snapshot(1)]);
    const page4 = cellsOfRows([old(40), old(41)]);
    const seen = seeColumns(seeColumns(NOTHING_SEEN, page1), page4);
    expect(keys(columnsSeen(seen).columns)).toEqual(keys(columnsSeen(seeColumns(NOTHING_SEEN, page1)).columns));
    expect(keys(columnsSeen(seen).columns)).toEqual(expect.arrayContaining(['subject', 'source']));
  });

  it('is the same object when the rows add nothing (the screen renders once)', () => {
    const seen = seeColumns(NOTHING_SEEN, cellsOfRows([snapshot(0)]));
    expect(seeColumns(seen, cellsOfRows([snapshot(3)]))).toBe(seen);
  });

  it('an application value moves from the header to a column once two rows seen differ, and stays there', () => {
    const a = seeColumns(NOTHING_SEEN, cellsOfRows([snapshot(0, { server_name: 'edge-1' })]));
    expect(columnsSeen(a).header.server).toBe('edge-1');
    const b = seeColumns(a, cellsOfRows([snapshot(5, { server_name: 'edge-2' })]));
    const c = seeColumns(b, cellsOfRows([snapshot(9, { server_name: 'edge-1' })]));
    expect(keys(columnsSeen(c).columns)).toContain('server');
    expect(columnsSeen(c).header.server).toBeUndefined();
  });

  it('the record shape: a record carrying commit_message: null has a subject column (drawn —)', () => {
    const head = viewOf(read({ id: 7, status: 'finished', commit: 'HEAD', commit_message: null }));
    expect(shapeColumns(head)).toEqual(['subject']);
    const seen = seeColumns(NOTHING_SEEN, [cellsOf(head, NOW)], shapeColumns(head));
    expect(keys(columnsSeen(seen).columns)).toContain('subject');
    expect(shapeColumns(viewOf(read({ id: 7, status: 'finished' })))).toEqual([]);
  });
});

describe('columns kept at a width', () => {
  it('a wider status on a later page drops no column drawn at this width; a new width starts afresh', () => {
    const first = cellsOfRows([snapshot(0, { server_name: 'a' }), snapshot(1, { server_name: 'b' })]);
    const seen = columnsSeen(seeColumns(NOTHING_SEEN, first)).columns;
    const widths = new Map();
    // 73 cells: the columns that fit the first page, server among them.
    const one = stableColumns(seen, first, 73, widths, null);
    expect(keys(one.laid)).toContain('server');
    // A later page's status is far wider: on its own it would push server out.
    const later = cellsOfRows([snapshot(2, { status: 'cancelled-by-user-after-a-long-wait', server_name: 'a' })]);
    const grown = new Map([['status', 36]] as const);
    const alone = stableColumns(seen, later, 73, grown, null);
    expect(keys(alone.laid), JSON.stringify(alone.laid)).not.toContain('server');
    const kept = stableColumns(seen, later, 73, grown, one.drawn);
    expect(keys(kept.laid)).toEqual(keys(one.laid));
    expect(kept.drawn).toBe(one.drawn);
    expect(tableWidth(kept.laid)).toBeLessThanOrEqual(73);
    // Narrower, where keeping them all would not fit: fitted afresh, never wider than the room.
    const narrow = stableColumns(seen, first, 71, widths, null);
    expect(tableWidth(stableColumns(seen, later, 71, grown, narrow.drawn).laid)).toBeLessThanOrEqual(71);
    // Another width: decided afresh.
    expect(stableColumns(seen, later, 90, grown, one.drawn).drawn).not.toBe(one.drawn);
  });

  it('at 80 columns the demo-like snapshot rows keep status, commit, subject, started and id; source, branch, duration, server go', () => {
    const message = 'Merge pull request #212 from acme/feature/checkout-redesign';
    const cells = cellsOfRows([
      snapshot(0, { server_name: 'a', git_branch: 'feature/checkout-redesign', commit_message: message }),
      snapshot(1, { server_name: 'b', status: 'in_progress', finished_at: null }),
    ]);
    const laid = stableColumns(columnsSeen(seeColumns(NOTHING_SEEN, cells)).columns, cells, 78, new Map(), null).laid;
    expect(keys(laid)).toEqual(['status', 'commit', 'subject', 'started', 'id']);
  });
});

describe('the wide view', () => {
  const cells = cellsOfRows([snapshot(0, { server_name: 'a' }), snapshot(1, { server_name: 'b', commit_message: 'x'.repeat(80) })]);
  const all = columnsSeen(seeColumns(NOTHING_SEEN, cells)).columns;

  it('draws every column; when they fit, the subject takes the spare width and nothing scrolls', () => {
    const wide = wideColumns(all, cells, 400);
    expect(keys(wide)).toEqual(keys(all));
    expect(wide.find((c) => c.key === 'subject')!.width).toBe(80);
    expect(columnWindow(wide, 0, 400)).toMatchObject({ start: 0, maxStart: 0 });
  });

  it('scrolls by whole columns within the width, from the first to the one that shows the last', () => {
    const wide = wideColumns(all, cells, 78);
    const first = columnWindow(wide, 0, 78);
    expect(tableWidth(first.columns)).toBeLessThanOrEqual(73);
    expect(first.columns.length).toBeLessThan(wide.length);
    const last = columnWindow(wide, 99, 78);
    expect(last.start).toBe(last.maxStart);
    expect(last.columns.at(-1)!.key).toBe(wide.at(-1)!.key);
    // Every column is shown at some start.
    const shown = new Set<string>();
    for (let s = 0; s <= first.maxStart; s++) for (const c of columnWindow(wide, s, 78).columns) shown.add(c.key);
    expect([...shown].sort()).toEqual(keys(all).sort());
  });
});
