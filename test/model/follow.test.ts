// Finding one deployment in a newest-first history, and finding it again on each poll with as few
// rows as possible (a row may carry a multi-megabyte log). The list function is an in-memory
// history: these are pure modules, and paging over an array is exactly what they are given.
import { ResponseTooLargeError } from '../../src/api/errors.js';
import { describe, expect, it } from 'vitest';
import { readDeployment, type DeploymentPage } from '../../src/api/schemas/deployment.js';
import { viewOf } from '../../src/model/deployment.js';
import {
  SCAN_TAKE,
  findDeployment,
  newestDeployment,
  refOf,
  refOfView,
  relocate,
  type ListPage,
  type Located,
} from '../../src/model/follow.js';

type Row = Record<string, unknown>;

/** A queue row: id, deployment_uuid, status. */
const queued = (id: number, status = 'finished'): Row => ({ id, deployment_uuid: `dep${id}uuid`, status });
/** A row without an id (uuid only). */
const uuidOnly = (n: number, status = 'finished'): Row => ({ deployment_uuid: `dep${n}uuid`, status });

/** A history, newest first, that can change between calls; counts every call. */
class History {
  rows: Row[];
  calls: [skip: number, take: number][] = [];
  constructor(
    rows: Row[],
    public withTotal = true,
  ) {
    this.rows = rows;
  }
  /** Rows `first` down to `last` (ids falling), as queue rows. */
  static ids(first: number, last: number, withTotal = true): History {
    const rows: Row[] = [];
    for (let id = first; id >= last; id--) rows.push(queued(id));
    return new History(rows, withTotal);
  }
  readonly list: ListPage = async (skip, take) => {
    this.calls.push([skip, take]);
    const page: DeploymentPage = {
      deployments: this.rows.slice(skip, skip + take).map(readDeployment),
      total: this.withTotal ? this.rows.length : null,
    };
    return page;
  };
  /** Newer deployments arrive on top. */
  push(...rows: Row[]) {
    this.rows = [...rows, ...this.rows];
  }
  remove(pred: (r: Row) => boolean) {
    this.rows = this.rows.filter((r) => !pred(r));
  }
}

/** Where a row is now, as findDeployment would report it, without counting calls. */
function locatedAt(h: History, index: number): Located {
  return { view: viewOf(readDeployment(h.rows[index]!)), index, total: h.withTotal ? h.rows.length : null };
}

describe('refOf', () => {
  it.each([
    ['248', { id: 248, uuid: '' }],
    ['0248', { id: 248, uuid: '' }],
    ['999999999999999', { id: 999_999_999_999_999, uuid: '' }],
    ['k3v9x0q2m8w1z7y4t6r5p0aa', { id: null, uuid: 'k3v9x0q2m8w1z7y4t6r5p0aa' }],
    ['1234567890123456', { id: null, uuid: '1234567890123456' }],
    ['-5', { id: null, uuid: '-5' }],
    ['12a', { id: null, uuid: '12a' }],
    ['', { id: null, uuid: '' }],
  ])('%j is %j', (text, ref) => {
    expect(refOf(text)).toEqual(ref);
  });

  it('refOfView names a view by its id and uuid', () => {
    expect(refOfView(viewOf(readDeployment(queued(7))))).toEqual({ id: 7, uuid: 'dep7uuid' });
    expect(refOfView(viewOf(readDeployment({ uuid: 'snap' })))).toEqual({ id: null, uuid: 'snap' });
  });
});

