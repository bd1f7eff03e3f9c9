// The one way dms reads a file of its config folder (config.json, keys.json, recents, page
// sizes, drafts; shell completion too): it never blocks and never reads what is not a file.
// Opened with O_NONBLOCK, so that a FIFO with no writer (or a device) cannot hold the open;
// then refused unless fstat on that same descriptor says it is a regular file, and unless it is
// at most `max` bytes.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** Why a file was not read: `problem` follows the file's name ("keys.json is a folder, not a regular file"). */
export interface Unread {
  readonly problem: string;
  /** `kind`: not a regular file; `size`: larger than allowed; `error`: the system refused (its code is in `problem`). */
  readonly cause: 'kind' | 'size' | 'error';
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

/** Reads `path` as UTF-8 text when it is a regular file of at most `max` bytes. Never throws, never blocks. */
export function readConfigFile(path: string, max: number): FileRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
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
    if (stats.size > max) return { problem: `is larger than ${sizeText(max)}`, cause: 'size' };
    const buf = Buffer.alloc(stats.size);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return { text: buf.subarray(0, got).toString('utf8') };
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, cause: 'error' };
  } finally {
    closeSync(fd);
  }
}
