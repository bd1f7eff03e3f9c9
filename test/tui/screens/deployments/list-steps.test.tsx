// The deployments list, a step at a time (issue 31, "the first hour"): the status scope on the
// header while it narrows the search, Esc undoing one thing a press, the place (page, cursor,
// mark) kept when the picker is visited, the reason of a failed row in the scoped view, what `=`
// compares a failure with, a page read a moment ago shown again without a request, and `g` on the
// first page saying so. Against the demo service on 127.0.0.1.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { viewOf, type DeploymentView } from '../../../../src/model/deployment.js';
import { reasonOf } from '../../../../src/model/reason.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { KEY, renderApp, type Rendered } from '../../../support/render.js';
import { tempDir } from '../../../support/temp.js';
import { setUpDemoService } from '../../../support/demo.js';

const demo = setUpDemoService();
let shown: Rendered | undefined;
/** shop-frontend's whole history, newest first. */
let history: DeploymentView[];

beforeAll(async () => {
  const first = await demo.client.listDeployments(app(), { skip: 0, take: 100 });
  const rest = await demo.client.listDeployments(app(), { skip: 100, take: 100 });
  history = [...first.deployments, ...rest.deployments].map(viewOf);
});
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

const app = () => demo.app('shop-frontend');

function open(overrides: Partial<TuiOptions> = {}): Rendered {
  shown = renderApp(
    {
      client: demo.client,
      connection: { label: 'DEMO', host: demo.host, origin: demo.origin, demo: true },
      configDir: tempDir('dms-list-steps-'),
      appUuid: app(),
      screen: 'browse',
      showSecrets: false,
      noColor: false,
      ...overrides,
    },
    { size: { columns: 140, rows: 36 } },
  );
  return shown;
}

/** The header's status line (range, updated, per page). */
const headerLine = (frame: string) => frame.split('\n').find((l) => /updated \d+ s ago|searching…|results |no results/.test(l)) ?? '';

describe('the status scope (s)', () => {
  it('is on the header while it narrows the search; Esc clears it, and the next s starts again at failed', async () => {
    const total = history.length;
    const failed = history.filter((v) => v.phase === 'failed').length;
    const onMain = history.filter((v) => v.branch === 'main').length;
    const failedOnMain = history.filter((v) => v.branch === 'main' && v.phase === 'failed').length;
    expect(failedOnMain).toBeLessThan(onMain);

    const ui = open();
    await ui.waitFor(`1–10 of ${total}`);
    // Done reading when the count has no `+`; the line under the table says why the cursor's row failed.
    const results = (n: number, scope: string) => `results 1–${Math.min(10, n)} of ${n}${scope}`;
    await ui.press('s');
    await ui.waitFor(results(failed, ' · scope: failed'));

    // Words typed within the scope: searched among failed ones, the scope still on the header.
    await ui.press('/');
    await ui.type('main');
    await ui.press(KEY.enter);
    await ui.waitFor(results(failedOnMain, ' · scope: failed'));
    // Esc drops the words: back to the scope's results.
    await ui.press(KEY.escape);
    await ui.waitFor(results(failed, ' · scope: failed'));
    // Esc clears the scope: the page, nothing on the header narrows anything.
    await ui.press(KEY.escape);
    const page = await ui.waitFor((f) => f.includes(`1–10 of ${total}`) && !f.includes('results '));
    expect(headerLine(page)).not.toContain('scope');

    // A search now reads every deployment, not the failed ones only.
    await ui.press('/');
    await ui.type('main');
    await ui.press(KEY.enter);
    const everything = await ui.waitFor(results(onMain, '  updated'));
    expect(headerLine(everything)).not.toContain('scope');
    // The next s starts the cycle again: failed, not running.
    await ui.press('s');
    await ui.waitFor(results(failedOnMain, ' · scope: failed'));
  });
});

/** Queries of page requests for `uuid` since `from` (not the picker's one-row overviews, not a result's row). */
const pageQueries = (from: number, uuid = app()) =>
  demo.requests
    .slice(from)
    .filter((r) => r.path.endsWith(`/deployments/applications/${uuid}`) && !r.query.endsWith('take=1'))
    .map((r) => r.query);
/** The table's data rows with their gutter: `›` the cursor, `*` the mark. */
const rowLines = (frame: string) =>
  frame
    .split('\n')
    .filter((l) => /^[› ][* ]│/.test(l))
    .slice(1);
const cursorRow = (frame: string) => rowLines(frame).find((l) => l.startsWith('›')) ?? '';
const onRow = (v: DeploymentView) => (frame: string) => cursorRow(frame).includes(`│ ${v.id} `);

