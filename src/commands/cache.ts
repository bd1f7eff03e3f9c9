// `dms cache [info] [--json]` and `dms cache clear [APP]`: what the page cache (src/cache/) keeps,
// and emptying it. Reads and removes files only: nothing is sent, no token is needed (the server
// of `clear APP` is named by the connection's URL: cache-server.ts).
import { formatBytes } from '../api/limits.js';
import { openCacheAt, type AppInfo, type CacheInfo } from '../cache/store.js';
import { cacheOff, configDir, pageCacheDir } from '../config/paths.js';
import { relativeAt } from '../text/format.js';
import { clean } from '../text/sanitize.js';
import { quotedArg, type Parsed } from './args.js';
import { appArg } from './app-arg.js';
import { cacheServer } from './cache-server.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';

const USAGE = 'dms cache [info] [--json] | dms cache clear [APP_UUID|NAME]';

export function runCache(parsed: Parsed, io: CommandIO): number {
  const [verb = 'info', app, extra] = parsed.positionals;
  if (verb !== 'info' && verb !== 'clear') {
    const shown = quotedArg(verb, 20);
    throw new UsageError(`dms cache takes info or clear${shown ? `, not ${shown}` : ''}: ${USAGE}.`);
  }
  if ((verb === 'info' && app !== undefined) || extra !== undefined) {
    // Not repeated: an argument in the wrong place may be a token.
    throw new UsageError(`one argument too many (not repeated here, in case it is a secret): ${USAGE}.`);
  }
  if (verb === 'clear' && parsed.values.json === true) throw new UsageError('--json goes with dms cache info, not clear.');
  const dir = pageCacheDir(io.env);
  if (dir === undefined) throw new UsageError('no cache folder: neither XDG_CACHE_HOME (absolute) nor HOME is set.');
  // Even with the cache off, what an earlier run kept can be listed and cleared.
  const cache = openCacheAt(dir);
  const off = cacheOff(io.env) ? ' (off: DMS_NO_CACHE is set, nothing is read or written)' : '';
  if (verb === 'info') {
    const info = cache.info();
    io.stdout.write(parsed.values.json === true ? `${JSON.stringify(infoJson(info), null, 2)}\n` : infoText(info, off, Date.now()));
    return EXIT.ok;
  }
  if (app === undefined) {
    const { files, bytes } = cache.clear();
    io.stdout.write(files === 0 ? `nothing to remove in ${dir}${off}\n` : `removed ${count(files, bytes)} from ${dir}${off}\n`);
    return EXIT.ok;
  }
  const server = cacheServer(parsed.values, io, configDir(io.env));
  const found = appsNamed(cache.info().apps, server, app);
  const shown = quotedArg(app, 80) ?? 'the application given';
  if (found.length > 1) {
    throw new UsageError(
      `${found.length} applications are named ${shown} on ${server}: give the uuid (${found.map((a) => a.appUuid).join(', ')}).`,
    );
  }
  const uuid = found[0]?.appUuid ?? appArg(app).app;
  const { files, bytes } = cache.clear(server, uuid);
  const name = found[0]?.appName ? `${clean(found[0].appName)} (${uuid})` : shown;
  io.stdout.write(
    files === 0
      ? `nothing cached for ${shown} on ${server}\n`
      : `removed ${count(files, bytes)}: the pages and logs of ${name} on ${server}\n`,
  );
  return EXIT.ok;
}

/** The applications of `server` that APP names: by uuid (or its page's address), else by the name the cache knows. */
function appsNamed(apps: readonly AppInfo[], server: string, app: string): AppInfo[] {
  const mine = apps.filter((a) => a.server === server);
  let uuid = app;
  try {
    uuid = appArg(app).app;
  } catch {
    // not an address: a uuid or a name
  }
  const byUuid = mine.filter((a) => a.appUuid === uuid);
  return byUuid.length > 0 ? byUuid : mine.filter((a) => a.appName === app);
}

const count = (files: number, bytes: number) => `${files} file${files === 1 ? '' : 's'} (${formatBytes(bytes)})`;

/** `dms cache`: the folder, its size, then each server's applications, the one read last first. */
export function infoText(info: CacheInfo, off: string, now: number): string {
  const lines = [
    `page cache: ${info.dir}${off}`,
    `size: ${formatBytes(info.bytes)} of ${formatBytes(info.limit)} (${info.files} file${info.files === 1 ? '' : 's'})`,
  ];
  if (info.apps.length === 0) return `${[...lines, 'no applications kept'].join('\n')}\n`;
  const servers = [...new Set(info.apps.map((a) => a.server))].sort();
  for (const server of servers) {
    lines.push('', clean(server));
    const apps = info.apps.filter((a) => a.server === server).sort((a, b) => (b.readAt ?? 0) - (a.readAt ?? 0));
    for (const a of apps) {
      const read = a.readAt === null ? '' : ` · read ${relativeAt(a.readAt, now)}`;
      const logs = a.logs > 0 ? ` · ${a.logs} log${a.logs === 1 ? '' : 's'}` : '';
      lines.push(
        `  ${clean(a.appName ?? '(no name)')}  ${clean(a.appUuid)}  ${a.pages} page${a.pages === 1 ? '' : 's'}${logs} · ${formatBytes(a.bytes)}${read}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function infoJson(info: CacheInfo) {
  return {
    dir: info.dir,
    bytes: info.bytes,
    limit: info.limit,
    apps: info.apps.map((a) => ({
      server: a.server,
      uuid: a.appUuid,
      name: a.appName ?? null,
      pages: a.pages,
      logs: a.logs,
      bytes: a.bytes,
      read_at: a.readAt === null ? null : new Date(a.readAt).toISOString(),
    })),
  };
}
