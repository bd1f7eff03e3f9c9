// The page cache on real folders: what is written (modes, no secret, no token, no logs), what
// is read back, the bound, and every file it must pass over (corrupt, foreign, a symlink).
import {
  chmodSync,
  rmSync,
  unlinkSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactor } from '../../src/api/redact.js';
import { scrubAnswer } from '../../src/api/scrub.js';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { invalidFieldsOf } from '../../src/api/schemas/deployment-page.js';
import { readDeployment } from '../../src/api/schemas/deployment.js';
import { DEFAULT_LIMIT, MAX_PAGES, cacheLimit, openCache, openCacheAt, serverKey, type CachedPage } from '../../src/cache/store.js';
import type { Reason } from '../../src/model/reason.js';
import { tempDir } from '../support/temp.js';

const SERVER = 'https://dms.example.com/api/v1';
const APP = 'a1b2c3d4-0000-4000-8000-000000000001';
const modeOf = (path: string) => statSync(path).mode & 0o777;
const isRoot = process.getuid?.() === 0;

function row(id: number, extra: Record<string, unknown> = {}): Deployment {
  return {
    id,
    deployment_uuid: `dep-${id}`,
    status: 'finished',
    commit: `c0ffee${id}`,
    created_at: '2026-01-01T10:00:00Z',
    logs: JSON.stringify([{ output: `log of ${id}`, type: 'stdout' }]),
    ...extra,
  } as Deployment;
}

function page(skip: number, take: number, rows: Deployment[], extra: Partial<CachedPage> = {}): CachedPage {
  return { skip, take, total: 137, readAt: 1_700_000_000_000 + skip, rows, reasons: {}, ...extra };
}

/** The one file under `dir/sub`. */
function onlyFile(dir: string, sub: string): string {
  const names = readdirSync(join(dir, sub)).filter((n) => n.endsWith('.json'));
  expect(names).toHaveLength(1);
  return join(dir, sub, names[0]!);
}

