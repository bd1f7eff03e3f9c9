// The deployments list a step at a time, with the built binary in a real terminal (tmux) against a
// demo service started here (issue 31, "the first hour"): the status scope on the header while it
// narrows the search and cleared by Esc, Esc undoing one thing a press, and the place (page, cursor
// row) kept across a visit to the picker.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';
import { setUpDemo } from '../support/terminals.js';

const e2e = setUpDemo('list-steps');
/** The application's history, newest first, as the service sends it. */
let views: DeploymentView[];

beforeAll(async () => {
  const client = createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token });
  const first = await client.listDeployments(SHOP_FRONTEND, { skip: 0, take: 100 });
  const rest = await client.listDeployments(SHOP_FRONTEND, { skip: 100, take: 100 });
  views = [...first.deployments, ...rest.deployments].map(viewOf);
});

/** The header's third line: the range (or the results), when it was read, the page size. */
const headerLine = (screen: string) => screen.split('\n')[2] ?? '';
const rowLines = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ][* ]│/.test(l))
    .slice(1);
const cursorRow = (screen: string) => rowLines(screen).find((l) => l.startsWith('›')) ?? '';

describe('the status scope and Esc, in a real terminal', () => {
  it('s puts the scope on the header; Esc clears it, and a search then reads every deployment', async () => {
    const total = views.length;
    const failed = views.filter((v) => v.phase === 'failed').length;
    const onMain = views.filter((v) => v.branch === 'main').length;
    const t = e2e.launch(`browse ${SHOP_FRONTEND}`, {
      width: 120,
      height: 36,
      env: { DMS_CONFIG_DIR: tenPerPage(tempDir('dms-e2e-list-steps-')) },
    });
    await t.waitFor(`1–10 of ${total} `);
    t.keys('s');
    const scoped = await t.waitFor(`results 1–10 of ${failed} · scope: failed `, 30_000);
    expect(headerLine(scoped)).toMatch(/^results 1–10 of \d+ · scope: failed /);
    t.keys('Escape');
    const page = await t.waitFor((s) => headerLine(s).startsWith(`1–10 of ${total} `));
    expect(headerLine(page)).not.toContain('scope');
    t.type('/main');
    t.keys('Enter');
    const found = await t.waitFor(`“main”: ${onMain} found · searched all ${total}`, 30_000);
    expect(headerLine(found)).toMatch(new RegExp(`^results 1–10 of ${onMain} {2}updated`));
    t.keys('Escape');
    await t.waitFor((s) => headerLine(s).startsWith(`1–10 of ${total} `));
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/)).toContain('[exit 0]');
  });

  it('Esc unmarks first, then goes to the picker; the application opened again is on the page and row it was left on', async () => {
    const total = views.length;
    const row = views[13]!;
    const t = e2e.launch(`browse ${SHOP_FRONTEND}`, {
      width: 120,
      height: 36,
      env: { DMS_CONFIG_DIR: tenPerPage(tempDir('dms-e2e-list-steps-')) },
    });
    await t.waitFor(`1–10 of ${total} `);
    t.keys('n');
    await t.waitFor(`11–20 of ${total} `);
    t.keys('j', 'j', 'j');
    await t.waitFor((s) => cursorRow(s).includes(`│ ${row.id} `));
    t.keys('Space');
    await t.waitFor(`Marked deployment ${row.id}`);
    t.keys('Escape');
    const unmarked = await t.waitFor('Unmarked.');
    expect(unmarked).toContain(`11–20 of ${total} `);
    t.keys('Escape');
    await t.waitFor('Open an application');
    t.type(SHOP_FRONTEND);
    t.keys('Enter');
    const back = await t.waitFor((s) => s.includes(`11–20 of ${total} `) && cursorRow(s).includes(`│ ${row.id} `));
    expect(back).not.toContain('Open an application');
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/)).toContain('[exit 0]');
  });
});
