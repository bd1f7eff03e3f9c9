// The cache's files on disk, kept private and whole. Folders are made 0700 and must be real
// folders of this user's (a symlink in a folder's place is refused: nothing is read or written
// there); files are read without following a symlink (O_NOFOLLOW) and only when they are this
// user's and nobody else may change them; a file is written as a new 0600 temporary file in the
// same folder (O_EXCL: never through a symlink, never over another file) renamed over the old one,
// so a reader sees the old file or the new one, never part of one. No fsync: losing the last
// write in a power cut costs a page shown from the server instead of from the disk.
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { processAlive } from '../config/file-lock.js';
import { errorCode } from '../config/private-file.js';
import { readFileBytes } from '../config/read-file.js';
import { TEMP_STALE_MS } from '../config/stale-files.js';

const me = () => process.getuid?.();

/**
 * Makes `dir` (0700; its parent too, as `mkdir -p` would) or checks the one there: a folder, not a
 * symlink, this user's; one others may read is made 0700. False when it cannot be used.
 */
export function privateFolder(dir: string): boolean {
  try {
    mkdirSync(dirname(dir), { recursive: true, mode: 0o700 });
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (e) {
      if (errorCode(e) !== 'EEXIST') return false;
    }
    const s = lstatSync(dir);
    const uid = me();
    if (!s.isDirectory() || (uid !== undefined && s.uid !== uid)) return false;
    if ((s.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return true;
  } catch {
    return false;
  }
}

/** `dir` is there and is a folder of this user's, not a symlink (nothing is made or changed). */
export function ownFolder(dir: string): boolean {
  try {
    const s = lstatSync(dir);
    const uid = me();
    return s.isDirectory() && (uid === undefined || s.uid === uid);
  } catch {
    return false;
  }
}

/** A file's content read as the cache reads it: undefined when missing, `bad` when it is there but may not be used. */
export type Read = { readonly text: string } | 'bad' | undefined;

/** Reads a cache file of at most `max` bytes (see the file's comment); never throws. */
export function readPrivate(file: string, max: number): Read {
  const uid = me();
  const read = readFileBytes(file, max, {
    noFollow: true,
    check: (s) =>
      uid !== undefined && s.uid !== uid ? 'owned by another user' : (s.mode & 0o022) !== 0 ? 'writable by others' : undefined,
  });
  if (read === undefined) return undefined;
  return 'bytes' in read ? { text: read.bytes.toString('utf8') } : 'bad';
}

/** Removes a file (a symlink itself, never what it points at); false when it was not there or cannot be. */
export function remove(file: string): boolean {
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Temporary files: `.<name>.<pid>.<random>.tmp`. */
const TEMP = /^\..+\.(\d+)\.[0-9a-f]+\.tmp$/;

/** Writes `data` as `dir/name` whole (see the file's comment). Throws when it cannot (the temporary file is removed). */
export function writePrivate(dir: string, name: string, data: string): void {
  const temp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    try {
      writeFileSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(dir, name));
  } catch (e) {
    remove(temp);
    throw e;
  }
}

/** Removes what a writer killed mid-write left in `dir`: a temporary file whose process is gone, or older than a write could take. */
export function sweepTemps(dir: string, now = Date.now()): void {
  for (const name of namesIn(dir)) {
    const pid = TEMP.exec(name)?.[1];
    if (pid === undefined) continue;
    try {
      const s = lstatSync(join(dir, name));
      const gone = Number(pid) !== process.pid && !processAlive(Number(pid));
      if (gone || now - s.mtimeMs > TEMP_STALE_MS) remove(join(dir, name));
    } catch {
      // gone meanwhile
    }
  }
}

/** The names in a folder; none when it cannot be read. */
export function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** A cache file found on disk. */
export interface FileOnDisk {
  readonly path: string;
  readonly name: string;
  readonly bytes: number;
  readonly mtimeMs: number;
}

/** The regular `*.json` files of `dir` (not temporary files, not what is not a file). */
export function filesIn(dir: string): FileOnDisk[] {
  const out: FileOnDisk[] = [];
  for (const name of namesIn(dir)) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue;
    try {
      const s = lstatSync(join(dir, name));
      if (s.isFile()) out.push({ path: join(dir, name), name, bytes: s.size, mtimeMs: s.mtimeMs });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * Removes the oldest files (by mtime; the name breaks a tie) of `dirs` until they hold at most
 * `limit` bytes together. The files removed.
 */
export function evict(dirs: readonly string[], limit: number): number {
  const files = dirs.flatMap(filesIn).sort((a, b) => a.mtimeMs - b.mtimeMs || (a.name < b.name ? -1 : 1));
  let total = files.reduce((sum, f) => sum + f.bytes, 0);
  let removed = 0;
  for (const f of files) {
    if (total <= limit) break;
    if (remove(f.path)) removed++;
    total -= f.bytes;
  }
  return removed;
}

/** Parsed JSON of a cache file, or undefined (a file that may not be used, or is not JSON, is removed). */
export function readJson(file: string, max: number): unknown {
  const read = readPrivate(file, max);
  if (read === undefined) return undefined;
  if (read !== 'bad') {
    try {
      return JSON.parse(read.text);
    } catch {
      // cut short or not JSON: removed below
    }
  }
  remove(file);
  return undefined;
}