describe('the page cache: round trip', () => {
  it('reads back what it wrote, without the logs, the newest page first', () => {
    const dir = tempDir();
    const cache = openCacheAt(dir);
    const reason: Reason = { kind: 'reason', text: 'Error: npm ci failed', at: { fromEnd: 2, line: 0 }, source: 'message' };
    expect(cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(2, { status: 'failed' }), row(1)], { reasons: { 'id:2': reason } }))).toBe(
      true,
    );
    expect(cache.writePage(SERVER, APP, undefined, page(10, 10, [row(0)]))).toBe(true);
    const app = cache.readPages(SERVER, APP)!;
    expect(app).toMatchObject({ server: SERVER, appUuid: APP, appName: 'shop' });
    expect(app.pages.map((p) => p.skip)).toEqual([10, 0]);
    const first = cache.readPage(SERVER, APP, 0, 10)!;
    expect(first.total).toBe(137);
    expect(first.readAt).toBe(1_700_000_000_000);
    expect(first.reasons).toEqual({ 'id:2': reason });
    expect(first.rows.map((r) => r.id)).toEqual([2, 1]);
    expect(first.rows[0]).not.toHaveProperty('logs');
    expect(first.rows[0]).toMatchObject({ deployment_uuid: 'dep-2', status: 'failed', commit: 'c0ffee2' });
    expect(cache.readPage(SERVER, APP, 0, 20)).toBeUndefined();
    expect(cache.readPages(SERVER, 'other-app')).toBeUndefined();
    expect(cache.readPages('https://other.example.com/api/v1', APP)).toBeUndefined();
  });

  it('replaces the page of the same skip and take, and keeps 20 pages at most', () => {
    const cache = openCacheAt(tempDir());
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(9)]));
    expect(cache.readPages(SERVER, APP)!.pages).toHaveLength(1);
    expect(cache.readPage(SERVER, APP, 0, 10)!.rows[0]!.id).toBe(9);
    for (let i = 1; i <= MAX_PAGES + 3; i++) cache.writePage(SERVER, APP, 'shop', page(i * 10, 10, [row(i)]));
    const pages = cache.readPages(SERVER, APP)!.pages;
    expect(pages).toHaveLength(MAX_PAGES);
    expect(pages[0]!.skip).toBe((MAX_PAGES + 3) * 10);
  });

  it('sees what another dms wrote since (its own memo of the file is not used once the file changed)', () => {
    const dir = tempDir();
    const one = openCacheAt(dir);
    const two = openCacheAt(dir);
    one.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    expect(two.readPages(SERVER, APP)!.pages).toHaveLength(1);
    two.writePage(SERVER, APP, 'shop', page(10, 10, [row(2)]));
    expect(one.readPages(SERVER, APP)!.pages.map((p) => p.skip)).toEqual([10, 0]);
    one.writePage(SERVER, APP, 'shop', page(20, 10, [row(3)]));
    expect(
      openCacheAt(dir)
        .readPages(SERVER, APP)!
        .pages.map((p) => p.skip),
    ).toEqual([20, 10, 0]);
    // What a reader is given is its own: changing it changes nothing kept.
    (one.readPage(SERVER, APP, 20, 10)!.rows[0] as Record<string, unknown>).status = 'changed';
    expect(one.readPage(SERVER, APP, 20, 10)!.rows[0]!.status).toBe('finished');
  });

  it('keeps the fields reading flagged, flagged again when read back', () => {
    const cache = openCacheAt(tempDir());
    const odd = readDeployment({ id: 4, status: 'finished', health_check_enabled: { odd: true }, commit: 'abc' });
    expect(invalidFieldsOf(odd)).toEqual({ health_check_enabled: { odd: true } });
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [odd]));
    const back = cache.readPage(SERVER, APP, 0, 10)!.rows[0]!;
    expect(back).not.toHaveProperty('health_check_enabled');
    expect(invalidFieldsOf(back)).toEqual({ health_check_enabled: { odd: true } });
  });

  it("keys a server by its origin and path: never a URL's user, password, query or fragment", () => {
    expect(serverKey('https://user:pw@dms.example.com:8443/api/v1/?token=x#y')).toBe('https://dms.example.com:8443/api/v1');
    expect(serverKey('demo')).toBe('demo');
    const dir = tempDir();
    const cache = openCacheAt(dir);
    cache.writePage('https://me:secretpw@dms.example.com/api/v1?k=tok', APP, 'shop', page(0, 10, [row(1)]));
    expect(cache.readPage(SERVER, APP, 0, 10)).toBeDefined();
    const raw = readFileSync(onlyFile(dir, 'pages'), 'utf8');
    expect(raw).not.toContain('secretpw');
    expect(raw).not.toContain('tok');
  });
});

