// The list's query language and sort in the built binary in a real terminal (tmux), against a
// demo service started here: `/status:failed` leaves the failed rows of the page; a query that does
// not read says why on the line and Enter stays there; O sorts the loaded rows (the header says
// it), I inverts; Space marks several rows and = compares the two marked; `:view save NAME` keeps
// the search and sort, `:view NAME` brings them back, and `dms deployments --view NAME` reads the
// same view headless. What to expect is read from the service first.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { sortViews } from '../../src/model/sort.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { runBin } from '../support/run-bin.js';

const e2e = setUpDemo('query');
let configDir: string;
/** The first page (ten rows), as the service sends it. */
let page: DeploymentView[];

beforeAll(async () => {
  const client = createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token });
  configDir = tenPerPage(tempDir('dms-e2e-query-'));
  page = (await client.listDeployments(SHOP_FRONTEND, { skip: 0, take: 10 })).deployments.map(viewOf);
});

function launch(): TmuxSession {
  return e2e.launch(`browse ${SHOP_FRONTEND}`, { width: 140, height: 36, env: { DMS_CONFIG_DIR: configDir, NO_COLOR: '1' } });
}

/** The ids of the table's rows, top to bottom (each row line holds `│ <id> `). */
const shownIds = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ][* ]│/.test(l))
    .slice(1)
    .map((l) => page.find((v) => l.includes(`│ ${v.id} `))?.id ?? null)
    .filter((id) => id !== null);
const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

describe('the query language on the list', () => {
  it('/status:failed leaves the failed rows; !status:failed the others; a bad query says why and Enter stays', async () => {
    const failed = page.filter((v) => v.phase === 'failed').map((v) => v.id);
    const others = page.filter((v) => v.phase !== 'failed').map((v) => v.id);
    expect(failed.length, 'the first page of shop-frontend has a failed deployment').toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const t = launch();
    await t.waitFor(/1–10 of \d+/);
    t.keys('/');
    t.type('status:failed');
    await t.waitFor((s) => same(shownIds(s), failed));
    t.keys('Escape');
    await t.waitFor((s) => shownIds(s).length === 10);
    t.keys('/');
    t.type('!status:failed');
    await t.waitFor((s) => same(shownIds(s), others));
    t.keys('Escape');
    // Esc and the next key apart (together they read as Alt+/).
    await t.waitFor((s) => shownIds(s).length === 10);
    t.keys('/');
    t.type('stauts:failed');
    const said = await t.waitFor('unknown field "stauts"');
    expect(said).toContain('/ stauts:failed');
    expect(shownIds(said)).toHaveLength(10);
    t.keys('Enter');
    // Still on the line, no search started: a further key types into it.
    t.type('x');
    const still = await t.waitFor('/ stauts:failedx');
    expect(still).not.toMatch(/searching|results/);
  });

  it('O sorts the loaded rows by the next column and the header says so; I inverts', async () => {
    const t = launch();
    await t.waitFor(/1–10 of \d+/);
    t.keys('O');
    await t.waitFor('sort duration ↓ (this page)');
    t.keys('O');
    const byStatus = sortViews(page, { field: 'status', desc: true }, Date.now()).map((v) => v.id);
    const down = await t.waitFor((s) => s.includes('sort status ↓ (this page)') && same(shownIds(s), byStatus));
    expect(down).toContain('1–10 of');
    t.keys('I');
    const up = sortViews(page, { field: 'status', desc: false }, Date.now()).map((v) => v.id);
    await t.waitFor((s) => s.includes('sort status ↑ (this page)') && same(shownIds(s), up));
    t.keys('O', 'O');
    await t.waitFor(
      (s) =>
        !s.includes('sort ') &&
        same(
          shownIds(s),
          page.map((v) => v.id),
        ),
    );
  });

  it('Space marks two rows, = compares them wherever the cursor is, Esc unmarks both', async () => {
    const t = launch();
    await t.waitFor(/1–10 of \d+/);
    t.keys('Space');
    await t.waitFor(`Marked deployment ${page[0]!.id}`);
    t.keys('j', 'j', 'Space');
    const two = await t.waitFor('(2 marked)');
    expect(two.split('\n').filter((l) => /^[› ]\*│/.test(l))).toHaveLength(2);
    t.keys('j', 'j', '=');
    const [a, b] = [page[0]!.id, page[2]!.id];
    await t.waitFor(new RegExp(`Comparing deployment (${a} with deployment ${b}|${b} with deployment ${a})`));
    t.keys('Escape');
    await t.waitFor((s) => /1–10 of \d+/.test(s) && !s.includes('Comparing'));
    t.keys('Escape');
    const none = await t.waitFor('Unmarked.');
    expect(none.split('\n').filter((l) => /^[› ]\*│/.test(l))).toHaveLength(0);
  });

  it(':view save NAME keeps the search and sort; :view NAME brings them back; --view NAME reads it headless', async () => {
    const t = launch();
    await t.waitFor(/1–10 of \d+/);
    t.keys('O', 'O');
    await t.waitFor('sort status ↓ (this page)');
    t.keys('/');
    t.type('status:failed');
    t.keys('Enter');
    // Once the search has read everything the header's count has no `+` (`results 1–10 of 18`).
    const done = /results 1–\d+ of ([\d,]+)(?![\d,+])/;
    const found = await t.waitFor(done);
    const count = Number(done.exec(found)![1]!.replace(/,/g, ''));
    // The results keep the history's order: O says so rather than sorting the page unseen.
    t.keys('O');
    await t.waitFor("The sort orders the page's rows, not a search's results");
    t.keys(':');
    t.type('view save fails');
    t.keys('Enter');
    await t.waitFor('Saved the view fails: filter “status:failed” · sort status ↓');
    t.keys('Escape');
    await t.waitFor((s) => /1–10 of \d+/.test(s) && !s.includes('results'));
    t.keys(':');
    t.type('view fails');
    t.keys('Enter');
    await t.waitFor('View fails: filter “status:failed” · sort status ↓.');
    // A deployment of the demo that runs may end failed meanwhile: the view finds as many, or a few more.
    const near = (n: number) => n >= count && n <= count + 3;
    await t.waitFor((screen) => {
      const m = done.exec(screen);
      return m !== null && near(Number(m[1]!.replace(/,/g, '')));
    });

    const r = await runBin(['deployments', SHOP_FRONTEND, '--all', '--view', 'fails', '-o', 'ndjson'], {
      env: { ...e2e.demo.env, DMS_CONFIG_DIR: configDir },
    });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => viewOf(JSON.parse(l) as Deployment));
    expect(near(rows.length), `${rows.length} rows, ${count} found in the TUI`).toBe(true);
    expect(rows.every((v) => v.phase === 'failed')).toBe(true);
  });
});
