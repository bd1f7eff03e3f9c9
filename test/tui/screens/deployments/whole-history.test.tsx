// The whole history on the deployments screen: the strip at a glance, / searching every page
// with progress (Esc stops, Esc returns), results paged and opened, s for failed/running, : to go
// to one deployment; faults and 429s mid-scan. Against a small server on 127.0.0.1.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient, type DmsClient } from '../../../../src/api/client.js';
import { createHistorySearch, type HistorySearch } from '../../../../src/search/history-search.js';
import { BIN } from '../../../support/bin.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { respondWith, type HostileServer } from '../../../support/hostile.js';
import { KEY, renderApp, type Rendered } from '../../../support/render.js';

const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000000Z');
const MINUTE = 60_000;

/** 300 queue rows, newest first; every 7th failed, the newest running; commits `c0de<id>…`. */
function history(n: number, top = n): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const id = top - i;
    const created = now - (i + 1) * 60 * MINUTE;
    const status = id === top ? 'in_progress' : id % 7 === 0 ? 'failed' : 'finished';
    return {
      id,
      deployment_uuid: `dep${String(id).padStart(21, '0')}`,
      status,
      commit: `c0de${String(id).padStart(4, '0')}${'a'.repeat(32)}`,
      commit_message: id === 17 ? 'Migrate the orders table to bigint ids' : `Routine change ${id}`,
      application_name: 'orders-worker',
      server_name: 'edge-1',
      is_webhook: id % 3 !== 0,
      is_api: id % 3 === 0,
      rollback: false,
      pull_request_id: id === 40 ? 12 : 0,
      created_at: iso(created),
      updated_at: iso(created + 3 * MINUTE),
      finished_at: status === 'in_progress' ? null : iso(created + 3 * MINUTE),
      git_branch: id % 2 ? 'main' : 'develop',
    };
  });
}

// The search worker as built next to the binary (dist/search-worker.js, built by `npm test`).
const SEARCH_WORKER = pathToFileURL(fileURLToPath(new URL('./search-worker.js', pathToFileURL(BIN))));

let server: HostileServer;
let client: DmsClient;
/** The deployments screen's search: the searches below run once on the screen's thread, once in the search worker. */
let search: HistorySearch;
let searches: Record<'thread' | 'worker', HistorySearch>;
let rows: Record<string, unknown>[] = [];
/** Runs before each answer: may delay it or answer instead. */
let before:
  | ((skip: number, take: number, n: number) => Promise<{ status: number; body: unknown; headers?: Record<string, string> } | void>)
  | undefined;
let shown: Rendered | undefined;

beforeAll(async () => {
  let n = 0;
  server = await respondWith(async (req, res) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    n += 1;
    const other = await before?.(skip, take, n);
    if (other) {
      res.writeHead(other.status, { 'content-type': 'application/json', ...other.headers });
      res.end(JSON.stringify(other.body));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }));
  });
  if (!existsSync(fileURLToPath(SEARCH_WORKER))) throw new Error(`build first: ${fileURLToPath(SEARCH_WORKER)} is missing`);
  const options = { baseUrl: `${server.url}/api/v1`, token: '1|wholehistory', retries: 0 };
  client = createClient(options);
  searches = { thread: createHistorySearch({ client }), worker: createHistorySearch({ client, worker: { file: SEARCH_WORKER, options } }) };
  search = searches.thread;
});
afterAll(() => server.close());
beforeEach(() => {
  search = searches.thread;
  rows = history(300);
  before = undefined;
  server.requests.length = 0;
});
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function open(stripRows = 0, size = { columns: 140, rows: 36 }): Rendered {
  const options: TuiOptions = {
    client,
    search,
    connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
    configDir: '',
    appUuid: 'app-big',
    screen: 'browse',
    showSecrets: false,
    noColor: true,
  };
  shown = renderApp(options, { size, stripRows });
  return shown;
}

const dataRows = (f: string) =>
  f
    .split('\n')
    .filter((l) => /^[› ] │/.test(l))
    .slice(1);
const cursorRow = (f: string) => f.split('\n').find((l) => l.startsWith('›')) ?? '';

