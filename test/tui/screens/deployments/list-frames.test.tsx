// Every frame the deployments list draws, not only the last one: when the lines under the table
// grow (a note of several lines after `o` or `Y`),
// the table gives up rows in that same frame; nothing is drawn over its bottom border or its rows,
// and the frame stays shorter than the terminal. At 80×24, 60×20, 100×30 and 120×40.
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { tempDir } from '../../../support/temp.js';
import { renderApp, type Rendered } from '../../../support/render.js';
import { setUpDemoService } from '../../../support/demo.js';

const demo = setUpDemoService();
let ui: Rendered | undefined;
const browser = process.env.DMS_BROWSER;

beforeAll(async () => {
  // `o` finds no browser: the link is written under the table, on lines of its own.
  process.env.DMS_BROWSER = '/nonexistent/dms-browser';
});
afterAll(async () => {
  if (browser === undefined) delete process.env.DMS_BROWSER;
  else process.env.DMS_BROWSER = browser;
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

function options(): TuiOptions {
  return {
    client: demo.client,
    connection: { label: 'local', host: demo.host, origin: demo.origin, demo: false },
    configDir: tempDir('dms-list-frames-'),
    appUuid: demo.app(),
    screen: 'browse',
    showSecrets: false,
    noColor: false,
  };
}

/** What is wrong with a frame of the list in a `columns`×`rows` terminal, or null. */
function frameProblem(frame: string, columns: number, rows: number): string | null {
  const lines = frame.replace(/\n$/, '').split('\n');
  if (lines.length >= rows) return `${lines.length} lines in ${rows} rows`;
  const wide = lines.find((l) => stringWidth(l) > columns);
  if (wide !== undefined) return `a line wider than ${columns}: ${wide}`;
  const top = lines.findIndex((l) => /^ {2}┌/.test(l));
  if (top < 0) return null;
  const bottom = lines.findIndex((l) => /^ {2}└/.test(l));
  if (bottom < 0) return 'the table has no bottom border: something was drawn over it';
  // Between its borders, every line is the table's, closed at its right end.
  for (const l of lines.slice(top, bottom + 1)) {
    if (!/^[› ][ *][┌│├└]/.test(l) || !/[┐│┤┘]$/.test(l.trimEnd())) return `a line drawn over the table: ${l}`;
  }
  return null;
}

for (const [columns, rows] of [
  [80, 24],
  [60, 20],
  [100, 30],
  [120, 40],
] as const) {
  describe(`the list at ${columns}×${rows}`, () => {
    it('no frame draws over the table when the lines under it grow and shrink', async () => {
      ui = renderApp(options(), { size: { columns, rows }, stripRows: 200, fitRows: true });
      await ui.waitFor(/1–\d+ of \d+/);
      const from = ui.frames().length;
      await ui.press('o');
      await ui.waitFor('The link:');
      // A copy's note of two lines in its place, then the link's again.
      await ui.press('j', 'Y');
      await ui.waitFor(/(Copied|Sent) the uuid|Did not copy the uuid/);
      await ui.press('o');
      await ui.waitFor('The link:');
      const frames = ui.frames().slice(from);
      expect(frames.length).toBeGreaterThan(5);
      for (const f of frames) expect(frameProblem(f, columns, rows), f).toBeNull();
    });
  });
}
