// Comparing two deployments in the built binary in a real terminal (tmux), against a demo service
// started here: Space marks a row, `=` on another compares them (a setting that differs between
// two snapshot deployments); `=` on a failed row with no mark compares it with the last finished
// one of its branch before it (not a pull request's preview); the mark stays across pages. What to
// expect is read from the service first.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { countPhases } from '../../src/model/compare.js';
import { phaseCountsText } from '../../src/model/compare.js';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { settingsChanges } from '../../src/model/settings.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';

const e2e = setUpDemo('compare');
let client: DmsClient;
let configDir: string;
/** The application's history, newest first, as the service sends it. */
let views: DeploymentView[];

beforeAll(async () => {
  client = createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token });
  configDir = tenPerPage(tempDir('dms-e2e-compare-'));
  views = (await client.listDeployments(SHOP_FRONTEND, { skip: 0, take: 1000 })).deployments.map(viewOf);
});

function launch(width = 120, height = 36): TmuxSession {
  return e2e.launch(`browse ${SHOP_FRONTEND}`, { width, height, env: { DMS_CONFIG_DIR: configDir, NO_COLOR: '1' } });
}

const name = (v: DeploymentView) => `deployment ${v.id}`;
/** The table's data rows: cursor `›` and mark `*` in the gutter. */
const rowLines = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ][* ]│/.test(l))
    .slice(1);
/** Moves the cursor down `n` rows, one key at a time, waiting for each to land (on row `at + n`). */
async function down(t: TmuxSession, n: number, id: number | null): Promise<void> {
  for (let i = 0; i < n; i++) t.keys('j');
  await t.waitFor((s) => (rowLines(s).find((l) => l.startsWith('›')) ?? '').includes(`│ ${id} `));
}

describe('= compares two deployments', () => {
  it('Space marks a snapshot row, = on another shows a setting that differs; Esc back keeps the mark', async () => {
    const page = views.slice(0, 10);
    // Two rows of the first page whose settings differ (not only in a secret).
    let pair: [number, number] | undefined;
    for (let i = 0; i < page.length && !pair; i++) {
      for (let j = i + 1; j < page.length && !pair; j++) {
        if (settingsChanges(page[i]!.record, page[j]!.record).some((c) => !c.secret)) pair = [i, j];
      }
    }
    expect(pair, "the demo's first page has two snapshots whose settings differ").toBeDefined();
    const [i, j] = pair!;
    const change = settingsChanges(page[i]!.record, page[j]!.record).find((c) => !c.secret)!;

    const t = launch();
    await t.waitFor(/1–10 of \d+/);
    await down(t, i, page[i]!.id);
    t.keys('Space');
    const marked = await t.waitFor(`Marked ${name(page[i]!)}`);
    expect(rowLines(marked)[i]).toMatch(/^›\*│/);
    await down(t, j - i, page[j]!.id);
    t.keys('=');
    const shown = await t.waitFor(`Comparing ${name(page[i]!)} with ${name(page[j]!)}`);
    expect(shown).toMatch(new RegExp(`${change.field}\\s+${String(change.before)} → ${String(change.after)}`));
    expect(shown).toContain(`Settings that differ (${name(page[j]!)} → ${name(page[i]!)})`);
    const between = page.slice(i + 1, j);
    expect(shown).toContain(
      between.length === 0
        ? 'None between them'
        : `${between.length} deployment${between.length === 1 ? '' : 's'} between them: ${phaseCountsText(countPhases(between))}`,
    );

    t.keys('Escape');
    const back = await t.waitFor((s) => /1–10 of \d+/.test(s) && !s.includes('Comparing'));
    expect(rowLines(back)[i]).toMatch(/^ \*│/);
  });

  it('= on a failed row with no mark compares it with the last finished deployment of its branch, not a preview of another', async () => {
    const preview = (v: DeploymentView) => v.source.startsWith('PR #');
    // A failure on the first page whose next finished deployment is a pull request's preview.
    const failed = views.findIndex(
      (v, at) => at < 10 && v.phase === 'failed' && !preview(v) && preview(views.find((w, after) => after > at && w.phase === 'finished')!),
    );
    expect(failed, 'a failed deployment on the first page, a preview finished after it').toBeGreaterThanOrEqual(0);
    const good = views.findIndex((v, at) => at > failed && v.phase === 'finished' && !preview(v) && v.branch === views[failed]!.branch);
    expect(good).toBeGreaterThan(failed);
    const between = views.slice(failed + 1, good);

    const t = launch();
    await t.waitFor(/1–10 of \d+/);
    await down(t, failed, views[failed]!.id);
    t.keys('=');
    const shown = await t.waitFor(
      `Comparing ${name(views[failed]!)} with the last good one before it on ${views[failed]!.branch}, ${name(views[good]!)}`,
    );
    expect(shown).toMatch(/\* status\s+✓ finished\s+✗ failed/);
    expect(shown).toContain(
      between.length === 0
        ? 'None between them'
        : `${between.length} deployment${between.length === 1 ? '' : 's'} between them: ${phaseCountsText(countPhases(between))}`,
    );
  });

  it('the mark stays across pages: = on the next page compares with it, the nine between counted', async () => {
    const t = launch();
    await t.waitFor(/1–10 of \d+/);
    t.keys('Space');
    await t.waitFor(`Marked ${name(views[0]!)}`);
    t.keys('n');
    await t.waitFor(/11–20 of \d+/);
    t.keys('=');
    const shown = await t.waitFor(`Comparing ${name(views[0]!)} with ${name(views[10]!)}`);
    expect(shown).toContain(`9 deployments between them: ${phaseCountsText(countPhases(views.slice(1, 10)))}`);
    t.keys('Escape');
    await t.waitFor((s) => /11–20 of \d+/.test(s) && !s.includes('Comparing'));
    t.keys('p');
    const first = await t.waitFor(/1–10 of \d+/);
    expect(rowLines(first)[0]).toMatch(/^[› ]\*│/);
  });
});
