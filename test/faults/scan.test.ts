// The whole-history scan against hostile servers on 127.0.0.1, both ways it runs: the built
// binary's `dms deployments APP --all`, and the deployments screen's history search (in the search
// worker and on the screen's thread). Scans that could run forever end, flagged; a 429's wait is
// never longer than dms honours (10 s), is said, and past it the scan stops with exit 6; rows a
// server repeats are printed once and counted.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ScanStopped } from '../../src/search/scan.js';
import type { SearchEvent, SearchRequest } from '../../src/search/search.js';
import { createHistorySearch } from '../../src/search/history-search.js';
import { BIN } from '../support/bin.js';
import {
  forgetfulHistory,
  hang,
  json,
  queueRow,
  repeatingHistory,
  serversClosedAfterEach,
  type Handler,
  type HostileServer,
} from '../support/hostile.js';
import { runBin } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';
import { shellQuote, startTmux, type TmuxSession } from '../support/tmux.js';

const APP = 'a1b2c3d4-0000-4000-8000-000000000001';
const TOKEN = '7|scanfaulttokensecret';
const SEARCH_WORKER = pathToFileURL(fileURLToPath(new URL('./search-worker.js', pathToFileURL(BIN))));

const serve = serversClosedAfterEach(afterEach);

const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const idsOf = (ndjson: string) => lines(ndjson).map((l) => (JSON.parse(l) as { id: number }).id);
/** The client's and the scan's retries after faults start at 20 ms instead of 500 ms and 1 s: the same steps, sooner. */
const envOf = (s: HostileServer) => ({ DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: TOKEN, DMS_RETRY_BASE_MS: '20' });
const all = (s: HostileServer, timeoutMs = 30_000) => runBin(['deployments', APP, '--all', '-o', 'ndjson'], { env: envOf(s), timeoutMs });

/** `n` rows, as `{count, deployments}` pages; the list requests `faulty` picks (by number: 1, 2, …) get `fault` instead. */
function historyWith(n: number, faulty: (attempt: number) => boolean, fault: Handler): Handler {
  const rows = Array.from({ length: n }, (_, i) => queueRow(n - i));
  return (req, res, raw) => {
    if (faulty(req.attempt)) return fault(req, res, raw);
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    return json(200, { count: n, deployments: rows.slice(skip, skip + take) })(req, res, raw);
  };
}
const tooMany = (retryAfter: string): Handler => json(429, { message: 'Too Many Attempts.' }, { 'retry-after': retryAfter });

describe('a server whose rows and count move with every answer (item 2)', () => {
  it('--all ends, flagged, after a bounded number of requests, no row twice', { timeout: 40_000 }, async () => {
    const h = forgetfulHistory(3000);
    const s = await serve(h.handler);
    // Before: 100 rows, then ~120 requests a minute for ever (runBin gives up after 30 s).
    const r = await all(s);
    expect(r.code, r.stderr).toBe(0);
    const ids = idsOf(r.stdout);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Read on by id once the count could not be followed: most of the history, not just the first page.
    expect(ids.length).toBeGreaterThan(1000);
    expect(h.calls).toBeLessThan(60);
    expect(r.stderr).toBe('dms: warning: the history moved in a way the reading could not follow; some deployments may be missing.\n');
  });

  describe.each(['thread', 'worker'] as const)('the history search on the %s', (where) => {
    it('ends, its last progress flagged, after a bounded number of requests', { timeout: 40_000 }, async () => {
      if (where === 'worker' && !existsSync(fileURLToPath(SEARCH_WORKER)))
        throw new Error(`build first: ${fileURLToPath(SEARCH_WORKER)} is missing`);
      const h = forgetfulHistory(3000);
      const s = await serve(h.handler);
      const options = { baseUrl: `${s.url}/api/v1`, token: TOKEN, retries: 0 };
      const request: SearchRequest = { kind: 'search', text: 'number 15', status: 'all' };
      const search = createHistorySearch({
        client: createClient(options),
        worker: where === 'worker' ? { file: SEARCH_WORKER, options } : undefined,
      });
      const events = search(APP, request, { targetChars: 40_000 });
      const seen: SearchEvent[] = [];
      // Before: "searched 100 of 3,1xx" for ever, ~24 requests a second.
      for await (const e of events) {
        seen.push(e);
        if (h.calls > 500) throw new Error(`still reading after ${h.calls} requests`);
      }
      const last = seen.filter((e) => e.type === 'progress').at(-1);
      expect(last).toMatchObject({ type: 'progress', gaps: true });
      expect(h.calls).toBeLessThan(80);
      const found = seen.flatMap((e) => (e.type === 'progress' ? e.found.map((f) => f.id) : []));
      expect(new Set(found).size).toBe(found.length);
      expect(found.length).toBeGreaterThan(1);
    });
  });
});

