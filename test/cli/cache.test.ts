// The built binary reading the page cache: `dms deployments APP --cached` prints what the live
// command prints for the page the cache kept (the same table and CSV, reasons included), with no
// server at all (DMS_URL on a closed port, no token) and without loading the client or Ink;
// `dms cache` lists it and `dms cache clear` empties it.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCacheAt, serverKey } from '../../src/cache/store.js';
import { keysOf, viewOf } from '../../src/model/deployment.js';
import { reasonOf, type Reason } from '../../src/model/reason.js';
import { setUpDemoService } from '../support/demo.js';
import { runBin, scriptsRun } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';

const demo = setUpDemoService();
let app: string;
let xdg: string;
let closedUrl: string;

/** A port nobody listens on: opened, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  app = demo.app('shop-frontend');
  xdg = tempDir();
  closedUrl = `http://127.0.0.1:${await closedPort()}/api/v1`;
  // What the TUI keeps of the page it showed: the client's rows and the reasons read from their logs.
  const page = await demo.client.listDeployments(app, { skip: 0, take: 10 });
  const keys = keysOf(page.deployments.map((d) => viewOf(d)));
  const reasons: Record<string, Reason> = {};
  page.deployments.forEach((d, i) => {
    const reason = reasonOf(d, { redact: demo.client.redact });
    if (reason.kind === 'reason') reasons[keys[i]!] = reason;
  });
  expect(Object.keys(reasons).length).toBeGreaterThan(0);
  const cache = openCacheAt(join(xdg, 'dms'));
  for (const server of [demo.url, closedUrl]) {
    expect(
      cache.writePage(server, app, 'shop-frontend', {
        skip: 0,
        take: 10,
        total: page.total,
        readAt: Date.now() - 120_000,
        rows: page.deployments,
        reasons,
      }),
    ).toBe(true);
  }
});

/**
 * The output with a running row's duration so far masked (the two commands print it a moment apart:
 * 3m 40s, then 3m 41s) and runs of spaces squeezed (its column may widen by it).
 */
const steady = (out: string) =>
  out
    .split('\n')
    .map((l) => (/in progress/.test(l) ? l.replace(/\b(\d+h )?(\d+m )?\d+s\b|\b\d+h \d+m\b/g, '<so far>') : l).replace(/ {2,}/g, ' '))
    .join('\n');

describe('dms deployments APP --cached (built binary)', () => {
  it('prints the same table and CSV as the live command for the page it kept', async () => {
    const env = { ...demo.env, XDG_CACHE_HOME: xdg, DMS_CACHE_DIR: undefined };
    for (const format of ['table', 'csv']) {
      const live = await runBin(['deployments', app, '-o', format, '--time', 'iso'], { env });
      const cached = await runBin(['deployments', app, '--cached', '-o', format, '--time', 'iso'], { env });
      expect(live.code).toBe(0);
      expect(cached.code, cached.stderr).toBe(0);
      expect(steady(cached.stdout), format).toBe(steady(live.stdout));
      expect(cached.stderr).toMatch(/^dms: cached · as of (?:[\w-]+ )*\d\d:\d\d \(2 min ago\)\n/);
    }
  });

  it('needs no server: DMS_URL on a closed port, no token; loads neither the client nor Ink', async () => {
    const env = { DMS_URL: closedUrl, XDG_CACHE_HOME: xdg, DMS_CACHE_DIR: undefined };
    const r = await runBin(['deployments', app, '--cached'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('137 deployments; showing 1–10');
    const run = await scriptsRun(['deployments', app, '--cached', '-o', 'json'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveLength(10);
    expect(run.scripts).not.toContain('ui-vendor');
    expect(run.scripts).not.toContain('got-vendor');
    expect(run.scripts).not.toContain('zod-vendor');
  });

  it('nothing cached: one line saying how to fill it, exit 4; bad usage exit 2', async () => {
    const env = { DMS_URL: closedUrl, XDG_CACHE_HOME: xdg, DMS_CACHE_DIR: undefined };
    const other = demo.seed.applications.find((a) => a.uuid !== app)!.uuid;
    const none = await runBin(['deployments', other, '--cached'], { env });
    expect(none.code).toBe(4);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe(
      `dms: nothing cached for this application on ${closedUrl}: open it once with dms browse ${other}, and its pages are kept as they are shown.\n`,
    );
    const usage = await runBin(['deployments', app, '--cached', '--all'], { env });
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('never wrote the token, a log or a secret field in clear', () => {
    const secret = demo.token.split('|')[1] ?? demo.token;
    for (const name of readdirSync(join(xdg, 'dms', 'pages'))) {
      const raw = readFileSync(join(xdg, 'dms', 'pages', name), 'utf8');
      expect(raw).not.toContain(secret);
      expect(raw).not.toContain('"logs"');
    }
  });
});

describe('dms cache (built binary)', () => {
  it('lists the applications kept, clears one by name, then all', async () => {
    const own = tempDir();
    const cache = openCacheAt(join(own, 'dms'));
    const rows = (await demo.client.listDeployments(app, { skip: 0, take: 3 })).deployments;
    cache.writePage(closedUrl, app, 'shop-frontend', { skip: 0, take: 3, total: 137, readAt: Date.now(), rows, reasons: {} });
    cache.writePage('demo', app, 'shop-frontend', { skip: 0, take: 3, total: 137, readAt: Date.now(), rows, reasons: {} });
    const env = { DMS_URL: closedUrl, XDG_CACHE_HOME: own, DMS_CACHE_DIR: undefined };
    const info = await runBin(['cache'], { env });
    expect(info.code).toBe(0);
    expect(info.stdout).toContain(`page cache: ${join(own, 'dms')}\n`);
    expect(info.stdout).toContain(`\n${serverKey(closedUrl)}\n  shop-frontend  ${app}  1 page · `);
    expect(info.stdout).toContain(`\ndemo\n  shop-frontend  ${app}  1 page · `);
    const one = await runBin(['cache', 'clear', 'shop-frontend'], { env });
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(
      new RegExp(`^removed 1 file \\(\\d+ KB\\): the pages and logs of shop-frontend \\(${app}\\) on ${closedUrl}\\n$`),
    );
    expect((await runBin(['deployments', app, '--cached'], { env })).code).toBe(4);
    expect((await runBin(['deployments', app, '--cached', '--demo'], { env })).code).toBe(0);
    const all = await runBin(['cache', 'clear'], { env });
    expect(all.stdout).toMatch(/^removed 1 file /);
    expect((await runBin(['cache', 'bogus'], { env })).code).toBe(2);
  });

  it('keeps its pages in DMS_CACHE_DIR when set (an absolute folder), whatever XDG_CACHE_HOME says', async () => {
    const dir = tempDir();
    const rows = (await demo.client.listDeployments(app, { skip: 0, take: 2 })).deployments;
    openCacheAt(dir).writePage(closedUrl, app, 'shop-frontend', { skip: 0, take: 2, total: 137, readAt: Date.now(), rows, reasons: {} });
    const env = { DMS_URL: closedUrl, XDG_CACHE_HOME: tempDir(), DMS_CACHE_DIR: dir };
    const info = await runBin(['cache'], { env });
    expect(info.stdout).toContain(`page cache: ${dir}\n`);
    expect((await runBin(['deployments', app, '--cached'], { env })).code).toBe(0);
    // A relative one is not a folder dms can be sure of: the XDG folder is used.
    expect((await runBin(['deployments', app, '--cached'], { env: { ...env, DMS_CACHE_DIR: 'pages' } })).code).toBe(4);
  });
});
