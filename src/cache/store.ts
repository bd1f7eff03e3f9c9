// The page cache: what dms has shown of each application, kept on disk so the next `dms browse APP`
// draws the last-seen page at once, and so the history can be read when the server is down
// (`dms deployments APP --cached`). A layer of its own (scripts/check-cycles.mjs): it reads text,
// config, api and model, and nothing above.
//
//   openCache(env)            the cache of this user, or undefined when DMS_NO_CACHE=1 (or no home)
//   openCacheAt(dir, opts)    the cache in a given folder (tests; `dms cache clear` with the cache off)
//   cache.readPages(server, appUuid)               → CachedApp | undefined: every page kept, newest first
//   cache.readPage(server, appUuid, skip, take)    → CachedPage | undefined
//   cache.writePage(server, appUuid, appName, page)  keeps the page first, replacing the one of the
//                                                    same skip and take; 20 pages an application at most
//   cache.readLog(server, appUuid, deploymentUuid)           → CachedLog | undefined
//   cache.writeLog(server, appUuid, deploymentUuid, entries)   its last 8 MB
//   cache.clear(server?, appUuid?)  → { files, bytes } removed: all, a server's, an application's
//   cache.info()                    → the folder, its size, and each application kept
//
// `server` is the connection's origin and path (server.ts serverKey; `demo` for the demo service),
// never the token. Files: `<folder>/pages/<S>-<A>.json` for an application and
// `<folder>/logs/<S>-<A>-<D>.json` for a log, S, A and D hashes of the server, of the server and the
// application, and of the deployment, so an application's files are found by name. The folder is
// DMS_CACHE_DIR, else `$XDG_CACHE_HOME/dms`, else `~/.cache/dms` (config/paths.ts pageCacheDir; the code caches share the latter two).
// What is written holds no token and no secret (mask.ts); rows are kept without their `logs`.
// Folders are 0700 and files 0600, never reached through a symlink, written whole (files.ts).
// A write keeps the JSON of the pages already in the file, and a read of a file unchanged since
// is not parsed again (page-file.ts). Every write ends with the oldest files removed until the pages and logs hold at most the bound
// (DMS_CACHE_MB, default 100 MB). Nothing here throws: a file that is corrupt, cut short, of
// another version or shape reads as "nothing cached" and is removed; a folder that cannot be used
// makes every write a no-op (false).
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { invalidFieldsOf, withInvalidFields } from '../api/schemas/deployment-page.js';
import { MB } from '../api/limits.js';
import { cacheOff, pageCacheDir } from '../config/paths.js';
import type { LogEntry } from '../model/log.js';
import { evict, filesIn, namesIn, ownFolder, privateFolder, readJson, remove, sweepTemps, writePrivate } from './files.js';
import { PAGES_FILE_MAX, pageFiles } from './page-file.js';
import { maskedCopy, secretsHider } from './mask.js';
import { serverKey } from './server.js';
import { VERSION, appOf, isRecord, storedLog, type CachedApp, type CachedLog, type CachedPage, type StoredPage } from './shape.js';
import { logFileText } from './log-file.js';

export type { CachedApp, CachedLog, CachedPage } from './shape.js';
export { DEMO_SERVER, serverKey } from './server.js';

/** The bound of the pages and logs together when DMS_CACHE_MB does not set one (bytes). */
export const DEFAULT_LIMIT = 100 * MB;
/** Pages kept of one application. */
export const MAX_PAGES = 20;
/** The most of a log kept: its end (bytes of JSON). */
export const LOG_MAX = 8 * MB;
/** Larger files than this are not the cache's: passed over and removed. */
const LOG_FILE_MAX = LOG_MAX + MB;

/** DMS_CACHE_MB as bytes: a number of MB above 0 (a fraction too); anything else is the default. */
export function cacheLimit(env: NodeJS.ProcessEnv): number {
  const raw = env.DMS_CACHE_MB?.trim();
  if (!raw || !/^\d{1,9}(?:\.\d{1,6})?$/.test(raw)) return DEFAULT_LIMIT;
  const mb = Number(raw);
  return mb > 0 ? Math.round(mb * MB) : DEFAULT_LIMIT;
}

/** What `clear` removed. */
export interface Removed {
  readonly files: number;
  readonly bytes: number;
}

/** One application kept (for `dms cache`). */
export interface AppInfo {
  readonly server: string;
  readonly appUuid: string;
  readonly appName?: string;
  readonly pages: number;
  /** When its newest page was read. */
  readonly readAt: number | null;
  readonly logs: number;
  /** Its pages' and logs' bytes. */
  readonly bytes: number;
}

export interface CacheInfo {
  readonly dir: string;
  /** The pages' and logs' bytes together, and the bound they are kept under. */
  readonly bytes: number;
  readonly limit: number;
  readonly files: number;
  readonly apps: readonly AppInfo[];
}

