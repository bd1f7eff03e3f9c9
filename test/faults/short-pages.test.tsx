// Pages that contradict the server's count: a page shorter than `take` while `count` says more,
// and an empty page of a history the count says is not empty. In the TUI paging follows the
// count and the screen says what is missing and where n and g go; `dms deployments` says it on
// the table's last line.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { TuiOptions } from '../../src/tui/options.js';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { KEY, renderApp, type Rendered } from '../support/render.js';
import { runBin } from '../support/run-bin.js';

const APP = 'app-short-pages';
const COUNT = 39;

/** Rows as a page at `skip` would hold them (ids count down from 100). */
const rowsAt = (skip: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: 100 - skip - i,
    status: 'finished',
    git_commit_sha: `abcdef${String(100 - skip - i).padStart(4, '0')}`,
    commit_message: `Change ${100 - skip - i}`,
    created_at: '2026-08-22T15:22:50.000000Z',
  }));

/** What the server answers, by the page asked for. */
let answer: (skip: number, take: number) => unknown = () => ({ count: 0, deployments: [] });
let server: HostileServer;
let shown: Rendered | undefined;

beforeAll(async () => {
  server = await respondWith((req, res) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer(skip, take)));
  });
});
afterAll(() => server.close());
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function open(strip = 0): Rendered {
  const options: TuiOptions = {
    client: createClient({ baseUrl: `${server.url}/api/v1`, token: '1|pagingtoken', retries: 0 }),
    connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
    configDir: '',
    appUuid: APP,
    screen: 'browse',
    showSecrets: false,
    noColor: true,
  };
  shown = renderApp(options, { size: { columns: 160, rows: 30 }, stripRows: strip });
  return shown;
}

const skipsAsked = () => server.requests.filter((r) => r.query.get('take') === '10').map((r) => Number(r.query.get('skip')));

describe('a page shorter than take while count says more', () => {
  it('says what is missing; n goes on to 11–20, 21–30, 31–39; G lands on the last page by count; the last says so', async () => {
    answer = (skip) => ({ count: COUNT, deployments: rowsAt(skip, 3) });
    const ui = open();
    const first = await ui.waitFor('1–3 of 39');
    expect(first).toContain('The server sent 3 of the 10 deployments of 1–10 (39 in all): 4–10 are not shown. n goes on to 11–20.');
    await ui.press('n');
    const second = await ui.waitFor('11–13 of 39');
    expect(second).toContain('Change 90');
    expect(second).toContain('The server sent 3 of the 10 deployments of 11–20 (39 in all): 14–20 are not shown. n goes on to 21–30.');
    await ui.press('n');
    await ui.waitFor('21–23 of 39');
    await ui.press('n');
    const last = await ui.waitFor('31–33 of 39');
    expect(last).toContain('The server sent 3 of the 9 deployments of 31–39 (39 in all): 34–39 are not shown.');
    expect(last).not.toContain('n goes on');
    await ui.press('n');
    await ui.waitFor('This is the last page.');
    await ui.press('g');
    await ui.waitFor('1–3 of 39');
    await ui.press('G');
    await ui.waitFor('31–33 of 39');
    // g and G show pages read within the refresh period as they were read, else read them again (a slow machine): never another page.
    expect(skipsAsked().slice(0, 4)).toEqual([0, 10, 20, 30]);
    expect(
      skipsAsked()
        .slice(4)
        .every((skip) => skip === 0 || skip === 30),
    ).toBe(true);
  });
});

describe('a first page shorter than a count that fits on it', () => {
  it('says what is missing, and the strip does not call the 3 rows "all" of a history of 9', async () => {
    answer = () => ({ count: 9, deployments: rowsAt(0, 3) });
    const ui = open(200);
    const frame = await ui.waitFor((f) => f.includes('1–3 of 9') && /\blast 3\b/.test(f));
    expect(frame).toContain('The server sent 3 of the 9 deployments of 1–9 (9 in all): 4–9 are not shown.');
    expect(frame).not.toMatch(/\ball 3\b/);
  });
});

describe('the strip over a history whose pages stop short of the count', () => {
  it.each([
    ['a full first page', 10],
    ['a short first page', 3],
  ])('%s, nothing after it, count 39: the strip says "last", never "all"', async (_name, first) => {
    answer = (skip) => ({ count: COUNT, deployments: skip === 0 ? rowsAt(0, first) : [] });
    const ui = open(200);
    // Before: `all 10` / `all 3 ✓✓✓` once the strip's reading ended.
    const frame = await ui.waitFor((f) => new RegExp(`\\blast ${first} [✓✗]`).test(f));
    expect(frame).not.toMatch(/\ball \d+/);
  });
});

