// A server that answers the older request last: the newer page must stay on screen.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { renderApp, until } from '../../../support/render.js';

const APP = 'slow-app';
let server: Server;
let url: string;
const log: string[] = [];
const cancelled: string[] = [];
const sockets = new Set<import('node:net').Socket>();

function page(skip: number, take: number) {
  return Array.from({ length: take }, (_, i) => ({
    id: 1000 - skip - i,
    status: 'finished',
    git_commit_sha: `${String(1000 - skip - i).padStart(7, '0')}ffffffff`,
    git_branch: 'main',
    created_at: '2026-08-22T15:22:50.000000Z',
    updated_at: '2026-08-22T15:22:50.000000Z',
  }));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const skip = Number(u.searchParams.get('skip') ?? 0);
    const take = Number(u.searchParams.get('take') ?? 10);
    log.push(`${skip}/${take}`);
    // The second page (skip=10) is slow: its answer arrives after the newer request's.
    const delay = skip === 10 ? 400 : 0;
    res.on('close', () => {
      if (!res.writableEnded) cancelled.push(`${skip}/${take}`);
    });
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ count: 1000, deployments: page(skip, take) }));
    }, delay);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});

/** The app on APP's deployments, talking to the test server. */
function openApp() {
  const client = createClient({ baseUrl: url, token: 't' });
  return renderApp(
    {
      client,
      connection: { label: 'test', host: 'h', demo: false },
      configDir: '/nonexistent/dms-test',
      appUuid: APP,
      screen: 'browse',
      showSecrets: false,
      noColor: true,
    },
    { size: { columns: 120, rows: 36 } },
  );
}

it('a slow answer for a page no longer wanted never replaces the newer page', async () => {
  const ui = openApp();
  await ui.waitFor('1–10 of 1,000');
  await ui.press('n', 'n'); // skip=10 (slow) then skip=20 (fast)
  await ui.waitFor('21–30 of 1,000');
  // The slow skip=10 request was aborted: the server saw it close before answering.
  await until(() => cancelled.includes('10/10'), 'the superseded request to be cut');
  expect(ui.frame()).toContain('21–30 of 1,000');
  expect(ui.frame()).toContain('0000980');
  expect(log).toEqual(['0/10', '10/10', '20/10']);
  expect(cancelled).toEqual(['10/10']); // the superseded request was aborted
  ui.unmount();
});

it('a slow page says "loading…" after a moment and keeps the current page until the answer', async () => {
  const ui = openApp();
  await ui.waitFor('1–10 of 1,000');
  await ui.press('n'); // skip=10 answers after 400 ms
  const waiting = await ui.waitFor('loading…', 1000);
  expect(waiting).toContain('1–10 of 1,000');
  await ui.waitFor('11–20 of 1,000');
  expect(ui.frame()).not.toContain('loading…');
  ui.unmount();
});
