// The stats view (S on the deployments list), with the built binary in a real terminal (tmux) and
// NO_COLOR=1: the figures and the three pictures at 120×36 and 80×24, frames that fit, the
// reading of the 50,000-deployment history shown as it goes and stopped by Esc (the figures of
// what was read stay), and Esc back to the list where it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { setUpDemoService } from '../support/demo.js';

const e2e = setUpDemo('stats');
/** With the service's own rate limit (~200 requests a minute): 50,000 deployments take the reading half a minute or more. */
const limited = setUpDemoService({});
let configDir: string;

beforeAll(async () => {
  configDir = tempDir('dms-e2e-stats-');
});

const appNamed = (name: string) => e2e.demo.seed.applications.find((a) => a.name === name)!.uuid;

function launch(app: string, width: number, height: number, service = e2e.demo): TmuxSession {
  return e2e.launch(`browse ${app}`, {
    width,
    height,
    env: { DMS_URL: service.url, DMS_TOKEN: service.token, DMS_CONFIG_DIR: configDir, NO_COLOR: '1' },
  });
}

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
/** A screen that shows `test` and is drawn to its end: the footer is there (tmux may be read while a frame is written). */
const whole = (test: RegExp) => (screen: string) => test.test(screen) && /Esc back/.test(lines(screen).at(-2) ?? '');

/** Every frame fits: no line wider than the terminal, and the last line left empty (a frame as tall would scroll). */
function expectFits(screen: string, width: number, height: number): void {
  const all = lines(screen);
  expect(all.length).toBeLessThanOrEqual(height);
  for (const l of all) expect([...l].length, l).toBeLessThanOrEqual(width);
  expect(all[height - 1] ?? '').toBe('');
}

/** What the stats view must show once it has read a history: the four figures and the three pictures. */
function expectPictures(screen: string): void {
  const all = lines(screen);
  for (const head of ['deployments  ', 'failure rate ', 'duration     median ', 'restore      median ']) {
    expect(
      all.some((l) => l.startsWith(head)),
      head,
    ).toBe(true);
  }
  expect(screen).toMatch(/^Deployments per day, \d+ weeks? {2}· 0 {2}░ /m);
  // The calendar: a row per weekday, marks that read without colour.
  expect(all.filter((l) => /^(Mon|Wed|Fri|Sun) [·░▒▓█ ]+$/.test(l))).toHaveLength(4);
  expect(screen).toMatch(/^Duration of \d+ finished.*┄ p90 \d/m);
  expect(all.some((l) => /│.*[▁▂▃▄▅▆▇█]/.test(l))).toBe(true);
  expect(screen).toMatch(/^Failure rate by week, last \d+/m);
  expect(screen).toMatch(/^ {2}0%│/m);
}

describe('S opens the stats of the whole history over the list', () => {
  it(
    'at 120×36 with NO_COLOR: the figures, the calendar, the duration with its p90, the weekly failure rate, by source; Esc back',
    { timeout: 60_000 },
    async () => {
      const t = launch(appNamed('shop-frontend'), 120, 36);
      await t.waitFor(/1–\d+ of \d+/, 20_000);
      t.keys('S');
      const screen = await t.waitFor(whole(/^read all \d+/m), 30_000);
      expect(lines(screen)[0]).toMatch(/^Stats · shop-frontend · \d+ deployments · \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d \(\d+ days\)/);
      expectPictures(screen);
      // Room enough for the split by source and branch too.
      expect(screen).toMatch(/^by source +deployments +failed +median +p90$/m);
      expect(lines(screen).at(-2)).toMatch(/Esc back/);
      expectFits(screen, 120, 36);
      // NO_COLOR: no colour codes at all (bold titles are not colour).
      const colours = [...t.screen({ escapes: true }).matchAll(/\u001b\[([0-9;]*)m/g)]
        .flatMap((m) => m[1]!.split(';').map(Number))
        .filter((n) => (n >= 30 && n <= 38) || (n >= 40 && n <= 48) || (n >= 90 && n <= 107));
      expect(colours).toEqual([]);
      t.keys('Escape');
      await t.waitFor(/1–\d+ of \d+/, 10_000);
      expect(t.screen()).not.toContain('Deployments per day');
    },
  );

  it(
    'at 80×24: the four figures and the three pictures on the first screen; ↓ scrolls to the split by source',
    { timeout: 60_000 },
    async () => {
      const t = launch(appNamed('orders-worker'), 80, 24);
      await t.waitFor(/1–\d+ of \d+/, 20_000);
      t.keys('S');
      const screen = await t.waitFor(whole(/^read all \d+/m), 30_000);
      expectPictures(screen);
      expectFits(screen, 80, 24);
      t.keys('G');
      const end = await t.waitFor(/^by source /m, 10_000);
      expect(end).toContain('by branch: no row says its branch');
      expectFits(end, 80, 24);
    },
  );

  it(
    'the 50,000-deployment history: figures as rows arrive, Esc stops the reading and keeps them, Esc again goes back',
    { timeout: 90_000 },
    async () => {
      const t = launch(appNamed('monorepo-ci'), 100, 30, limited);
      await t.waitFor(/1–\d+ of 50,000/, 20_000);
      t.keys('S');
      // While it reads: how far, and the figures so far.
      const reading = await t.waitFor((s) => /^reading [\d,]+ of 50,000 — Esc stops/m.test(s) && /^deployments {2}/m.test(s), 30_000);
      expectFits(reading, 100, 30);
      t.keys('Escape');
      const stopped = await t.waitFor(/^stopped at ([\d,]+) of 50,000 — the figures are of the newest \1; Esc goes back/m, 10_000);
      const read = Number(/^stopped at ([\d,]+)/m.exec(stopped)![1]!.replace(/,/g, ''));
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThan(50_000);
      expect(stopped).toMatch(/^Deployments per day/m);
      t.keys('Escape');
      await t.waitFor(/1–\d+ of 50,000/, 10_000);
    },
  );
});
