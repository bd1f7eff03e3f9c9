// What Space and = do on the list (pure: the list's reducer and the compare room's state), and the
// comparison's sentences naming the keys in force.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import { parseKeysText } from '../../../../src/config/keys-file.js';
import { bindKeys } from '../../../../src/tui/key-bindings.js';
import { DEFAULT_KEYS, keyTable } from '../../../../src/tui/keys.js';
import { initialPaging, pagingReducer, type PagingState } from '../../../../src/tui/browse/paging.js';
import {
  browseReducer,
  initialBrowse,
  isMarkedRow,
  pageOf,
  pickedRow,
  type BrowseAction,
  type BrowseState,
} from '../../../../src/tui/browse/state.js';
import { compareReducer, initialCompare } from '../../../../src/tui/screens/compare/state.js';
import { compareAsk } from '../../../../src/tui/browse/marks.js';
import { choiceNote } from '../../../../src/model/compare-choice.js';
import { titleText } from '../../../../src/tui/screens/compare/lines.js';
import { refusalNote } from '../../../../src/tui/screens/deployments/lines.js';
import { compareDeployments } from '../../../../src/model/compare.js';
import { viewOf } from '../../../../src/model/deployment.js';

const STATUS = ['finished', 'failed', 'finished', 'cancelled-by-user', 'finished'];
const rows = (from: number, n: number): Deployment[] =>
  Array.from({ length: n }, (_, i) => ({ id: from - i, status: STATUS[i % STATUS.length], git_commit_sha: `sha${from - i}abcdef` }));
const loaded = (s: PagingState, deployments: Deployment[], total: number | null): PagingState =>
  pagingReducer(s, { type: 'loaded', seq: s.want.seq, page: { deployments, total }, at: 1000 });
const browse = (state: BrowseState, ...actions: BrowseAction[]): BrowseState => actions.reduce(browseReducer, state);
const start = () => initialBrowse(loaded(initialPaging(), rows(40, 10), 40));

describe('Space marks the row under the cursor', () => {
  it('marks, and Space again on it unmarks', () => {
    const s = browse(start(), { type: 'cursor', delta: 2 }, { type: 'markRow' });
    expect(s.mark?.view.id).toBe(38);
    expect(s.mark?.index).toBe(2);
    expect(isMarkedRow(s, 'id:38')).toBe(true);
    expect(isMarkedRow(s, 'id:37')).toBe(false);
    expect(browse(s, { type: 'markRow' }).mark).toBeNull();
    // Space on another row marks it too: `mark` is the last marked.
    expect(browse(s, { type: 'cursor', delta: 1 }, { type: 'markRow' }).mark?.view.id).toBe(37);
  });

  it('the mark survives a new page', () => {
    const s = browse(start(), { type: 'markRow' });
    const next = { ...s, paging: loaded({ ...s.paging, want: { skip: 10, take: 10, seq: 5, reason: 'load' } }, rows(30, 10), 40) };
    expect(next.mark?.view.id).toBe(40);
    expect(pickedRow(next)).toMatchObject({ index: 10, whole: true });
    expect(isMarkedRow(next, 'id:30')).toBe(false);
  });
});

