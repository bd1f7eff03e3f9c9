// The whole history from the deployments screen, with the built binary in a real terminal (tmux),
// against a demo service started here with no rate limit: the strip at a glance, a search of all
// 50,000 deployments of the demo's monorepo-ci (progress, Esc, opening a result), the go-to line,
// and the quick status filter on orders-worker at 80×24.
//
// What to look for is worked out from the demo's own generator (src/demo/generated-history.ts: a
// deployment is made from its position alone), checked against the service where it matters.
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { deploymentRecord } from '../../src/demo/records.js';
import { MONOREPO_CI } from '../../src/demo/seed-apps-big.js';
import { ORDERS_WORKER } from '../../src/demo/seed-apps-shapes.js';
import { createSeed } from '../../src/demo/seed.js';
import { createStore } from '../../src/demo/store.js';
import { PHASE_MARKS, viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { formatDuration } from '../../src/model/duration.js';
import { matchesQuery, queryOf, stripStats } from '../../src/model/history.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';

/** monorepo-ci's history. */
const TOTAL = 50_000;
/** A scan of the whole history on a loaded 2-core box: seconds, give it a minute. */
const SCAN_MS = 60_000;
const TEST_MS = 180_000;
/** A word of ~16 % of the subjects ("Merge pull request #… from …"): results arrive from the first chunk. */
const COMMON = 'merge';

const e2e = setUpDemo('history');
let client: DmsClient;
let configDir: string;

/** A short sha that only the oldest deployments carry: the query, and that deployment as the service sends it. */
let oldest: { query: string; age: number; view: DeploymentView };
/** A deployment in the middle of the history, that `:` + its id finds (nothing newer matches the id as a commit prefix). */
let middle: { age: number; view: DeploymentView };
/** The positions (0: newest) of the deployments that COMMON matches, in order, and the ids of the first ten. */
let commonAt: number[];
let commonIds: (number | null)[];
/** The newest 200, as the strip reads them. */
let newest200: DeploymentView[];

beforeAll(async () => {
  client = createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token });
  configDir = tenPerPage(tempDir('dms-e2e-history-'));

  // The whole history as the service makes it: the same generator, the same record shape.
  const store = createStore(createSeed(Date.now()));
  const app = store.app(MONOREPO_CI)!;
  const made = store.deploymentsOf(MONOREPO_CI);
  expect(made.length).toBe(TOTAL);
  const views = made.slice(0, made.length).map((d) => viewOf(deploymentRecord(app, d) as Deployment));
  const hits = (text: string) => views.flatMap((v, age) => (matchesQuery(v, queryOf(text)) ? [age] : []));

  // The oldest deployment whose short sha matches nothing else in the history (commit, subject, id…).
  for (let age = TOTAL - 1; age >= TOTAL - 50 && !oldest; age--) {
    const v = views[age]!;
    if (!/^[0-9a-f]{40}$/.test(v.commit)) continue;
    const query = v.commit.slice(0, 7);
    const found = hits(query);
    if (found.length === 1 && found[0] === age) oldest = { query, age, view: v };
  }
  expect(oldest, 'one of the 50 oldest deployments has a short sha of its own').toBeDefined();
  expect(oldest.age).toBeGreaterThan(TOTAL - 50);

  // A deployment past the middle whose id is also how a NEWER deployment's commit starts: the id
  // must win over the commit prefix (digits are read as an id first).
  const newestWithPrefix = new Map<string, number>();
  views.forEach((v, age) => {
    const p = v.commit.slice(0, 6);
    if (!newestWithPrefix.has(p)) newestWithPrefix.set(p, age);
  });
  for (let age = TOTAL / 2; age < TOTAL && !middle; age++) {
    const id = String(views[age]!.id);
    if ((newestWithPrefix.get(id) ?? Infinity) < age) middle = { age, view: views[age]! };
  }
  middle ??= { age: TOTAL / 2, view: views[TOTAL / 2]! };

  commonAt = hits(COMMON);
  expect(commonAt.length).toBeGreaterThan(1000);
  commonIds = commonAt.slice(0, 10).map((age) => views[age]!.id);

  // The generator here and the service agree: same deployments at the same places.
  for (const at of [oldest.age, middle.age, commonAt[0]!]) {
    const [row] = (await client.listDeployments(MONOREPO_CI, { skip: at, take: 1 })).deployments;
    const v = viewOf(row!);
    expect([v.id, v.commit, v.subject]).toEqual([views[at]!.id, views[at]!.commit, views[at]!.subject]);
  }
  oldest = { ...oldest, view: viewOf((await client.listDeployments(MONOREPO_CI, { skip: oldest.age, take: 1 })).deployments[0]!) };
  middle = { ...middle, view: viewOf((await client.listDeployments(MONOREPO_CI, { skip: middle.age, take: 1 })).deployments[0]!) };
  newest200 = (await client.listDeployments(MONOREPO_CI, { skip: 0, take: 200 })).deployments.map(viewOf);
  expect(newest200).toHaveLength(200);
}, 120_000);

