// `dms cache [info|clear [APP]]` and `dms deployments APP --cached`, run in this process against a
// page cache in a temp folder: what they print, their exit codes, and that the cached reading
// needs no server (DMS_URL names one nobody listens on; no token at all).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { openCacheAt, type CachedPage } from '../../src/cache/store.js';
import { main } from '../../src/cli.js';
import { cachedNote, pickPage } from '../../src/commands/deployments-cached.js';
import { EXIT } from '../../src/commands/exit-codes.js';
import { tempDir } from '../support/temp.js';

const URL = 'http://127.0.0.1:9/api/v1';
const SHOP = '11111111-1111-4111-8111-111111111111';
const BLOG = '22222222-2222-4222-8222-222222222222';
const MIN = 60_000;

function row(id: number, status: string, extra: Record<string, unknown> = {}): Deployment {
  return {
    id,
    deployment_uuid: `d${id}`,
    application_name: 'shop',
    status,
    commit: `abc${id}def0123`,
    commit_message: `change ${id}`,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:02:00Z',
    http_basic_auth_password: 'hunter2-hunter2',
    ...extra,
  } as Deployment;
}

function page(skip: number, take: number, readAt: number): CachedPage {
  return {
    skip,
    take,
    total: 37,
    readAt,
    rows: [row(37 - skip, 'failed'), row(36 - skip, 'finished')],
    reasons: {
      [`id:${37 - skip}`]: { kind: 'reason', text: 'Error: npm ci exited with 1', at: { fromEnd: 0, line: 0 }, source: 'message' },
    },
  };
}

/** A cache folder with two pages of shop (and a log), and blog's first, on URL's server (3 files); the env to run dms with. */
function setUp(extra: Record<string, string> = {}) {
  const xdg = tempDir();
  const cache = openCacheAt(join(xdg, 'dms'));
  cache.writePage(URL, SHOP, 'shop', page(10, 2, Date.now() - 60 * MIN));
  cache.writePage(URL, SHOP, 'shop', page(0, 2, Date.now() - 5 * MIN));
  cache.writePage(URL, BLOG, 'blog', page(0, 2, Date.now() - 2 * MIN));
  cache.writeLog(URL, SHOP, 'd37', [
    { command: null, output: 'x', stderr: false, hidden: false, timestamp: '', at: null, batch: null, order: null },
  ]);
  const env = { XDG_CACHE_HOME: xdg, DMS_CONFIG_DIR: tempDir(), DMS_URL: URL, ...extra };
  return { xdg, cache, env };
}

async function dms(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (add: (s: string) => void) =>
    new Writable({
      write(chunk, _encoding, done) {
        add(String(chunk));
        done();
      },
    });
  const stdin = new PassThrough();
  stdin.end();
  const code = await main(argv, { stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)), stdin, env });
  return { code, stdout, stderr };
}

