// `dms deployments APP --cached`: the page the cache kept of the application, printed as
// `dms deployments` prints a page (the same formats and columns), with a line on stderr that says
// how old it is. Reads the disk only: no request, no token, no client loaded (nor Ink).
import { openCache, type CachedPage } from '../cache/store.js';
import { cacheOff, configDir } from '../config/paths.js';
import { relativeAt } from '../text/format.js';
import { hostProblem } from './app-arg.js';
import { quotedArg, type Parsed } from './args.js';
import { cacheServer } from './cache-server.js';
import { printPage } from './deployments.js';
import type { DeploymentsArgs } from './deployments-args.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import type { Style } from './table.js';

/**
 * The page `--skip`/`--take` name among those kept (newest first): both given, that page, else a
 * larger one from the same row (cut to `take` by the caller, as the TUI lets a larger page stand
 * in); one given, the newest kept with it (or, for `take`, the smallest larger one at skip 0);
 * neither, the first page of the history (skip 0) read last, else the page nearest the start.
 */
export function pickPage(pages: readonly CachedPage[], skip: number | undefined, take: number | undefined): CachedPage | undefined {
  if (skip !== undefined || take !== undefined) {
    const at = pages.filter((p) => p.skip === (skip ?? 0));
    if (take === undefined) return at[0];
    return at.find((p) => p.take === take) ?? at.filter((p) => p.take > take).sort((a, b) => a.take - b.take)[0];
  }
  return pages.reduce<CachedPage | undefined>((best, p) => (best === undefined || p.skip < best.skip ? p : best), undefined);
}

const two = (n: number) => String(n).padStart(2, '0');

/** `cached · as of 14:02 (5 min ago)`; a page of another day says its date too. */
export function cachedNote(readAt: number, now: number): string {
  const at = new Date(readAt);
  const day =
    new Date(now).toDateString() === at.toDateString() ? '' : `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} `;
  const ms = now - readAt;
  const ago = ms < 60_000 ? 'just now' : ms < 3_600_000 ? `${Math.floor(ms / 60_000)} min ago` : relativeAt(readAt, now);
  return `cached · as of ${day}${two(at.getHours())}:${two(at.getMinutes())} (${ago})`;
}

export async function runCachedDeployments(args: DeploymentsArgs, values: Parsed['values'], io: CommandIO, style: Style): Promise<number> {
  const server = cacheServer(values, io, configDir(io.env));
  // An application's page address names a host: it must be the one whose cache is read.
  if (args.address && server.includes('://')) {
    const problem = hostProblem(args.address, new URL(server).host);
    if (problem) throw new UsageError(problem);
  }
  const cache = openCache(io.env);
  const nothing = (why: string) => {
    io.stderr.write(`dms: ${why}\n`);
    return EXIT.notFound;
  };
  if (!cache) {
    return nothing(
      cacheOff(io.env)
        ? 'the page cache is off (DMS_NO_CACHE is set): nothing is kept to read. Read the server without --cached.'
        : 'no cache folder: neither XDG_CACHE_HOME (absolute) nor HOME is set.',
    );
  }
  const app = cache.readPages(server, args.app);
  const page = app && pickPage(app.pages, args.skip, args.take);
  if (!page) {
    const which = args.skip !== undefined || args.take !== undefined ? 'this page of the application' : 'this application';
    const kept = app ? ` (kept: ${app.pages.map((p) => `--skip ${p.skip} --take ${p.take}`).join(', ')})` : '';
    // Repeated only when it reads as an id (an argument in the wrong place may be a token).
    const named = quotedArg(args.app, 80) ? args.app : 'APP_UUID';
    return nothing(
      `nothing cached for ${which} on ${server}${kept}: open it once with dms browse ${named}, and its pages are kept as they are shown.`,
    );
  }
  io.stderr.write(`dms: ${cachedNote(page.readAt, Date.now())}\n`);
  const take = Math.min(args.take ?? page.take, page.take);
  return printPage({
    records: page.rows.slice(0, take),
    total: page.total,
    args: { ...args, skip: page.skip, take },
    io,
    style,
    redact: (s) => s,
    reasons: page.reasons,
  });
}
