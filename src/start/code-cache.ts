// V8's compiled code for a bundled script, kept on disk between runs (the vendor scripts:
// vendor-script.ts). A cache file is `DMSC1\n`, a CRC-32 of the rest, then V8's bytes; it is named by
// the script's hash, Node's version and V8's tag (its flags, the CPU), so another bundle, another
// Node or a run under other V8 flags never reads it.
// Nothing here can break a start: a cache that is missing, corrupt, not the user's own or in a
// folder that cannot be written is passed over (and said in notes, for DMS_DEBUG=1).
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync, fsyncSync } from 'node:fs';
import { join } from 'node:path';
import { cachedDataVersionTag } from 'node:v8';
import zlib from 'node:zlib';
import { cacheDir, cacheOff } from '../config/paths.js';
import { readFileBytes } from '../config/read-file.js';
import { cacheNotes } from './cache-notes.js';

const MAGIC = Buffer.from('DMSC1\n');
const HEAD = MAGIC.length + 4;
/** Larger than any cache of ours: a file this big is not one. */
const MAX_BYTES = 64 * 2 ** 20;

/**
 * The file name of a cache for `stem` (e.g. `ui-vendor`) built from a script whose hash is `hash`,
 * for this Node and this V8: `v8.cachedDataVersionTag()` changes with V8's version, its flags and
 * the CPU's features. Flags can change at run time (`dms deployments --all` narrows the heap with
 * `v8.setFlagsFromString` before got loads): such a run keeps a cache of its own instead of
 * making the others' rejected by V8 and written again, turn about.
 */
export function cacheName(stem: string, hash: string, tag: number = cachedDataVersionTag()): string {
  return `${stem}-${hash.slice(0, 16)}-${process.version}-${(tag >>> 0).toString(16)}.v8cache`;
}

/**
 * Where a cache may live, in order: beside the bundle, then `$XDG_CACHE_HOME/dms`, else
 * `~/.cache/dms`. Null when the cache is off (`DMS_NO_CACHE=1`).
 */
export function cachePlaces(bundleDir: string, env: NodeJS.ProcessEnv): string[] | null {
  if (cacheOff(env)) return null;
  const user = cacheDir(env);
  return user && user !== bundleDir ? [bundleDir, user] : [bundleDir];
}

/**
 * Where this run may write, of `places`: the user's folder. Beside the bundle only in the build's
 * training run (DMS_TRAINING=1): a run never writes into an installed package's folder, not even
 * root's run of a package root installed.
 */
export function writePlaces(places: readonly string[], env: NodeJS.ProcessEnv): readonly string[] {
  if (places.length === 1) return places;
  return env.DMS_TRAINING === '1' ? places.slice(0, 1) : places.slice(1);
}

/** Whose files a cache may be read from and written in (this process's user; tests name another). */
export interface Owner {
  readonly uid?: number;
}
const userOf = (owner: Owner) => ('uid' in owner ? owner.uid : process.getuid?.());

/** The folder is the user's own and nobody else may write in it. */
function ownFolder(dir: string, owner: Owner): boolean {
  try {
    const s = statSync(dir);
    const me = userOf(owner);
    return s.isDirectory() && (me === undefined || s.uid === me) && (s.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** V8's bytes from the first place that holds a sound cache file `name`, else undefined. */
export function readCache(places: readonly string[], name: string, owner: Owner = {}): { data: Buffer; file: string } | undefined {
  for (const dir of places) {
    const file = join(dir, name);
    const got = readOne(file, owner);
    if (typeof got === 'string') {
      if (got !== 'missing') cacheNotes.push(`code cache ${file}: ${got}, passed over`);
      continue;
    }
    return { data: got, file };
  }
  return undefined;
}

function readOne(file: string, owner: Owner): Buffer | string {
  const me = userOf(owner);
  const read = readFileBytes(file, MAX_BYTES, {
    noFollow: true, // never follows a link planted in its place
    check: (s) => (me !== undefined && s.uid !== me ? 'owned by another user' : (s.mode & 0o022) !== 0 ? 'writable by others' : undefined),
  });
  if (read === undefined) return 'missing';
  if (!('bytes' in read)) return read.cause === 'kind' ? 'not a file' : read.cause === 'size' ? 'corrupt (size)' : read.problem;
  const all = read.bytes;
  if (all.length < HEAD) return 'corrupt (size)';
  if (!all.subarray(0, MAGIC.length).equals(MAGIC)) return 'corrupt (header)';
  const data = all.subarray(HEAD);
  if (all.readUInt32BE(MAGIC.length) !== zlib.crc32(data)) return 'corrupt (checksum)';
  return data;
}

/**
 * Writes V8's bytes as `name` in the first place that takes it: a new file at 0600, renamed over
 * the old one, so a reader sees the old cache or the new one, never half of one. Older caches of
 * the same stem there (another bundle, another Node) are removed. The file written, or undefined.
 * `bundleDir`: the bundle's folder (never made; its old caches go at once), the first place unless said.
 */
export function writeCache(
  places: readonly string[],
  name: string,
  data: Buffer,
  stem: string,
  owner: Owner = {},
  bundleDir: string | undefined = places[0],
): string | undefined {
  const head = Buffer.alloc(HEAD);
  MAGIC.copy(head);
  head.writeUInt32BE(zlib.crc32(data), MAGIC.length);
  for (const dir of places) {
    try {
      // The user's cache folder is made (0700); the bundle's folder must exist and be ours.
      if (dir !== bundleDir) mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!ownFolder(dir, owner)) {
        cacheNotes.push(`code cache: ${dir} is not a folder of this user's alone, not written there`);
        continue;
      }
      const file = join(dir, name);
      const temp = join(dir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      const fd = openSync(temp, 'wx', 0o600);
      try {
        writeSync(fd, head);
        writeSync(fd, data);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, file);
      // Beside the bundle the other caches are this bundle's old ones; the user's folder may hold
      // those of other installed versions in use, so there only month-old ones go.
      removeStale(dir, name, stem, dir === bundleDir ? 0 : MONTH);
      return file;
    } catch (error) {
      cacheNotes.push(`code cache: not written in ${dir} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  return undefined;
}

const MONTH = 30 * 24 * 3600_000;

/**
 * Caches of other bundles or Node versions (older than `age`: not written for that long), and
 * temporary files a killed writer left (a minute old). Those of this bundle and Node made under
 * other V8 flags stay: they are in use by the runs that set them.
 */
function removeStale(dir: string, keep: string, stem: string, age: number): void {
  try {
    const now = Date.now();
    const same = keep.slice(0, keep.lastIndexOf('-') + 1); // stem-hash-version-
    for (const f of readdirSync(dir)) {
      const other = f.startsWith(`${stem}-`) && f.endsWith('.v8cache') && !f.startsWith(same);
      const temp = f.startsWith(`.${stem}-`) && f.endsWith('.tmp');
      if (!other && !temp) continue;
      const p = join(dir, f);
      if (now - statSync(p).mtimeMs < (temp ? 60_000 : age)) continue;
      unlinkSync(p);
    }
  } catch {
    // Left for the next write.
  }
}
