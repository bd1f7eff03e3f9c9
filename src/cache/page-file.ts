// An application's page file, read and written through a memo of its last known state in this
// process: a write keeps the JSON text of the pages already there instead of parsing, checking and
// writing out again up to 20 pages (1.6 MB of the demo's rows: 24 ms a write, against 5 for the
// new page alone), and a read of a file nobody changed since is not parsed again. A file is known
// unchanged by its inode, size and mtime (a write renames a new file into place: a new inode);
// anything else is read from the disk and checked (shape.ts).
import { lstatSync } from 'node:fs';
import { readJson, remove } from './files.js';
import { storedApp, type StoredApp, type StoredPage } from './shape.js';

/** Larger files than this are not the cache's: passed over and removed. */
export const PAGES_FILE_MAX = 256 * 1_000_000;

/** Files remembered at most (the applications a session opens). */
const MEMO_MAX = 16;

interface Known {
  readonly stamp: string;
  readonly app: StoredApp;
  /** Each page's JSON text, once made. */
  readonly texts: (string | undefined)[];
}

function stampOf(file: string): string | undefined {
  try {
    const s = lstatSync(file);
    return s.isFile() ? `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

export interface PageFiles {
  /** The file's entry of `server` and `appUuid`, or undefined (a file that is not one is removed). */
  read(file: string, server: string, appUuid: string): StoredApp | undefined;
  /**
   * The text of the entry `head` with `first` before the pages kept of `old` (the memo's texts
   * of them reused), and what to remember once it is written.
   */
  text(file: string, head: Omit<StoredApp, 'pages'>, first: StoredPage, kept: (p: StoredPage) => boolean, max: number): PendingWrite;
}

export interface PendingWrite {
  readonly text: string;
  /** Remembers the file as written (call once it is in place). */
  written(): void;
}

export function pageFiles(): PageFiles {
  const memo = new Map<string, Known>();
  const remember = (file: string, known: Known) => {
    memo.delete(file);
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
    memo.set(file, known);
  };
  return {
    read(file, server, appUuid) {
      const stamp = stampOf(file);
      const known = memo.get(file);
      if (stamp !== undefined && known?.stamp === stamp)
        return known.app.server === server && known.app.appUuid === appUuid ? known.app : undefined;
      memo.delete(file);
      const json = readJson(file, PAGES_FILE_MAX);
      if (json === undefined) return undefined;
      const app = storedApp(json, server, appUuid);
      if (!app) remove(file);
      else if (stamp !== undefined) remember(file, { stamp, app, texts: [] });
      return app;
    },
    text(file, head, first, kept, max) {
      const known = memo.get(file);
      const old = known && known.app.server === head.server && known.app.appUuid === head.appUuid ? known : undefined;
      const pages: StoredPage[] = [first];
      const texts: string[] = [JSON.stringify(first)];
      old?.app.pages.forEach((p, i) => {
        if (pages.length >= max || !kept(p)) return;
        pages.push(p);
        texts.push((old.texts[i] ??= JSON.stringify(p)));
      });
      const app: StoredApp = { ...head, pages };
      const start = JSON.stringify(head);
      return {
        text: `${start.slice(0, -1)},"pages":[${texts.join(',')}]}`,
        written() {
          const stamp = stampOf(file);
          if (stamp !== undefined) remember(file, { stamp, app, texts });
        },
      };
    },
  };
}