describe('a search of the whole history whose pages stop short of the count', () => {
  it('says how many of the count it read and that the server sent no more, never "searched all"', async () => {
    answer = (skip) => ({ count: COUNT, deployments: skip === 0 ? rowsAt(0, 10) : [] });
    const ui = open();
    await ui.waitFor('1–10 of 39');
    await ui.press('/');
    await ui.type('change');
    await ui.press(KEY.enter);
    // Before: `“change”: 10 found · searched all 10`.
    const frame = await ui.waitFor('searched 10 of 39, stopped:');
    expect(frame.replace(/\s+/g, ' ')).toContain(
      '“change”: 10 found · searched 10 of 39, stopped: Read 10 of the 39 deployments the server counts; the server sent no more.',
    );
    expect(frame).not.toContain('searched all');
  });
});

describe('an empty page of a history the server counts', () => {
  it('an empty first page with count 39 says so (not "no deployments yet"), and the strip does not say "all 0"', async () => {
    answer = () => ({ count: COUNT, deployments: [] });
    const ui = open(200);
    const frame = await ui.waitFor('empty page 1–10 of 39');
    expect(frame).toContain('No deployments on this page (1–10), though the server counts 39 — r asks again. n goes on to 11–20.');
    expect(frame).not.toContain('No deployments for this application yet');
    expect(frame).not.toMatch(/\ball 0\b/);
  });

  it('an empty page inside the history is shown as such and offers the first page; g goes back to it', async () => {
    answer = (skip) => ({ count: COUNT, deployments: skip === 0 ? rowsAt(0, 10) : [] });
    const ui = open();
    await ui.waitFor('1–10 of 39');
    await ui.press('n');
    const empty = await ui.waitFor('empty page 11–20 of 39');
    expect(empty).toContain(
      'No deployments on this page (11–20), though the server counts 39 — g goes to the first page. n goes on to 21–30.',
    );
    expect(empty).not.toContain('Change 100');
    await ui.press('g');
    const back = await ui.waitFor('1–10 of 39');
    expect(back).toContain('Change 100');
    await ui.press('G');
    await ui.waitFor('empty page 31–39 of 39');
  });

  it('a server with no count: an empty page past the end still steps back to the last page and says so', async () => {
    answer = (skip) => (skip === 0 ? rowsAt(0, 10) : []);
    const ui = open();
    await ui.waitFor(/1–10\s/);
    await ui.press('n');
    const frame = await ui.waitFor('No more deployments: this is the last page.');
    expect(frame).toContain('Change 100');
  });
});

describe('dms deployments on such pages', () => {
  const lastLine = async (args: string[]) => {
    const r = await runBin(['deployments', APP, ...args], { env: { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '1|pagingtoken' } });
    expect(r.code).toBe(0);
    return r.stdout.trimEnd().split('\n').at(-1);
  };

  it('a short page says how many rows the count puts there; an empty one says none on this page, and how many it should hold', async () => {
    answer = (skip) => ({ count: COUNT, deployments: rowsAt(skip, 3) });
    expect(await lastLine([])).toBe('39 deployments; showing 1–3 — the server sent 3 rows where its count puts 10');
    expect(await lastLine(['--take', '20'])).toBe('39 deployments; showing 1–3 — the server sent 3 rows where its count puts 20');
    expect(await lastLine(['--skip', '30', '--take', '10'])).toBe(
      '39 deployments; showing 31–33 — the server sent 3 rows where its count puts 9',
    );
    expect(await lastLine(['--take', '3'])).toBe('39 deployments; showing 1–3');
    answer = () => ({ count: COUNT, deployments: [] });
    expect(await lastLine(['--skip', '20'])).toBe(
      '39 deployments; none on this page (from 21) — the server sent no rows where its count puts 10',
    );
    // The first page too: counted, none sent; never "no deployments".
    expect(await lastLine([])).toBe('39 deployments; none on this page (from 1) — the server sent no rows where its count puts 10');
    expect(await lastLine(['--skip', '39'])).toBe('39 deployments; none on this page (from 40)');
  });
});
