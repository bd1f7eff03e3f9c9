// The deployments list at the sizes people use, with the built binary in a real terminal (tmux):
// a page with more rows than the table holds says so in the table's border and scrolls to its
// last row (60×20); `0` takes a size chosen with `+` back to the rows that fit, the header says
// which, and the next start remembers it (80×24); a note of several lines under the table takes
// rows from it, never its border, and the frame stays shorter than the terminal.
import { describe, expect, it } from 'vitest';
import { loadPageSize, savePageSize } from '../../src/config/page-sizes.js';
import { fittingTake } from '../../src/tui/take.js';
import { tempDir } from '../support/temp.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';

const e2e = setUpDemo('list-sizes');
const app = () => e2e.demo.seed.applications[0]!.uuid;

function launch(configDir: string, width: number, height: number, env: Record<string, string> = {}): TmuxSession {
  return e2e.launch(`browse ${app()}`, { width, height, env: { DMS_CONFIG_DIR: configDir, ...env } });
}

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
const bottomBorder = (screen: string) => lines(screen).find((l) => /^ {2}└/.test(l)) ?? '';
const cursorLine = (screen: string) => lines(screen).find((l) => l.startsWith('›')) ?? '';

/** The frame fits: as many lines as the terminal with the last one empty, none wider; the table closed at its right end. */
function expectFits(screen: string, width: number, height: number): void {
  const all = lines(screen);
  expect(all, screen).toHaveLength(height);
  expect(all[height - 1], screen).toBe('');
  expect(all[0], screen).toMatch(/^dms {2}/);
  for (const l of all) expect([...l].length, l).toBeLessThanOrEqual(width);
  const table = all.filter((l) => /^[› ][ *][┌│├└]/.test(l));
  expect(table.length, screen).toBeGreaterThan(3);
  for (const l of table) expect(l.trimEnd(), screen).toMatch(/[┐│┤┘]$/);
  expect(bottomBorder(screen), screen).not.toBe('');
}

describe('a page with more rows than the table holds', () => {
  it('at 60×20 with 30 rows a page: the border says 1–8 of 30 rows, ↓ scrolls to the 30th', async () => {
    const dir = tempDir('dms-e2e-list-sizes-');
    savePageSize(dir, app(), 30);
    const t = launch(dir, 60, 20);
    const first = await t.waitFor((s) => s.includes('1–30 of 137') && /1–8 of 30 rows · ↑\/↓ scroll ─┘$/.test(bottomBorder(s)), 20_000);
    expectFits(first, 60, 20);
    expect(first).toContain('30 per page (fixed; 0 fits)');
    for (let i = 0; i < 29; i++) t.keys('Down');
    const last = await t.waitFor((s) => / 23–30 of 30 rows/.test(bottomBorder(s)));
    expectFits(last, 60, 20);
    // The cursor is on the page's 30th row: the one the server lists 30th.
    const page = (await (
      await fetch(`${e2e.demo.url}/deployments/applications/${app()}?skip=0&take=30`, {
        headers: { authorization: `Bearer ${e2e.demo.token}`, accept: 'application/json' },
      })
    ).json()) as { deployments: { id: number }[] };
    expect(cursorLine(last)).toMatch(new RegExp(`│ ${page.deployments[29]!.id} +│$`));
  });
});

describe('the page size back to the rows that fit', () => {
  it('at 80×24: + fixes the size (the header says so), 0 goes back to the 12 that fit, and the next start fits too', async () => {
    const dir = tempDir('dms-e2e-list-sizes-');
    const fit = fittingTake(24);
    let t = launch(dir, 80, 24);
    await t.waitFor((s) => s.includes(`1–${fit} of 137`) && s.includes(`${fit} per page (fits)`), 20_000);
    t.keys('+');
    const fixed = await t.waitFor((s) => s.includes('1–15 of 137') && s.includes('15 per page (fixed; 0 fits)'));
    expect(bottomBorder(fixed)).toMatch(/ 1–12 of 15 rows · ↑\/↓ scroll ─┘$/);
    t.keys('0');
    const back = await t.waitFor((s) => s.includes(`1–${fit} of 137`) && s.includes(`${fit} per page (fits)`));
    expectFits(back, 80, 24);
    expect(bottomBorder(back)).not.toMatch(/rows/);
    // Remembered: the file keeps no size for the application, and a new start fits the terminal.
    t.kill();
    expect(loadPageSize(dir, app())).toBeUndefined();
    t = launch(dir, 80, 24);
    await t.waitFor((s) => s.includes(`1–${fit} of 137`) && s.includes(`${fit} per page (fits)`), 20_000);
  });
});

describe('a note of several lines under the table', () => {
  for (const [width, height] of [
    [80, 24],
    [60, 20],
  ] as const) {
    it(`at ${width}×${height}: the link under the table when no browser starts; the table keeps its border, the frame fits`, async () => {
      const t = launch(tempDir('dms-e2e-list-sizes-'), width, height, { DMS_BROWSER: '/nonexistent/dms-browser' });
      await t.waitFor(/1–\d+ of 137/, 20_000);
      t.keys('o');
      // The rows it took are counted in the border once the table has its new height (at 60×20 the note takes them all).
      const screen = await t.waitFor(
        (s) => s.includes('The link:') && s.includes('clipboard') && / (1–\d+|0) of \d+ rows/.test(bottomBorder(s)),
      );
      expectFits(screen, width, height);
    });
  }
});
