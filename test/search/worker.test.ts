// The search of the whole history in the search worker (src/search/worker.ts, built by `npm test`
// as dist/search-worker.js): the same events as on the screen's thread, errors as the same types, a
// record that cannot cross threads read again, Esc stopping the worker, and the cases where the
// worker cannot help.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';
import { createClient } from '../../src/api/client.js';
import { createLazyClient } from '../../src/api/lazy-client.js';
import { ResponseTooLargeError, UnauthorizedError, isApiError } from '../../src/api/errors.js';
import { invalidFieldsOf } from '../../src/api/schemas/index.js';
import { ScanStopped } from '../../src/search/scan.js';
import { searchHistory, type SearchEvent, type SearchRequest } from '../../src/search/search.js';
import { createHistorySearch } from '../../src/search/history-search.js';
import { searchInWorker } from '../../src/search/in-worker.js';
import { tempDir } from '../support/temp.js';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { BIN } from '../support/bin.js';

const WORKER = pathToFileURL(fileURLToPath(new URL('./search-worker.js', pathToFileURL(BIN))));
const TOKEN = '3|searchworkertokensecret';
/**
 * Each test searches its own application: a worker of the test before may still have a request on
 * its way when the next test starts (terminating a worker is not awaited), and that request must
 * not take the next test's planted answer (a load flake: a 429 taken by the test before's request).
 */
let APP = 'app-searched-0';
let tests = 0;

/** n rows, newest first; every 5th failed; deployment 17's subject says "bigint". */
function history(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const id = n - i;
    return {
      id,
      deployment_uuid: `dep${String(id).padStart(21, '0')}`,
      status: id % 5 === 0 ? 'failed' : 'finished',
      commit: `c0de${String(id).padStart(4, '0')}${'a'.repeat(32)}`,
      commit_message: id === 17 ? 'Migrate to bigint ids' : `Routine change ${id}`,
      git_branch: id % 2 ? 'main' : 'develop',
      is_webhook: true,
      created_at: '2026-11-01T10:00:00.000000Z',
      updated_at: '2026-11-01T10:03:00.000000Z',
      finished_at: '2026-11-01T10:03:00.000000Z',
    };
  });
}

let server: HostileServer;
let rows: Record<string, unknown>[] = [];
let answer:
  ((skip: number, take: number) => Promise<{ status: number; body: unknown; headers?: Record<string, string> } | void>) | undefined;

