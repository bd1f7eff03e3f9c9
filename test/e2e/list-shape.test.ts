// The built binary in a real terminal (tmux): the list fills the screen (pages hold the rows that
// fit), keeps its columns while paging (a snapshot app and a queue-row app), W shows every column,
// Esc after `:N` lands on that deployment's page, and a shrink redraws whole.
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_WORKER } from '../../src/demo/seed-apps-shapes.js';
import { createClient } from '../../src/api/client.js';
import { fittingTake } from '../../src/tui/take.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';

const e2e = setUpDemo('list-shape');
let configDir: string;
let snapshotApp: string;

beforeAll(() => {
  snapshotApp = e2e.demo.seed.applications[0]!.uuid;
  configDir = tempDir('dms-e2e-list-shape-');
});

function launch(app: string, width: number, height: number): TmuxSession {
  return e2e.launch(`browse ${app}`, { width, height, env: { DMS_CONFIG_DIR: configDir } });
}

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
const dataLines = (screen: string) =>
  lines(screen)
    .filter((l) => /^[› ] │/.test(l))
    .slice(1);
/** The table's column names, from its heading line. */
const heading = (screen: string) => {
  const at = lines(screen).findIndex((l) => l.includes('┌'));
  const line = lines(screen)[at + 1]!;
  return line
    .split('│')
    .map((c) => c.trim())
    .filter(Boolean);
};
const range = (from: number, to: number, of: number) => `${from}–${to} of ${of}`;
const listQueries = (uuid: string) =>
  e2e.demo.requests.filter((r) => r.path.endsWith(`/deployments/applications/${uuid}`)).map((r) => r.query);

for (const [width, height] of [
  [120, 36],
  [80, 24],
] as const) {
  it(`at ${width}×${height} a page holds the rows that fit: the table is full, with no line saying the rest scrolls`, async () => {
    const rows = height - 12;
    expect(fittingTake(height)).toBe(rows);
    const before = listQueries(snapshotApp).length;
    const t = launch(snapshotApp, width, height);
    const screen = await t.waitFor(range(1, rows, 137));
    expect(dataLines(screen)).toHaveLength(rows);
    expect(screen).not.toContain('showing');
    expect(screen).toContain(`${rows} per page`);
    // The frame is one line shorter than the terminal; the footer on the line above the last.
    expect(lines(screen)).toHaveLength(height);
    expect(lines(screen)[height - 2]).toMatch(/\? help/);
    expect(lines(screen)[height - 4]).toMatch(/^\s+└/);
    // The first page was asked for once, at that size, before the UI was drawn.
    expect(
      listQueries(snapshotApp)
        .slice(before)
        .filter((q) => q.startsWith('skip=0&')),
    ).toEqual([`skip=0&take=${rows}`]);
  });
}

describe('columns keep their place while paging', () => {
  it('the snapshot app at 80×24: n n n never moves a column; status, commit, subject, started and id stay', async () => {
    const t = launch(snapshotApp, 80, 24);
    const first = heading(await t.waitFor(range(1, 12, 137)));
    expect(first).toEqual(expect.arrayContaining(['status', 'commit', 'subject', 'started', 'id']));
    expect(first).not.toEqual(expect.arrayContaining(['source']));
    for (const [from, to] of [
      [13, 24],
      [25, 36],
      [37, 48],
    ]) {
      t.keys('n');
      expect(heading(await t.waitFor(range(from!, to!, 137)))).toEqual(first);
    }
  });

  // One app a test: both in one took a third of the time on a busy machine.
  it.each([
    ['snapshot', 137],
    ['queue-row', 64],
  ] as const)('the %s app at 120×36: n n n draws the same columns on every page', async (shape, total) => {
    const t = launch(shape === 'snapshot' ? snapshotApp : ORDERS_WORKER, 120, 36);
    const first = heading(await t.waitFor(range(1, 24, total)));
    for (const [from, to] of [
      [25, 48],
      [49, Math.min(72, total)],
      [73, 96],
    ]) {
      t.keys('n');
      const screen = from! > total ? await t.waitFor('last page') : await t.waitFor(range(from!, to!, total));
      expect(heading(screen)).toEqual(first);
    }
  });
});

