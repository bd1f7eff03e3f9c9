// The built binary draws with src/text/ink-output.ts in place of Ink's Output
// (scripts/ink-output-patch.mjs). Here every frame of the real screens — the list in colour, its
// cursor and pages, the detail, the log viewer, help, a resize, and generated pages of hostile
// records — is drawn by both, from the same operations, and must be the same string.
import chalk from 'chalk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import InkOutput from '../../node_modules/ink/build/output.js';
import Output from '../../src/text/ink-output.js';
import { createClient } from '../../src/api/client.js';
import { tuiListBody } from '../support/arbitraries.js';
import { screenServer, type ScreenServer } from '../support/screen.js';
import { KEY, renderApp } from '../support/render.js';
import { setUpDemoService } from '../support/demo.js';

let compared = 0;
const different: { ink: string; ours: string }[] = [];
const inkGet = InkOutput.prototype.get;
let level: typeof chalk.level;
const demo = setUpDemoService();
let screens: ScreenServer;

beforeAll(async () => {
  level = chalk.level;
  chalk.level = 3;
  // Every frame Ink draws is drawn a second time by the stand-in, from the same operations.
  InkOutput.prototype.get = function get(this: InkOutput) {
    const ink = inkGet.call(this);
    // Ink's operations are private in its types, a plain array at run time.
    const { operations } = this as unknown as { operations: Output['operations'] };
    const ours = Object.assign(new Output({ width: this.width, height: this.height }), { operations }).get();
    compared++;
    if (ours.output !== ink.output || ours.height !== ink.height) different.push({ ink: ink.output, ours: ours.output });
    return ink;
  };
  screens = await screenServer();
  // The screens' modules load with the first render (seconds on a busy machine): here, not in a test.
  (await onList()).unmount();
});
afterAll(async () => {
  InkOutput.prototype.get = inkGet;
  chalk.level = level;
  await screens.close();
});

/** The demo's first application in colour, on its first page (pages of the rows that fit). */
async function onList(columns = 120, rows = 36) {
  const app = demo.app();
  const ui = renderApp(
    {
      client: createClient({ baseUrl: demo.url, token: demo.token }),
      connection: { label: 'DEMO', host: demo.host, demo: true },
      configDir: '',
      appUuid: app,
      screen: 'browse',
      showSecrets: false,
      noColor: false,
    },
    { size: { columns, rows }, fitRows: true },
  );
  await ui.waitFor(/1–\d+ of/);
  expect(ui.rawFrame()).toContain('\u001b['); // colours are on
  return ui;
}

/** Each walk over the real screens is its own test: one long walk took half its time on a busy machine. */
describe("the stand-in for Ink's Output on the real screens", () => {
  it('draws every frame of the list in colour, its cursor and its pages as Ink does', async () => {
    const before = compared;
    const ui = await onList();
    try {
      await ui.press('j', 'j', KEY.down, 'k', 'n');
      await ui.waitFor(/\d+–\d+ of/);
      await ui.press('j', 'p');
      await ui.waitFor(/1–\d+ of/);
    } finally {
      ui.unmount();
    }
    expect(different).toEqual([]);
    expect(compared - before).toBeGreaterThan(5);
  });

  it('draws every frame of the detail, the log viewer and help as Ink does', async () => {
    const before = compared;
    const ui = await onList();
    try {
      await ui.press('j', KEY.enter);
      await ui.waitFor('Deployment ');
      await ui.press(KEY.escape, 'l');
      await ui.waitFor('Log ');
      await ui.press(KEY.pageUp, KEY.pageDown, 'g', 'G', KEY.escape, '?');
      await ui.waitFor(/help/i);
      await ui.press(KEY.escape);
    } finally {
      ui.unmount();
    }
    expect(different).toEqual([]);
    expect(compared - before).toBeGreaterThan(8);
  });

  it('draws every frame of a resize, narrower then wider, as Ink does', async () => {
    const before = compared;
    const ui = await onList();
    try {
      ui.resize(80, 24);
      await ui.waitFor(/1–\d+ of|\d+–\d+ of/);
      await ui.press('j', 'j');
      ui.resize(140, 40);
      await ui.waitFor(/\d+–\d+ of/);
    } finally {
      ui.unmount();
    }
    expect(different).toEqual([]);
    expect(compared - before).toBeGreaterThan(4);
  });

  // 15 generated pages, 5 a test (seeds 26, 126, 226).
  it.each([1, 2, 3])(
    'draws every frame of generated pages (wide characters, emoji, marks, control bytes) as Ink does (5 pages a part: %i of 3)',
    async (part) => {
      const before = compared;
      await fc.assert(
        fc.asyncProperty(tuiListBody, async ({ body, count }) => {
          const ui = screens.show(body);
          try {
            await ui.waitFor((f) => !f.includes('Loading deployments'));
            if (count > 0) {
              await ui.press('j', KEY.enter);
              await ui.waitFor('Deployment ');
              await ui.press(KEY.escape);
            }
          } finally {
            ui.unmount();
          }
        }),
        { seed: 26 + 100 * (part - 1), numRuns: 5 },
      );
      expect(different).toEqual([]);
      expect(compared).toBeGreaterThan(before);
    },
  );
});
