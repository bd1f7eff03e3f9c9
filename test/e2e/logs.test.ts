// The log viewer of the built binary in a real terminal (tmux): `dms browse APP`, then `l`, against
// demo services started here whose seed deployments move on (advanceSeed), followed every 200 ms.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../src/demo/server.js';
import { createClient } from '../../src/api/client.js';
import { ORDERS_WORKER } from '../../src/demo/seed-apps-shapes.js';
import { NO_LOGS } from '../../src/model/log.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';

/** One deployer step: the seed's running deployment (8–16 steps) ends 4–8 s after its demo starts. */
const STEP_MS = 500;
const TIMEOUT = 60_000;

const e2e = setUpDemo('logs', { rateLimitPerMinute: 0, advanceSeed: true, deployStepMs: STEP_MS });
/** Services a test starts for itself, closed after the file. */
const demos: DemoService[] = [];

afterAll(async () => {
  await Promise.all(demos.map((d) => d.close()));
});

function browse(
  service: DemoService,
  options: { width?: number; height?: number; token?: string; env?: Record<string, string> } = {},
): TmuxSession {
  return e2e.launch(`browse ${ORDERS_WORKER}`, {
    width: options.width ?? 120,
    height: options.height ?? 36,
    env: {
      DMS_URL: service.url,
      DMS_TOKEN: options.token ?? service.token,
      DMS_CONFIG_DIR: tenPerPage(tempDir('dms-e2e-logs-')),
      DMS_FOLLOW_INTERVAL_MS: '200',
      ...options.env,
    },
  });
}

const LIST = /1–10 of \d+/;
/** The table's data rows (the heading row dropped), as browse.test.ts reads them. */
const dataLines = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ] │/.test(l))
    .slice(1);
const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
/** The message line: the one above the footer (the last non-empty line). */
const messageLine = (screen: string) => {
  const filled = lines(screen).filter((l) => l.trim() !== '');
  return filled[filled.length - 2] ?? '';
};
const logOpen = (screen: string) => lines(screen).some((l) => /^Log \S+ · /.test(l));
const listShown = (screen: string) => LIST.test(screen) && !logOpen(screen) && dataLines(screen).length > 0;

/** The frame is shorter than the terminal: exactly `height` lines, the last one empty. */
function expectFrameFits(screen: string, height: number, width: number) {
  const all = lines(screen);
  expect(all).toHaveLength(height);
  expect(all[height - 1]!.trim()).toBe('');
  for (const l of all) expect(l.length).toBeLessThanOrEqual(width);
}