it('W shows every column at 80×24, > and < scroll them sideways, W again goes back', async () => {
  const t = launch(snapshotApp, 80, 24);
  const narrow = heading(await t.waitFor(range(1, 12, 137)));
  t.keys('W');
  let screen = await t.waitFor(/wide: columns 1–\d+ of \d+/);
  const of = Number(/wide: columns 1–\d+ of (\d+)/.exec(screen)![1]);
  const shown = new Set(heading(screen));
  for (let i = 0; i < of && !new RegExp(`wide: columns \\d+–${of} of ${of}`).test(screen); i++) {
    const before = /wide: columns (\d+)/.exec(screen)![1];
    t.keys('>');
    screen = await t.waitFor((s) => {
      const m = /wide: columns (\d+)/.exec(s);
      return m !== null && m[1] !== before;
    });
    for (const c of heading(screen)) shown.add(c);
    expect(lines(screen).every((l) => l.length <= 80)).toBe(true);
  }
  expect(shown.size).toBe(of);
  expect([...shown]).toEqual(expect.arrayContaining([...narrow, 'source', 'branch', 'duration']));
  t.keys('<');
  await t.waitFor(new RegExp(`wide: columns \\d+–${of - 1} of ${of}|wide: columns \\d+–\\d+ of ${of}`));
  t.keys('W');
  const back = await t.waitFor((s) => !s.includes('wide:'));
  expect(heading(back)).toEqual(narrow);
});

it('Esc after :N goes to the page holding that deployment, the cursor on it', async () => {
  const all = await createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token }).listDeployments(snapshotApp, { skip: 0, take: 100 });
  const target = all.deployments[50]!;
  const t = launch(snapshotApp, 80, 24);
  await t.waitFor(range(1, 12, 137));
  t.keys(':');
  t.type(String(target.id));
  t.keys('Enter');
  await t.waitFor(`Deployment ${target.id}`, 20_000);
  t.keys('Escape');
  // The detail's heading gone (a reason under the table may say "Deployment cancelled by user.").
  const back = await t.waitFor((s) => s.includes(range(49, 60, 137)) && !s.includes(`Deployment ${target.id} · `));
  const cursorLine = lines(back).find((l) => l.startsWith('›'))!;
  expect(cursorLine).toContain(String(target.git_commit_sha).slice(0, 7));
  expect(cursorLine).toMatch(new RegExp(`│ ${target.id}\\s+│$`));
});

it('a shrink from 200×50 to 60×15 redraws whole: Esc back to the list draws the footer under the table, not over it', async () => {
  const t = launch(snapshotApp, 200, 50);
  await t.waitFor(range(1, 38, 137));
  t.keys('Enter');
  await t.waitFor('Deployment ');
  t.resize(60, 15);
  await t.waitFor((s) => lines(s).length === 15 && s.includes('Summary'));
  t.keys('Escape');
  const screen = await t.waitFor((s) => s.includes('└') && !s.includes('Summary'));
  const shown = lines(screen);
  expect(shown).toHaveLength(15);
  expect(shown.every((l) => l.length <= 60)).toBe(true);
  const bottom = shown.findIndex((l) => l.includes('└'));
  const top = shown.findIndex((l) => l.includes('┌'));
  expect(top).toBeGreaterThan(0);
  // Every line between the borders is a table line; the message and the footer follow the bottom border.
  for (const l of shown.slice(top, bottom + 1)) expect(l).toMatch(/^[› ] [┌│├└]/);
  expect(shown[bottom + 2]).toMatch(/\? help/);
  expect(shown[14]!.trim()).toBe('');
});
