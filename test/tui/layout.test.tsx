// Every screen's frame fits the terminal: no line wider than it, and fewer lines than its rows
// (a frame as tall as the screen makes Ink clear and redraw everything), at 80×24 and 200×60.
import stringWidth from 'string-width';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TuiOptions } from '../../src/tui/options.js';
import { tempDir } from '../support/temp.js';
import { KEY, renderApp, type Rendered } from '../support/render.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let ui: Rendered | undefined;

beforeAll(async () => {
  // The screens' modules load with the first list drawn (seconds on a busy machine): here, not in a test.
  const warm = renderApp(options(), { size: { columns: 80, rows: 24 }, stripRows: 200 });
  await warm.waitFor(/1–10 of \d+/);
  warm.unmount();
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

function options(extra: Partial<TuiOptions> = {}): TuiOptions {
  return {
    client: demo.client,
    connection: { label: 'DEMO', host: demo.host, origin: demo.origin, demo: true },
    configDir: tempDir('dms-layout-'),
    appUuid: demo.app(),
    screen: 'browse',
    showSecrets: false,
    noColor: false,
    demoApps: demo.demoApps,
    ...extra,
  };
}

function fits(frame: string, columns: number, rows: number, what: string) {
  const lines = frame.replace(/\n$/, '').split('\n');
  expect(lines.length, `${what}: ${lines.length} lines in ${rows} rows\n${frame}`).toBeLessThan(rows);
  for (const l of lines) expect(stringWidth(l), `${what}: a line wider than ${columns}\n${l}`).toBeLessThanOrEqual(columns);
}

for (const [columns, rows] of [
  [80, 24],
  [200, 60],
] as const) {
  describe(`at ${columns}×${rows}`, () => {
    const size = { columns, rows };

    it('the picker', async () => {
      ui = renderApp(options({ appUuid: undefined }), { size });
      fits(await ui.waitFor('Open an application'), columns, rows, 'picker');
      await ui.press('?');
      fits(await ui.waitFor('Help — keys'), columns, rows, 'help over the picker');
    });

    // Each screen walk is its own test: one long walk took half its time on a busy machine.
    it('the deployments, 10 rows and 100', async () => {
      ui = renderApp(options(), { size, stripRows: 200 });
      fits(await ui.waitFor(/1–10 of \d+/), columns, rows, 'deployments');
      // Six + read together: one page asked for, of 100.
      await ui.type('++++++');
      fits(await ui.waitFor(/1–100 of \d+/), columns, rows, 'deployments, 100 rows');
    });

    it('the filter line and search results', async () => {
      ui = renderApp(options(), { size, stripRows: 200 });
      await ui.waitFor(/1–10 of \d+/);
      await ui.press('/', 'main');
      fits(await ui.waitFor('/ main'), columns, rows, 'filter');
      await ui.press(KEY.enter);
      fits(await ui.waitFor(/“main”: \d+ found · searched all/), columns, rows, 'search results');
    });

    it('the detail, its bottom, raw JSON and help', async () => {
      ui = renderApp(options(), { size, stripRows: 200 });
      await ui.waitFor(/1–10 of \d+/);
      await ui.press(KEY.enter);
      fits(await ui.waitFor('Summary'), columns, rows, 'detail');
      await ui.press('G');
      fits(ui.frame(), columns, rows, 'detail, bottom');
      await ui.press('y');
      fits(await ui.waitFor('raw JSON'), columns, rows, 'raw JSON');
      await ui.press('?');
      fits(await ui.waitFor('Help — keys'), columns, rows, 'help');
    });

    it('the create application form, every step, and its problems', async () => {
      ui = renderApp(options(), { size, stripRows: 200 });
      await ui.waitFor(/1–10 of \d+/);
      await ui.press('c');
      const first = await ui.waitFor('Create application');
      fits(first, columns, rows, 'create app, step 1');
      const steps = Number(/step 1 of (\d+)/.exec(first)![1]);
      for (let step = 2; step <= steps; step++) {
        await ui.press(KEY.pageDown);
        fits(await ui.waitFor(`step ${step} of ${steps}`), columns, rows, `create app, step ${step}`);
      }
      await ui.press(KEY.ctrl('s'));
      fits(await ui.waitFor('Not sent'), columns, rows, 'create app, problems');
    });

    it('leaving a changed form, and the create docstore form', async () => {
      ui = renderApp(options(), { size, stripRows: 200 });
      await ui.waitFor(/1–10 of \d+/);
      await ui.press('c');
      const steps = Number(/step 1 of (\d+)/.exec(await ui.waitFor('Create application'))![1]);
      await ui.press('x', KEY.escape);
      for (let i = 0; i < steps && !ui.frame().includes('Leave the form?'); i++) await ui.press(KEY.escape);
      fits(await ui.waitFor('Leave the form?'), columns, rows, 'leave?');
      await ui.press('y');
      await ui.waitFor(/1–10 of \d+/);
      await ui.press('d');
      fits(await ui.waitFor('Create docstore database'), columns, rows, 'create docstore');
    });
  });
}
