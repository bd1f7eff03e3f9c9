// Esc on the list as the reducer takes it (state.ts `listBack`): one thing undone a press, in order —
// a search that reads stops; a search's words go (its scope's results searched again); the scope;
// the page's filter; the mark — and the state unchanged when nothing is left (keys.ts then goes to
// the picker). The scope is on the header while a search of it is shown, and a jump clears it.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import { headerRange } from '../../../../src/tui/browse/page-lines.js';
import { initialPaging, pagingReducer } from '../../../../src/tui/browse/paging.js';
import { browseReducer, initialBrowse, type BrowseAction, type BrowseState } from '../../../../src/tui/browse/state.js';

const rows: Deployment[] = Array.from({ length: 10 }, (_, i) => ({
  id: 40 - i,
  status: i % 3 ? 'finished' : 'failed',
  git_commit_sha: `sha${40 - i}abcdef`,
}));
const start = (): BrowseState => {
  const p = initialPaging();
  return initialBrowse(pagingReducer(p, { type: 'loaded', seq: p.want.seq, page: { deployments: rows, total: 40 }, at: 1000 }));
};
const run = (s: BrowseState, ...actions: BrowseAction[]) => actions.reduce(browseReducer, s);
/** The search shown: its words and scope, whether it reads. */
const shown = (s: BrowseState) =>
  s.search ? `${s.search.kind} “${s.search.text}” ${s.search.status}${s.search.scanning ? ' reading' : ''}` : 'page';
const done = (s: BrowseState): BrowseState => (s.search ? run(s, { type: 'searchDone', seq: s.search.seq }) : s);
const back = (s: BrowseState) => browseReducer(s, { type: 'listBack' });

describe('Esc on the list, one step a press', () => {
  it('stops a search that reads, then drops its words back to the scope, then the scope', () => {
    let s = done(run(start(), { type: 'statusCycle' }));
    expect(headerRange(s)).toBe('no results · scope: failed');
    s = run(s, { type: 'filterStart' }, { type: 'filterText', text: 'api' }, { type: 'filterSearch' });
    expect(shown(s)).toBe('search “api” failed reading');
    s = back(s);
    expect(shown(s)).toBe('search “api” failed');
    // The words go: the scope's results, read again.
    s = back(s);
    expect(shown(s)).toBe('search “” failed reading');
    s = back(done(s));
    expect(shown(s)).toBe('page');
    expect(s.status).toBe('all');
    expect(headerRange(s)).toBe('1–10 of 40');
    // The next s starts the cycle again.
    expect(run(s, { type: 'statusCycle' }).status).toBe('failed');
  });

  it("then the page's filter, then the mark; nothing left: the state as it was", () => {
    let s = run(start(), { type: 'cursor', delta: 2 }, { type: 'markRow' }, { type: 'filter', text: '38' });
    expect(s.mark?.view.id).toBe(38);
    s = back(s);
    expect(s.paging.filter).toBe('');
    expect(s.mark?.view.id).toBe(38);
    s = back(s);
    expect(s.mark).toBeNull();
    expect(back(s)).toBe(s);
  });

  it("a jump takes the scope's place: no scope left to narrow the next search unseen", () => {
    const s = run(
      done(run(start(), { type: 'statusCycle' })),
      { type: 'jumpStart' },
      { type: 'jumpText', text: '12' },
      { type: 'jumpEnd', go: true },
    );
    expect(s.status).toBe('all');
    expect(shown(s)).toBe('jump “12” all reading');
    expect(shown(run(s, { type: 'filterStart' }, { type: 'filterText', text: 'api' }, { type: 'filterSearch' }))).toBe(
      'search “api” all reading',
    );
  });
});
