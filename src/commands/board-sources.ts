// The applications a board shows, by connection: the recent ones of the connection in use (and,
// in demo mode, the demo's), and with --all-contexts those of every other saved context, each
// with its own client. A context that cannot be opened (its token command fails) is said in one
// line and left out. Shared by `dms board` and the board screen.
import type { ClientOptions, DmsClient } from '../api/client.js';
import { createLazyClient } from '../api/lazy-client.js';
import { loadConfig } from '../config/contexts.js';
import { loadRecents, recentsServer } from '../config/recents.js';
import { resolveConnection, type ConnectionShown } from '../config/resolve.js';
import { boardApps, type BoardApp } from '../model/board.js';
import { clean } from '../text/sanitize.js';
import { withTokenWords } from './advice.js';

/** One connection's part of the board. */
export interface BoardSource {
  /** The saved context, or null for the connection in use. */
  readonly context: string | null;
  /** What the board shows of it: the context's name, or the connection's label (`DEMO`, `env`). */
  readonly label: string;
  readonly client: DmsClient;
  readonly apps: readonly BoardApp[];
}

export interface SourcesInput {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  /** The connection in use. */
  readonly client: DmsClient;
  readonly connection: ConnectionShown;
  readonly demoApps?: readonly { readonly uuid: string; readonly name: string }[];
  readonly allContexts: boolean;
  /** Timeouts and sizes for the clients of other contexts. */
  readonly clientOptions?: Omit<ClientOptions, 'baseUrl' | 'token'>;
  /** Told one line for a context left out. */
  readonly onWarning?: (line: string) => void;
}

/** The recent applications of a server, as board entries of `context`. */
function recentApps(dir: string, server: string, context: string | null): BoardApp[] {
  return loadRecents(dir, server).map((r) => ({ uuid: r.uuid, ...(r.name ? { name: r.name } : {}), context }));
}

/** The connection in use: its recent applications (and the demo's). */
export function firstSource(input: SourcesInput): BoardSource {
  const { dir, connection } = input;
  const demo = (input.demoApps ?? []).map((a) => ({ uuid: a.uuid, name: a.name, context: null }));
  return {
    context: null,
    label: connection.label,
    client: input.client,
    apps: boardApps([recentApps(dir, recentsServer(connection), null), demo]),
  };
}

/** The board's connections, the one in use first. */
export async function boardSources(input: SourcesInput): Promise<BoardSource[]> {
  const first = firstSource(input);
  return input.allContexts ? [first, ...(await otherSources(input))] : [first];
}

/** The recents key of a context's URL (as recentsServer makes it), or the URL when it does not parse. */
function serverOf(url: string): string {
  try {
    const u = new URL(url);
    return recentsServer({ demo: false, origin: u.origin, host: u.host });
  } catch {
    return url;
  }
}

/**
 * Every saved context on another server than those before it (the connection in use first), each
 * with its client: recents are kept per server, so a second context on the same server would list
 * the same applications again; its token command is not run. One that cannot be opened is left
 * out (said).
 */
export async function otherSources(input: SourcesInput): Promise<BoardSource[]> {
  const { dir, connection } = input;
  const seen = new Set([recentsServer(connection)]);
  const names = Object.entries(loadConfig(dir, { onWarning: input.onWarning }).contexts).flatMap(([name, stored]) => {
    const server = serverOf(stored.url);
    if (seen.has(server)) return [];
    seen.add(server);
    return [name];
  });
  const others = await Promise.all(names.map((name) => openSource(input, name)));
  return others.filter((s): s is BoardSource => s !== undefined);
}

async function openSource(input: SourcesInput, name: string): Promise<BoardSource | undefined> {
  try {
    const resolved = await resolveConnection({ flags: { context: name }, env: input.env, dir: input.dir });
    if (resolved.kind !== 'remote') return undefined;
    const url = new URL(resolved.url);
    const client = createLazyClient({
      ...input.clientOptions,
      baseUrl: resolved.url,
      token: resolved.token,
      tokenFrom: withTokenWords({ kind: 'context', name }),
    });
    const apps = recentApps(input.dir, recentsServer({ demo: false, origin: url.origin, host: url.host }), name);
    return { context: name, label: name, client, apps };
  } catch (error) {
    const line = clean((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '');
    input.onWarning?.(`context ${clean(name)} left out: ${line}`);
    return undefined;
  }
}
