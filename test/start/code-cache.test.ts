// The code cache's file handling (src/start/code-cache.ts) on real files: what is read, what is
// passed over (corrupt, another user's, writable by others, not a file), where it is written when
// the first place cannot take it, and that V8 rejects a cache made for other code.
import { describe, expect, it, beforeEach } from 'vitest';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedDataVersionTag } from 'node:v8';
import vm from 'node:vm';
import { cacheName, cachePlaces, readCache, writeCache, writePlaces } from '../../src/start/code-cache.js';
import { cacheNotes } from '../../src/start/cache-notes.js';
import { tempDir } from '../support/temp.js';

const STEM = 'ui-vendor';
const NAME = cacheName(STEM, 'a'.repeat(64));
const isRoot = process.getuid?.() === 0;

/** V8's cache for a small script, after running it (as dms makes one). */
function v8Cache(source: string): { script: vm.Script; data: Buffer } {
  const script = new vm.Script(source);
  script.runInThisContext();
  return { script, data: script.createCachedData() };
}

let dir: string;
beforeEach(() => {
  dir = tempDir();
  chmodSync(dir, 0o700);
  cacheNotes.length = 0;
});

describe('the code cache file', () => {
  it("is named by the bundle hash, the Node version and V8's tag (its version, flags and the CPU's features)", () => {
    const tag = cachedDataVersionTag() >>> 0;
    expect(cacheName(STEM, 'f00d'.repeat(16))).toBe(`ui-vendor-f00df00df00df00d-${process.version}-${tag.toString(16)}.v8cache`);
    expect(cacheName(STEM, 'beef'.repeat(16))).not.toBe(cacheName(STEM, 'f00d'.repeat(16)));
    // Other V8 flags (set at run time by --all) or another CPU: another file.
    expect(cacheName(STEM, 'f00d'.repeat(16), tag ^ 1)).not.toBe(cacheName(STEM, 'f00d'.repeat(16)));
  });

  it('lives beside the bundle, else in $XDG_CACHE_HOME/dms, else ~/.cache/dms; DMS_NO_CACHE=1 turns it off', () => {
    expect(cachePlaces('/opt/dms/dist', { XDG_CACHE_HOME: '/x/cache', HOME: '/home/u' })).toEqual(['/opt/dms/dist', '/x/cache/dms']);
    expect(cachePlaces('/opt/dms/dist', { HOME: '/home/u' })).toEqual(['/opt/dms/dist', '/home/u/.cache/dms']);
    // A relative XDG_CACHE_HOME is ignored, as the XDG rules say.
    expect(cachePlaces('/opt/dms/dist', { XDG_CACHE_HOME: 'rel', HOME: '/home/u' })).toEqual(['/opt/dms/dist', '/home/u/.cache/dms']);
    expect(cachePlaces('/opt/dms/dist', { DMS_NO_CACHE: '1', HOME: '/home/u' })).toBeNull();
    expect(cachePlaces('/opt/dms/dist', { DMS_NO_CACHE: '0', HOME: '/home/u' })).not.toBeNull();
  });

  it("is written by a run in the user's folder only; beside the bundle by the build's training run alone", () => {
    const places = ['/opt/dms/dist', '/home/u/.cache/dms'];
    expect(writePlaces(places, {})).toEqual(['/home/u/.cache/dms']);
    expect(writePlaces(places, { DMS_TRAINING: '1' })).toEqual(['/opt/dms/dist']);
    // The bundle in the user's cache folder itself: one place, that one.
    expect(writePlaces(['/home/u/.cache/dms'], {})).toEqual(['/home/u/.cache/dms']);
  });

  it('is written at 0600 and read back; V8 takes it', () => {
    const source = 'globalThis.__cacheTest = (function f(n) { return n < 2 ? n : f(n - 1) + f(n - 2); })(12);';
    const { data } = v8Cache(source);
    const file = writeCache([dir], NAME, data, STEM);
    expect(file).toBe(join(dir, NAME));
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const read = readCache([dir], NAME);
    expect(read?.data.equals(data)).toBe(true);
    const again = new vm.Script(source, { cachedData: read!.data });
    expect(again.cachedDataRejected).toBe(false);
    expect(readdirSync(dir)).toEqual([NAME]); // no temporary file left
  });

  it('a corrupt file (one byte changed, cut short, not ours at all) is passed over and said', () => {
    const { data } = v8Cache('1 + 1');
    const file = writeCache([dir], NAME, data, STEM)!;
    const good = readFileSync(file);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 3]! ^= 0xff;
    writeFileSync(file, flipped);
    expect(readCache([dir], NAME)).toBeUndefined();
    writeFileSync(file, good.subarray(0, good.length - 10));
    expect(readCache([dir], NAME)).toBeUndefined();
    writeFileSync(file, 'hello, not a cache');
    expect(readCache([dir], NAME)).toBeUndefined();
    writeFileSync(file, '');
    expect(readCache([dir], NAME)).toBeUndefined();
    expect(cacheNotes.join('\n')).toMatch(
      /corrupt \(checksum\), passed over[\s\S]*corrupt \(checksum\)[\s\S]*corrupt \(header\)[\s\S]*corrupt \(size\)/,
    );
  });

  it("another user's file is passed over (and so is one others may write to)", () => {
    const file = writeCache([dir], NAME, v8Cache('2 + 2').data, STEM)!;
    expect(readCache([dir], NAME, { uid: (process.getuid?.() ?? 0) + 1 })).toBeUndefined();
    expect(cacheNotes.at(-1)).toMatch(/owned by another user/);
    if (isRoot) {
      chownSync(file, 4242, 4242);
      expect(readCache([dir], NAME)).toBeUndefined();
      chownSync(file, 0, 0);
    }
    chmodSync(file, 0o666);
    expect(readCache([dir], NAME)).toBeUndefined();
    expect(cacheNotes.at(-1)).toMatch(/writable by others/);
    chmodSync(file, 0o600);
    expect(readCache([dir], NAME)).toBeDefined();
  });

  it('a folder, a FIFO or a link in its place is passed over without waiting', () => {
    mkdirSync(join(dir, NAME));
    expect(readCache([dir], NAME)).toBeUndefined();
    expect(cacheNotes.at(-1)).toMatch(/not a file|unreadable/);
  });

  it('a link in its place is not followed, even to a sound cache', () => {
    const other = tempDir();
    chmodSync(other, 0o700);
    writeCache([other], NAME, v8Cache('3 + 3').data, STEM);
    expect(readCache([other], NAME)).toBeDefined();
    symlinkSync(join(other, NAME), join(dir, NAME));
    expect(readCache([dir], NAME)).toBeUndefined();
    expect(cacheNotes.at(-1)).toMatch(/ELOOP/);
  });

  it("the first place that is not the user's alone (or cannot be written) is skipped for the next", () => {
    const shared = join(dir, 'shared');
    const mine = join(dir, 'mine', 'dms');
    mkdirSync(shared, { mode: 0o777 });
    chmodSync(shared, 0o777);
    const notAFolder = join(dir, 'file');
    writeFileSync(notAFolder, 'x');
    const file = writeCache([shared, join(notAFolder, 'sub'), mine], NAME, v8Cache('3 + 3').data, STEM);
    expect(file).toBe(join(mine, NAME));
    expect(statSync(mine).mode & 0o777).toBe(0o700);
    expect(existsSync(join(shared, NAME))).toBe(false);
    expect(cacheNotes.join('\n')).toMatch(/shared is not a folder of this user's alone[\s\S]*not written in .*file\/sub \(ENOTDIR\)/);
    // Read from the same places: the second one holds it.
    expect(readCache([shared, mine], NAME)?.file).toBe(join(mine, NAME));
  });

  it.skipIf(isRoot)('a read-only folder is skipped for the next (root writes anywhere: run as a user)', () => {
    const ro = join(dir, 'ro');
    mkdirSync(ro, { mode: 0o500 });
    const other = join(dir, 'other');
    expect(writeCache([ro, other], NAME, v8Cache('4 + 4').data, STEM)).toBe(join(other, NAME));
    expect(cacheNotes.join('\n')).toMatch(/not written in .*ro \(EACCES\)/);
  });

  it('a cache made for other code (another bundle, another Node) is rejected by V8, never run', () => {
    const { data } = v8Cache('globalThis.__otherCode = 1;');
    writeCache([dir], NAME, data, STEM);
    const script = new vm.Script('globalThis.__thisCode = 2 + 40;', { cachedData: readCache([dir], NAME)!.data });
    expect(script.cachedDataRejected).toBe(true);
    expect(script.runInThisContext()).toBe(42);
  });

  it('a new cache removes the caches of other bundles and Node versions (not its own under other flags), and old temporary files', () => {
    const other = cacheName(STEM, 'b'.repeat(64));
    const oldNode = `${STEM}-aaaaaaaaaaaaaaaa-v18.0.0-839dbe75.v8cache`;
    const otherFlags = cacheName(STEM, 'a'.repeat(64), (cachedDataVersionTag() ^ 1) >>> 0);
    writeFileSync(join(dir, other), 'x');
    writeFileSync(join(dir, oldNode), 'x');
    writeFileSync(join(dir, otherFlags), 'x');
    writeFileSync(join(dir, 'unrelated.txt'), 'x');
    const stale = join(dir, `.${NAME}.123.abc.tmp`);
    const recent = join(dir, `.${NAME}.456.def.tmp`);
    writeFileSync(stale, 'x');
    writeFileSync(recent, 'x');
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(stale, old, old);
    writeCache([dir], NAME, v8Cache('5 + 5').data, STEM);
    // Kept: this bundle's cache under other V8 flags (in use by the runs that set them).
    expect(readdirSync(dir).sort()).toEqual([`.${NAME}.456.def.tmp`, NAME, otherFlags, 'unrelated.txt'].sort());
  });

  it("in the user's cache folder (shared by installed versions) only month-old caches of others go", () => {
    const bundle = join(dir, 'shared-bundle');
    mkdirSync(bundle, { mode: 0o777 });
    chmodSync(bundle, 0o777); // not the user's alone: the cache goes to the user's folder
    const user = join(dir, 'user');
    mkdirSync(user, { mode: 0o700 });
    const recent = cacheName(STEM, 'c'.repeat(64));
    const old = cacheName(STEM, 'd'.repeat(64));
    writeFileSync(join(user, recent), 'x');
    writeFileSync(join(user, old), 'x');
    const monthAgo = new Date(Date.now() - 31 * 24 * 3600_000);
    utimesSync(join(user, old), monthAgo, monthAgo);
    expect(writeCache([bundle, user], NAME, v8Cache('7 + 7').data, STEM)).toBe(join(user, NAME));
    expect(readdirSync(user).sort()).toEqual([NAME, recent].sort());
  });

  it('writers at the same time leave one whole cache (each writes its own file, then renames)', async () => {
    const { Worker } = await import('node:worker_threads');
    const { build } = await import('esbuild');
    const { data } = v8Cache('6 + 6');
    // The module as plain JavaScript, for threads of its own.
    const bundled = join(tempDir(), 'code-cache.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('../../src/start/code-cache.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: bundled,
      logLevel: 'error',
    });
    const code = `import { writeCache } from ${JSON.stringify(pathToFileURL(bundled).href)}; import { workerData } from 'node:worker_threads';
      for (let i = 0; i < 20; i++) writeCache([workerData.dir], workerData.name, Buffer.from(workerData.data), 'ui-vendor');`;
    const script = join(dirname(bundled), 'writer.mjs');
    writeFileSync(script, code);
    // Eight threads each write the same cache 20 times while this thread reads it.
    const workers = Array.from({ length: 8 }, () => new Worker(script, { workerData: { dir, name: NAME, data } }));
    let reads = 0;
    const ended = Promise.all(
      workers.map(
        (w) =>
          new Promise((resolve, reject) => {
            w.once('exit', resolve);
            w.once('error', reject);
          }),
      ),
    );
    let done = false;
    void ended.then(() => {
      done = true;
    });
    while (!done) {
      const read = readCache([dir], NAME);
      if (read) {
        expect(read.data.equals(data)).toBe(true);
        reads += 1;
      }
      await new Promise((r) => setImmediate(r));
    }
    await ended;
    expect(readCache([dir], NAME)?.data.equals(data)).toBe(true);
    expect(readdirSync(dir)).toEqual([NAME]);
    expect(cacheNotes.filter((n) => /corrupt/.test(n))).toEqual([]);
    expect(reads).toBeGreaterThan(0);
  });
});
