// From flags/env/context to a client (and, for the TUI, its whole-history search): a real server,
// or the embedded demo service.
import type { ClientOptions, DmsClient } from '../api/client.js';
import type { TokenFrom } from '../api/errors.js';
import { createLazyClient } from '../api/lazy-client.js';
import { preconnect } from '../api/preconnect.js';
import { DEMO_SERVER, serverKey } from '../cache/server.js';
import { MAX_RESPONSE_MB_CEILING, MB } from '../api/limits.js';
import { configDir } from '../config/paths.js';
import { isLoopback, plainHttpWarning, resolveConnection, type Connection, type ConnectionShown } from '../config/resolve.js';
import { sweepStaleFiles } from '../config/stale-files.js';
import { createHistorySearch, type HistorySearch } from '../search/history-search.js';
import type { DemoApp } from '../demo/seed.js';
import { withTokenWords } from './advice.js';
import { UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { quotedArg, type Parsed } from './args.js';

export interface Session {
  readonly client: DmsClient;
  /** The whole-history search over this connection (the TUI's `/` and `:`), when opened with a search worker. */
  readonly search?: HistorySearch;
  readonly connection: ConnectionShown;
  readonly configDir: string;
  readonly demoApps?: DemoApp[];
  readonly demoSuggestions?: Record<string, string[]>;
  close(): Promise<void>;
}

export function timeoutMs(values: Parsed['values']): number | undefined {
  const raw = values.timeout;
  if (raw === undefined) return undefined;
  const s = Number(raw);
  if (typeof raw !== 'string' || !Number.isFinite(s) || s <= 0 || s > 3600) {
    const shown = typeof raw === 'string' ? quotedArg(raw) : undefined;
    throw new UsageError(`--timeout must be a number of seconds between 0 and 3600${shown ? `, not ${shown}` : ''}.`);
  }
  return Math.round(s * 1000);
}

/**
 * The largest answer read, in bytes: `--max-response-mb N`, else `DMS_MAX_RESPONSE_MB`, else the
 * default (undefined). Whole MB from 1 up to what one JavaScript string holds.
 */
export function maxResponseBytes(values: Parsed['values'], env: NodeJS.ProcessEnv): number | undefined {
  const flag = values['max-response-mb'];
  const [name, raw] = flag !== undefined ? ['--max-response-mb', flag] : ['DMS_MAX_RESPONSE_MB', env.DMS_MAX_RESPONSE_MB];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_RESPONSE_MB_CEILING) {
    // The value is echoed only when it is a number (a token pasted in the wrong place is not).
    const shown = typeof raw === 'string' && /^[-+.\d]{1,12}$/.test(raw) ? `, not '${raw}'` : '';
    throw new UsageError(
      `${name} must be a whole number of MB from 1 to ${MAX_RESPONSE_MB_CEILING} (the most one JavaScript string holds)${shown}.`,
    );
  }
  return Number(raw) * MB;
}

/**
 * Opens a session. `allowDemo`: with nothing configured, start the embedded demo service
 * (the TUI does; headless commands ask for a server instead, so scripts never get sample data by accident).
 * `workers`: searches of the whole history run in `search` (see search/history-search.ts);
 * `preconnect`: the first request follows at once, so its connection opens now (api/preconnect.ts).
 */
