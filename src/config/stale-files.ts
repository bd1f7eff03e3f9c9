// What a dms killed in the middle of a write leaves in the config folder: `config.json.<pid>.tmp`
// (every token of config.json in it), a lock, a lock moved aside. Removed when a dms starts
// (a headless command, the TUI, `dms context`): a temporary file whose process is gone, or that
// is older than TEMP_STALE_MS; a lock that is stale (file-lock.ts). Only the files dms itself
// writes are looked at, and never through a symlink; shell completion changes nothing.
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { breakIfStale, processAlive } from './file-lock.js';

/** A temporary file lives for the milliseconds of one write: one older than this is left over. */
export const TEMP_STALE_MS = 60_000;

/** The files dms writes in the config folder, and in its drafts folder. */
const FILES = ['config.json', 'recents.json', 'page-sizes.json', 'display.json'];
const DRAFT_FILES = ['create-app.json', 'create-docstore.json'];

const escape = (name: string) => name.replace(/[.]/g, '\\.');
const pattern = (names: readonly string[]) => new RegExp(`^(?:${names.map(escape).join('|')})(?:\\.lock)?\\.(\\d+)\\.tmp$`);
const TEMP = pattern(FILES);
const DRAFT_TEMP = pattern(DRAFT_FILES);

/** Removes the left-over temporary files and stale locks of `dir` and its drafts folder. Never throws. */
export function sweepStaleFiles(dir: string, now = Date.now()): void {
  sweepFolder(dir, FILES, TEMP, now);
  sweepFolder(join(dir, 'drafts'), DRAFT_FILES, DRAFT_TEMP, now);
}

function sweepFolder(folder: string, files: readonly string[], temp: RegExp, now: number): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return; // no folder yet, or not readable: nothing of ours to remove
  }
  for (const name of names) {
    const pid = temp.exec(name)?.[1];
    if (pid !== undefined) removeIfLeftOver(join(folder, name), Number(pid), now);
    else if (name.endsWith('.lock') && files.includes(name.slice(0, -'.lock'.length))) {
      try {
        breakIfStale(join(folder, name));
      } catch {
        /* not a lock of ours: the next write says so */
      }
    }
  }
}

function removeIfLeftOver(path: string, pid: number, now: number): void {
  try {
    const stats = lstatSync(path);
    if (!stats.isFile() && !stats.isSymbolicLink()) return;
    if (pid !== process.pid && processAlive(pid) && now - stats.mtimeMs <= TEMP_STALE_MS) return;
    unlinkSync(path);
  } catch {
    // gone meanwhile, or not ours to remove
  }
}
