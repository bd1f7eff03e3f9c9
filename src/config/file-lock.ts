// One writer at a time for a file of dms's. Several dms change the same files at once (a script's
// loop of `dms context add`, twenty `dms deployments` each remembering its application, two
// TUIs): each change is read, made and written while holding `<path>.lock`, so none is lost.
//
// The lock is a file made with O_EXCL (never through a symlink), mode 0600, holding its
// holder's pid, host and a random id. It is stale, and broken, when its holder is gone (no such
// process on this host) or when it is older than STALE_MS (no write of dms's takes that long: its
// holder hangs, or its pid was reused): a lock left by a killed dms never makes another wait for
// ever. A holder that lost its lock that way finds out before it renames (`stillHeld`) and tries
// again.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { ConfigError } from './errors.js';
import { readFileBytes } from './read-file.js';

/** A lock older than this is stale whoever holds it: a change of a settings file takes milliseconds. */
export const STALE_MS = 10_000;
/** How long to wait for a lock by default: past STALE_MS, so a hung holder is waited out, then broken. */
export const WAIT_MS = 12_000;

/** The lock stayed taken for longer than the wait: another dms holds it and is alive. */
export class LockBusy extends Error {
  readonly code = 'ELOCKED';
  constructor(
    readonly path: string,
    holder: number | undefined,
  ) {
    const who = holder === undefined ? 'another dms' : `another dms (pid ${holder})`;
    super(`${path} is being changed by ${who}: try again in a moment; if no dms is running, remove ${path}.lock`);
    this.name = 'LockBusy';
  }
}

export interface HeldLock {
  /** Whether the lock is still this holder's (not broken as stale meanwhile): checked before a rename. */
  readonly stillHeld: () => boolean;
}

export interface LockOptions {
  /** Give up (LockBusy) after this long; default WAIT_MS. */
  readonly waitMs?: number;
}

/** Runs `fn` while holding `<path>.lock`; the lock is let go however `fn` ends. */
export function withFileLock<T>(path: string, fn: (lock: HeldLock) => T, { waitMs = WAIT_MS }: LockOptions = {}): T {
  const lockPath = `${path}.lock`;
  const id = randomBytes(8).toString('hex');
  acquire(lockPath, id, waitMs);
  try {
    return fn({ stillHeld: () => holderOf(lockPath)?.id === id });
  } finally {
    release(lockPath, id);
  }
}

/** Whether a process with this pid runs on this machine (one of another user's counts). */
export function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Blocks this thread for `ms` (a lock is held for milliseconds; the callers are synchronous). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function acquire(lockPath: string, id: string, waitMs: number): void {
  const deadline = Date.now() + waitMs;
  const me = JSON.stringify({ pid: process.pid, host: hostname(), id });
  let pause = 2;
  for (;;) {
    if (tryCreate(lockPath, me)) return;
    if (breakIfStale(lockPath)) continue;
    if (Date.now() >= deadline) throw new LockBusy(lockPath.slice(0, -'.lock'.length), holderOf(lockPath)?.pid);
    // Jittered, growing to 50 ms: twenty waiting dms do not wake together.
    sleep(pause + Math.random() * pause);
    pause = Math.min(pause * 2, 50);
  }
}

/** Makes the lock file; false when one is there. */
function tryCreate(lockPath: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'ENOENT') throw e;
    mkdirSync(dirname(lockPath), { recursive: true, mode: 0o700 });
    return tryCreate(lockPath, content);
  }
  try {
    writeSync(fd, content);
  } catch (e) {
    closeSync(fd);
    try {
      unlinkSync(lockPath);
    } catch {
      /* gone */
    }
    throw e;
  }
  closeSync(fd);
  return true;
}

interface Holder {
  readonly pid?: number;
  readonly host?: string;
  readonly id?: string;
  readonly ino: number;
  readonly mtimeMs: number;
}

/**
 * Who holds the lock at `path`; undefined when there is none. Something there that is not a
 * lock file of dms's (a folder, a FIFO, a symlink, one too large) is a ConfigError: it would
 * never go away by itself.
 */
function holderOf(path: string): Holder | undefined {
  let stats: Stats | undefined;
  const read = readFileBytes(path, 4096, {
    noFollow: true,
    check: (s) => {
      stats = s;
      return undefined;
    },
  });
  if (read === undefined) return undefined;
  if (stats === undefined || !('bytes' in read)) {
    throw new ConfigError(`${path} is not a lock file of dms's: remove it, or choose another folder with DMS_CONFIG_DIR.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    parsed = undefined; // empty (its maker was killed before writing), or not ours: judged by its age alone
  }
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return {
    ...(typeof fields.pid === 'number' ? { pid: fields.pid } : {}),
    ...(typeof fields.host === 'string' ? { host: fields.host } : {}),
    ...(typeof fields.id === 'string' ? { id: fields.id } : {}),
    ino: stats.ino,
    mtimeMs: stats.mtimeMs,
  };
}

/** Whether a lock's holder is gone: dead on this host (or this very process, which holds none), or older than STALE_MS. */
export function isStale(holder: Pick<Holder, 'pid' | 'host' | 'mtimeMs'>, now = Date.now()): boolean {
  if (now - holder.mtimeMs > STALE_MS) return true;
  if (holder.pid === undefined || holder.host !== hostname()) return false;
  return holder.pid === process.pid || !processAlive(holder.pid);
}

/**
 * Removes the lock when it is stale; true when there is no lock any more (try again at once).
 * Moved aside first and removed only when what was moved is the stale lock seen: another dms
 * that broke it and took a new one meanwhile gets its lock back.
 */
export function breakIfStale(lockPath: string): boolean {
  const seen = holderOf(lockPath);
  if (seen === undefined) return true;
  if (!isStale(seen)) return false;
  const aside = `${lockPath}.${process.pid}.tmp`;
  try {
    renameSync(lockPath, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw e;
  }
  const moved = holderOf(aside);
  if (moved !== undefined && (moved.ino !== seen.ino || moved.id !== seen.id)) {
    try {
      linkSync(aside, lockPath);
    } catch {
      /* a third took the lock: its holder keeps it, the one moved finds out (stillHeld) */
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    /* gone */
  }
  return true;
}

function release(lockPath: string, id: string): void {
  try {
    if (holderOf(lockPath)?.id !== id) return; // broken as stale while held: it is another's now
    unlinkSync(lockPath);
  } catch {
    // gone, or replaced by something else: the next writer says so
  }
}
