// Pages hold the rows that fit the terminal while no size was chosen (+/-), and again after `0`
// (remembered); the header says which; Esc after `:N` lands
// on the page holding that deployment. Pure: the take from a height, the paging reducer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import { initialPaging, pagingReducer, type PagingAction, type PagingState } from '../../../../src/tui/browse/paging.js';
import { browseReducer, initialBrowse } from '../../../../src/tui/browse/state.js';
import { fittingTake } from '../../../../src/tui/take.js';
import { loadPageSize, savePageSize } from '../../../../src/config/page-sizes.js';
import { pageStatus } from '../../../../src/tui/browse/page-lines.js';
import { DEFAULT_KEYS } from '../../../../src/tui/keys.js';
import { tempDir } from '../../../support/temp.js';
import { said } from '../../../support/notices.js';

const rows = (from: number, n: number): Deployment[] =>
  Array.from({ length: n }, (_, i) => ({ id: from - i, status: 'finished', git_commit_sha: `sha${from - i}abcdef` }));
const run = (state: PagingState, ...actions: PagingAction[]) => actions.reduce(pagingReducer, state);
const loaded = (s: PagingState, deployments: Deployment[], total: number | null = 137): PagingState =>
  pagingReducer(s, { type: 'loaded', seq: s.want.seq, page: { deployments, total }, at: 1000 });

describe('the rows that fit a terminal', () => {
  it('fills the table: 12 rows at 24 lines, 24 at 36, 38 at 50 (header 4, strip 1, frame 4, message, footer, one spare line)', () => {
    expect(fittingTake(24)).toBe(12);
    expect(fittingTake(36)).toBe(24);
    expect(fittingTake(50)).toBe(38);
    expect(fittingTake(36, { strip: false })).toBe(25);
  });

  it('never below 5 nor above 100; an unknown height is the service default 10', () => {
    expect(fittingTake(15)).toBe(5);
    expect(fittingTake(3)).toBe(5);
    expect(fittingTake(500)).toBe(100);
    expect(fittingTake(0)).toBe(10);
    expect(fittingTake(Number.NaN)).toBe(10);
  });
});

describe('page size following the terminal', () => {
  it('starts with the rows that fit; a resize changes the NEXT page asked for, not the one shown', () => {
    let s = loaded(initialPaging({ fit: 24 }), rows(137, 24));
    expect(s.want).toMatchObject({ skip: 0, take: 24 });
    s = run(s, { type: 'fit', take: 12 });
    expect(s.shown).toEqual({ skip: 0, take: 24 });
    expect(s.loading).toBe(false);
    s = run(s, { type: 'next' });
    expect(s.want).toMatchObject({ skip: 24, take: 12 });
    s = run(loaded(s, rows(113, 12)), { type: 'refresh' });
    expect(s.want).toMatchObject({ skip: 24, take: 12 });
  });

  it('a size chosen with + wins over the terminal from then on', () => {
    let s = loaded(initialPaging({ fit: 12 }), rows(137, 12));
    s = run(s, { type: 'takeMore' });
    expect(s.want.take).toBe(15);
    s = run(loaded(s, rows(137, 15)), { type: 'fit', take: 30 }, { type: 'next' });
    expect(s.want).toMatchObject({ skip: 15, take: 15 });
  });

  it('a size remembered for the application (take) is used, whatever fits', () => {
    const s = run(initialPaging({ take: 20, fit: 38 }), { type: 'fit', take: 40 });
    expect(s.want.take).toBe(20);
    expect(run(loaded(s, rows(137, 20)), { type: 'next' }).want).toMatchObject({ skip: 20, take: 20 });
  });

  it('0 goes back from a chosen size to the rows that fit, and follows the terminal again; the header says which', () => {
    let s = loaded(initialPaging({ fit: 12 }), rows(137, 12));
    expect(pageStatus(s, DEFAULT_KEYS)).toBe('12 per page (fits) · auto-refresh on');
    s = loaded(run(s, { type: 'takeMore' }), rows(137, 15));
    expect(pageStatus(s, DEFAULT_KEYS)).toBe('15 per page (fixed; 0 fits) · auto-refresh on');
    // The terminal grows while the size is fixed: 0 goes to what fits now.
    s = run(s, { type: 'fit', take: 20 });
    expect(s.want.take).toBe(15);
    s = run(s, { type: 'takeFit' });
    expect(s.want).toMatchObject({ skip: 0, take: 20 });
    expect(s.loading).toBe(true);
    s = loaded(s, rows(137, 20));
    expect(pageStatus(s, DEFAULT_KEYS)).toBe('20 per page (fits) · auto-refresh on');
    s = run(s, { type: 'fit', take: 8 }, { type: 'next' });
    expect(s.want).toMatchObject({ skip: 20, take: 8 });
  });

  it('0 on pages that already fit asks for nothing and says so; a size remembered starts fixed', () => {
    const s = loaded(initialPaging({ fit: 12 }), rows(137, 12));
    const again = run(s, { type: 'takeFit' });
    expect(again.want.seq).toBe(s.want.seq);
    expect(said(again.notice)).toBe('Pages already hold the 12 rows that fit the screen.');
    const remembered = run(initialPaging({ take: 30, fit: 12 }), { type: 'takeFit' });
    expect(remembered.want.take).toBe(12);
    expect(remembered.fit).toBe(12);
  });

  it("0 forgets the application's size: it opens with the rows that fit next time", () => {
    const dir = tempDir('dms-page-fit-');
    savePageSize(dir, 'app-1', 30);
    expect(loadPageSize(dir, 'app-1')).toBe(30);
    savePageSize(dir, 'app-1', undefined);
    expect(readFileSync(join(dir, 'page-sizes.json'), 'utf8')).not.toContain('app-1');
    expect(loadPageSize(dir, 'app-1')).toBeUndefined();
    expect(initialPaging({ take: loadPageSize(dir, 'app-1'), fit: 12 }).fit).toBe(12);
  });

  it('a fit is clamped to 5…100', () => {
    const s = run(loaded(initialPaging({ fit: 12 }), rows(137, 12)), { type: 'fit', take: 2 }, { type: 'next' });
    expect(s.want.take).toBe(5);
  });
});

