// Small private files: written whole (tmp + rename) with owner-only modes, read tolerantly.
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { ConfigError } from './errors.js';
import { LockBusy, withFileLock, type LockOptions } from './file-lock.js';
import { readConfigFile } from './read-file.js';

export interface WriteOptions {
  /**
   * false skips the fsyncs (still whole or not at all for other readers): for a file whose loss
   * in a power cut costs nothing (recents), written where a wait on the disk shows.
   */
  readonly durable?: boolean;
  /** Asked just before the rename: false leaves the file as it is (the write's lock was lost). */
  readonly beforeRename?: () => boolean;
}

/**
 * mkdir -p the dir with 0700, write `<path>.<pid>.tmp` with 0600, fsync, rename over path.
 * False (nothing changed) when `beforeRename` says no. A file others may change too is written
 * with updatePrivateFile, under its lock.
 */
export function writePrivateFile(path: string, data: string, { durable = true, beforeRename }: WriteOptions = {}): boolean {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  removeIfPresent(tmp); // left over from a crash of an earlier process with the same pid
  if (!writeThenRename(openSync(tmp, 'wx', 0o600), tmp, path, data, durable, beforeRename)) return false;
  if (durable) syncDir(dir);
  return true;
}

export interface UpdateOptions extends Pick<WriteOptions, 'durable'>, LockOptions {}

/**
 * The wait of a write the TUI makes on its own thread (page sizes, the time mode, drafts): the
 * screen never stops for longer; such a write is passed over or made again at the next change.
 */
export const SCREEN_WAIT: UpdateOptions = { waitMs: 1_000 };

/** Tries of a change whose lock was broken as stale while it was made (its holder hung). */
const UPDATE_TRIES = 3;

/**
 * Changes a file that several dms may change at once: under `<path>.lock` (file-lock.ts),
 * `change` reads the file as it is now and returns its new text (undefined: nothing to write),
 * which is written as writePrivateFile does. No change made meanwhile by another dms is lost.
 * Throws LockBusy when the lock stays taken past the wait.
 */
export function updatePrivateFile(path: string, change: () => string | undefined, { durable, waitMs }: UpdateOptions = {}): void {
  for (let attempt = 1; ; attempt++) {
    const done = withFileLock(
      path,
      (lock) => {
        const data = change();
        return data === undefined || writePrivateFile(path, data, { durable, beforeRename: lock.stillHeld });
      },
      { waitMs },
    );
    if (done) return;
    if (attempt >= UPDATE_TRIES) throw new LockBusy(path, undefined);
  }
}

/**
 * Writes `data` to the open `tmp` (fd), fsyncs (when durable), closes and renames it over `path`;
 * `tmp` is removed on failure, and when `beforeRename` says no (then false).
 */
function writeThenRename(fd: number, tmp: string, path: string, data: string, durable = true, beforeRename?: () => boolean): boolean {
  try {
    try {
      writeFileSync(fd, data);
      if (durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (beforeRename && !beforeRename()) {
      unlinkSync(tmp);
      return false;
    }
    renameSync(tmp, path);
    return true;
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* already gone */
    }
    throw e;
  }
}

export interface ReadJsonOptions {
  /** Called with the new name after a corrupt file was moved aside. */
  readonly onCorrupt?: (movedTo: string) => void;
  /** A corrupt file is left where it is (read as missing): for a reader that must change nothing. */
  readonly leaveCorrupt?: boolean;
  /** The most bytes the file may have (default MAX_SETTINGS_FILE): more is no file of dms's. */
  readonly max?: number;
}

/** Larger than any settings file dms writes (config.json, recents, page sizes). */
export const MAX_SETTINGS_FILE = 1024 * 1024;

/**
 * Parsed JSON or undefined when missing; a corrupt file is moved aside to `<path>.corrupt-<time>`
 * (unless `leaveCorrupt`) and undefined returned. A ConfigError when it cannot be read: not a regular file (a FIFO, a
 * socket, a device, a folder: never opened in a way that could block), larger than `max`, or
 * refused by the system.
 */
export function readJsonFile(path: string, options: ReadJsonOptions = {}): unknown {
  const read = readConfigFile(path, options.max ?? MAX_SETTINGS_FILE);
  if (read === undefined) return undefined;
  if (!('text' in read)) {
    const fix =
      read.cause === 'error'
        ? "check the file's owner and mode."
        : 'dms does not read it; move it away, or choose another folder with DMS_CONFIG_DIR.';
    throw new ConfigError(`${path} ${read.problem}: ${fix}`);
  }
  try {
    return JSON.parse(read.text);
  } catch {
    if (options.leaveCorrupt) return undefined;
    const movedTo = moveAside(path);
    if (movedTo) options.onCorrupt?.(movedTo);
    return undefined;
  }
}

/** Renames a bad file to `<path>.corrupt-<time>` so it is kept for the user but no longer read. */
export function moveAside(path: string): string | undefined {
  const movedTo = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(path, movedTo);
    return movedTo;
  } catch {
    return undefined;
  }
}

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

/** The file's mode as a one-line warning when others may read or change it (group/other bits), else undefined. */
function modeWarning(path: string, stats: Stats): string | undefined {
  const mode = stats.mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  const writable = (mode & 0o022) !== 0;
  const readable = (mode & 0o044) !== 0;
  const fix = `run: chmod 600 ${path}`;
  if (writable) {
    return `${path} can be ${readable ? 'read and changed' : 'changed'} by other users (mode ${octal(mode)}): whoever writes it can send your token to a server of theirs; ${fix}`;
  }
  return `${path} can be read by other users (mode ${octal(mode)}); ${fix}`;
}