describe('findDeployment', () => {
  it('finds by id on a later page, with its index and the total', async () => {
    const h = History.ids(135, 101);
    const found = await findDeployment(h.list, refOf('120'));
    expect(found).toMatchObject({ index: 15, total: 35 });
    expect(found!.view.id).toBe(120);
    expect(h.calls).toEqual([
      [0, SCAN_TAKE],
      [10, SCAN_TAKE],
    ]);
  });

  it('finds by deployment_uuid', async () => {
    const h = History.ids(135, 101, false);
    const found = await findDeployment(h.list, refOf('dep103uuid'));
    expect(found).toMatchObject({ index: 32, total: null });
    expect(h.calls).toHaveLength(4);
  });

  it('finds by the snapshot uuid of a settings-snapshot record', async () => {
    const h = new History([
      { uuid: 'snapA', status: 'finished' },
      { uuid: 'snapB', status: 'failed' },
    ]);
    const found = await findDeployment(h.list, refOf('snapB'));
    expect(found).toMatchObject({ index: 1 });
    expect(found!.view.status).toBe('failed');
  });

  it('finds by the snapshot uuid of a record that also has a deployment_uuid', async () => {
    const h = new History([
      { id: 2, deployment_uuid: 'd2', uuid: 'snap2' },
      { id: 1, deployment_uuid: 'd1', uuid: 'snap1' },
    ]);
    expect(await findDeployment(h.list, refOf('snap1'))).toMatchObject({ index: 1 });
    expect(await findDeployment(h.list, refOf('d2'))).toMatchObject({ index: 0 });
  });

  it('by id, stops at the first page whose ids are all lower', async () => {
    // 118 is missing: the page of 115–106 is all lower, so 105–101 is never read.
    const h = History.ids(135, 101);
    h.remove((r) => r.id === 118);
    expect(await findDeployment(h.list, refOf('118'))).toBeUndefined();
    expect(h.calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });

  it('by id newer than every row, stops after one page', async () => {
    const h = History.ids(135, 101);
    expect(await findDeployment(h.list, refOf('500'))).toBeUndefined();
    expect(h.calls).toHaveLength(1);
  });

  it('by id older than every row, reads to the end (a short page)', async () => {
    const h = History.ids(135, 101);
    expect(await findDeployment(h.list, refOf('7'))).toBeUndefined();
    expect(h.calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
      [30, 10],
    ]);
  });

  it('rows without ids do not stop a search by id early', async () => {
    const h = new History([queued(50), uuidOnly(1), queued(40), queued(45)]);
    expect(await findDeployment(h.list, refOf('45'), 2)).toMatchObject({ index: 3 });
  });

  it('by uuid not there, reads to the end; a full last page costs one empty read', async () => {
    const h = History.ids(130, 101);
    expect(await findDeployment(h.list, refOf('nope'))).toBeUndefined();
    expect(h.calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
      [30, 10],
    ]);
  });

  it('an empty history: not found after one read', async () => {
    const h = new History([]);
    expect(await findDeployment(h.list, refOf('5'))).toBeUndefined();
    expect(h.calls).toHaveLength(1);
  });

  it('an empty ref names nothing and reads nothing', async () => {
    const h = History.ids(135, 101);
    expect(await findDeployment(h.list, refOf(''))).toBeUndefined();
    expect(h.calls).toEqual([]);
  });

  it('takes the page size it is given', async () => {
    const h = History.ids(20, 1);
    expect(await findDeployment(h.list, refOf('15'), 3)).toMatchObject({ index: 5 });
    expect(h.calls).toEqual([
      [0, 3],
      [3, 3],
    ]);
  });
});

describe('newestDeployment', () => {
  it('is undefined for an empty history, after one read of one row', async () => {
    const h = new History([]);
    expect(await newestDeployment(h.list)).toBeUndefined();
    expect(h.calls).toEqual([[0, 1]]);
  });

  it('is the first row, at index 0, with the total', async () => {
    const h = History.ids(9, 1);
    const found = await newestDeployment(h.list);
    expect(found).toMatchObject({ index: 0, total: 9 });
    expect(found!.view.id).toBe(9);
    expect(h.calls).toEqual([[0, 1]]);
  });
});