describe('a 429 in the middle of --all (item 3)', () => {
  it.each([
    ['3600', '3600'],
    ['99999999999', '99999999999'],
    ['of 401 digits', `1${'0'.repeat(400)}`],
    ['a date tomorrow', new Date(Date.now() + 86_400_000).toUTCString()],
  ])('Retry-After %s: stops at once with exit 6 and says why; no retry, no timer overflow', async (_name, retryAfter) => {
    const s = await serve(historyWith(1000, (n) => n >= 3, tooMany(retryAfter)));
    const r = await all(s, 15_000);
    expect(r.code, r.stderr).toBe(6);
    expect(idsOf(r.stdout)).toHaveLength(200);
    expect(r.stderr).toMatch(
      /^dms: stopped after 200 of 1,000 deployments: Too many requests \(429\); the server asks to wait [\d,]+ s, longer than dms waits \(10 s\)\. Try again in [\d,]+ s\.\n$/,
    );
    expect(r.stderr).not.toContain('TimeoutOverflowWarning');
    // The two requests in flight when the first 429 came; neither was asked again.
    expect(s.total()).toBeLessThanOrEqual(4);
  });

  it('Retry-After within the cap: waited, said on stderr though it is not a terminal, and the reading completes', async () => {
    const s = await serve(historyWith(1000, (n) => n === 3, tooMany('1')));
    const r = await all(s);
    expect(r.code, r.stderr).toBe(0);
    expect(idsOf(r.stdout)).toHaveLength(1000);
    expect(r.stderr).toBe('dms: waiting 1 s: the server asks to slow down (429)\n');
  });

  it(
    'a 429 that keeps coming within the cap: asked again a bounded number of times, then stopped with exit 6',
    { timeout: 30_000 },
    async () => {
      const s = await serve(historyWith(300, (n) => n >= 2, tooMany('0')));
      const r = await all(s);
      expect(r.code, r.stderr).toBe(6);
      // (Waits of a millisecond are not worth a line.)
      expect(r.stderr).toBe(
        'dms: stopped after 100 of 300 deployments: Too many requests (429); the server asks to wait 0 s. Try again in 0 s.\n',
      );
      // The first page; then the scan's four tries of the two requests in flight, each with the client's two retries.
      expect(s.total()).toBeLessThanOrEqual(1 + 4 * 2 * 3);
    },
  );
});

describe('rows a server sends more than once (item 9)', () => {
  it('--all prints each deployment once and says how many repeats it left out', async () => {
    const h = repeatingHistory(3000);
    const s = await serve(h.handler);
    const r = await all(s);
    expect(r.code, r.stderr).toBe(0);
    const ids = idsOf(r.stdout);
    // Before: 3,004 rows for 3,000 ids, and nothing said.
    expect(ids).toHaveLength(3000);
    expect(new Set(ids).size).toBe(3000);
    const repeats = Number(/^dms: warning: left out (\d+) deployments the server sent more than once\.\n$/.exec(r.stderr)?.[1]);
    expect(repeats).toBeGreaterThan(0);
    // One in each answer at most.
    expect(repeats).toBeLessThanOrEqual(h.calls);
  });
});

