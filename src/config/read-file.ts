// The one way dms reads a file of its own (config.json, keys.json, recents, page sizes, drafts,
// shell completion; the code caches): it never blocks and never reads what is not a file.
// Opened with O_NONBLOCK, so that a FIFO with no writer (or a device) cannot hold the open;
// then refused unless fstat on that same descriptor says it is a regular file, and unless it is
// at most `max` bytes.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** Why a file was not read: `problem` follows the file's name ("keys.json is a folder, not a regular file"). */
export interface Unread {
  readonly problem: string;
  /**
   * `kind`: not a regular file; `size`: larger than allowed; `check`: refused by the caller's
   * check; `error`: the system refused (its code is in `problem`).
   */
  readonly cause: 'kind' | 'size' | 'check' | 'error';
}

/** The text, undefined when there is no file, or why it was not read. */
export type FileRead = { readonly text: string } | Unread | undefined;

/** What a path that is not a regular file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a file';
}

const notRegular = (stats: Stats): Unread => ({ problem: `is ${kindOf(stats)}, not a regular file`, cause: 'kind' });

/** `32 KiB`, `1 MiB`. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

/** Options of {@link readFileBytes}. */
export interface ReadOptions {
  /** Refuse a symbolic link in the file's place (O_NOFOLLOW) rather than read what it points at. */
  readonly noFollow?: boolean;
  /** A problem with the open file (its owner, its mode), said as `problem`; undefined when it may be read. */
  readonly check?: (stats: Stats) => string | undefined;
}

/** The bytes, undefined when there is no file, or why they were not read. */
export type BytesRead = { readonly bytes: Buffer } | Unread | undefined;

/**
 * Reads `path` when it is a regular file of at most `max` bytes (and passes `check`).
 * Never throws, never blocks.
 */
export function readFileBytes(path: string, max: number, options: ReadOptions = {}): BytesRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    // A socket cannot be opened at all (ENXIO): say what it is rather than the code.
    try {
      const stats = statSync(path);
      if (!stats.isFile()) return notRegular(stats);
    } catch {
      // the code below says it
    }
    return { problem: `cannot be read (${code ?? 'error'})`, cause: 'error' };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return notRegular(stats);
    const problem = options.check?.(stats);
    if (problem !== undefined) return { problem, cause: 'check' };
    if (stats.size > max) return { problem: `is larger than ${sizeText(max)}`, cause: 'size' };
    const buf = Buffer.allocUnsafe(stats.size);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return { bytes: buf.subarray(0, got) };
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, cause: 'error' };
  } finally {
    closeSync(fd);
  }
}

/** Reads `path` as UTF-8 text when it is a regular file of at most `max` bytes. Never throws, never blocks. */
export function readConfigFile(path: string, max: number): FileRead {
  const read = readFileBytes(path, max);
  return read && 'bytes' in read ? { text: read.bytes.toString('utf8') } : read;
}