describe('the page cache: what reaches the disk', () => {
  it('folders 0700, files 0600; a looser folder of its own is made 0700', () => {
    const dir = join(tempDir(), 'cache', 'dms');
    const cache = openCacheAt(dir);
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    cache.writeLog(SERVER, APP, 'dep-1', [entry('hello')]);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, 'pages'))).toBe(0o700);
    expect(modeOf(join(dir, 'logs'))).toBe(0o700);
    expect(modeOf(onlyFile(dir, 'pages'))).toBe(0o600);
    expect(modeOf(onlyFile(dir, 'logs'))).toBe(0o600);
    chmodSync(join(dir, 'pages'), 0o755);
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(2)]));
    expect(modeOf(join(dir, 'pages'))).toBe(0o700);
  });

  it('never writes the token, a secret field, a password in a URL or a secret copied into other text', () => {
    const TOKEN = '7|kQ9zXw3Lp0Rt5Vb8Nm2Cs4Df6Gh1Jy';
    const WEBHOOK = 'whsec-Zr8Kq2Lm9Vn4';
    const BASIC = 'basic-Pw7Qx2Rz';
    const DB = 'dbPass-4Hs9Kw2';
    const ENV_DB = 'envPass-8Jd3Lq6';
    const sent = [
      {
        id: 7,
        status: 'failed',
        commit_message: `deploy with ${WEBHOOK} (token ${TOKEN})`,
        manual_webhook_secret_provider_a: WEBHOOK,
        http_basic_auth_password: BASIC,
        internal_db_url: `postgres://root:${DB}@db:5432/shop`,
        settings: { env: { DATABASE_URL: `postgres://app:${ENV_DB}@db.internal:5432/app`, api_token: 'nested-tok-123' } },
        logs: JSON.stringify([{ output: `connecting with ${DB} and ${TOKEN}`, type: 'stdout' }]),
      },
    ];
    // As the client gives rows: parsed, then scrubbed of the token (api/scrub.ts).
    const rows = scrubAnswer(JSON.parse(JSON.stringify(sent)), redactor(TOKEN)) as Deployment[];
    const dir = tempDir();
    const cache = openCacheAt(dir);
    const reason: Reason = { kind: 'reason', text: `auth failed for ${DB}`, at: { fromEnd: 0, line: 0 }, source: 'message' };
    expect(cache.writePage(SERVER, APP, 'shop', page(0, 10, rows, { reasons: { 'id:7': reason } }))).toBe(true);
    // Log entries as the log view holds them: decoded, not scrubbed of URL passwords.
    cache.writeLog(SERVER, APP, 'dep-7', [entry(`git clone https://bot:${ENV_DB}@git.example.com/x.git`), entry(`token ${TOKEN}`)]);
    for (const file of [onlyFile(dir, 'pages'), onlyFile(dir, 'logs')]) {
      const raw = readFileSync(file, 'utf8');
      for (const secret of [WEBHOOK, BASIC, DB, ENV_DB, 'nested-tok-123']) expect(raw, file).not.toContain(secret);
    }
    const raw = readFileSync(onlyFile(dir, 'pages'), 'utf8');
    expect(raw).not.toContain(TOKEN);
    expect(raw).not.toContain('"logs"');
    expect(raw).not.toContain('connecting with');
    const back = cache.readPage(SERVER, APP, 0, 10)!.rows[0] as Record<string, unknown>;
    expect(back.manual_webhook_secret_provider_a).toBe('••••');
    expect(back.http_basic_auth_password).toBe('••••');
    expect(back.internal_db_url).toBe('postgres://root:••••@db:5432/shop');
    expect(back.settings).toEqual({ env: { DATABASE_URL: 'postgres://app:••••@db.internal:5432/app', api_token: '••••' } });
    expect(back.commit_message).toBe('deploy with •••• (token [token])');
  });
});

describe('the page cache: symlinks', () => {
  it('writes nothing through a symlink in the place of its folder', () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    symlinkSync(elsewhere, join(dir, 'pages'));
    const cache = openCacheAt(dir);
    expect(cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]))).toBe(false);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(cache.readPages(SERVER, APP)).toBeUndefined();
  });

  it('reads, lists, clears and evicts nothing through a symlink in the place of a folder', () => {
    const dir = tempDir();
    const cache = openCacheAt(dir, { limit: 1 });
    // Sound cache files, in folders a symlink points at.
    const elsewhere = tempDir();
    openCacheAt(elsewhere).writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    openCacheAt(elsewhere).writeLog(SERVER, APP, 'dep-1', [entry('kept')]);
    const before = [...readdirSync(join(elsewhere, 'pages')), ...readdirSync(join(elsewhere, 'logs'))];
    cache.writePage(SERVER, 'other', 'x', page(0, 10, [row(2)]));
    rmSync(join(dir, 'pages'), { recursive: true });
    symlinkSync(join(elsewhere, 'pages'), join(dir, 'pages'));
    rmSync(join(dir, 'logs'), { recursive: true, force: true });
    symlinkSync(join(elsewhere, 'logs'), join(dir, 'logs'));
    expect(cache.readPages(SERVER, APP)).toBeUndefined();
    expect(cache.readLog(SERVER, APP, 'dep-1')).toBeUndefined();
    expect(cache.info()).toMatchObject({ files: 0, apps: [] });
    expect(cache.clear()).toEqual({ files: 0, bytes: 0 });
    expect(cache.writeLog(SERVER, APP, 'dep-2', [entry('x')])).toBe(false);
    expect([...readdirSync(join(elsewhere, 'pages')), ...readdirSync(join(elsewhere, 'logs'))]).toEqual(before);
  });

  it('reads no file through a symlink (the link goes, its target stays), and writes over a link, not through it', () => {
    const dir = tempDir();
    const cache = openCacheAt(dir);
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    const file = onlyFile(dir, 'pages');
    const target = join(tempDir(), 'target.json');
    writeFileSync(target, readFileSync(file));
    const before = readFileSync(target, 'utf8');
    // A link to a sound cache file is still refused.
    unlinkSync(file);
    symlinkSync(target, file);
    expect(cache.readPages(SERVER, APP)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    symlinkSync(target, file);
    expect(cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(2)]))).toBe(true);
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe(before);
  });
});