function launch(app: string, width: number, height: number): TmuxSession {
  return e2e.launch(`browse ${app}`, { width, height, env: { DMS_CONFIG_DIR: configDir } });
}

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
/** The table's data rows (its heading row dropped), as browse.test.ts reads them. */
const dataLines = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ] │/.test(l))
    .slice(1);
const cursorAt = (screen: string) => dataLines(screen).findIndex((l) => l.startsWith('›'));
/** The message line: the one above the footer (the last non-empty line). */
const messageLine = (screen: string) => {
  const filled = lines(screen).filter((l) => l.trim() !== '');
  return filled[filled.length - 2] ?? '';
};
const stripLine = (screen: string) => lines(screen).find((l) => /^(last|all) \d+/.test(l));
const num = (text: string) => Number(text.replace(/,/g, ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The header writes the count with a separator, as the search line does. */
const PAGE = /(^|\n)1–10 of 50,000 /;
const onPage = (s: string) => PAGE.test(s) && !s.includes('results ') && !/^Deployment \d+ · /m.test(s);
const detailOpen = (s: string, id: number | null) => new RegExp(`^Deployment ${id} · `, 'm').test(s);

/**
 * What must hold of every frame dms draws in a `width`×`height` terminal: it is shorter than the
 * terminal (the pane's last line stays empty; a taller frame would scroll its first line away),
 * and no line is wider. Blank screens (before the first frame) and the shell after exit pass.
 */
function frameProblem(screen: string, width: number, height: number): string | null {
  const all = lines(screen);
  if (all.every((l) => l.trim() === '') || /\[exit \d+\]/.test(screen)) return null;
  if (all.length !== height) return `${all.length} lines, not ${height}`;
  if (all[height - 1]!.trim() !== '') return 'the last line is not empty: the frame fills the terminal';
  if (!all[0]!.startsWith('dms  ')) return 'the first line is not the header: the frame scrolled';
  const wide = all.find((l) => stringWidth(l) > width);
  return wide === undefined ? null : `a line ${stringWidth(wide)} cells wide: ${wide}`;
}

/** Every table line ends in its frame: nothing was cut or wrapped (only for settled frames). */
const tableClosed = (screen: string) =>
  lines(screen)
    .filter((l) => /^[› ] [┌│├└]/.test(l))
    .every((l) => /[┐│┤┘]$/.test(l.trimEnd()));

/**
 * Waits like TmuxSession.waitFor, and checks every screen it reads on the way: a frame that does
 * not fit fails the test at once, with the screen.
 */
async function waitFitting(
  t: TmuxSession,
  width: number,
  height: number,
  test: (screen: string) => boolean,
  timeoutMs = 15_000,
): Promise<string> {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    last = t.screen();
    const problem = frameProblem(last, width, height);
    if (problem) throw new Error(`The frame does not fit ${width}×${height}: ${problem}; screen was:\n${last}`);
    if (test(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${String(test)}; screen was:\n${last}`);
}

describe('the whole history of monorepo-ci (50,000 deployments) at 120×36', () => {
  const W = 120;
  const H = 36;
  const wait = (t: TmuxSession, test: (s: string) => boolean, ms?: number) => waitFitting(t, W, H, test, ms);

  it(
    'strip after the first page; / finds a short sha only the oldest carries, keys work while it reads; Enter opens it, Esc, Esc, q',
    async () => {
      const t = launch(MONOREPO_CI, W, H);
      const page = await wait(t, (s) => onPage(s) && dataLines(s).length === 10, 20_000);
      expect(dataLines(page)[0]).toContain(` ${newest200[0]!.id} `);

      // The strip: the newest 200 read back after the first page, oldest mark on the left.
      const withStrip = await wait(t, (s) => /^last 200 /m.test(s) && onPage(s), 30_000);
      const strip = stripLine(withStrip)!;
      const m = /^last 200 ([✓✗⊘●○?]+) {2}(\d+)% finished · median (\d+m \d\ds|\d+s)( |$)/.exec(strip);
      expect(m, strip).not.toBeNull();
      const marks = [...m![1]!];
      expect(marks.length).toBeGreaterThanOrEqual(Math.floor((W - 'last 200 '.length) / 2));
      expect(marks.join('')).toBe(
        newest200
          .slice(0, marks.length)
          .map((v) => PHASE_MARKS[v.phase])
          .reverse()
          .join(''),
      );
      const stats = stripStats(newest200, Date.now());
      expect(Number(m![2])).toBe(Math.round(stats.successRate! * 100));
      expect(m![3]).toBe(formatDuration(stats.medianMs!));
      expect(strip).toContain(`last ${PHASE_MARKS.finished} `);
      expect(tableClosed(withStrip)).toBe(true);

      // Search the whole history for the oldest deployment's short sha.
      const { query, view } = oldest;
      t.keys('/');
      await wait(t, (s) => messageLine(s).startsWith('/ '));
      t.type(query);
      await wait(t, (s) => messageLine(s).startsWith(`/ ${query}`));
      t.keys('Enter');
      const reading = new RegExp(`“${query}”: 0 found · searched ([\\d,]+) of 50,000 — Esc stops`);
      const progress = await wait(t, (s) => reading.test(messageLine(s)), SCAN_MS);
      expect(num(reading.exec(messageLine(progress))![1]!)).toBeLessThan(TOTAL);
      expect(progress).toContain(`Searching the whole history for “${query}”…`);

      // Keys work while it reads: j (nothing to move over yet: the one match is at the very end, and
      // until a result arrives the table is replaced by "Searching…") and + (10 → 15 a page), whose
      // effect shows in the same frame as the progress line, still reading. j in results: next test.
      t.keys('j');
      t.keys('+');
      const responsive = await wait(t, (s) => s.includes('15 per page') && reading.test(messageLine(s)), SCAN_MS);
      const before = num(reading.exec(messageLine(progress))![1]!);
      expect(num(reading.exec(messageLine(responsive))![1]!)).toBeGreaterThanOrEqual(before);
      t.keys('-');

      const done = await wait(t, (s) => messageLine(s).includes('searched all'), SCAN_MS);
      expect(messageLine(done)).toBe(`“${query}”: 1 found · searched all 50,000 · Enter opens · Esc back to the page`);
      expect(done).toMatch(/^results 1–1 of 1 /m);
      const rows = dataLines(done);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(new RegExp(`^› .*│ ${query} │ .*│ ${view.id} +│$`));
      expect(rows[0]).toContain(view.subject.slice(0, 30));
      expect(tableClosed(done)).toBe(true);

      // Enter opens it whole: full sha and subject.
      t.keys('Enter');
      const detail = await wait(t, (s) => detailOpen(s, view.id) && s.includes(view.commit), 20_000);
      expect(detail).toContain(view.subject);
      expect(detail).toMatch(/^ {2}commit +[0-9a-f]{40}$/m);

      // Esc: back to the results as they were.
      t.keys('Escape');
      // (Waited for down to its message line: a busy machine showed the frame half drawn, the table's
      // rule last.)
      const results = await wait(
        t,
        (s) =>
          !detailOpen(s, view.id) && /^results 1–1 of 1 /m.test(s) && dataLines(s).length === 1 && messageLine(s).startsWith(`“${query}”`),
      );
      expect(messageLine(results)).toBe(`“${query}”: 1 found · searched all 50,000 · Enter opens · Esc back to the page`);
      expect(dataLines(results)[0]).toMatch(/^› /);

      // Esc: back to the page, the strip still there, 10 per page again.
      t.keys('Escape');
      const back = await wait(t, (s) => onPage(s) && dataLines(s).length === 10 && /^last 200 /m.test(s) && s.includes('10 per page'));
      expect(dataLines(back)[0]).toContain(` ${newest200[0]!.id} `);
      expect(messageLine(back)).not.toContain(query);

      t.keys('q');
      expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
    },
    TEST_MS,
  );

  it(
    '/ a common word: results while it reads, j moves in them; Esc stops it and keeps them; Esc back to the page',
    async () => {
      const t = launch(MONOREPO_CI, W, H);
      await wait(t, (s) => onPage(s) && dataLines(s).length === 10, 20_000);
      const scanRequests = () =>
        e2e.demo.requests.filter((r) => r.path.endsWith(MONOREPO_CI) && Number(new URLSearchParams(r.query).get('take')) > 200).length;

      t.keys('/');
      await wait(t, (s) => messageLine(s).startsWith('/ '));
      t.type(COMMON);
      t.keys('Enter');
      const reading = new RegExp(`^“${COMMON}”: ([\\d,]+) found · searched ([\\d,]+) of 50,000 — Esc stops`);
      const first = await wait(t, (s) => reading.test(messageLine(s)) && dataLines(s).length >= 2, SCAN_MS);
      expect(cursorAt(first)).toBe(0);
      expect(first).toMatch(/^results 1–\d+ of [\d,]+\+ /m);

      // j moves the cursor in the results while the scan goes on.
      t.keys('j');
      const moved = await wait(t, (s) => cursorAt(s) === 1, 15_000);
      expect(messageLine(moved), 'the scan is still reading when j has moved the cursor').toMatch(reading);

      // Esc stops it: what was found stays, counted and paged.
      t.keys('Escape');
      const stopped = await wait(t, (s) => messageLine(s).includes('stopped with Esc'), 15_000);
      const requestsAtStop = scanRequests();
      const m = new RegExp(`^“${COMMON}”: ([\\d,]+) found · searched ([\\d,]+) of 50,000, stopped with Esc · Esc back to the page$`).exec(
        messageLine(stopped),
      );
      expect(m, messageLine(stopped)).not.toBeNull();
      const found = num(m![1]!);
      const searched = num(m![2]!);
      expect(searched).toBeLessThan(TOTAL);
      // Exactly the matches among the deployments it read, newest first.
      expect(found).toBe(commonAt.filter((age) => age < searched).length);
      expect(stopped).toMatch(new RegExp(`^results 1–${Math.min(10, found)} of ${escape(m![1]!)} `, 'm'));
      const rows = dataLines(stopped);
      expect(rows).toHaveLength(Math.min(10, found));
      rows.forEach((row, i) => {
        expect(row).toContain('Merge pull request #');
        expect(row).toMatch(new RegExp(`│ ${commonIds[i]} +│$`));
      });
      expect(cursorAt(stopped)).toBe(1);
      expect(tableClosed(stopped)).toBe(true);

      // Esc: back to the page.
      t.keys('Escape');
      const back = await wait(t, (s) => onPage(s) && dataLines(s).length === 10);
      expect(messageLine(back)).not.toContain(COMMON);
      expect(dataLines(back)[0]).toContain(` ${newest200[0]!.id} `);
      // Stopped means stopped: at most the two requests it had in flight arrive after Esc.
      expect(scanRequests() - requestsAtStop).toBeLessThanOrEqual(2);

      t.keys('q');
      expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
    },
    TEST_MS,
  );

  it(
    ': + the id of a deployment in the middle of the history opens its detail; Esc goes to the page holding it, the cursor on it',
    async () => {
      const { view } = middle;
      const t = launch(MONOREPO_CI, W, H);
      await wait(t, (s) => onPage(s) && dataLines(s).length === 10, 20_000);

      t.keys(':');
      await wait(t, (s) => messageLine(s).startsWith('go to: '));
      t.type(String(view.id));
      await wait(t, (s) => messageLine(s).startsWith(`go to: ${view.id}`));
      t.keys('Enter');
      const looking = new RegExp(`^Looking for “${view.id}”: searched [\\d,]+ of 50,000 — Esc stops`);
      await wait(t, (s) => looking.test(messageLine(s)) || detailOpen(s, view.id), SCAN_MS);
      const detail = await wait(t, (s) => detailOpen(s, view.id) && s.includes(view.commit), SCAN_MS);
      expect(detail).toContain(view.subject);
      expect(detail).toMatch(new RegExp(`^ {2}id +${view.id}$`, 'm'));

      t.keys('Escape');
      const skip = Math.floor(middle.age / 10) * 10;
      const range = `${(skip + 1).toLocaleString('en-US')}–${(skip + 10).toLocaleString('en-US')} of 50,000`;
      const back = await wait(t, (s) => s.includes(range) && !detailOpen(s, view.id) && dataLines(s).length === 10);
      expect(back).not.toContain('Looking for');
      expect(cursorAt(back)).toBe(middle.age - skip);
      expect(dataLines(back)[middle.age - skip]).toContain(` ${view.id} `);

      t.keys('q');
      expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
    },
    TEST_MS,
  );
});

describe('orders-worker at 80×24', () => {
  const W = 80;
  const H = 24;
  const wait = (t: TmuxSession, test: (s: string) => boolean, ms?: number) => waitFitting(t, W, H, test, ms);

  it(
    's: the failed deployments of the whole history, then the running ones, then the page; every frame fits',
    async () => {
      const page = await client.listDeployments(ORDERS_WORKER, { skip: 0, take: 100 });
      const all = page.deployments.map(viewOf);
      expect(all).toHaveLength(page.total ?? all.length);
      const failed = all.filter((v) => v.phase === 'failed');
      const running = all.filter((v) => v.phase === 'running' || v.phase === 'queued');
      expect(failed.length).toBeGreaterThan(0);
      expect(running.length).toBeGreaterThan(0);
      const n = all.length;

      const t = launch(ORDERS_WORKER, W, H);
      const list = new RegExp(`(^|\\n)1–10 of ${n} `);
      const first = await wait(
        t,
        (s) => list.test(s) && dataLines(s).length === 10 && new RegExp(`^all ${n} `, 'm').test(s) && tableClosed(s),
        20_000,
      );
      expect(first).not.toContain('results ');

      /**
       * The results of a status filter: the count and the scope on the header, and each row in history
       * order; under the table the search's line, or for a failure why it failed.
       */
      async function expectResults(word: 'failed' | 'running', want: DeploymentView[]) {
        const line = word === 'failed' ? '✗ why: ' : `${word} deployments: ${want.length} found · searched all ${n}`;
        const header = new RegExp(`^results 1–${Math.min(10, want.length)} of ${want.length} · scope: ${word} `, 'm');
        const screen = await wait(
          t,
          (s) => header.test(s) && messageLine(s).startsWith(line) && dataLines(s).length === Math.min(10, want.length) && tableClosed(s),
          SCAN_MS,
        );
        dataLines(screen).forEach((row, i) => {
          expect(row).toContain(word === 'failed' ? '✗ failed' : want[i]!.phase === 'queued' ? '○ queued' : '● in progress');
          expect(row).toContain(` ${want[i]!.shortCommit} `);
        });
        expect(cursorAt(screen)).toBe(0);
        return screen;
      }

      t.keys('s');
      await expectResults('failed', failed);
      t.keys('s');
      await expectResults('running', running);
      t.keys('s');
      const back = await wait(t, (s) => list.test(s) && !s.includes('results ') && dataLines(s).length === 10 && tableClosed(s));
      expect(messageLine(back)).not.toContain('deployments:');

      t.keys('q');
      expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
    },
    TEST_MS,
  );
});