describe('the progress line on a terminal (item 15)', () => {
  let session: TmuxSession | undefined;
  afterEach(() => {
    session?.kill();
    session = undefined;
  });

  /** Runs `dms deployments APP --all …` in a terminal (stderr a terminal; stdout too unless redirected). */
  const inTerminal = (s: HostileServer, args: string) =>
    startTmux(`node ${shellQuote(BIN)} deployments ${APP} --all ${args}`, {
      width: 120,
      height: 30,
      env: { ...envOf(s), DMS_CONFIG_DIR: tempDir('dms-faults-'), NO_COLOR: '1' },
    });
  /** The screen once dms has exited: the shell's `[exit N]` on a line of its own, no "read … of …" anywhere. */
  const expectClearedAfter = async (t: TmuxSession, code: number) => {
    const screen = await t.waitFor(/\[exit \d+\]/, 15_000);
    expect(screen).toMatch(new RegExp(`^\\[exit ${code}\\]$`, 'm'));
    expect(screen).not.toMatch(/read [\d,]+ of/);
    return screen;
  };
  const since = queueRow(1000 - 150).created_at as string;

  it.each([
    ['--limit, the table on the terminal', '--limit 5', 0],
    ['--limit, stdout to a file', '--limit 5 -o ndjson > /dev/null', 0],
    ['--since, the table on the terminal', `--since ${since}`, 0],
    ['--since, stdout to a file', `--since ${since} -o csv > /dev/null`, 0],
    ['the whole history, the table on the terminal', '', 0],
    ['the whole history, stdout to a file', '-o ndjson > /dev/null', 0],
  ])('%s: taken off when dms ends', async (_name, args, code) => {
    const s = await serve(historyWith(1000, () => false, json(500, {})));
    session = inTerminal(s, args);
    await expectClearedAfter(session, code);
  });

  it.each([
    ['the table on the terminal', ''],
    ['stdout to a file', '-o json > /dev/null'],
  ])('a fault that stops the reading (%s): taken off before it says how far it got, exit 1', async (_name, args) => {
    const s = await serve(historyWith(1000, (n) => n >= 3, json(503, { message: 'Service Unavailable' })));
    session = inTerminal(s, args);
    const screen = await expectClearedAfter(session, 1);
    // Two requests may be under way when the fault comes: how far it got depends on which answers first.
    expect(screen).toMatch(/^dms: stopped after (?:100|200) of 1,000 deployments: Server error \(503\)/m);
  });

  it('Ctrl+C: the reading stops, the line is taken off, it says how far it got, exit 130', async () => {
    const s = await serve(historyWith(1000, (n) => n >= 2, hang()));
    session = inTerminal(s, '-o ndjson > /dev/null');
    await session.waitFor('read 100 of 1,000');
    session.keys('C-c');
    const screen = await expectClearedAfter(session, 130);
    expect(screen).toMatch(/^dms: stopped after 100 of 1,000 deployments: interrupted \(Ctrl\+C\)\.$/m);
  });
});

