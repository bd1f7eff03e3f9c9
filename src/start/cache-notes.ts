// What the code caches did in this run (used, written, passed over and why): printed on stderr at
// exit with DMS_DEBUG=1 (cli.ts). Empty when nothing used a cache. Kept apart from the loader
// (vendor-script.ts) so the CLI can read them without loading it.
export const cacheNotes: string[] = [];

/** Writes again, fuller, each cache this run made (vendor-script.ts adds them). */
export const cacheRefreshers: (() => void)[] = [];

/** After the first frame (the TUI) or at the end of a command: see cacheRefreshers. */
export function refreshCaches(): void {
  for (const refresh of cacheRefreshers.splice(0)) refresh();
}
