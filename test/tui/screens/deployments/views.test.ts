// `:view` on the list (screens/deployments/views.ts): save the filter and sort under a name, show a
// saved one again (its filter and sort on the page), list them; what each says.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import { loadView } from '../../../../src/config/views.js';
import { viewCommand } from '../../../../src/tui/screens/deployments/views.js';
import { initialPaging, pagingReducer } from '../../../../src/tui/browse/paging.js';
import { browseReducer, initialBrowse, type BrowseAction, type BrowseState } from '../../../../src/tui/browse/state.js';
import { tempDir } from '../../../support/temp.js';

const rows: Deployment[] = Array.from({ length: 4 }, (_, i) => ({ id: 4 - i, status: i % 2 ? 'failed' : 'finished' }));
const start = () =>
  initialBrowse(
    pagingReducer(initialPaging(), { type: 'loaded', seq: initialPaging().want.seq, page: { deployments: rows, total: 4 }, at: 1 }),
  );
const run = (s: BrowseState, ...actions: BrowseAction[]) => actions.reduce(browseReducer, s);

describe(':view', () => {
  it('save keeps the filter and sort under the name; NAME searches the history for it again, sorted as saved', () => {
    const dir = tempDir('dms-views-');
    const place = { configDir: dir, appUuid: 'app-1', recentsServer: 'demo' };
    const shaped = run(start(), { type: 'filter', text: 'status:failed' }, { type: 'sort', order: { field: 'id', desc: false } });
    // A search shown is what the view keeps (Enter on / moved the page's filter into it).
    const searched = run(start(), { type: 'filterStart' }, { type: 'filter', text: 'failed' }, { type: 'filterSearch' });
    expect(viewCommand({ name: 'searched', save: true }, place, searched).note).toMatch(/filter “failed”/);
    const saved = viewCommand({ name: 'fails', save: true }, place, shaped);
    expect(saved.actions).toEqual([]);
    expect(saved.note).toBe(
      'Saved the view fails: filter “status:failed” · sort id ↑ (:view fails shows it; dms deployments --view fails too).',
    );
    expect(loadView(dir, 'demo', 'app-1', 'fails')).toEqual({ name: 'fails', filter: 'status:failed', sort: 'id:asc' });

    const shown = viewCommand({ name: 'fails', save: false }, place, start());
    expect(shown.note).toBe('View fails: filter “status:failed” · sort id ↑.');
    const after = run(start(), ...shown.actions);
    expect(after.search).toMatchObject({ kind: 'search', text: 'status:failed', scanning: true });
    expect(after.mode).toBe('list');
    expect(after.paging.sort).toEqual({ field: 'id', desc: false });
    expect(viewCommand({ save: false }, place, start()).note).toBe('Saved views: searched, fails (:view NAME shows one).');
  });

  it('says why nothing was saved or shown', () => {
    const dir = tempDir('dms-views-');
    const place = { configDir: dir, appUuid: 'app-1', recentsServer: 'demo' };
    expect(viewCommand({ save: true }, place, start()).note).toMatch(/^Name the view: :view save NAME/);
    expect(viewCommand({ name: 'x', save: true }, place, run(start(), { type: 'filter', text: 'stauts:x' })).note).toMatch(
      /^Not saved: the filter does not read \(unknown field "stauts"/,
    );
    expect(viewCommand({ name: 'none', save: false }, place, start()).note).toBe('No view none for this application.');
    expect(viewCommand({ save: false }, place, start()).note).toBe(
      'No saved views for this application: :view save NAME keeps the filter and sort as one.',
    );
    expect(viewCommand({ name: 'x', save: true }, { appUuid: 'a' }, start()).note).toMatch(/there is none here/);
  });
});