describe('the page cache: files it passes over', () => {
  const cases: [string, (text: string) => string][] = [
    ['cut short', (t) => t.slice(0, t.length / 2)],
    ['not JSON', () => '\u0000\u0001garbage'],
    ['of another version', (t) => t.replace('"v":1', '"v":2')],
    ['of another server', (t) => t.replaceAll(SERVER, 'https://evil.example.com/api/v1')],
    ['of another shape', () => JSON.stringify({ v: 1, server: SERVER, appUuid: APP, pages: [{ skip: 'x' }] })],
    ['with a row that fits no deployment', (t) => t.replace('"id":1', '"id":{"x":1}')],
    ['with a reason of no known kind', (t) => t.replace('"reasons":{}', '"reasons":{"id:1":{"kind":"maybe"}}')],
    ['empty', () => ''],
  ];
  for (const [what, change] of cases) {
    it(`reads a file ${what} as nothing cached, and removes it`, () => {
      const dir = tempDir();
      const cache = openCacheAt(dir);
      cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
      const file = onlyFile(dir, 'pages');
      writeFileSync(file, change(readFileSync(file, 'utf8')));
      expect(cache.readPages(SERVER, APP)).toBeUndefined();
      expect(existsSync(file)).toBe(false);
      // And the next write starts again.
      expect(cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(3)]))).toBe(true);
      expect(cache.readPage(SERVER, APP, 0, 10)!.rows[0]!.id).toBe(3);
    });
  }

  it.skipIf(isRoot)('passes over a file others may change', () => {
    const dir = tempDir();
    const cache = openCacheAt(dir);
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    chmodSync(onlyFile(dir, 'pages'), 0o666);
    expect(cache.readPages(SERVER, APP)).toBeUndefined();
  });

  it('a folder in the place of a file reads as nothing, and nothing throws', () => {
    const dir = tempDir();
    const cache = openCacheAt(dir);
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    const file = onlyFile(dir, 'pages');
    rmSync(file);
    mkdirSync(file);
    expect(cache.readPages(SERVER, APP)).toBeUndefined();
    expect(cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]))).toBe(false);
  });

  it('removes the temporary files a killed writer left', () => {
    const dir = tempDir();
    const cache = openCacheAt(dir);
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    const name = readdirSync(join(dir, 'pages'))[0]!;
    // A process that is gone (pid 2^22 + 1 is above Linux's highest), and one of this process an hour old.
    const dead = join(dir, 'pages', `.${name}.4194305.0a1b2c.tmp`);
    const old = join(dir, 'pages', `.${name}.${process.pid}.0a1b2d.tmp`);
    writeFileSync(dead, '{"v":1,"ser');
    writeFileSync(old, '{"v":1,"ser');
    const hourAgo = (Date.now() - 3_600_000) / 1000;
    utimesSync(old, hourAgo, hourAgo);
    cache.writePage(SERVER, APP, 'shop', page(10, 10, [row(2)]));
    expect(readdirSync(join(dir, 'pages'))).toEqual([name]);
  });
});

