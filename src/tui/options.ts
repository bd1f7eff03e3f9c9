// What the CLI hands to the TUI. Plain data: importing this file loads no Ink or React. The one
// reader of the environment in src/tui: the screens get what it holds through their settings
// (settings.ts), made here once.
import type { DmsClient } from '../api/client.js';
import type { PageCache } from '../cache/store.js';
import type { Settings } from './settings.js';
import type { ConnectionShown } from '../config/resolve.js';
import type { DemoApp } from '../demo/seed.js';
import type { HistorySearch } from '../search/history-search.js';
import type { BoundKeys } from './keys.js';

export type TuiScreen = 'browse' | 'board' | 'create-app' | 'create-docstore';

/** The connection as the header shows it (never the token). */
export type TuiConnection = ConnectionShown;

/** What a client made in the TUI (switching context) takes from the command line. */
export interface TuiClientOptions {
  readonly timeoutMs?: number;
  readonly maxResponseBytes?: number;
  readonly retryBaseMs?: number;
  /** The search worker's file (search/worker.ts, built next to the binary as search-worker.js). */
  readonly searchWorker?: URL;
}

export interface TuiOptions {
  readonly client: DmsClient;
  /** The whole-history search over `client`'s connection (search/history-search.ts); without it, searches run on this thread. */
  readonly search?: HistorySearch;
  readonly connection: TuiConnection;
  /** Where recents and drafts live (the config dir). */
  readonly configDir: string;
  /** `dms browse APP`: open straight on this application's deployments. */
  readonly appUuid?: string;
  readonly screen: TuiScreen;
  /** `--from FILE` for the create screens: the parsed request body. */
  readonly from?: Record<string, unknown>;
  /** Started with --show-secrets: the reveal key may show secrets. */
  readonly showSecrets: boolean;
  readonly noColor: boolean;
  /** Seeded applications, in demo mode, offered in the application picker. */
  readonly demoApps?: readonly DemoApp[];
  /** --timeout, --max-response-mb: for the clients of contexts switched to in the TUI. */
  readonly clientOptions?: TuiClientOptions;
  /** Seeded where-values (project/server/environment), in demo mode, offered as suggestions. */
  readonly demoSuggestions?: Readonly<Record<string, readonly string[]>>;
  /** The key map in force: the defaults with keys.json laid over them, and its warning (main.tsx). */
  readonly keys?: BoundKeys;
  /** The environment the UI reads (the CLI's); the process's own when not given. */
  readonly env?: NodeJS.ProcessEnv;
  /** Intervals and sizes set by the caller (tests shorten them); the environment's are laid under them. */
  readonly settings?: Partial<Omit<Settings, 'env'>>;
  /** `dms board --all-contexts`: the board shows the recent applications of every saved context. */
  readonly allContexts?: boolean;
  /** `--no-notify`: no notification when a deployment ends (DMS_NO_NOTIFY=1 too). */
  readonly noNotify?: boolean;
  /** The page cache (cache/store.ts): pages seen are drawn at once next time, and read when the server is down. None: off. */
  readonly cache?: PageCache;
}

/** The environment the UI reads: the options', else the process's (the one place src/tui reads it). */
export function envOf(options: Pick<TuiOptions, 'env'>): NodeJS.ProcessEnv {
  return options.env ?? process.env;
}

/**
 * The settings a run of the UI is made with: what the options set, over what the environment
 * sets (DMS_FOLLOW_INTERVAL_MS: the log viewer's follow period, end-to-end tests shorten it).
 */
export function settingsOf(options: Pick<TuiOptions, 'env' | 'settings' | 'noNotify'>): Settings {
  const env = envOf(options);
  const set = Object.entries(options.settings ?? {}).filter(([, v]) => v !== undefined);
  const notify = !options.noNotify && (env.DMS_NO_NOTIFY ?? '') === '';
  return { followMs: Number(env.DMS_FOLLOW_INTERVAL_MS) || undefined, notify, ...Object.fromEntries(set), env };
}

/** DMS_DEBUG is set: a crash prints its stack. */
export function debugOf(options: Pick<TuiOptions, 'env'>): boolean {
  return Boolean(envOf(options).DMS_DEBUG);
}

/** The terminal the UI draws on and reads keys from: the process's own, or (the build's training run) streams standing in for one. */
export interface Terminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WritableStream;
}

/** Why the TUI will not start without a terminal, and what to use instead. */
export const TERMINAL_REQUIRED =
  'the interactive UI needs a terminal. For scripts use: dms deployments APP_UUID --json, dms create app --file FILE (or a flag per field: dms create app --help), dms create docstore --file FILE.';

export function hasTerminal(stdin: { isTTY?: boolean }, stdout: { isTTY?: boolean }): boolean {
  return Boolean(stdin.isTTY && stdout.isTTY);
}