describe('the strip at a glance', () => {
  it('reads the last 200 after the first page, shows a mark per deployment and the figures', async () => {
    // 160 columns: the marks take at least half the line, and two-unit ages need the rest.
    const ui = open(200, { columns: 160, rows: 36 });
    await ui.waitFor(/1–10 of 300/);
    const strip = await ui.waitFor(/last 200 [✓✗●]+/);
    // 199 final among the 200: every 7th failed.
    const failed = history(300)
      .slice(0, 200)
      .filter((r) => r.status === 'failed').length;
    expect(strip).toContain(`${Math.round(((199 - failed) / 199) * 100)}% finished`);
    expect(strip).toContain('median 3m 00s');
    expect(strip).toMatch(/last ✓ \d+h( \d+m)? ago · last ✗ \d+h( \d+m)? ago/);
    // Newest on the right: the running one.
    expect(/last 200 ([✓✗●]+)/.exec(strip)![1]!.endsWith('●')).toBe(true);
    // The first page was not asked for again; the strip went on after it.
    const queries = server.requests.map((r) => r.query.toString());
    expect(queries[0]).toBe('skip=0&take=10');
    expect(queries[1]).toMatch(/^skip=9&take=\d+$/);
  });

  it('a history shorter than the strip says all of it is there', async () => {
    rows = history(37);
    const ui = open(200);
    expect(await ui.waitFor(/all 37 [✓✗●]+/)).toMatch(/1–10 of 37/);
  });
});