/** Colour SGR parameters: 30–38 and 90–97 foreground, 40–48 and 100–107 background (39/49 only reset). */
const colourParams = (escaped: string) =>
  [...escaped.matchAll(/\u001b\[([\d;]*)m/g)].flatMap((m) => m[1]!.split(';')).filter((p) => /^(3[0-8]|9[0-7]|4[0-8]|10[0-7])$/.test(p));

/** What the pane's title is: an OSC 0/2 that reached the terminal would change it (capture-pane never shows OSC). */
function paneTitle(session: TmuxSession): string {
  // startTmux's private server socket (test/support/tmux.ts): `dms-test-<pid>`.
  return execFileSync('tmux', ['-L', `dms-test-${process.pid}`, 'display-message', '-p', '-t', session.name, '#{pane_title}'], {
    encoding: 'utf8',
  }).trim();
}

/** What the demo's first page of orders-worker carries, logs decoded. */
async function firstPage(service: DemoService, token = service.token) {
  const page = await createClient({ baseUrl: service.url, token }).listDeployments(ORDERS_WORKER, { skip: 0, take: 10 });
  return page.deployments.map((d) => {
    const raw = (d as { logs?: unknown }).logs;
    const entries = typeof raw === 'string' ? (JSON.parse(raw) as { command: string | null; output: string }[]) : [];
    return { id: Number(d.id), status: String(d.status), text: entries.map((e) => `${e.command ?? ''}\n${e.output}`).join('\n') };
  });
}

/** Moves the cursor down `rows` rows and waits until it is on the row at `index` of the table. */
async function cursorTo(t: TmuxSession, rows: number, index: number) {
  for (let i = 0; i < rows; i++) t.keys('j');
  await t.waitFor((s) => dataLines(s).findIndex((l) => l.startsWith('›')) === index, 15_000);
}

describe("dms browse: following a running deployment's log", () => {
  it(
    "l on the running top row follows it to its end; the outcome matches the list's status after Esc",
    async () => {
      // A service of its own, started now: its running deployment is still running when the list is up.
      const service = await startDemoService({ rateLimitPerMinute: 0, advanceSeed: true, deployStepMs: STEP_MS });
      demos.push(service);
      const t = browse(service);
      const list = await t.waitFor(listShown, 20_000);
      const top = dataLines(list)[0]!;
      expect(top, "the seed's newest orders-worker deployment is running when the list opens").toContain('● in progress');
      const id = /│\s*(\d+)\s*│\s*$/.exec(top)?.[1];
      expect(id).toBeDefined();

      t.keys('l');
      const following = await t.waitFor('· following', 15_000);
      expect(following).toContain(`Log ${id} · ● in progress`);
      expectFrameFits(following, 36, 120);

      // The poll brings the final row: the message line says how it ended, the title stops following.
      const ended = await t.waitFor(/The deployment (finished|failed|was cancelled) after/, 30_000);
      const [, outcome] = /The deployment (finished|failed|was cancelled) after/.exec(ended)!;
      const mark = { finished: '✓', failed: '✗', 'was cancelled': '⊘' }[outcome!]!;
      expect(messageLine(ended)).toMatch(new RegExp(`^${mark} The deployment ${outcome} after (\\d+m \\d\\ds|\\d+s)\\.$`));
      const title = lines(ended).find((l) => /^Log \S+ · /.test(l))!;
      expect(title).not.toContain('following');
      expect(title).toContain(`${mark} `);
      // A finished log ends with its last line on screen.
      if (outcome === 'finished') expect(ended).toContain('New container started.');
      // A failed one with the service's epilogue: "Deployment failed: …", then "… Removing the new version" unless the old one stays.
      if (outcome === 'failed') expect(ended).toMatch(/Deployment failed[.:]/);

      t.keys('Escape');
      await t.waitFor(listShown, 15_000);
      // The list shows the same outcome for that row once it has refreshed: auto-refresh every 5 s, but
      // today the first one after start-up re-serves the start-up page (no request), so up to ~10 s.
      const after = await t.waitFor((s) => listShown(s) && /[✓✗⊘]/.test(dataLines(s)[0] ?? ''), 30_000);
      const row = dataLines(after)[0]!;
      expect(row).toContain(` ${id} `);
      expect(row).toContain(`${mark} `);
      const duration = /after (\d+m \d\ds|\d+s)\./.exec(messageLine(ended))![1]!;
      expect(row).toContain(` ${duration} `);
      // And so does the server.
      const status = (await firstPage(service)).find((d) => d.id === Number(id))!.status;
      expect({ finished: 'finished', failed: 'failed', 'was cancelled': 'cancelled-by-user' }[outcome!]).toBe(status);

      t.keys('q');
      expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
    },
    TIMEOUT,
  );
});

for (const [width, height] of [
  [120, 36],
  [80, 24],
] as const) {
  describe(`dms browse: a finished deployment's log at ${width}×${height}`, () => {
    it(
      'j l opens it at the end; / searches with a count, Enter keeps it, n moves, g goes to the top, d shows debug lines, Esc Esc back, q quits',
      async () => {
        const page = await firstPage(e2e.demo);
        expect(page[1]!.status, 'the second row of the seed is finished').toBe('finished');
        const { id } = page[1]!;
        const t = browse(e2e.demo, { width, height });
        await t.waitFor(listShown, 20_000);
        await cursorTo(t, 1, 1);
        t.keys('l');
        const opened = await t.waitFor((s) => s.includes(`Log ${id} · ✓ finished`) && s.includes('New container started.'), 15_000);
        expectFrameFits(opened, height, width);
        // Opened at the end: the last lines and the outcome, not the first ones.
        expect(messageLine(opened)).toMatch(/^✓ The deployment finished after/);
        expect(opened).not.toContain('Starting deployment of');
        if (width >= 120) expect(opened).toMatch(/ \d+ debug hidden \(d\)/);

        // Every finished demo log says "Rolling update started." and "Rolling update completed.".
        t.keys('/');
        await t.waitFor('Enter keep search');
        t.type('rolling update');
        const typed = await t.waitFor(/\/ rolling update\s+\d+ of \d+ matching lines/);
        const [, x0, m0] = /(\d+) of (\d+) matching lines/.exec(typed)!.map(Number);
        expect(m0).toBeGreaterThanOrEqual(2);
        expect(x0).toBeGreaterThanOrEqual(1);
        expect(x0).toBeLessThanOrEqual(m0!);
        // The match under the cursor is on screen.
        expect(typed).toMatch(/Rolling update (started|completed)\./);
        expectFrameFits(typed, height, width);

        t.keys('Enter');
        const kept = await t.waitFor(`“rolling update”: line ${x0} of ${m0} matching · n/N move · Esc clears`);
        expect(kept).not.toContain('Enter keep search');
        t.keys('n');
        if (x0! < m0!) await t.waitFor(`“rolling update”: line ${x0! + 1} of ${m0} matching`);
        else await t.waitFor('Search went past the end: back to the first match.');

        t.keys('g');
        const topScreen = await t.waitFor((s) => s.includes('Starting deployment of acme/orders-worker'));
        expect(lines(topScreen).some((l) => l.startsWith('$ '))).toBe(true);
        expect(topScreen).toMatch(/ {2}1–\d+ of [\d,]+( |$)/m);
        expect(lines(topScreen).some((l) => l.startsWith('· '))).toBe(false);

        t.keys('d');
        const debug = await t.waitFor(/Debug lines shown \([\d,]+\): d hides them\./);
        if (width >= 120) {
          expect(debug).toMatch(/ \d+ debug shown/);
          expect(debug).not.toContain('hidden (d)');
        }
        expectFrameFits(debug, height, width);
        // Debug lines are marked `· `; the helper image line is the first of them. (With the search
        // kept, d moves the view to the next match: back to the top to see it.)
        t.keys('g');
        const debugTop = await t.waitFor((s) => lines(s).some((l) => l.startsWith('· Preparing container with helper image')));
        expect(debugTop).toMatch(/ {2}1–\d+ of [\d,]+( |$)/m);
        expect(debugTop).toContain('Starting deployment of acme/orders-worker');

        // Esc clears the search, then goes back to the list on the same row.
        t.keys('Escape');
        await t.waitFor((s) => logOpen(s) && !s.includes('“rolling update”') && !s.includes('Debug lines shown'));
        t.keys('Escape');
        const back = await t.waitFor(listShown);
        expect(dataLines(back).findIndex((l) => l.startsWith('›'))).toBe(1);
        t.keys('q');
        expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
      },
      TIMEOUT,
    );
  });
}

describe('dms browse: what a log cannot do to the terminal', () => {
  // The lines of a log that try to set the title (OSC 0), clear the screen and move the cursor.
  // Each as it reads once cleaned: the text alone, on a line of its own, where it belongs.
  const NEEDLES = ['> build', 'Creating an optimized production build ...', 'Collecting build traces ...'];

  async function openHostile(env: Record<string, string>) {
    const page = await firstPage(e2e.demo);
    const index = page.findIndex((d) => /\u001b\]0;/.test(d.text) && /\u001b\[2J/.test(d.text) && NEEDLES.every((n) => d.text.includes(n)));
    expect(index, 'a deployment on the first page whose log carries an OSC title and a clear').toBeGreaterThanOrEqual(0);
    const { id } = page[index]!;
    const t = browse(e2e.demo, { env });
    await t.waitFor(listShown, 20_000);
    const title = paneTitle(t);
    await cursorTo(t, index, index);
    t.keys('l');
    await t.waitFor(`Log ${id}`, 15_000);
    return { t, id, title };
  }

  /** Searches each hostile line into view and hands the screen, plain and with escapes, to `check`. */
  async function eachHostileLine(t: TmuxSession, id: number, title: string, check: (escaped: string) => void) {
    for (const needle of NEEDLES) {
      t.keys('/');
      await t.waitFor('Enter keep search');
      t.type(needle);
      t.keys('Enter');
      const plain = await t.waitFor(`“${needle}”: line 1 of 1 matching`);
      const escaped = t.screen({ escapes: true });
      // The line is drawn in its place, inside the frame: nothing was cleared or moved.
      expect(
        lines(plain).filter((l) => l.includes(needle) && !l.includes(`“${needle}”`)),
        needle,
      ).toEqual([`  ${needle}`]);
      expect(lines(plain)[0]).toMatch(/^dms {2}context/);
      expect(lines(plain).find((l) => l.startsWith(`Log ${id} · `))).toBeTruthy();
      expectFrameFits(plain, 36, 120);
      expect(escaped).not.toContain('\u001b]');
      expect(escaped).not.toContain('\u001b[2J');
      // Only SGR (colour and style) codes reach the screen.
      expect(escaped.replace(/\u001b\[[\d;:]*m/g, '')).not.toContain('\u001b');
      expect(paneTitle(t)).toBe(title);
      check(escaped);
    }
  }

  it(
    'with NO_COLOR=1: no OSC, no clear, no colour code at all while a log with colours, a title and a clear is open',
    async () => {
      const { t, id, title } = await openHostile({ NO_COLOR: '1' });
      expect(colourParams(t.screen({ escapes: true }))).toEqual([]);
      await eachHostileLine(t, id, title, (escaped) => {
        expect(colourParams(escaped)).toEqual([]);
        // No colour: foreground 30–38/90–97, background 40–48/100–107 (39/49 only reset; bold and inverse are style).
        const colours = [...escaped.matchAll(/\u001b\[([\d;]*)m/g)]
          .flatMap((m) => m[1]!.split(';'))
          .filter((p) => /^(3[0-8]|9[0-7]|4[0-8]|10[0-7])$/.test(p));
        expect(colours).toEqual([]);
        // The search match still stands out without colour: inverse.
        expect(escaped).toMatch(/\u001b\[(\d+;)*7(;\d+)*m/);
      });
      t.keys('q');
      expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
    },
    TIMEOUT,
  );

  it(
    "in colour: the log's colours come through as SGR codes, and still no OSC or clear",
    async () => {
      const { t, id, title } = await openHostile({});
      await eachHostileLine(t, id, title, () => {});
      expect(colourParams(t.screen({ escapes: true })).length).toBeGreaterThan(0);
      t.keys('q');
      expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
    },
    TIMEOUT,
  );
});

describe('dms browse with a token that may not read logs', () => {
  it(
    'l says the server sent no logs and why',
    async () => {
      const page = await firstPage(e2e.demo, e2e.demo.tokenNoLogs);
      expect(page.every((d) => d.text === '')).toBe(true);
      const t = browse(e2e.demo, { token: e2e.demo.tokenNoLogs });
      await t.waitFor(listShown, 20_000);
      t.keys('l');
      const screen = await t.waitFor(NO_LOGS, 15_000);
      expect(screen).toContain('This server sent no logs: a token allowed to read sensitive data receives them.');
      expect(logOpen(screen)).toBe(true);
      expectFrameFits(screen, 36, 120);
      t.keys('Escape');
      await t.waitFor(listShown);
      t.keys('q');
      expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
    },
    TIMEOUT,
  );
});
