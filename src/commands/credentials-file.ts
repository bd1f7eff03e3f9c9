// `--save-credentials FILE`: the file is created (new, mode 0600) before the request leaves, so a
// place dms cannot write stops the command with nothing sent; then whatever 2xx body arrives is
// written to it whole, before dms reads it: an answer dms cannot read still holds the password.
import { closeSync, fsyncSync, openSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { errorCode } from '../config/private-file.js';
import { clean } from '../text/sanitize.js';
import { quotedArg } from './args.js';
import { UsageError } from './exit-codes.js';

export interface CredentialsFile {
  /** The name as given, cleaned for a message. */
  readonly name: string;
  /** Writes the body and closes the file; undefined when written, else why not (the file is then removed). Once. */
  write(body: string): string | undefined;
  /** Whether the body is in the file. */
  readonly saved: boolean;
  /** Closes and removes the file (nothing came to save). */
  discard(): void;
}

/** Why a new file could not be made at `path`, in words. */
function createProblem(code: string | undefined): string {
  switch (code) {
    case 'EEXIST':
      return 'already exists: choose a new name (dms never replaces it here).';
    case 'ENOENT':
      return 'cannot be created: its folder does not exist.';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be created: no permission to write in its folder.';
    case 'EROFS':
      return 'cannot be created: its folder is on a read-only file system.';
    case 'EISDIR':
      return 'is a folder.';
    case 'ENOTDIR':
      return 'cannot be created: a part of the path is a file, not a folder.';
    default:
      return `cannot be created (${code ?? 'unknown error'}).`;
  }
}

/**
 * Creates `path` new with mode 0600 (O_EXCL: never an existing file, never through a symlink).
 * A UsageError (exit 2) when it cannot be: called before the request, so nothing was sent.
 */
export function openCredentialsFile(path: string): CredentialsFile {
  const full = resolve(path);
  const shown = quotedArg(path, 200) ?? 'the file';
  let fd: number | undefined;
  try {
    fd = openSync(full, 'wx', 0o600);
  } catch (e) {
    throw new UsageError(`--save-credentials: ${shown} ${createProblem(errorCode(e))} Nothing was sent.`);
  }
  let saved = false;
  const close = () => {
    if (fd === undefined) return;
    try {
      closeSync(fd);
    } catch {
      /* closed */
    }
    fd = undefined;
  };
  const remove = () => {
    close();
    try {
      unlinkSync(full);
    } catch {
      /* already gone */
    }
  };
  return {
    name: clean(path),
    get saved() {
      return saved;
    },
    write(body) {
      if (fd === undefined) return 'the file is closed.';
      try {
        writeFileSync(fd, body.endsWith('\n') ? body : `${body}\n`);
        fsyncSync(fd);
        close();
        saved = true;
        return undefined;
      } catch (e) {
        remove();
        return `cannot write ${shown} (${errorCode(e) ?? 'unknown error'}).`;
      }
    },
    discard() {
      saved = false;
      remove();
    },
  };
}