describe('Esc after :N', () => {
  it('asks for the page holding the deployment and puts the cursor on its row', () => {
    let s = loaded(initialPaging({ fit: 12 }), rows(137, 12));
    s = run(s, { type: 'goTo', index: 50, key: 'id:87' });
    expect(s.want).toMatchObject({ skip: 48, take: 12 });
    s = loaded(s, rows(89, 12));
    expect(s.shown?.skip).toBe(48);
    expect(s.cursor).toBe(2);
    expect(s.rows[s.cursor]!.id).toBe(87);
  });

  it('on the page shown already: only the cursor moves', () => {
    const s = loaded(initialPaging({ fit: 12 }), rows(137, 12));
    const t = run(s, { type: 'goTo', index: 5, key: 'id:132' });
    expect(t.want.seq).toBe(s.want.seq);
    expect(t.cursor).toBe(5);
  });

  it('the deployment a jump opened is remembered until its detail closes', () => {
    const record = { id: 87, status: 'finished' } as Deployment;
    let b = initialBrowse(loaded(initialPaging({ fit: 12 }), rows(137, 12)));
    b = browseReducer(b, { type: 'jumpStart' });
    b = browseReducer(b, { type: 'jumpText', text: '87' });
    b = browseReducer(b, { type: 'jumpEnd', go: true });
    b = browseReducer(b, { type: 'openRecord', record, index: 50, total: 137, then: 'detail' });
    expect(b.jumped).toEqual({ index: 50, key: 'id:87' });
    expect(browseReducer(b, { type: 'close' }).jumped).toBeNull();
  });
});

describe('the wide view (W)', () => {
  it('scrolls sideways only as far as the last column, and starts at the first again when toggled', () => {
    let b = initialBrowse(initialPaging());
    expect(browseReducer(b, { type: 'columnScroll', delta: 1 })).toBe(b);
    b = browseReducer(b, { type: 'wideToggle' });
    b = browseReducer(b, { type: 'columnRoom', max: 3 });
    for (let i = 0; i < 5; i++) b = browseReducer(b, { type: 'columnScroll', delta: 1 });
    expect(b.columnStart).toBe(3);
    b = browseReducer(b, { type: 'columnRoom', max: 1 });
    expect(b.columnStart).toBe(1);
    b = browseReducer(browseReducer(b, { type: 'wideToggle' }), { type: 'wideToggle' });
    expect(b).toMatchObject({ wide: true, columnStart: 0 });
  });
});
