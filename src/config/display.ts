// How the TUI shows things, chosen by the user and kept across restarts, in $dir/display.json
// (mode 0600), beside page-sizes.json: for now how times read (T). Per user, not per
// application: how one reads times is a habit, not a property of an application. Nothing here is
// essential: unreadable or odd content reads as the default, and a file that cannot be written is
// left as it was. Keys it does not know are kept when it is written.
import { join } from 'node:path';
import { TIME_MODES, type TimeMode } from '../text/format.js';
import { isRecord, readJsonFile, SCREEN_WAIT, updatePrivateFile } from './private-file.js';

function path(dir: string): string {
  return join(dir, 'display.json');
}

function read(dir: string): Record<string, unknown> {
  try {
    const raw = readJsonFile(path(dir));
    return isRecord(raw) ? raw : {};
  } catch {
    return {};
  }
}

/** The time mode last chosen with T, else relative. */
export function loadTimeMode(dir: string | undefined): TimeMode {
  if (!dir) return 'relative';
  const time = read(dir).time;
  return TIME_MODES.find((m) => m === time) ?? 'relative';
}

/** Remembers the time mode (a no-op when it is already the one remembered), under the file's lock. */
export function saveTimeMode(dir: string, time: TimeMode): void {
  try {
    updatePrivateFile(
      path(dir),
      () => {
        const now = read(dir);
        return now.time === time ? undefined : `${JSON.stringify({ ...now, time }, null, 2)}\n`;
      },
      SCREEN_WAIT,
    );
  } catch {
    // A read-only or full disk, or a lock that stays taken, must not break the screen.
  }
}