describe('the page cache: its bound', () => {
  it('removes the oldest files (by mtime) until the pages and logs are under the bound', () => {
    const dir = tempDir();
    const big = (id: number) => [row(id, { commit_message: 'x'.repeat(3000) })];
    const writer = openCacheAt(dir);
    const apps = ['app-1', 'app-2', 'app-3'];
    apps.forEach((app, i) => writer.writePage(SERVER, app, app, page(0, 10, big(i))));
    const files = readdirSync(join(dir, 'pages'));
    const size = statSync(join(dir, 'pages', files[0]!)).size;
    // app-2 the oldest, then app-3, then app-1.
    const ages: Record<string, number> = { 'app-1': 100, 'app-2': 300, 'app-3': 200 };
    for (const app of apps) {
      const file = readdirSync(join(dir, 'pages')).find((n) => readFileSync(join(dir, 'pages', n), 'utf8').includes(`"appUuid":"${app}"`))!;
      const t = (Date.now() - ages[app]! * 1000) / 1000;
      utimesSync(join(dir, 'pages', file), t, t);
    }
    // Room for two files and a half: a fourth makes two go.
    const cache = openCacheAt(dir, { limit: Math.floor(size * 2.5) });
    cache.writePage(SERVER, 'app-4', 'app-4', page(0, 10, big(4)));
    expect(cache.readPages(SERVER, 'app-2')).toBeUndefined();
    expect(cache.readPages(SERVER, 'app-3')).toBeUndefined();
    expect(cache.readPages(SERVER, 'app-1')).toBeDefined();
    expect(cache.readPages(SERVER, 'app-4')).toBeDefined();
  });

  it('counts the logs in the same bound', () => {
    const dir = tempDir();
    const cache = openCacheAt(dir, { limit: 20_000 });
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    const t = (Date.now() - 60_000) / 1000;
    utimesSync(onlyFile(dir, 'pages'), t, t);
    cache.writeLog(SERVER, APP, 'dep-1', [entry('y'.repeat(19_600))]);
    expect(readdirSync(join(dir, 'pages')).filter((n) => n.endsWith('.json'))).toEqual([]);
    expect(cache.readLog(SERVER, APP, 'dep-1')).toBeDefined();
  });

  it('DMS_CACHE_MB sets it; a value that is not a size above 0 is the default, without a crash', () => {
    expect(cacheLimit({})).toBe(DEFAULT_LIMIT);
    expect(cacheLimit({ DMS_CACHE_MB: '5' })).toBe(5_000_000);
    expect(cacheLimit({ DMS_CACHE_MB: '0.5' })).toBe(500_000);
    for (const bad of ['0', '-3', 'lots', '1e9', '', ' ', 'NaN', 'Infinity', '99999999999'])
      expect(cacheLimit({ DMS_CACHE_MB: bad }), bad).toBe(DEFAULT_LIMIT);
  });
});

describe('the page cache: on, off and where', () => {
  it('DMS_NO_CACHE=1 turns it off: nothing to read or write', () => {
    expect(openCache({ DMS_NO_CACHE: '1', XDG_CACHE_HOME: tempDir() })).toBeUndefined();
    const xdg = tempDir();
    expect(openCache({ DMS_NO_CACHE: '0', XDG_CACHE_HOME: xdg })!.dir).toBe(join(xdg, 'dms'));
  });

  it('is in $XDG_CACHE_HOME/dms, else ~/.cache/dms (a relative XDG_CACHE_HOME is ignored)', () => {
    const home = tempDir();
    expect(openCache({ HOME: home })!.dir).toBe(join(home, '.cache', 'dms'));
    expect(openCache({ HOME: home, XDG_CACHE_HOME: 'relative' })!.dir).toBe(join(home, '.cache', 'dms'));
    const xdg = tempDir();
    const cache = openCache({ HOME: home, XDG_CACHE_HOME: xdg, DMS_CACHE_MB: '7' })!;
    expect(cache.limit).toBe(7_000_000);
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    expect(readdirSync(join(xdg, 'dms', 'pages'))).toHaveLength(1);
  });
});

