// What the code caches did in this run (used, written, passed over and why): printed on stderr at
// exit with DMS_DEBUG=1 (cli.ts). Kept on a global symbol, not in a module the CLI imports: a
// command that loads no vendor script (`dms --version`) loads nothing for it.
const KEY = Symbol.for('dms.code-cache');

export interface CacheState {
  readonly notes: string[];
  /** Writes again, fuller, each cache this run made (vendor-script.ts adds them). */
  readonly refreshers: (() => void)[];
}

function state(): CacheState {
  const g = globalThis as Record<symbol, CacheState | undefined>;
  return (g[KEY] ??= { notes: [], refreshers: [] });
}

export const cacheNotes: string[] = state().notes;
export const cacheRefreshers: (() => void)[] = state().refreshers;

/** After the first frame (the TUI): see cacheRefreshers. */
export function refreshCaches(): void {
  for (const refresh of state().refreshers.splice(0)) refresh();
}