describe('counts the reading does not match (issue 31, item 3)', () => {
  /** Counts `count` in every answer; the first page (skip 0) holds `first` rows, every later one none. */
  const stopsShort =
    (count: number, first: number): Handler =>
    (req, res, raw) => {
      const skip = Number(req.query.get('skip') ?? 0);
      json(200, { count, deployments: skip === 0 ? Array.from({ length: first }, (_, i) => queueRow(count - i)) : [] })(req, res, raw);
    };
  /** A history that never ends: each answer as long as asked, of rows never sent before, and (`counted`) a count 1,000 past it. */
  const endless =
    (counted: boolean): Handler =>
    (req, res, raw) => {
      const skip = Number(req.query.get('skip') ?? 0);
      const take = Number(req.query.get('take') ?? 10);
      const rows = Array.from({ length: take }, (_, i) => queueRow(10_000_000 - skip - i));
      json(200, counted ? { count: skip + take + 1000, deployments: rows } : rows)(req, res, raw);
    };
  const rowsOf = (table: string) => lines(table).filter((l) => /Change number \d+/.test(l));

  it('--all where the pages stop short of the count: the 10 read, how many of the count they are, exit 12', async () => {
    const s = await serve(stopsShort(39, 10));
    const r = await runBin(['deployments', APP, '--all'], { env: envOf(s) });
    // Before: the 10 rows, then `39 deployments; showing all`, exit 0.
    expect(r.code, r.stderr).toBe(12);
    expect(rowsOf(r.stdout)).toHaveLength(10);
    expect(r.stdout).not.toContain('showing all');
    expect(r.stderr).toBe('dms: Read 10 of the 39 deployments the server counts; the server sent no more.\n');
    // The two first requests, then (two in flight again) from where the pages stopped.
    expect(s.total()).toBeLessThanOrEqual(4);
  });

  it('a server that sends at most 10 rows a request: --all asks on from where each page stopped and reads all 39', async () => {
    const rows = Array.from({ length: 39 }, (_, i) => queueRow(39 - i));
    const s = await serve((req, res, raw) => {
      const skip = Number(req.query.get('skip') ?? 0);
      json(200, { count: 39, deployments: rows.slice(skip, skip + 10) })(req, res, raw);
    });
    const r = await runBin(['deployments', APP, '--all'], { env: envOf(s) });
    expect(r.code, r.stderr).toBe(0);
    expect(rowsOf(r.stdout)).toHaveLength(39);
    expect(lines(r.stdout).at(-1)).toBe('39 deployments; showing all');
  });

  it.each([
    ['dms deployments --all', ['deployments', APP, '--all']],
    ['dms stats', ['stats', APP]],
  ])('%s on a first answer {count: 50, deployments: []}: says the server counts 50 but sent none, exit 12', async (_name, args) => {
    const s = await serve(json(200, { count: 50, deployments: [] }));
    const r = await runBin(args, { env: envOf(s) });
    // Before: `no deployments` (stats: a report of 0 deployments), exit 0.
    expect(r.code, r.stderr).toBe(12);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('dms: The server counts 50 deployments but sent none.\n');
  });

  it('an endless history with a count always ahead: --all stops at the first count and a margin, says so, exit 12', async () => {
    const s = await serve(endless(true));
    // Before: 117,200 rows in 40 s and still reading.
    const r = await all(s);
    expect(r.code, r.stderr).toBe(12);
    const ids = idsOf(r.stdout);
    // The first answer counted 1,100 (100 asked for): 300 more at most, then stopped.
    expect(ids).toHaveLength(1400);
    expect(new Set(ids).size).toBe(1400);
    expect(r.stderr).toBe(
      'dms: Read 1,400 deployments, past the 1,100 the server counted when the reading began, and it kept sending more: the reading stopped there.\n',
    );
    expect(s.total()).toBeLessThan(10);
  });

  it('dms logs APP UUID on an endless history: the search for it stops past the first count, exit 12', async () => {
    const s = await serve(endless(true));
    const r = await runBin(['logs', APP, 'f0e1d2c3-0000-4000-8000-00000000abcd'], { env: envOf(s), timeoutMs: 30_000 });
    // Before: ten rows a request, for ever.
    expect(r.code, r.stderr).toBe(12);
    expect(r.stderr).toBe(
      'dms: Read 1,310 deployments, past the 1,010 the server counted when the reading began, and it kept sending more: the reading stopped there.\n',
    );
    expect(s.total()).toBe(131);
  });

  it('dms logs APP ID whose pages stop short of the count: not "no such deployment" but what was read', async () => {
    const s = await serve(stopsShort(39, 10));
    const r = await runBin(['logs', APP, '3'], { env: envOf(s) });
    // Before: `dms: no deployment 3 among the deployments of application …`, exit 4.
    expect(r.code, r.stderr).toBe(12);
    expect(r.stderr).toBe('dms: Read 10 of the 39 deployments the server counts; the server sent no more.\n');
  });

  describe.each(['thread', 'worker'] as const)('the history search on the %s', (where) => {
    const searchOn = async (s: HostileServer) => {
      if (where === 'worker' && !existsSync(fileURLToPath(SEARCH_WORKER)))
        throw new Error(`build first: ${fileURLToPath(SEARCH_WORKER)} is missing`);
      const options = { baseUrl: `${s.url}/api/v1`, token: TOKEN, retries: 0 };
      const search = createHistorySearch({
        client: createClient(options),
        worker: where === 'worker' ? { file: SEARCH_WORKER, options } : undefined,
      });
      const request: SearchRequest = { kind: 'search', text: 'number', status: 'all' };
      const seen: SearchEvent[] = [];
      try {
        for await (const e of search(APP, request)) {
          seen.push(e);
          if (s.total() > 500) throw new Error(`still reading after ${s.total()} requests`);
        }
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('still reading')) throw error;
        return { seen, error };
      }
      return { seen, error: undefined };
    };

    it('pages that stop short of the count: it stops, saying how many of the count it read', async () => {
      const { seen, error } = await searchOn(await serve(stopsShort(39, 10)));
      expect(seen.filter((e) => e.type === 'progress').at(-1)).toMatchObject({ read: 10, total: 39 });
      // Before: it ended as if it had searched all of them.
      expect(error).toBeInstanceOf(ScanStopped);
      expect((error as ScanStopped).reason).toMatchObject({
        kind: 'miscount',
        message: 'Read 10 of the 39 deployments the server counts; the server sent no more.',
      });
    });

    it('an endless history: it stops past the first count, saying so', async () => {
      const s = await serve(endless(true));
      const { seen, error } = await searchOn(s);
      expect(seen.filter((e) => e.type === 'progress').at(-1)).toMatchObject({ read: 1400 });
      expect((error as ScanStopped).reason).toMatchObject({
        kind: 'miscount',
        message: expect.stringMatching(/^Read 1,400 deployments, past the 1,100 /),
      });
      expect(s.total()).toBeLessThan(20);
    });
  });
});
