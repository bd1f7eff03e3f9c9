// The list's page requests (requests.ts) against a real HTTP server on 127.0.0.1: a page is asked
// for where it is wanted (`page(request)`), keys read together make one request for the last page
// they wanted, a page wanted while another is on the wire aborts that one, and its answer, should
// it come, never replaces the newer page.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../../../src/api/client.js';
import type { PageRequest as Asked } from '../../../../src/api/client.js';
import { createStore } from '../../../../src/tui/state/store.js';
import { initialPaging } from '../../../../src/tui/browse/paging.js';
import { pageRequests, type PageRequests } from '../../../../src/tui/browse/requests.js';
import { pageMemo } from '../../../../src/tui/browse/place.js';
import { browseReducer, initialBrowse } from '../../../../src/tui/browse/state.js';
import { respondWith, type HostileServer } from '../../../support/hostile.js';
import { until } from '../../../support/render.js';
import { said } from '../../../support/notices.js';

const rows = Array.from({ length: 40 }, (_, i) => ({ id: 40 - i, status: 'finished', git_commit_sha: `sha${40 - i}abcdef` }));
/** Requests for these skips get no answer until the connection is cut. */
const held = new Set<number>();
/** Skips whose request was closed before it was answered (aborted by the client). */
const cut: number[] = [];

let server: HostileServer;
let client: DmsClient;
let requests: PageRequests | undefined;

beforeAll(async () => {
  server = await respondWith((req, res) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    if (held.has(skip)) {
      res.on('close', () => cut.push(skip));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }));
  });
  client = createClient({ baseUrl: `${server.url}/api/v1`, token: '1|requests', retries: 0 });
});
afterAll(() => server.close());
afterEach(() => {
  requests?.stop();
  held.clear();
  cut.length = 0;
});

/** The list's store, its first page on screen, and the pages asked of the client from then on. */
async function screen(kept?: { clock: { now: number }; freshMs: number }) {
  const store = createStore(browseReducer, initialBrowse(initialPaging()));
  const asked: Asked[] = [];
  const counted: DmsClient = {
    ...client,
    listDeployments: (app, page, options) => {
      asked.push(page ?? {});
      return client.listDeployments(app, page, options);
    },
  };
  const now = kept ? () => kept.clock.now : () => 1;
  requests = pageRequests(store, {
    client: counted,
    appUuid: 'app-requests',
    now,
    ...(kept ? { memo: pageMemo(), freshMs: kept.freshMs } : {}),
  });
  requests.load();
  await until(() => store.get().paging.everLoaded, 'the first page');
  asked.length = 0;
  return { store, asked, requests };
}

it('three n read together make one request, for the page the last one wanted', async () => {
  const { store, asked, requests: r } = await screen();
  r.page({ type: 'next' });
  r.page({ type: 'next' });
  r.page({ type: 'next' });
  await until(() => store.get().paging.shown?.skip === 30, 'page 31–40');
  expect(asked).toEqual([{ skip: 30, take: 10 }]);
});

it('a page wanted while another is on the wire aborts it; the newer page is shown', async () => {
  const { store, asked, requests: r } = await screen();
  held.add(10);
  r.page({ type: 'next' });
  await until(() => server.requests.some((q) => q.query.get('skip') === '10'), 'the request for 11–20');
  r.page({ type: 'next' });
  await until(() => store.get().paging.shown?.skip === 20, 'page 21–30');
  await until(() => cut.includes(10), 'the request for 11–20 aborted');
  expect(asked).toEqual([
    { skip: 10, take: 10 },
    { skip: 20, take: 10 },
  ]);
  expect(store.get().paging.rows[0]!.id).toBe(20);
});

it('an action that does not change the page wanted asks nothing; a stopped screen asks nothing more', async () => {
  const { store, asked, requests: r } = await screen();
  r.page({ type: 'prev' }); // already on the first page: a notice, no request
  await Promise.resolve();
  expect(said(store.get().paging.notice)).toBe('This is the first page.');
  r.stop();
  r.page({ type: 'refresh' });
  await Promise.resolve();
  await Promise.resolve();
  expect(asked).toEqual([]);
});

it('a page moved back to within the refresh period is shown as read, with when it was read; after it, and on r, it is asked for', async () => {
  const clock = { now: 1000 };
  const { store, asked, requests: r } = await screen({ clock, freshMs: 5000 });
  clock.now = 2000;
  r.page({ type: 'next' });
  await until(() => store.get().paging.shown?.skip === 10, 'page 11–20');
  clock.now = 5999;
  r.page({ type: 'prev' });
  await until(() => store.get().paging.shown?.skip === 0, 'page 1–10 again');
  expect(asked).toEqual([{ skip: 10, take: 10 }]);
  // Shown as it was read, at 1000: the header's "updated" and the next automatic refresh go by it.
  expect(store.get().paging.updatedAt).toBe(1000);
  r.page({ type: 'refresh' });
  await until(() => asked.length === 2, 'r asks');
  expect(asked[1]).toEqual({ skip: 0, take: 10 });
  // Page 11–20 was read at 2000: at 7000 it is older than the period, and asked for again.
  clock.now = 7000;
  r.page({ type: 'next' });
  await until(() => asked.length === 3, 'page 11–20 asked again');
  expect(asked[2]).toEqual({ skip: 10, take: 10 });
});