beforeAll(async () => {
  if (!existsSync(fileURLToPath(WORKER))) throw new Error(`build first: ${fileURLToPath(WORKER)} is missing`);
  server = await respondWith(async (req, res) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    const mine = req.path.endsWith(`/${APP}`);
    const other = mine ? await answer?.(skip, take) : undefined;
    const { status, body, headers } = other ?? { status: 200, body: { count: rows.length, deployments: rows.slice(skip, skip + take) } };
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
});
afterAll(() => server.close());
beforeEach(() => {
  rows = history(2500);
  answer = undefined;
  tests += 1;
  APP = `app-searched-${tests}`;
  server.requests.length = 0;
});

const options = () => ({ baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });
/** The search as dms makes it where the connection is opened (commands/connect.ts), with the worker `file`. */
const searchWith = (file: URL | undefined, resourceLimits?: ResourceLimits) =>
  createHistorySearch({ client: createLazyClient(options()), worker: file ? { file, options: options(), resourceLimits } : undefined });

async function collect(events: AsyncIterable<SearchEvent>): Promise<{ events: SearchEvent[]; error?: unknown }> {
  const out: SearchEvent[] = [];
  try {
    for await (const e of events) out.push(e);
  } catch (error) {
    return { events: out, error };
  }
  return { events: out };
}

/** Every summary found, and where the last progress event stood. */
function outcome(events: SearchEvent[]) {
  const found = events.flatMap((e) => (e.type === 'progress' ? e.found : []));
  const last = events.filter((e) => e.type === 'progress').at(-1);
  return { found, read: last?.type === 'progress' ? last.read : null, total: last?.type === 'progress' ? last.total : null };
}

const SEARCH: SearchRequest = { kind: 'search', text: 'failed develop', status: 'all' };

describe('the search worker', () => {
  it('finds what the search on this thread finds, in the same order, with the same summaries', async () => {
    const search = searchWith(WORKER);
    const viaWorker = await collect(search(APP, SEARCH, { targetChars: 40_000 }));
    const direct = createClient(options());
    const here = await collect(
      searchHistory((skip, take, signal) => direct.listDeployments(APP, { skip, take }, { signal }), SEARCH, { targetChars: 40_000 }),
    );
    expect(viaWorker.error).toBeUndefined();
    expect(outcome(viaWorker.events)).toEqual(outcome(here.events));
    expect(outcome(viaWorker.events).found).toHaveLength(250);
    expect(outcome(viaWorker.events)).toMatchObject({ read: 2500, total: 2500 });
    expect(
      outcome(viaWorker.events)
        .found.slice(0, 2)
        .map((s) => [s.id, s.index]),
    ).toEqual([
      [2500, 0],
      [2490, 10],
    ]);
  });

  it('a jump brings the whole record of the deployment, as the server sent it, its odd fields still flagged', async () => {
    rows[2500 - 17]!.status = [5];
    const search = searchWith(WORKER);
    const { events, error } = await collect(search(APP, { kind: 'jump', text: 'c0de0017', status: 'all' }, {}));
    expect(error).toBeUndefined();
    const open = events.at(-1)!;
    expect(open.type).toBe('open');
    if (open.type !== 'open') return;
    // The same record the client gives on this thread, flagged field included.
    const direct = (await createClient(options()).listDeployments(APP, { skip: 2483, take: 1 })).deployments[0]!;
    expect(open.record).toEqual(direct);
    expect([open.index, open.total]).toEqual([2483, 2500]);
    expect(invalidFieldsOf(open.record)).toEqual({ status: [5] });
  });

  it('a record nested too deep to cross to this thread is named by its place, to be read again', async () => {
    // 5,000 arrays deep: JSON reads it, the structured clone between threads does not.
    rows[2500 - 17]!.extra = 'DEEP';
    const deep = `${'['.repeat(5000)}"bottom"${']'.repeat(5000)}`;
    answer = async (skip, take) => ({
      status: 200,
      body: JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }).replace('"DEEP"', deep),
    });
    const search = searchWith(WORKER);
    const { events, error } = await collect(search(APP, { kind: 'jump', text: '17', status: 'all' }, {}));
    expect(error).toBeUndefined();
    const last = events.at(-1)!;
    expect(last.type).toBe('openSummary');
    if (last.type === 'openSummary')
      expect([last.summary.id, last.summary.index, last.summary.uuid]).toEqual([17, 2483, `dep${'17'.padStart(21, '0')}`]);
  });

  it('an opened record ends the search, even when the worker exits without its last word', async () => {
    // A worker whose `done` never comes (as on a busy machine, where it was lost with the exit
    // after a message that could not be read): the open is the search's last event all the same.
    const file = join(tempDir('dms-search-worker-'), 'opens-then-exits.mjs');
    const summary = { id: 17, index: 2483, uuid: 'dep17', status: 'finished' };
    writeFileSync(
      file,
      `import { parentPort } from 'node:worker_threads';
      parentPort.postMessage({ type: 'opening', summary: ${JSON.stringify(summary)} });
      parentPort.postMessage({ type: 'open', record: { id: 17, status: 'finished' }, invalid: {}, index: 2483, total: 2500 });
      process.exit(0);`,
    );
    const { events, error } = await collect(
      searchInWorker({ file: pathToFileURL(file), options: options() }, APP, { kind: 'jump', text: '17', status: 'all' }, {}, () => {
        throw new Error('not searched here');
      }),
    );
    expect(error).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['open']);
  });

  it('a refusal arrives as the same typed error, stopped where the scan stood, without the token', async () => {
    answer = async (skip) => (skip > 0 ? { status: 401, body: { message: 'Unauthenticated.' } } : undefined);
    const search = searchWith(WORKER);
    const { events, error } = await collect(search(APP, SEARCH, { targetChars: 40_000 }));
    expect(error).toBeInstanceOf(ScanStopped);
    const stopped = error as ScanStopped;
    expect(stopped.reason).toBeInstanceOf(UnauthorizedError);
    expect(stopped.read).toBe(outcome(events).read ?? 0);
    expect(JSON.stringify(events) + stopped.message).not.toContain('searchworkertokensecret');
  });

  it('pauses are told as they happen', async () => {
    let limited = false;
    answer = async (skip) => {
      if (skip > 0 && !limited) {
        limited = true;
        return { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '1' } };
      }
    };
    const pauses: string[] = [];
    const search = searchWith(WORKER);
    const { error } = await collect(search(APP, SEARCH, { targetChars: 40_000, onPause: (why) => pauses.push(why) }));
    expect(error).toBeUndefined();
    expect(pauses.join('\n')).toMatch(/the server asks to slow down \(429\); going on from where it stopped/);
  }, 20_000);

  it('stopping it (Esc) ends the events and the requests', async () => {
    answer = async (skip) => {
      if (skip > 0) await new Promise((r) => setTimeout(r, 50));
    };
    const ac = new AbortController();
    const search = searchWith(WORKER);
    let seen = 0;
    for await (const e of search(APP, SEARCH, { signal: ac.signal, targetChars: 4_000 })) {
      if (e.type === 'progress') seen += 1;
      ac.abort();
    }
    expect(seen).toBe(1);
    const ours = () => server.requests.filter((r) => r.path.endsWith(`/${APP}`)).length;
    const asked = ours();
    await new Promise((r) => setTimeout(r, 300));
    expect(ours()).toBeLessThanOrEqual(asked + 2); // what was in flight
    expect(asked).toBeLessThan(2500 / 20);
  });

  it('a worker that runs out of memory stops the search with "too big", not the program', async () => {
    // Rows of 200 KB each: the worker's 16 MB heap cannot hold an answer of a few MB.
    const log = 'x'.repeat(200_000);
    rows = history(200).map((r) => ({ ...r, logs: log }));
    const search = searchWith(WORKER, { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 });
    const { error } = await collect(search(APP, SEARCH, { targetChars: 30_000_000 }));
    expect(error).toBeInstanceOf(ScanStopped);
    const reason = (error as ScanStopped).reason;
    expect(reason).toBeInstanceOf(ResponseTooLargeError);
    expect(isApiError(reason) && reason.kind).toBe('too_large');
  }, 30_000);

  it('a worker file that cannot run leaves the search to this thread, with the same result', async () => {
    const missing = pathToFileURL(fileURLToPath(new URL('./no-such-search-worker.js', WORKER)));
    const search = searchWith(missing);
    const { events, error } = await collect(search(APP, SEARCH, { targetChars: 40_000 }));
    expect(error).toBeUndefined();
    expect(outcome(events).found).toHaveLength(250);
  });

  it('a search made without a worker file runs on this thread, with the same result', async () => {
    const { events, error } = await collect(searchWith(undefined)(APP, SEARCH, { targetChars: 40_000 }));
    expect(error).toBeUndefined();
    expect(outcome(events).found).toHaveLength(250);
  });
});
