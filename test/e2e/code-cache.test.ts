// The UI's code cache on the built binary in a real terminal (tmux), on a copy of dist/ so the
// other tests keep theirs: the build's caches beside the bundle are read, never written by a run;
// a first start without a cache and the next one with it both reach the first frame (the cache in
// $XDG_CACHE_HOME/dms); a corrupt cache, a start killed (SIGKILL) right after its first frame, a
// folder others may write to and DMS_NO_CACHE=1 each do what the README says. DMS_DEBUG=1 tells,
// on stderr at exit, what the cache did.
import { beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { BIN } from '../support/bin.js';
import { setUpDemo } from '../support/terminals.js';
import { shellQuote } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';
import { runBin } from '../support/run-bin.js';

const e2e = setUpDemo('cache-cfg');
let dist: string;
let home: string;

beforeAll(() => {
  dist = join(tempDir('dms-e2e-cache-'), 'dist');
  cpSync(dirname(BIN), dist, { recursive: true });
  chmodSync(dist, 0o755);
  home = tempDir('dms-e2e-cache-home-');
});

const LIST = /1–\d+ of \d+/;
const allCaches = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.v8cache')) : []);
/** The UI script's cache (React, Ink): the one every start of the TUI reads. */
const caches = (dir: string) => allCaches(dir).filter((f) => f.startsWith('ui-vendor-'));
const clear = () => {
  for (const f of allCaches(dist)) rmSync(join(dist, f));
  rmSync(join(home, 'cache'), { recursive: true, force: true });
};
/** Where a run writes its caches: the user's folder ($XDG_CACHE_HOME/dms), never beside the bundle. */
const userCaches = () => join(home, 'cache', 'dms');

/** Starts `dms browse` on the copy; resolves with what it said on stderr once it has quit (or was killed). */
async function start(env: Record<string, string> = {}, { kill = false } = {}): Promise<string> {
  const out = join(tempDir('dms-e2e-cache-run-'), 'stderr');
  const pidFile = `${out}.pid`;
  const t = e2e.run(
    `sh -c ${shellQuote(`echo $$ > ${shellQuote(pidFile)}; exec node ${shellQuote(join(dist, 'dms.js'))} browse ${SHOP_FRONTEND} 2>${shellQuote(out)}`)}`,
    {
      width: 120,
      height: 36,
      env: { DMS_DEBUG: '1', HOME: home, XDG_CACHE_HOME: join(home, 'cache'), ...env },
    },
  );
  await t.waitFor(LIST);
  if (kill) {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
  } else {
    t.keys('q');
  }
  await t.waitFor(/\[exit \d+\]/);
  return readFileSync(out, 'utf8');
}

describe('the code cache (built binary, tmux)', () => {
  it('the build leaves a cache of each script beside the bundle (its training run), 0600, and the first start uses them', async () => {
    // (A cache per script; got may have a second one: `--all` runs of other tests keep their own, under other V8 flags.)
    expect([...new Set(allCaches(dirname(BIN)).map((f) => f.replace(/-.*/, '')))].sort()).toEqual(['dms', 'got', 'ui', 'zod']);
    for (const f of allCaches(dist)) expect(statSync(join(dist, f)).mode & 0o777).toBe(0o600);
    const said = await start();
    // (got's cache is read too, by the thread that reads the first page: not said from there.)
    expect(said).toMatch(new RegExp(`code cache .*${caches(dist)[0]!.replace(/\./g, '\\.')}: used`));
    expect(said).not.toMatch(/written|passed over|rejected/);
    // dms's own code is a script with a cache of its own, and the TUI is the one that runs the ui script.
    expect(said).toMatch(/code cache .*dms-app-.*: used/);
    expect(said).toMatch(/^dms: debug: scripts run: dms-app, got-vendor, (zod-vendor, )?ui-vendor/m);
  });

  it('a first start with no cache reaches its frame and leaves one in $XDG_CACHE_HOME/dms, not beside the bundle; the next start uses it', async () => {
    clear();
    const first = await start();
    expect(first).toMatch(/code cache .*ui-vendor-.*: written\n/);
    expect(caches(dist)).toHaveLength(0);
    expect(caches(userCaches())).toHaveLength(1);
    expect(await start()).toMatch(new RegExp(`code cache ${userCaches()}/ui-vendor-.*: used`));
  });

  it('a start killed right after its first frame still leaves the cache for the next', async () => {
    clear();
    await start({}, { kill: true });
    expect(caches(userCaches())).toHaveLength(1);
    expect(await start()).toMatch(/ui-vendor-.*: used/);
  });

  it('a corrupt cache is passed over, the start goes on and writes a good one', async () => {
    const [name] = caches(userCaches());
    const file = join(userCaches(), name!);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(file, bytes, { mode: 0o600 });
    const said = await start();
    expect(said).toMatch(/corrupt \(checksum\), passed over/);
    expect(said).toMatch(/ui-vendor-.*: written/);
    expect(await start()).toMatch(/ui-vendor-.*: used/);
  });

  it('a cache beside the bundle that others may write to is passed over: the run makes its own in $XDG_CACHE_HOME/dms', async () => {
    clear();
    cpSync(join(dirname(BIN)), dist, { recursive: true });
    const [ui] = caches(dist);
    chmodSync(dist, 0o777);
    chmodSync(join(dist, ui!), 0o666);
    try {
      const said = await start();
      expect(said).toMatch(/ui-vendor-.*: writable by others, passed over/);
      expect(caches(userCaches())).toHaveLength(1);
      expect(await start()).toMatch(new RegExp(`code cache ${userCaches()}/ui-vendor-.*: used`));
    } finally {
      chmodSync(dist, 0o755);
      chmodSync(join(dist, ui!), 0o600);
    }
  });

  it("a run never writes beside the bundle, even where it could (root's run of a package root installed)", async () => {
    clear();
    const said = await start();
    expect(said).toMatch(/ui-vendor-.*: written/);
    expect(allCaches(dist)).toEqual([]);
  });

  it('a run that changes V8 flags (--all narrows the heap) keeps a cache of its own: the others still use theirs', async () => {
    const env = {
      DMS_URL: e2e.demo.url,
      DMS_TOKEN: e2e.demo.token,
      DMS_CONFIG_DIR: tempDir('dms-e2e-cache-cfg-'),
      DMS_DEBUG: '1',
      HOME: home,
      XDG_CACHE_HOME: join(home, 'cache'),
    };
    const got = () => allCaches(userCaches()).filter((f) => f.startsWith('got-vendor-'));
    const before = got();
    const all = await runBin(['deployments', SHOP_FRONTEND, '--all', '-o', 'ndjson'], { env, bin: join(dist, 'dms.js') });
    expect(all.code).toBe(0);
    expect(all.stderr).not.toMatch(/rejected/);
    for (let i = 0; i < 2; i++) {
      const plain = await runBin(['deployments', SHOP_FRONTEND, '--json'], { env, bin: join(dist, 'dms.js') });
      expect(plain.code).toBe(0);
      expect(plain.stderr).toMatch(/got-vendor-.*: used/);
      expect(plain.stderr).not.toMatch(/rejected|written/);
    }
    // The --all run's own (another V8 tag) beside the one the others use.
    expect(got().length).toBe(before.length + 1);
    expect(got()).toEqual(expect.arrayContaining(before));
  });

  it('DMS_NO_CACHE=1: nothing read, nothing written', async () => {
    clear();
    const said = await start({ DMS_NO_CACHE: '1' });
    expect(said).not.toMatch(/code cache/);
    expect(allCaches(dist)).toHaveLength(0);
    expect(allCaches(join(home, 'cache', 'dms'))).toHaveLength(0);
  });

  it('two first starts at once both reach their frame and leave one whole cache', async () => {
    clear();
    const [a, b] = await Promise.all([start(), start()]);
    expect(a + b).not.toMatch(/corrupt/);
    expect(caches(userCaches())).toHaveLength(1);
    expect(await start()).toMatch(/ui-vendor-.*: used/);
  });
});