export async function openSession(
  values: Parsed['values'],
  io: CommandIO,
  allowDemo: boolean,
  workers: { readonly search?: URL; readonly preconnect?: boolean } = {},
): Promise<Session> {
  const dir = configDir(io.env);
  sweepStaleFiles(dir); // what a dms killed mid-write left (a temporary config.json holds every token)
  const timeout = timeoutMs(values);
  const maxBytes = maxResponseBytes(values, io.env);
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  /** The client of the server at `options`, and its search when there is a search worker. */
  const connect = (options: ClientOptions) => {
    const client = createLazyClient(options);
    return { client, search: workers.search ? createHistorySearch({ client, worker: { file: workers.search, options } }) : undefined };
  };
  const connection = values.demo
    ? ({ kind: 'demo' } as const)
    : await resolveConnection({
        flags: { url: str('url'), token: str('token'), context: str('context') },
        env: io.env,
        dir,
        onWarning: (w) => io.stderr.write(`dms: warning: ${w}\n`),
      });

  if (connection.kind === 'demo') {
    if (!allowDemo && !values.demo) {
      throw new UsageError(
        'no server configured: set DMS_URL and DMS_TOKEN, add a context (dms context add), or pass --demo for sample data.',
      );
    }
    const [{ startDemoService }, { SHAPE_NOTES }] = await Promise.all([import('../demo/server.js'), import('../demo/seed.js')]);
    const demo = await startDemoService({ advanceSeed: true });
    const seed = demo.seed;
    return {
      ...connect({
        baseUrl: demo.url,
        token: demo.token,
        timeoutMs: timeout,
        maxResponseBytes: maxBytes,
        retryBaseMs: retryBaseMs(io.env),
      }),
      connection: { label: 'DEMO', host: new URL(demo.url).host, origin: new URL(demo.url).origin, demo: true, server: DEMO_SERVER },
      configDir: dir,
      demoApps: seed.applications.map((a) => ({ uuid: a.uuid, name: a.name, note: SHAPE_NOTES[a.shape] })),
      demoSuggestions: {
        project_uuid: seed.projects.map((p) => p.uuid),
        server_uuid: seed.servers.map((s) => s.uuid),
        environment_name: [...new Set(seed.environments.map((e) => e.name))],
      },
      close: () => demo.close(),
    };
  }

  let url: URL;
  try {
    url = new URL(connection.url);
  } catch {
    throw new UsageError(`the server URL '${connection.url}' is not a URL; it looks like https://host/api/v1.`);
  }
  // A command whose first request follows at once: its connection opens while got loads (preconnect.ts).
  // Not to this machine: connecting there costs no round trip (on 127.0.0.1 the first frame of the
  // demo's page with logs measured 1.02x with it and 0.96x without, 31 pairs each: noise, no gain).
  if (workers.preconnect && !isLoopback(url.hostname)) {
    preconnect(connection.url);
    // The connect is issued on the next tick, which would otherwise wait until got has loaded (a
    // run of promise jobs) and come right before the request's own: let the ticks run now.
    await new Promise((resolve) => process.nextTick(resolve));
  }
  const warning = plainHttpWarning(connection.url);
  if (warning) io.stderr.write(`dms: warning: ${warning}\n`);
  // (What others may do to config.json was said while the context was read: resolveConnection's onWarning.)
  const { host, origin } = url;
  return {
    ...connect({
      baseUrl: connection.url,
      token: connection.token,
      tokenFrom: tokenFromOf(connection),
      timeoutMs: timeout,
      maxResponseBytes: maxBytes,
      retryBaseMs: retryBaseMs(io.env),
    }),
    connection: { label: connection.label, host, origin, demo: false, server: serverKey(connection.url) },
    configDir: dir,
    close: async () => {},
  };
}

/** Where a connection's token came from, for the client (TransportOptions.tokenFrom): a 401 or 403 names it. */
export function tokenFromOf(connection: Connection): TokenFrom | undefined {
  if (connection.kind !== 'remote') return undefined;
  switch (connection.source) {
    case 'context':
      return withTokenWords({ kind: 'context', name: connection.label });
    case 'env':
      return withTokenWords({ kind: 'env' });
    case 'flags':
      return withTokenWords({ kind: 'flag' });
  }
}

/** Time before the first retry of a read: 500 ms; tests shorten it (DMS_RETRY_BASE_MS, not for users). */
export function retryBaseMs(env: NodeJS.ProcessEnv): number | undefined {
  return Number(env.DMS_RETRY_BASE_MS) || undefined;
}