export interface PageCache {
  readonly dir: string;
  readonly limit: number;
  readPages(server: string, appUuid: string): CachedApp | undefined;
  readPage(server: string, appUuid: string, skip: number, take: number): CachedPage | undefined;
  writePage(server: string, appUuid: string, appName: string | undefined, page: CachedPage): boolean;
  readLog(server: string, appUuid: string, deploymentUuid: string): CachedLog | undefined;
  writeLog(server: string, appUuid: string, deploymentUuid: string, entries: readonly LogEntry[]): boolean;
  clear(server?: string, appUuid?: string): Removed;
  info(): CacheInfo;
}

export interface CacheOptions {
  /** The bound in bytes (default: cacheLimit of the environment, or DEFAULT_LIMIT). */
  readonly limit?: number;
  /** The clock of readAt for logs (tests). */
  readonly now?: () => number;
}

/** The user's page cache; undefined when DMS_NO_CACHE=1 turns it off (nothing read, nothing written) or there is no home. */
export function openCache(env: NodeJS.ProcessEnv, options: CacheOptions = {}): PageCache | undefined {
  if (cacheOff(env)) return undefined;
  const dir = pageCacheDir(env);
  return dir === undefined ? undefined : openCacheAt(dir, { limit: cacheLimit(env), ...options });
}

const hash = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);
const serverPart = (server: string) => hash(server, 16);
const appPart = (server: string, appUuid: string) => `${serverPart(server)}-${hash(`${server}\0${appUuid}`, 24)}`;

/** The page cache in `dir` (its `pages/` and `logs/` folders). */
export function openCacheAt(dir: string, options: CacheOptions = {}): PageCache {
  const pagesDir = join(dir, 'pages');
  const logsDir = join(dir, 'logs');
  const limit = options.limit ?? DEFAULT_LIMIT;
  const now = options.now ?? Date.now;
  const usable = (folder: string) => privateFolder(dir) && privateFolder(folder);
  // What is read, listed, cleared or evicted is only ever in the cache's own folders: never through a symlink put in their place.
  const own = (folder: string) => ownFolder(dir) && ownFolder(folder);
  const ownFolders = () => [pagesDir, logsDir].filter(own);

  const files = pageFiles();
  const pageFile = (server: string, appUuid: string) => join(pagesDir, `${appPart(server, appUuid)}.json`);

  /** Writes `text` as `name` in `folder` (then `written`), then keeps the bound. */
  function write(folder: string, name: string, text: string, written?: () => void): boolean {
    if (!usable(folder)) return false;
    try {
      sweepTemps(folder);
      writePrivate(folder, name, text);
    } catch {
      return false;
    }
    written?.();
    evict(ownFolders(), limit);
    return true;
  }

  const cache: PageCache = {
    dir,
    limit,
    readPages(server, appUuid) {
      const key = serverKey(server);
      const stored = own(pagesDir) ? files.read(pageFile(key, appUuid), key, appUuid) : undefined;
      return (
        stored && {
          server: key,
          appUuid,
          ...(stored.appName !== undefined ? { appName: stored.appName } : {}),
          pages: stored.pages.map(cachedPage),
        }
      );
    },
    readPage(server, appUuid, skip, take) {
      return cache.readPages(server, appUuid)?.pages.find((p) => p.skip === skip && p.take === take);
    },
    writePage(server, appUuid, appName, page) {
      try {
        const key = serverKey(server);
        const file = pageFile(key, appUuid);
        if (!usable(pagesDir)) return false;
        const old = files.read(file, key, appUuid);
        const { stored, name } = storedPage(page, appName ?? old?.appName);
        const head = { v: VERSION as typeof VERSION, server: key, appUuid, ...(name !== undefined ? { appName: name } : {}) };
        const kept = (p: StoredPage) => p.skip !== page.skip || p.take !== page.take;
        const pending = files.text(file, head, stored, kept, MAX_PAGES);
        return write(pagesDir, basename(file), pending.text, pending.written);
      } catch {
        return false;
      }
    },
    readLog(server, appUuid, deploymentUuid) {
      const key = serverKey(server);
      const file = join(logsDir, `${appPart(key, appUuid)}-${hash(deploymentUuid, 24)}.json`);
      const json = own(logsDir) ? readJson(file, LOG_FILE_MAX) : undefined;
      if (json === undefined) return undefined;
      const stored = storedLog(json, key, appUuid, deploymentUuid);
      if (!stored) {
        remove(file);
        return undefined;
      }
      return { readAt: stored.readAt, dropped: stored.dropped, entries: stored.entries };
    },
    writeLog(server, appUuid, deploymentUuid, entries) {
      try {
        const key = serverKey(server);
        const text = logFileText({ server: key, appUuid, deploymentUuid, readAt: now(), entries, max: LOG_MAX });
        return write(logsDir, `${appPart(key, appUuid)}-${hash(deploymentUuid, 24)}.json`, text);
      } catch {
        return false;
      }
    },
    clear(server, appUuid) {
      const key = server === undefined ? undefined : serverKey(server);
      return clearIn(ownFolders(), key === undefined ? '' : appUuid === undefined ? `${serverPart(key)}-` : appPart(key, appUuid));
    },
    info() {
      const folders = ownFolders();
      return infoOf(dir, folders.includes(pagesDir) ? pagesDir : undefined, folders.includes(logsDir) ? logsDir : undefined, limit);
    },
  };
  return cache;
}

