// What the code caches did in this run (used, written, passed over and why) and which scripts ran:
// printed on stderr at exit with DMS_DEBUG=1 (cli.ts). Kept on a global symbol, so that the
// binary's entry and dms's own script, each with its own copy of this module, share one state.
const KEY = Symbol.for('dms.code-cache');

export interface CacheState {
  readonly notes: string[];
  /** Writes again, fuller, each cache this run made (vendor-script.ts adds them). */
  readonly refreshers: (() => void)[];
  /** What the scripts loaded so far still wait for before they are used (the ui script's layout engine). */
  readonly pending: Promise<unknown>[];
  /** The scripts run so far, by stem (`dms-app`, `got-vendor`, …): DMS_DEBUG=1 lists them. */
  readonly scripts: string[];
}

function state(): CacheState {
  const g = globalThis as Record<symbol, CacheState | undefined>;
  return (g[KEY] ??= { notes: [], refreshers: [], pending: [], scripts: [] });
}

export const cacheNotes: string[] = state().notes;
export const cacheRefreshers: (() => void)[] = state().refreshers;
export const cachePending: Promise<unknown>[] = state().pending;
export const scriptsRun: string[] = state().scripts;

/** Resolves when what the scripts run so far wait for is done (the ui script's layout engine; nothing in tests). */
export function scriptsReady(): Promise<unknown> {
  return Promise.all(state().pending);
}

/** After the first frame (the TUI): see cacheRefreshers. */
export function refreshCaches(): void {
  for (const refresh of state().refreshers.splice(0)) refresh();
}