describe('dms deployments APP --cached', () => {
  it('prints the first page kept as the table prints it, with its reason, and says how old it is', async () => {
    const { env } = setUp();
    const r = await dms(env, 'deployments', SHOP, '--cached', '--time', 'iso');
    expect(r.code).toBe(EXIT.ok);
    expect(r.stderr).toMatch(/^dms: cached · as of (?:[\w-]+ )*\d\d:\d\d \(5 min ago\)\n/);
    expect(r.stdout).toContain('abc37de');
    expect(r.stdout).toContain('Error: npm ci exited with 1');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('37 deployments; showing 1–2');
    expect(r.stdout).not.toContain('hunter2');
  });

  it('--skip and --take pick the page; -o json, ndjson and csv as dms deployments prints them', async () => {
    const { env } = setUp();
    const json = await dms(env, 'deployments', SHOP, '--cached', '--skip', '10', '-o', 'json', '--with-total');
    expect(json.code).toBe(EXIT.ok);
    const body = JSON.parse(json.stdout);
    expect(body.count).toBe(37);
    expect(body.deployments.map((d: { id: number }) => d.id)).toEqual([27, 26]);
    // Masked in the cache, and as --json masks it.
    expect(body.deployments[0].http_basic_auth_password).toBe('•••• (set)');
    expect(json.stderr).toMatch(/\(1h ago\)/);
    const ndjson = await dms(env, 'deployments', SHOP, '--cached', '-o', 'ndjson');
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([37, 36]);
    const csv = await dms(env, 'deployments', SHOP, '--cached', '-o', 'csv');
    const lines = csv.stdout.split('\r\n');
    expect(lines[0]).toBe('status,source,commit,subject,branch,started,finished,duration,server,id,uuid,reason');
    expect(lines[1]).toMatch(/^failed,.*,37,d37,Error: npm ci exited with 1$/);
    // --take 1 under the kept 2: the kept page stands in, cut to one row (the TUI does the same).
    const one = await dms(env, 'deployments', SHOP, '--cached', '--take', '1', '-o', 'ndjson');
    expect(one.code).toBe(EXIT.ok);
    expect(
      one.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([37]);
    expect((await dms(env, 'deployments', SHOP, '--cached', '--take', '3')).code).toBe(EXIT.notFound);
    const filtered = await dms(env, 'deployments', SHOP, '--cached', '--status', 'finished', '-o', 'ndjson');
    expect(
      filtered.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([36]);
  });

  it('nothing cached for it: one line saying how to fill it, exit 4', async () => {
    const { env } = setUp();
    const none = await dms(env, 'deployments', '33333333-3333-4333-8333-333333333333', '--cached');
    expect(none.code).toBe(EXIT.notFound);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe(
      `dms: nothing cached for this application on ${URL}: open it once with dms browse 33333333-3333-4333-8333-333333333333, and its pages are kept as they are shown.\n`,
    );
    const page = await dms(env, 'deployments', SHOP, '--cached', '--skip', '20');
    expect(page.code).toBe(EXIT.notFound);
    expect(page.stderr).toMatch(
      /^dms: nothing cached for this page of the application on .* \(kept: --skip 0 --take 2, --skip 10 --take 2\)/,
    );
    // Another server's cache is not this one's.
    const other = await dms({ ...env, DMS_URL: 'http://127.0.0.1:10/api/v1' }, 'deployments', SHOP, '--cached');
    expect(other.code).toBe(EXIT.notFound);
    const off = await dms({ ...env, DMS_NO_CACHE: '1' }, 'deployments', SHOP, '--cached');
    expect(off.code).toBe(EXIT.notFound);
    expect(off.stderr).toMatch(/^dms: the page cache is off \(DMS_NO_CACHE is set\)/);
  });

  it('bad usage: the usual one line, exit 2', async () => {
    const { env } = setUp();
    const all = await dms(env, 'deployments', SHOP, '--cached', '--all');
    expect(all.code).toBe(EXIT.usage);
    expect(all.stderr.trim().split('\n')).toHaveLength(1);
    const { DMS_URL: _, ...unset } = env;
    const none = await dms(unset, 'deployments', SHOP, '--cached');
    expect(none.code).toBe(EXIT.usage);
    expect(none.stderr).toMatch(/no server configured/);
    // --demo names the demo's part of the cache.
    expect((await dms(unset, 'deployments', SHOP, '--cached', '--demo')).code).toBe(EXIT.notFound);
  });

  it('picks a page and says its age', () => {
    const pages = [page(10, 10, 3), page(0, 20, 2), page(0, 10, 1)];
    expect(pickPage(pages, undefined, undefined)).toBe(pages[1]);
    expect(pickPage(pages, 0, 10)).toBe(pages[2]);
    expect(pickPage(pages, undefined, 10)).toBe(pages[2]);
    expect(pickPage(pages, 10, undefined)).toBe(pages[0]);
    expect(pickPage(pages, 30, undefined)).toBeUndefined();
    // A larger page kept from the same row stands in for a smaller one (cut by the command), the smallest first; never a smaller one.
    const larger = [page(0, 50, 3), page(0, 24, 2), page(10, 10, 1)];
    expect(pickPage(larger, 0, 20)).toBe(larger[1]);
    expect(pickPage(larger, undefined, 30)).toBe(larger[0]);
    expect(pickPage(larger, 0, 60)).toBeUndefined();
    expect(pickPage(larger, 10, 5)).toBe(larger[2]);
    const now = new Date(2026, 10, 24, 14, 30).getTime();
    expect(cachedNote(new Date(2026, 10, 24, 14, 2).getTime(), now)).toBe('cached · as of 14:02 (28 min ago)');
    expect(cachedNote(now - 10_000, now)).toBe('cached · as of 14:29 (just now)');
    expect(cachedNote(new Date(2026, 10, 22, 9, 5).getTime(), now)).toBe('cached · as of 2026-11-22 09:05 (2d 5h ago)');
  });
});

describe('dms cache', () => {
  it('says where it is, its size, and each application kept', async () => {
    const { env, xdg } = setUp();
    for (const argv of [['cache'], ['cache', 'info']]) {
      const r = await dms(env, ...argv);
      expect(r.code).toBe(EXIT.ok);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toBe(`page cache: ${join(xdg, 'dms')}`);
      expect(lines[1]).toMatch(/^size: \d+ KB of 100 MB \(3 files\)$/);
      expect(lines[3]).toBe(URL);
      expect(lines[4]).toMatch(new RegExp(`^  blog  ${BLOG}  1 page · \\d+ (bytes|KB) · read 2m ago$`));
      expect(lines[5]).toMatch(new RegExp(`^  shop  ${SHOP}  2 pages · 1 log · \\d+ (bytes|KB) · read 5m ago$`));
    }
    const json = JSON.parse((await dms(env, 'cache', '--json')).stdout);
    expect(json.apps.map((a: { name: string }) => a.name).sort()).toEqual(['blog', 'shop']);
    expect(json.limit).toBe(100_000_000);
  });

  it("clear APP removes one application's pages and logs (by uuid or by name); clear removes all", async () => {
    const { env, cache } = setUp();
    const byName = await dms(env, 'cache', 'clear', 'shop');
    expect(byName).toMatchObject({ code: EXIT.ok, stderr: '' });
    expect(byName.stdout).toMatch(
      new RegExp(`^removed 2 files \\(\\d+ (bytes|KB)\\): the pages and logs of shop \\(${SHOP}\\) on ${URL}\\n$`),
    );
    expect(cache.readPages(URL, SHOP)).toBeUndefined();
    expect(cache.readPages(URL, BLOG)).toBeDefined();
    expect((await dms(env, 'cache', 'clear', 'shop')).stdout).toBe(`nothing cached for 'shop' on ${URL}\n`);
    expect((await dms(env, 'cache', 'clear', BLOG)).stdout).toMatch(/^removed 1 file /);
    setUp();
    const { env: env2, xdg } = setUp();
    const all = await dms(env2, 'cache', 'clear');
    expect(all.stdout).toMatch(new RegExp(`^removed 3 files \\(\\d+ KB\\) from ${join(xdg, 'dms')}\\n$`));
    expect(readdirSync(join(xdg, 'dms', 'pages'))).toEqual([]);
    expect((await dms(env2, 'cache', 'clear')).stdout).toBe(`nothing to remove in ${join(xdg, 'dms')}\n`);
  });

  it('clears what an earlier run kept even when the cache is off', async () => {
    const { env, xdg } = setUp({ DMS_NO_CACHE: '1' });
    const r = await dms(env, 'cache', 'clear');
    expect(r.stdout).toMatch(/^removed 3 files .*\(off: DMS_NO_CACHE is set, nothing is read or written\)\n$/);
    expect(existsSync(join(xdg, 'dms', 'pages'))).toBe(true);
  });

  it('bad usage: one line, exit 2', async () => {
    const { env } = setUp();
    for (const argv of [
      ['cache', 'purge'],
      ['cache', 'info', 'x'],
      ['cache', 'clear', 'a', 'b'],
      ['cache', 'clear', '--json'],
    ]) {
      const r = await dms(env, ...argv);
      expect(r.code, argv.join(' ')).toBe(EXIT.usage);
      expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
    }
    const { DMS_URL: _, ...unset } = env;
    const noServer = await dms(unset, 'cache', 'clear', 'shop');
    expect(noServer.code).toBe(EXIT.usage);
    expect(noServer.stderr).toMatch(/no server configured/);
  });
});