describe('= asks for a comparison', () => {
  it('the marked row with the cursor row; the marked row itself is refused', () => {
    const s = browse(start(), { type: 'markRow' }, { type: 'cursor', delta: 3 });
    const ask = compareAsk(pickedRow(s), s.mark, pageOf(s));
    expect(typeof ask).toBe('object');
    const open = ask as Exclude<typeof ask, string>;
    expect([open.a.view.id, open.b?.view.id]).toEqual([37, 40]);
    expect(compareAsk(pickedRow(browse(s, { type: 'cursor', delta: -3 })), s.mark, pageOf(s))).toBe('sameRow');
    const opened = browse(s, { type: 'openCompare', open });
    expect(opened.mode).toBe('compare');
    expect(browse(opened, { type: 'closeCompare' })).toMatchObject({ mode: 'list', compare: null });
    expect(browse(opened, { type: 'closeCompare' }).mark?.view.id).toBe(40);
  });

  it('with no mark: a failed or cancelled row with the last good one; another row says to mark one', () => {
    const s = start(); // id 40 finished, 39 failed, 38 finished, 37 cancelled (STATUS)
    expect(compareAsk(pickedRow(s), null, pageOf(s))).toBe('noMark');
    const failed = browse(s, { type: 'cursor', delta: 1 });
    expect(pickedRow(failed)?.view.phase).toBe('failed');
    expect(compareAsk(pickedRow(failed), null, pageOf(failed))).toMatchObject({ a: { index: 1 }, b: null });
    expect(compareAsk(undefined, null, pageOf(s))).toBe('noRow');
  });

  it('the notes name the keys in force', async () => {
    expect(refusalNote('noMark', DEFAULT_KEYS)).toBe(
      'Mark a row with Space, then press = on another (on a failed row, = alone compares it with the last good one).',
    );
    const file = await parseKeysText('{"markRow": "m", "compare": "ctrl+d"}');
    const bound = bindKeys(file.bindings, file.problems);
    expect(bound.problems).toEqual([]);
    expect(refusalNote('sameRow', keyTable(bound.commands))).toBe(
      'This is the marked row: move to another and press Ctrl+D (m unmarks it).',
    );
  });
});

describe("the compare screen's reducer", () => {
  it('reads, then shows; scrolls within what was drawn', () => {
    let s = compareReducer(initialCompare(), { type: 'reading', read: 30 });
    expect(s.reading).toBe(30);
    s = compareReducer(s, { type: 'failed', problem: 'gone' });
    expect(s).toMatchObject({ reading: null, problem: 'gone' });
    s = compareReducer(s, { type: 'size', max: 5, page: 10 });
    s = compareReducer(s, { type: 'scroll', to: 'bottom' });
    expect(s.offset).toBe(5);
    expect(compareReducer(s, { type: 'scroll', to: 'down' })).toBe(s);
    expect(compareReducer(s, { type: 'scroll', to: 'top' }).offset).toBe(0);
  });
});

describe('what the title says the older side is', () => {
  const view = (id: number, status: string, branch: string, pr = 0) =>
    viewOf({ id, status, git_branch: branch, pull_request_id: pr } as Deployment);
  const failed = view(232, 'failed', 'develop');
  const said = (older: ReturnType<typeof view>, likeness: 'sameLine' | 'notPreview' | 'any' | null) => {
    const c = compareDeployments({ a: { view: failed, index: 7 }, b: { view: older, index: 15 }, now: 0 });
    const choice = { likeness, newer: failed, older };
    return [titleText(c, choice), choiceNote(c, choice)];
  };

  it("its branch's last good one, or what was taken instead and why", () => {
    expect(said(view(215, 'finished', 'develop'), 'sameLine')).toEqual([
      'Comparing deployment 232 with the last good one before it on develop, deployment 215',
      null,
    ]);
    expect(said(view(202, 'finished', 'main'), 'notPreview')).toEqual([
      'Comparing deployment 232 with deployment 202 on main, the last good one before it',
      "No good deployment on develop before deployment 232 (within 1,000 before it): deployment 202 on main is the last good one that is not a pull request's preview.",
    ]);
    expect(said(view(227, 'finished', 'feature/x', 213), 'any')).toEqual([
      'Comparing deployment 232 with deployment 227 of PR #213, the last good one before it',
      'No good deployment on develop before deployment 232 (within 1,000 before it), and none that is not a preview: deployment 227 of PR #213 is the last good one.',
    ]);
    // A marked row: just the two.
    expect(said(view(215, 'finished', 'develop'), null)).toEqual(['Comparing deployment 232 with deployment 215', null]);
  });
});
