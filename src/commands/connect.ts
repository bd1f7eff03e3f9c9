// From flags/env/context to a client: a real server, or the embedded demo service.
import type { DmsClient } from '../api/client.js';
import { createLazyClient } from '../api/lazy-client.js';
import { configDir } from '../config/paths.js';
import { configPath } from '../config/contexts.js';
import { plainHttpWarning, resolveConnection } from '../config/resolve.js';
import { permissionWarning } from '../config/private-file.js';
import type { DemoApp, TuiConnection } from '../tui/options.js';
import { UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import type { Parsed } from './args.js';

export interface Session {
  readonly client: DmsClient;
  readonly connection: TuiConnection;
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
    throw new UsageError(`--timeout must be a number of seconds between 0 and 3600, not '${String(raw)}'.`);
  }
  return Math.round(s * 1000);
}

/**
 * Opens a session. `allowDemo`: with nothing configured, start the embedded demo service
 * (the TUI does; headless commands ask for a server instead, so scripts never get sample data by accident).
 * `listWorker`: the first list request runs in that worker (see api/lazy-client.ts).
 */
export async function openSession(
  values: Parsed['values'], io: CommandIO, allowDemo: boolean, listWorker?: URL,
): Promise<Session> {
  const dir = configDir(io.env);
  const timeout = timeoutMs(values);
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const connection = values.demo
    ? ({ kind: 'demo' } as const)
    : resolveConnection({
      flags: { url: str('url'), token: str('token'), context: str('context') }, env: io.env, dir,
      onWarning: (w) => io.stderr.write(`dms: warning: ${w}\n`),
    });

  if (connection.kind === 'demo') {
    if (!allowDemo && !values.demo) {
      throw new UsageError('no server configured: set DMS_URL and DMS_TOKEN, add a context (dms context add), or pass --demo for sample data.');
    }
    const [{ startDemoService }, { SHAPE_NOTES }] = await Promise.all([import('../demo/server.js'), import('../demo/seed.js')]);
    const demo = await startDemoService({ advanceSeed: true });
    const seed = demo.seed;
    return {
      client: createLazyClient({ baseUrl: demo.url, token: demo.token, timeoutMs: timeout, listWorker }),
      connection: { label: 'DEMO', host: new URL(demo.url).host, origin: new URL(demo.url).origin, demo: true },
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

  const warning = plainHttpWarning(connection.url);
  if (warning) io.stderr.write(`dms: warning: ${warning}\n`);
  if (connection.source === 'context') {
    const loose = permissionWarning(configPath(dir));
    if (loose) io.stderr.write(`dms: warning: ${loose}\n`);
  }
  let host = connection.url;
  let origin: string | undefined;
  try {
    ({ host, origin } = new URL(connection.url));
  } catch {
    throw new UsageError(`the server URL '${connection.url}' is not a URL; it looks like https://host/api/v1.`);
  }
  return {
    client: createLazyClient({ baseUrl: connection.url, token: connection.token, timeoutMs: timeout, listWorker }),
    connection: { label: connection.label, host, origin, demo: false },
    configDir: dir,
    close: async () => {},
  };
}