describe('Esc on the list', () => {
  it('undoes one thing a press (the mark), then goes to the picker; reopened, the page and the cursor row are back, not read again', async () => {
    const total = history.length;
    const row = history[13]!;
    const ui = open();
    await ui.waitFor(`1–10 of ${total}`);
    await ui.press('n');
    await ui.waitFor(`11–20 of ${total}`);
    await ui.press('j', 'j', 'j');
    await ui.waitFor(onRow(row));
    await ui.press(' ');
    const marked = await ui.waitFor(`Marked deployment ${row.id}`);
    expect(cursorRow(marked)).toMatch(/^›\*│/);

    await ui.press(KEY.escape);
    const unmarked = await ui.waitFor('Unmarked.');
    expect(unmarked).toContain(`11–20 of ${total}`);
    expect(rowLines(unmarked).some((l) => l[1] === '*')).toBe(false);
    await ui.press(KEY.escape);
    await ui.waitFor('Open an application');

    const before = demo.requests.length;
    await ui.type(app());
    await ui.press(KEY.enter);
    const back = await ui.waitFor((f) => f.includes(`11–20 of ${total}`) && onRow(row)(f));
    expect(back).not.toContain('Open an application');
    // Read a moment ago: shown from what was read.
    expect(pageQueries(before)).toEqual([]);
  });

  it('the mark is back too when the list was left another way (:ctx, then Esc from the contexts)', async () => {
    const dir = tempDir('dms-list-steps-');
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ contexts: { second: { url: demo.url, token: demo.token } } }), {
      mode: 0o600,
    });
    const total = history.length;
    const row = history[2]!;
    const ui = open({ configDir: dir });
    await ui.waitFor(`1–10 of ${total}`);
    await ui.press('j', 'j');
    await ui.waitFor(onRow(row));
    await ui.press(' ');
    await ui.waitFor(`Marked deployment ${row.id}`);
    await ui.press('j');
    await ui.waitFor(onRow(history[3]!));
    await ui.press(':');
    await ui.type('ctx');
    await ui.press(KEY.enter);
    await ui.waitFor('Switch to a context');
    await ui.press(KEY.escape);
    await ui.waitFor('Open an application');
    await ui.type(app());
    await ui.press(KEY.enter);
    const back = await ui.waitFor((f) => f.includes(`1–10 of ${total}`) && onRow(history[3]!)(f));
    expect(rowLines(back)[2]).toMatch(/^ \*│/);
  });
});

describe('pages and the first page', () => {
  it('p back to page 1 within the refresh period shows it from what was read: no request', async () => {
    const total = history.length;
    const ui = open();
    await ui.waitFor(`1–10 of ${total}`);
    await ui.press('n');
    await ui.waitFor(`11–20 of ${total}`);
    const before = demo.requests.length;
    await ui.press('p');
    const first = await ui.waitFor(`1–10 of ${total}`);
    expect(first).toContain(`│ ${history[0]!.id} `);
    expect(pageQueries(before)).toEqual([]);
    // r still asks.
    await ui.press('r');
    await ui.waitFor(() => pageQueries(before).length === 1);
    expect(pageQueries(before)).toEqual(['skip=0&take=10']);
  });

  it('g on the first page says so, puts the cursor on its first row and asks nothing', async () => {
    const total = history.length;
    const ui = open();
    await ui.waitFor(`1–10 of ${total}`);
    await ui.press('j', 'j');
    await ui.waitFor(onRow(history[2]!));
    const before = demo.requests.length;
    await ui.press('g');
    const frame = await ui.waitFor('Already on the first page.');
    expect(onRow(history[0]!)(frame)).toBe(true);
    expect(pageQueries(before)).toEqual([]);
  });
});

describe('the reason in the s failed view', () => {
  it('the line under the table says why the result under the cursor failed, on the page or not', async () => {
    const worker = demo.app('orders-worker');
    const all = (await demo.client.listDeployments(worker, { skip: 0, take: 100 })).deployments.map(viewOf);
    const failed = all.filter((v) => v.phase === 'failed');
    // The first failed one is on the first page, the second is not.
    expect(all.indexOf(failed[0]!)).toBeLessThan(10);
    expect(all.indexOf(failed[1]!)).toBeGreaterThanOrEqual(10);
    const why = (v: DeploymentView) => {
      const r = reasonOf(v.record, { redact: demo.client.redact });
      if (r.kind !== 'reason') throw new Error(`deployment ${v.id} has no reason`);
      return `✗ why: ${r.text}`.slice(0, 60);
    };

    const ui = open({ appUuid: worker });
    await ui.waitFor(`1–10 of ${all.length}`);
    await ui.press('s');
    await ui.waitFor(`results 1–10 of ${failed.length} · scope: failed`);
    await ui.waitFor(why(failed[0]!));
    await ui.press('j');
    await ui.waitFor(why(failed[1]!));
  });
});

describe('= on a failed row with no mark', () => {
  it('compares it with the last good deployment of its branch, not a preview of another branch', async () => {
    const preview = (v: DeploymentView) => v.source.startsWith('PR #');
    const failed = history.findIndex(
      (v, at) =>
        at < 10 && v.phase === 'failed' && !preview(v) && preview(history.find((w, after) => after > at && w.phase === 'finished')!),
    );
    expect(failed).toBeGreaterThanOrEqual(0);
    const good = history.findIndex((v, at) => at > failed && v.phase === 'finished' && !preview(v) && v.branch === history[failed]!.branch);
    const ui = open();
    await ui.waitFor(`1–10 of ${history.length}`);
    for (let i = 0; i < failed; i++) await ui.press('j');
    await ui.waitFor(onRow(history[failed]!));
    await ui.press('=');
    await ui.waitFor(
      `Comparing deployment ${history[failed]!.id} with the last good one before it on ${history[failed]!.branch}, deployment ${history[good]!.id}`,
    );
  });
});