/**
 * Removes the files of `folders` whose names start with `prefix` (`<S>-` a server's, `<S>-<A>` an
 * application's pages and logs; '' all, and the temporary files a killed writer left).
 */
function clearIn(folders: readonly string[], prefix: string): Removed {
  let files = 0;
  let bytes = 0;
  for (const folder of folders) {
    for (const f of filesIn(folder)) {
      if (f.name.startsWith(prefix) && remove(f.path)) {
        files++;
        bytes += f.bytes;
      }
    }
    if (prefix === '') for (const name of namesIn(folder)) if (name.endsWith('.tmp')) remove(join(folder, name));
  }
  return { files, bytes };
}

/** A stored page as the API gives it: the flagged fields back on their rows (api/schemas/deployment-page.ts). */
function cachedPage(p: StoredPage): CachedPage {
  return {
    skip: p.skip,
    take: p.take,
    total: p.total,
    readAt: p.readAt,
    // Copies: the stored rows stay as read (page-file.ts remembers them).
    rows: p.rows.map((row, i) => withInvalidFields({ ...row }, p.invalid?.[i])),
    reasons: p.reasons as CachedPage['reasons'],
  };
}

/** A page as written: rows without `logs`, the flagged fields apart, everything masked (mask.ts). */
function storedPage(page: CachedPage, appName: string | undefined): { stored: StoredPage; name: string | undefined } {
  const rows: Record<string, unknown>[] = [];
  const invalid: Record<string, Record<string, unknown>> = {};
  page.rows.forEach((row, i) => {
    rows.push(isRecord(row) ? withoutLogs(row) : {});
    const flagged = isRecord(row) ? invalidFieldsOf(row) : {};
    if (Object.keys(flagged).length > 0) invalid[i] = withoutLogs(flagged);
  });
  // Read for secrets before anything is copied: a secret of one row hidden wherever it shows.
  const hide = secretsHider([rows, invalid, page.reasons, appName ?? '']);
  const stored: StoredPage = {
    skip: page.skip,
    take: page.take,
    total: page.total,
    readAt: page.readAt,
    rows: maskedCopy(rows, hide) as Record<string, unknown>[],
    reasons: maskedCopy(page.reasons, hide) as Record<string, unknown>,
    ...(Object.keys(invalid).length > 0 ? { invalid: maskedCopy(invalid, hide) as Record<string, Record<string, unknown>> } : {}),
  };
  return { stored, name: appName === undefined ? undefined : hide(appName) };
}

/** A shallow copy without `logs` (not even read: a log is hidden only when read, api/scrub.ts). */
function withoutLogs(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (key === 'logs') continue;
    Object.defineProperty(out, key, { value: record[key], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The listing of `dms cache`: every application's page file read for its server, name and pages. */
function infoOf(dir: string, pagesDir: string | undefined, logsDir: string | undefined, limit: number): CacheInfo {
  const logs = logsDir === undefined ? [] : filesIn(logsDir);
  const pages = pagesDir === undefined ? [] : filesIn(pagesDir);
  const apps: AppInfo[] = [];
  for (const f of pages) {
    const app = appOf(readJson(f.path, PAGES_FILE_MAX));
    if (!app) {
      remove(f.path);
      continue;
    }
    const stem = f.name.slice(0, -'.json'.length);
    const own = logs.filter((l) => l.name.startsWith(`${stem}-`));
    apps.push({
      server: app.server,
      appUuid: app.appUuid,
      ...(app.appName !== undefined ? { appName: app.appName } : {}),
      pages: app.pages.length,
      readAt: app.pages.reduce<number | null>((t, p) => (t === null || p.readAt > t ? p.readAt : t), null),
      logs: own.length,
      bytes: f.bytes + own.reduce((sum, l) => sum + l.bytes, 0),
    });
  }
  const all = [...(pagesDir === undefined ? [] : filesIn(pagesDir)), ...logs];
  return { dir, bytes: all.reduce((sum, f) => sum + f.bytes, 0), limit, files: all.length, apps };
}
