// Small private files: written whole (tmp + rename) with owner-only modes, read tolerantly.
import {
  closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from './errors.js';

/** mkdir -p the dir with 0700, write `<path>.<pid>.tmp` with 0600, fsync, rename over path. */
export function writePrivateFile(path: string, data: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  removeIfPresent(tmp); // left over from a crash of an earlier process with the same pid
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw e;
  }
  syncDir(dir);
}

export interface ReadJsonOptions {
  /** Called with the new name after a corrupt file was moved aside. */
  readonly onCorrupt?: (movedTo: string) => void;
}

/** Parsed JSON or undefined when missing; a corrupt file is moved aside to `<path>.corrupt-<time>` and undefined returned (never throws for bad content). */
export function readJsonFile(path: string, options: ReadJsonOptions = {}): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return undefined;
    throw new ConfigError(`cannot read ${path} (${errorCode(e) ?? 'unknown error'}): check the file's owner and mode.`);
  }
  try {
    return JSON.parse(text);
  } catch {
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

/** Mode looser than 0600 (group/other bits set) → a one-line warning text, else undefined. */
export function permissionWarning(path: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
  if ((mode & 0o077) === 0) return undefined;
  return `${path} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}); run: chmod 600 ${path}`;
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
    try { fsyncSync(fd); } finally { closeSync(fd); }
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
    try { unlinkSync(path); } catch { /* already gone */ }
    return `cannot write ${path} (${errorCode(e) ?? 'unknown error'}).`;
  } finally {
    closeSync(fd);
  }
}