describe('relocate', () => {
  it('an unchanged row costs exactly one read of one row, and comes back fresh', async () => {
    const h = History.ids(135, 101);
    const last = locatedAt(h, 12);
    h.rows[12] = { ...h.rows[12], status: 'in_progress' };
    const now = await relocate(h.list, last);
    expect(h.calls).toEqual([[12, 1]]);
    expect(now).toMatchObject({ index: 12, total: 35 });
    expect(now!.view.status).toBe('in_progress');
  });

  it.each([[1], [3], [12], [50]])('%i newer deployments on top, with a total: found in two reads', async (k) => {
    const h = History.ids(135, 101);
    const last = locatedAt(h, 4);
    h.push(...Array.from({ length: k }, (_, i) => queued(200 + k - i)));
    const now = await relocate(h.list, last);
    expect(now).toMatchObject({ index: 4 + k, total: 35 + k });
    expect(now!.view.id).toBe(131);
    expect(h.calls).toEqual([
      [4, 1],
      [4 + k, 1],
    ]);
  });

  it.each([
    [1, 2],
    [2, 3],
    [3, 4],
  ])('%i newer deployments on top, no total: the ids lead it down in %i reads', async (k, reads) => {
    const h = History.ids(135, 101, false);
    const last = locatedAt(h, 4);
    h.push(...Array.from({ length: k }, (_, i) => queued(200 + k - i)));
    const now = await relocate(h.list, last);
    expect(now).toMatchObject({ index: 4 + k, total: null });
    expect(h.calls).toHaveLength(reads);
    expect(h.calls.every(([, take]) => take === 1)).toBe(true);
  });

  it('more newer deployments than the single reads reach, no total: found in the window around it', async () => {
    const h = History.ids(135, 101, false);
    const last = locatedAt(h, 4);
    h.push(...Array.from({ length: 5 }, (_, i) => queued(300 - i)));
    const now = await relocate(h.list, last);
    expect(now).toMatchObject({ index: 9 });
    expect(h.calls).toEqual([
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 1],
      [2, SCAN_TAKE],
    ]);
  });

  it('far more newer deployments, no total: four single reads, one window, then the history by id from the top', async () => {
    const h = History.ids(135, 101, false);
    const last = locatedAt(h, 4);
    h.push(...Array.from({ length: 20 }, (_, i) => queued(300 - i)));
    expect(await relocate(h.list, last)).toMatchObject({ index: 24 });
    expect(h.calls.slice(0, 5).map(([, take]) => take)).toEqual([1, 1, 1, 1, SCAN_TAKE]);
    expect(h.calls.slice(5)).toEqual([
      [0, SCAN_TAKE],
      [10, SCAN_TAKE],
      [20, SCAN_TAKE],
    ]);
  });

  it('a row deleted above it, with a total: found one up in two reads', async () => {
    const h = History.ids(135, 101);
    const last = locatedAt(h, 6);
    h.remove((r) => r.id === 133);
    const now = await relocate(h.list, last);
    expect(now).toMatchObject({ index: 5, total: 34 });
    expect(now!.view.id).toBe(129);
    expect(h.calls).toEqual([
      [6, 1],
      [5, 1],
    ]);
  });

  it('a row deleted above it, no total: the lower id leads it up in two reads', async () => {
    const h = History.ids(135, 101, false);
    const last = locatedAt(h, 6);
    h.remove((r) => r.id === 133);
    expect(await relocate(h.list, last)).toMatchObject({ index: 5 });
    expect(h.calls).toEqual([
      [6, 1],
      [5, 1],
    ]);
  });

  it('a row deleted above the last row, no total and no ids: an empty read leads it up', async () => {
    const h = new History(
      Array.from({ length: 6 }, (_, i) => uuidOnly(6 - i)),
      false,
    );
    const last = locatedAt(h, 5);
    h.rows.splice(1, 1);
    expect(await relocate(h.list, last)).toMatchObject({ index: 4 });
    // Past the end means it moved up: no wasted reads further down, no window of rows with logs.
    expect(h.calls).toEqual([
      [5, 1],
      [4, 1],
    ]);
  });

  it('a row deleted below it changes the total but not its place: one read', async () => {
    const h = History.ids(135, 101);
    const last = locatedAt(h, 6);
    h.remove((r) => r.id === 101);
    expect(await relocate(h.list, last)).toMatchObject({ index: 6, total: 34 });
    expect(h.calls).toHaveLength(1);
  });

  it('one new on top and one deleted above: same place, one read', async () => {
    const h = History.ids(135, 101);
    const last = locatedAt(h, 6);
    h.remove((r) => r.id === 134);
    h.push(queued(136));
    expect(await relocate(h.list, last)).toMatchObject({ index: 6, total: 35 });
    expect(h.calls).toHaveLength(1);
  });

  it('ids missing (uuid only), with a total: newer rows on top found in two reads', async () => {
    const h = new History(Array.from({ length: 20 }, (_, i) => uuidOnly(20 - i)));
    const last = locatedAt(h, 3);
    h.push(uuidOnly(23), uuidOnly(22), uuidOnly(21));
    const now = await relocate(h.list, last);
    expect(now).toMatchObject({ index: 6, total: 23 });
    expect(now!.view.uuid).toBe('dep17uuid');
    expect(h.calls).toEqual([
      [3, 1],
      [6, 1],
    ]);
  });

  it('ids missing (uuid only), no total: one step down per read', async () => {
    const h = new History(
      Array.from({ length: 20 }, (_, i) => uuidOnly(20 - i)),
      false,
    );
    const last = locatedAt(h, 3);
    h.push(uuidOnly(22), uuidOnly(21));
    expect(await relocate(h.list, last)).toMatchObject({ index: 5 });
    expect(h.calls).toEqual([
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
  });

  it('the followed row itself deleted: undefined, after the single reads, one window, and the history down to older ids', async () => {
    const h = History.ids(135, 101);
    const last = locatedAt(h, 6);
    h.remove((r) => r.id === 129);
    expect(await relocate(h.list, last)).toBeUndefined();
    // The scan from the top stops at the first page whose ids are all older than 129.
    expect(h.calls.filter(([, take]) => take === SCAN_TAKE)).toEqual([
      [4, SCAN_TAKE],
      [0, SCAN_TAKE],
      [10, SCAN_TAKE],
    ]);
  });

  it('the whole history gone: undefined', async () => {
    const h = History.ids(135, 101);
    const last = locatedAt(h, 6);
    h.rows = [];
    expect(await relocate(h.list, last)).toBeUndefined();
    expect(h.calls.length).toBeLessThanOrEqual(5);
  });

  it('a row with neither id nor uuid is never found', async () => {
    const h = new History([{ status: 'finished' }, { status: 'finished' }]);
    expect(await relocate(h.list, locatedAt(h, 0))).toBeUndefined();
  });

  it('followed over many polls while deployments keep arriving, one read each when nothing moved', async () => {
    const h = History.ids(135, 101);
    let last = locatedAt(h, 0);
    for (let poll = 0; poll < 10; poll++) {
      h.calls = [];
      if (poll % 3 === 0) h.push(queued(200 + poll));
      const now = await relocate(h.list, last);
      expect(now!.view.id).toBe(135);
      expect(h.calls).toHaveLength(poll % 3 === 0 ? 2 : 1);
      last = now!;
    }
    expect(last.index).toBe(4);
  });
});

describe('pages too big to read', () => {
  it('findDeployment asks again with half the rows when an answer is too big', async () => {
    const h = History.ids(135, 101);
    const list = async (skip: number, take: number) => {
      if (take > 3) throw new ResponseTooLargeError({ limit: 1000, size: 5000 });
      return h.list(skip, take);
    };
    const found = await findDeployment(list, { id: 120, uuid: '' });
    expect(found).toMatchObject({ index: 15 });
    expect(found!.view.id).toBe(120);
  });
});
