// The page size chosen with +/- for each application, in $dir/page-sizes.json (mode 0600), so
// the deployments screen opens with the rows per page it had last time (as the service's own web
// page remembers it). Nothing here is essential: unreadable or odd content reads as empty, and a
// file that cannot be written is left as it was.
import { join } from 'node:path';
import { isRecord, readJsonFile, SCREEN_WAIT, updatePrivateFile } from './private-file.js';

/** Applications remembered; the least recently changed go first. */
export const MAX_PAGE_SIZES = 200;

interface Remembered {
  readonly app: string;
  readonly take: number;
}

function path(dir: string): string {
  return join(dir, 'page-sizes.json');
}

/** The remembered sizes, the most recently changed last (a list: object keys that look like numbers would reorder). */
function read(dir: string): Remembered[] {
  let raw: unknown;
  try {
    raw = readJsonFile(path(dir));
  } catch {
    raw = undefined;
  }
  if (!isRecord(raw) || !Array.isArray(raw.sizes)) return [];
  return raw.sizes.flatMap((e: unknown) =>
    isRecord(e) &&
    typeof e.app === 'string' &&
    e.app !== '' &&
    typeof e.take === 'number' &&
    Number.isInteger(e.take) &&
    e.take > 0 &&
    e.take <= 1000
      ? [{ app: e.app, take: e.take }]
      : [],
  );
}

/** The page size last chosen for `appUuid`, or undefined. */
export function loadPageSize(dir: string | undefined, appUuid: string): number | undefined {
  if (!dir) return undefined;
  return read(dir)
    .filter((e) => e.app === appUuid)
    .at(-1)?.take;
}

/**
 * Remembers `take` for `appUuid`, or forgets it (undefined: the rows that fit, as when none was
 * chosen); a no-op when that is already so. Under the file's lock: sizes another dms remembered
 * meanwhile are kept.
 */
export function savePageSize(dir: string, appUuid: string, take: number | undefined): void {
  try {
    updatePrivateFile(
      path(dir),
      () => {
        const list = read(dir);
        if (list.filter((e) => e.app === appUuid).at(-1)?.take === take) return undefined;
        const others = list.filter((e) => e.app !== appUuid);
        const sizes = (take === undefined ? others : [...others, { app: appUuid, take }]).slice(-MAX_PAGE_SIZES);
        return `${JSON.stringify({ sizes }, null, 2)}\n`;
      },
      SCREEN_WAIT,
    );
  } catch {
    // A read-only or full disk, or a lock that stays taken, must not break the screen.
  }
}
