// Where dms keeps its files.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** $DMS_CONFIG_DIR, else $XDG_CONFIG_HOME/dms, else ~/.config/dms */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DMS_CONFIG_DIR) return env.DMS_CONFIG_DIR;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  if (env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME)) return join(env.XDG_CONFIG_HOME, 'dms');
  return join(env.HOME || homedir(), '.config', 'dms');
}

/** DMS_NO_CACHE set (to anything but `0`): dms keeps nothing in its cache folder (code caches, pages, logs). */
export function cacheOff(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.DMS_NO_CACHE) && env.DMS_NO_CACHE !== '0';
}

/**
 * The page cache's folder (cache/): DMS_CACHE_DIR when it is absolute, else the user's cache
 * folder (cacheDir). The code caches stay in cacheDir: a test run keeps those warm and gives each
 * dms it starts pages of its own.
 */
export function pageCacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.DMS_CACHE_DIR && isAbsolute(env.DMS_CACHE_DIR)) return env.DMS_CACHE_DIR;
  return cacheDir(env);
}

/**
 * The user's cache folder, whether the cache is on or not: `$XDG_CACHE_HOME/dms` when
 * XDG_CACHE_HOME is absolute (a relative one is ignored, as the XDG rules say), else
 * `~/.cache/dms`; undefined when there is no home to put it in. The code caches
 * (start/code-cache.ts) and the page cache (cache/) share it.
 */
export function cacheDir(env: NodeJS.ProcessEnv): string | undefined {
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return join(env.XDG_CACHE_HOME, 'dms');
  let home: string | undefined;
  try {
    home = env.HOME || homedir();
  } catch {
    return undefined;
  }
  return home ? join(home, '.cache', 'dms') : undefined;
}
