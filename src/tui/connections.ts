// Switching context inside the TUI (Ctrl+X in the picker, `:ctx` on the deployments screen): the
// saved contexts as the switcher lists them (names and hosts, never tokens), and a new client and
// whole-history search for the one chosen. The token comes from config/resolve.ts (a saved token,
// or the output of the context's token command, run now and never written anywhere); nothing here
// reads tokens itself.
// The switch lasts for this run: config.json's current context stays as it is.
import { serverKey } from '../cache/server.js';
import type { ClientOptions, DmsClient } from '../api/client.js';
import { createLazyClient } from '../api/lazy-client.js';
import { withTokenWords } from '../commands/advice.js';
import { loadConfig } from '../config/contexts.js';
import { plainHttpWarning, resolveConnection } from '../config/resolve.js';
import { createHistorySearch, type HistorySearch } from '../search/history-search.js';
import { clean } from '../text/sanitize.js';
import type { TuiClientOptions, TuiConnection } from './options.js';

/** A saved context as the switcher lists it (never its token). */
export interface ContextEntry {
  /** The context's name; null for the connection dms was started with (DEMO, env, flags). */
  readonly name: string | null;
  /** What the list shows: the context's name, or `DEMO` / `env` / `flags`. */
  readonly label: string;
  /** Where it connects (the server's host), or what it is. */
  readonly detail: string;
  /** The connection in use now. */
  readonly inUse: boolean;
  /** The config's current context (what dms starts with). */
  readonly current: boolean;
}

/** A connection the TUI can switch to. */
export interface TuiSession {
  readonly client: DmsClient;
  /** The whole-history search over this connection. */
  readonly search: HistorySearch;
  readonly connection: TuiConnection;
  /** The saved context it is, or null (DEMO, env, flags). */
  readonly context: string | null;
  /** A one-line warning about it (plain http to a host that is not this machine). */
  readonly warning?: string;
}

/** The host a context's URL names, for the list (the URL itself when it does not parse). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The entries of the context switcher: the saved contexts by name, and the connection dms started
 * with when that is not one of them (DEMO, env, flags), so one can go back to it. Throws the
 * config's one-line error (a config.json that belongs to another user, say).
 */
export function contextEntries(
  dir: string,
  inUse: string | null,
  start: { readonly label: string; readonly host: string; readonly demo: boolean; readonly context: string | null },
): ContextEntry[] {
  const config = loadConfig(dir);
  const entries: ContextEntry[] = Object.entries(config.contexts).map(([name, stored]) => ({
    name,
    label: name,
    detail: clean(hostOf(stored.url)),
    inUse: inUse === name,
    current: config.current === name,
  }));
  if (start.context === null) {
    entries.push({
      name: null,
      label: start.label,
      detail: start.demo
        ? `the demo service this run started (${start.host})`
        : `${start.host} (as dms was started: ${start.label === 'env' ? 'DMS_URL and DMS_TOKEN' : '--url and --token'})`,
      inUse: inUse === null,
      current: false,
    });
  }
  return entries;
}

/** Connects to the saved context `name`: its URL and token (or token command) from config.json, a new client and search. */
export async function openContext(
  dir: string,
  name: string,
  env: NodeJS.ProcessEnv,
  tuiOptions: TuiClientOptions = {},
  signal?: AbortSignal,
): Promise<TuiSession> {
  // A context named on the "command line" beats DMS_URL/DMS_TOKEN, so the environment does not get in the way.
  const resolved = await resolveConnection({ flags: { context: name }, env, dir, signal });
  if (resolved.kind !== 'remote') throw new Error(`context "${clean(name)}" has no server.`);
  const url = new URL(resolved.url);
  const { searchWorker, ...rest } = tuiOptions;
  const options: ClientOptions = {
    ...rest,
    baseUrl: resolved.url,
    token: resolved.token,
    tokenFrom: withTokenWords({ kind: 'context', name }),
  };
  const client = createLazyClient(options);
  const warning = plainHttpWarning(resolved.url);
  return {
    client,
    search: createHistorySearch({ client, worker: searchWorker ? { file: searchWorker, options } : undefined }),
    connection: { label: name, host: url.host, origin: url.origin, demo: false, server: serverKey(resolved.url) },
    context: name,
    ...(warning ? { warning: `Warning: ${warning}` } : {}),
  };
}

/** Said where no context can be switched to from this screen. */
export const NO_SWITCHING = 'Switching context is not available here.';

/** The first line of an error, for the one line the picker or the list shows. */
export function errorLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // resolve.ts says where a context name came from (`--context: …`): here it came from the switcher.
  const line = clean(text.split('\n')[0] ?? '')
    .replace(/^--context: /, '')
    .trim();
  return line === '' ? 'The context could not be used.' : line.charAt(0).toUpperCase() + line.slice(1);
}