export interface Trust {
  /** Why the file must not be used at all (it belongs to another user); undefined when it may be. */
  readonly refuse?: string;
  /** One line each: what others can do to the file or its folder, and how to stop them. */
  readonly warnings: readonly string[];
}

/** The user dms runs as, and root: the owners a settings file may have (as ssh accepts). */
function trustedOwner(uid: number): boolean {
  const me = process.getuid?.();
  return me === undefined || uid === me || uid === 0;
}

/**
 * Whether a file holding settings and tokens (config.json) can be trusted, like ssh checks its
 * config: a file that belongs to another user is refused (they could point dms at their server
 * and receive the token); a file or folder that others may change, a folder of another user, or
 * a file others may read are each a warning. A missing file: nothing to say.
 */
export function fileTrust(path: string): Trust {
  if (process.platform === 'win32') return { warnings: [] };
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return { warnings: [] };
  }
  // Not a file (a FIFO, a folder): the reader refuses it (read-file.ts); its mode means nothing.
  if (!stats.isFile()) return { warnings: [] };
  if (!trustedOwner(stats.uid)) {
    return {
      refuse: `${path} belongs to another user (uid ${stats.uid}), who could point dms at a server of theirs: dms does not use it. If it is yours, run: chown $(id -u) ${path}; otherwise remove it, or choose another folder with DMS_CONFIG_DIR.`,
      warnings: [],
    };
  }
  const warnings: string[] = [];
  const mode = modeWarning(path, stats);
  if (mode) warnings.push(mode);
  const dir = dirname(path);
  try {
    const folder = statSync(dir);
    if (!trustedOwner(folder.uid)) {
      warnings.push(
        `the folder ${dir} belongs to another user (uid ${folder.uid}), who can replace ${basename(path)}; keep it in a folder of your own (DMS_CONFIG_DIR).`,
      );
    } else if ((folder.mode & 0o022) !== 0) {
      warnings.push(
        `the folder ${dir} can be changed by other users (mode ${octal(folder.mode)}): they can replace ${basename(path)}; run: chmod 700 ${dir}`,
      );
    }
  } catch {
    // the file was just read: its folder is there
  }
  return { warnings };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function errorCode(e: unknown): string | undefined {
  return e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if (errorCode(e) !== 'ENOENT') throw e;
  }
}

// Makes the rename itself durable. Not possible on every platform; best effort.
function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // ignore
  }
}

/**
 * A file the user asked dms to write (a saved log, credentials): created new with mode 0600,
 * never over an existing file and never through a symlink (O_EXCL refuses both). Returns a
 * one-line reason when it cannot, undefined when written.
 */
export function writeNewFile(path: string, data: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (e) {
    const code = errorCode(e);
    if (code === 'EEXIST') return `${path} already exists: choose another name (dms never overwrites it).`;
    if (code === 'ENOENT') return `the folder of ${path} does not exist.`;
    if (code === 'EACCES' || code === 'EPERM') return `no permission to create ${path}.`;
    if (code === 'EISDIR') return `${path} is a folder.`;
    return `cannot create ${path} (${code ?? 'unknown error'}).`;
  }
  try {
    writeFileSync(fd, data);
    return undefined;
  } catch (e) {
    try {
      unlinkSync(path);
    } catch {
      /* already gone */
    }
    return `cannot write ${path} (${errorCode(e) ?? 'unknown error'}).`;
  } finally {
    closeSync(fd);
  }
}

/** What is at a path, without following a symlink. */
export type PathKind = 'none' | 'file' | 'symlink' | 'folder' | 'other';

export function pathKind(path: string): PathKind {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return 'none';
    throw e;
  }
  return stats.isSymbolicLink() ? 'symlink' : stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
}

/**
 * Replaces an existing regular file the user agreed to replace: the data goes to a new file with
 * mode 0600 next to it (O_EXCL, a random name), which is then renamed over the path, so the old
 * file's mode, owner and links do not carry over, and nothing is written through a symlink (one
 * at the path is refused; rename replaces a link put there meanwhile, never its target). Returns
 * a one-line reason when it cannot, undefined when replaced.
 */
export function replaceFile(path: string, data: string): string | undefined {
  let kind: PathKind;
  try {
    kind = pathKind(path);
  } catch (e) {
    return `cannot check ${path} (${errorCode(e) ?? 'unknown error'}).`;
  }
  if (kind === 'symlink') return `${path} is a symbolic link: dms does not write through it; choose another name.`;
  if (kind === 'folder') return `${path} is a folder.`;
  if (kind === 'other') return `${path} is not a regular file.`;
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, 'wx', 0o600);
  } catch (e) {
    const code = errorCode(e);
    return code === 'EACCES' || code === 'EPERM'
      ? `no permission to write in the folder of ${path}.`
      : `cannot write next to ${path} (${code ?? 'unknown error'}).`;
  }
  try {
    writeThenRename(fd, tmp, path, data);
  } catch (e) {
    return `cannot replace ${path} (${errorCode(e) ?? 'unknown error'}).`;
  }
  syncDir(dirname(path));
  return undefined;
}