describe.each(['thread', 'worker'] as const)('searching on the %s', (where) => {
  beforeEach(() => {
    search = searches[where];
  });

  describe('/ searches the whole history', () => {
    it('finds a deployment far down, opens it, and Esc goes back to the results, then to the page', async () => {
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      await ui.press('/');
      await ui.type('bigint');
      await ui.press(KEY.enter);
      const found = await ui.waitFor('“bigint”: 1 found · searched all 300');
      expect(dataRows(found)[0]).toMatch(/c0de001\s+│ Migrate the orders table to bigint ids/);
      expect(found).toContain('results 1–1 of 1');
      await ui.press(KEY.enter);
      const detail = await ui.waitFor('Deployment 17 ·');
      expect(detail).toContain('Migrate the orders table to bigint ids');
      // It was fetched alone, at its place in the history.
      expect(server.requests.map((r) => r.query.toString())).toContain('skip=283&take=1');
      await ui.press(KEY.escape);
      await ui.waitFor('“bigint”: 1 found');
      await ui.press(KEY.escape);
      const page = await ui.waitFor(/1–10 of 300/);
      expect(page).not.toContain('found');
      expect(dataRows(page)[0]).toContain('300');
    });

    it("reads through the search it is handed (TuiOptions.search), not through the screen's client", async () => {
      // The same server, another token: each request says which of the two asked.
      const handedOptions = { baseUrl: `${server.url}/api/v1`, token: '2|handedsearch', retries: 0 };
      const handedClient = createClient(handedOptions);
      search = createHistorySearch({
        client: handedClient,
        worker: where === 'worker' ? { file: SEARCH_WORKER, options: handedOptions } : undefined,
      });
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      const from = server.requests.length;
      await ui.press('/');
      await ui.type('bigint');
      await ui.press(KEY.enter);
      await ui.waitFor('“bigint”: 1 found · searched all 300');
      const tokens = server.requests.slice(from).map((r) => r.headers.authorization);
      expect(tokens.length).toBeGreaterThan(1);
      expect(new Set(tokens)).toEqual(new Set(['Bearer 2|handedsearch']));
    });

    it('words for status and source, and #n for a pull request, match across the history', async () => {
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      await ui.press('/');
      await ui.type('failed api');
      await ui.press(KEY.enter);
      const expected = history(300).filter((r) => r.status === 'failed' && r.is_api).length;
      await ui.waitFor(`“failed api”: ${expected} found · searched all 300`);
      await ui.press(KEY.escape, '/');
      await ui.type('#12');
      await ui.press(KEY.enter);
      expect(dataRows(await ui.waitFor('“#12”: 1 found'))[0]).toContain('PR #12');
    });

    it('shows progress while it reads, keeps the keys quick, and Esc stops it with what it found', async () => {
      before = async (skip) => {
        if (skip > 0) await new Promise((r) => setTimeout(r, 1000));
      };
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      await ui.press('/');
      await ui.type('routine');
      await ui.press(KEY.enter);
      const reading = await ui.waitFor(/“routine”: \d+ found · searched \d+ of 300 — Esc stops/);
      expect(reading).toMatch(/results 1–10 of \d+\+/);
      // Keys while it reads: the cursor moves at once.
      await ui.press('j', 'j');
      expect(cursorRow(ui.frame())).toContain('298');
      await ui.press(KEY.escape);
      const stopped = await ui.waitFor(/“routine”: \d+ found · searched \d+ of 300, stopped with Esc/);
      expect(stopped).not.toContain('searched all');
      const asked = server.requests.length;
      await new Promise((r) => setTimeout(r, 400));
      expect(server.requests.length).toBeLessThanOrEqual(asked + 2); // what was in flight
    });

    it('results page like the list: n and p move by a page', async () => {
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      await ui.press('/');
      await ui.type('develop');
      await ui.press(KEY.enter);
      await ui.waitFor('“develop”: 150 found · searched all 300');
      await ui.press('n');
      const second = await ui.waitFor('results 11–20 of 150');
      expect(dataRows(second)[0]).toContain('280');
      await ui.press('p');
      await ui.waitFor('results 1–10 of 150');
    });

    it('a 429 in the middle is waited out and the search completes', async () => {
      before = async (skip, _take, n) =>
        skip > 0 && n === 3 ? { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '1' } } : undefined;
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      await ui.press('s');
      const failed = history(300).filter((r) => r.status === 'failed').length;
      await ui.waitFor(`failed deployments: ${failed} found · searched all 300`, 10_000);
    });

    it('a fault that does not pass stops the search and says how far it got', async () => {
      before = async (skip) => (skip > 150 ? { status: 500, body: { message: 'Server Error' } } : undefined);
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      await ui.press('/');
      await ui.type('routine');
      await ui.press(KEY.enter);
      // The scan asks a failing page four times, about 1 + 2 + 4 s apart (never a round 4 s: see
      // backoff() in src/search/scan.ts, found here). On a loaded 2-core machine
      // (the suite beside two busy processes) that has taken more than 20 s.
      await ui.waitFor(/searched \d+ of 300, stopped: .*Server Error/, 45_000);
    }, 60_000);

    it('a server that loses the row read last and says a new count every answer: the search ends, flagged, after a few requests', async () => {
      rows = history(3000);
      // Each answer loses its last row; its count is never the same twice.
      before = async (skip, take, n) => {
        const page = rows.slice(skip, skip + take);
        if (page.length > 0) rows = rows.filter((r) => r !== page.at(-1));
        return { status: 200, body: { count: rows.length + 2 * n, deployments: page } };
      };
      const ui = open();
      await ui.waitFor(/1–10 of 3,\d{3}/);
      const from = server.requests.length;
      await ui.press('/');
      await ui.type('routine');
      await ui.press(KEY.enter);
      // Before: "searched 100 of 3,1xx — Esc stops" for ever, ~24 requests a second.
      const done = await ui.waitFor(
        /“routine”: [\d,]+ found · searched [^·]+ · Enter opens · Esc back to the page · the history changed while it was read/,
        20_000,
      );
      expect(done).not.toContain('Esc stops');
      expect(server.requests.length - from).toBeLessThan(80);
    }, 30_000);

    it('deployments that arrive while it reads are not found twice', async () => {
      let arrived = false;
      before = async (skip) => {
        if (skip > 0 && !arrived) {
          arrived = true;
          rows = history(305);
        }
      };
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      await ui.press('s', 's');
      // Running: the deployment on top when the search began (the newer ones came after).
      const frame = await ui.waitFor(/running deployments: \d+ found · searched all/);
      expect(frame).toMatch(/: 1 found/);
    });
  });

  describe(': goes to a deployment', () => {
    it('by id, by commit prefix, and says so when there is none', async () => {
      const ui = open();
      await ui.waitFor(/1–10 of 300/);
      await ui.press(':');
      await ui.type('42');
      await ui.press(KEY.enter);
      await ui.waitFor('Deployment 42 ·');
      await ui.press(KEY.escape);
      // Esc lands on the page that holds it, the cursor on it.
      expect(cursorRow(await ui.waitFor(/251–260 of 300/))).toMatch(/│ 42 +│/);
      await ui.press(':');
      await ui.type('c0de0005');
      await ui.press(KEY.enter);
      await ui.waitFor('Deployment 5 ·');
      await ui.press(KEY.escape, ':');
      await ui.type('deadbeef');
      await ui.press(KEY.enter);
      await ui.waitFor('No deployment has the id, uuid or commit “deadbeef” (searched all 300)');
      await ui.press(KEY.escape);
      await ui.waitFor((f) => !f.includes('No deployment has'));
    });

    it('digits are an id first: a newer commit that starts with them does not win', async () => {
      rows = history(1200);
      rows[10]!.commit = `1100${'b'.repeat(36)}`; // id 1190's commit starts with 1100
      const ui = open();
      await ui.waitFor(/1–10 of 1,200/);
      await ui.press(':');
      await ui.type('1100');
      await ui.press(KEY.enter);
      expect(await ui.waitFor('Deployment 1100 ·')).toContain('c0de1100');
      await ui.press(KEY.escape, ':');
      await ui.type('1100bbb');
      await ui.press(KEY.enter);
      await ui.waitFor('Deployment 1190 ·');
    });
  });
});