function entry(output: string) {
  return {
    command: null,
    output,
    stderr: false,
    hidden: false,
    timestamp: '2026-01-01T10:00:00Z',
    at: Date.parse('2026-01-01T10:00:00Z'),
    batch: 1,
    order: 1,
  };
}

describe('the page cache: logs', () => {
  it('reads back the log it wrote, with when it was read', () => {
    const cache = openCacheAt(tempDir(), { now: () => 1_234 });
    const entries = [entry('one'), { ...entry('two'), command: 'npm ci', stderr: true }];
    expect(cache.writeLog(SERVER, APP, 'dep-1', entries)).toBe(true);
    expect(cache.readLog(SERVER, APP, 'dep-1')).toEqual({ readAt: 1_234, dropped: 0, entries });
    expect(cache.readLog(SERVER, APP, 'dep-2')).toBeUndefined();
    expect(cache.readLog(SERVER, 'other', 'dep-1')).toBeUndefined();
  });

  it('keeps the end of a log longer than 8 MB', () => {
    const dir = tempDir();
    const cache = openCacheAt(dir);
    const line = 'z'.repeat(1000);
    const entries = Array.from({ length: 9000 }, (_, i) => entry(`${i} ${line}`));
    cache.writeLog(SERVER, APP, 'dep-1', entries);
    const log = cache.readLog(SERVER, APP, 'dep-1')!;
    expect(log.dropped).toBeGreaterThan(0);
    expect(log.dropped + log.entries.length).toBe(9000);
    expect(log.entries.at(-1)!.output).toBe(`8999 ${line}`);
    expect(statSync(onlyFile(dir, 'logs')).size).toBeLessThanOrEqual(8_000_000 + 1000);
  });
});

describe('the page cache: clear and info', () => {
  it("clears one application's pages and logs, a server's, or all, and says how many files", () => {
    const dir = tempDir();
    const cache = openCacheAt(dir);
    const OTHER = 'https://other.example.com/api/v1';
    cache.writePage(SERVER, APP, 'shop', page(0, 10, [row(1)]));
    cache.writeLog(SERVER, APP, 'dep-1', [entry('a')]);
    cache.writeLog(SERVER, APP, 'dep-2', [entry('b')]);
    cache.writePage(SERVER, 'app-2', 'blog', page(0, 10, [row(1)]));
    cache.writePage(OTHER, APP, 'shop', page(0, 10, [row(1)]));
    const info = cache.info();
    expect(info.dir).toBe(dir);
    expect(info.files).toBe(5);
    expect(info.bytes).toBeGreaterThan(0);
    const shop = info.apps.find((a) => a.server === SERVER && a.appUuid === APP)!;
    expect(shop).toMatchObject({ appName: 'shop', pages: 1, logs: 2, readAt: 1_700_000_000_000 });
    expect(info.apps).toHaveLength(3);

    const removed = cache.clear(SERVER, APP);
    expect(removed.files).toBe(3);
    expect(removed.bytes).toBeGreaterThan(0);
    expect(cache.readPages(SERVER, APP)).toBeUndefined();
    expect(cache.readLog(SERVER, APP, 'dep-1')).toBeUndefined();
    expect(cache.readPages(OTHER, APP)).toBeDefined();
    expect(cache.clear(SERVER, APP).files).toBe(0);
    expect(cache.clear(SERVER).files).toBe(1);
    expect(cache.readPages(OTHER, APP)).toBeDefined();
    expect(cache.clear().files).toBe(1);
    expect(cache.info()).toMatchObject({ files: 0, bytes: 0, apps: [] });
  });

  it('clears and lists nothing, without a crash, when there is no folder yet', () => {
    const cache = openCacheAt(join(tempDir(), 'none'));
    expect(cache.clear()).toEqual({ files: 0, bytes: 0 });
    expect(cache.info()).toMatchObject({ files: 0, bytes: 0, apps: [] });
  });
});
