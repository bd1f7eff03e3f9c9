// Which service to talk to: flags, then environment, then the current context; else demo.
// A context's token is saved in config.json, or printed by its token command (token-command.ts),
// which runs here, each time: the token is never cached on disk.
import { clean } from '../text/sanitize.js';
import {
  hasContext,
  loadConfig,
  unknownContext,
  validateToken,
  validateTokenCommand,
  validateUrl,
  type ConfigFile,
  type StoredContext,
} from './contexts.js';
import { ConfigError } from './errors.js';

export type Connection =
  { kind: 'demo' } | { kind: 'remote'; url: string; token: string; label: string; source: 'flags' | 'env' | 'context' };

/** What dms shows of a connection (the TUI's header, its links): never the token. */
export interface ConnectionShown {
  /** Context name, `env`, `flags`, or `DEMO`. */
  readonly label: string;
  /** Server host (and port) for the header. */
  readonly host: string;
  /** `https://host` of the base URL: the service's web pages (deployment links) live there. */
  readonly origin?: string;
  readonly demo: boolean;
  /** The page cache's key of the server: the base URL's origin and path (cache/server.ts serverKey), `demo` for the demo. */
  readonly server?: string;
}

export interface ResolveInput {
  readonly flags: { url?: string; token?: string; context?: string };
  readonly env: NodeJS.ProcessEnv;
  readonly dir: string;
  /** Told, in one line, when a broken config.json was moved aside (see loadConfig). */
  readonly onWarning?: (text: string) => void;
  /** Stops a context's token command that is still running (it rejects with an AbortError). */
  readonly signal?: AbortSignal;
  /** How long a token command may run, in ms (default 30 s: token-command.ts). */
  readonly tokenCommandTimeoutMs?: number;
}

/**
 * Flags (--url/--token/--context) beat env (DMS_URL/DMS_TOKEN/DMS_CONTEXT) beat the current context
 * (connectionSource). Partial settings are a ConfigError; an unknown context is a ConfigError naming
 * the known ones. label = context name, or 'env' / 'flags'. A context chosen by --context or
 * DMS_CONTEXT has source 'context'.
 *
 * Async: a context with a `token_command` runs it (up to 30 s) and uses its output as the token.
 * Its failure is a ConfigError (one line, never the output); `signal` stops it. To switch to a
 * saved context by name (the TUI's context switcher): `resolveConnection({ flags: { context: name },
 * env, dir })` — flags beat the environment, so DMS_URL/DMS_TOKEN do not get in the way.
 */
export async function resolveConnection(input: ResolveInput): Promise<Connection> {
  const { flags, env, dir } = input;
  let config: ConfigFile | undefined;
  const load = () => (config ??= loadConfig(dir, { onWarning: input.onWarning }));
  const source = connectionSource(flags, env, load);
  switch (source.from) {
    case 'flags':
    case 'env': {
      const picked = pick(source);
      if (picked.kind === 'remote') return picked;
      return fromContext(load(), picked.name, SETTING_NAMES[source.from].context, input);
    }
    case 'current':
      if (!hasContext(load(), source.context)) {
        throw new ConfigError(
          `the current context "${clean(source.context)}" is not in config.json: choose another with: dms context use NAME.`,
        );
      }
      return fromContext(load(), source.context, 'the current context', input);
    case 'none':
      throw new ConfigError(`no context is current: choose one with: dms context use NAME (known: ${source.known.join(', ')}).`);
    case 'demo':
      return { kind: 'demo' };
  }
}

/** What names the server, as connectionSource finds it. */
export type ConnectionSource =
  /** The flags or the environment: whichever of the three each sets (blank is not set). */
  | { readonly from: 'flags' | 'env'; readonly url?: string; readonly token?: string; readonly context?: string }
  | { readonly from: 'current'; readonly context: string }
  /** Contexts are saved but none is current. */
  | { readonly from: 'none'; readonly known: readonly string[] }
  | { readonly from: 'demo' };

/**
 * Which settings name the server: the flags when any of --url/--token/--context is given, else the
 * environment when any of DMS_URL/DMS_TOKEN/DMS_CONTEXT is set, else config.json's current context
 * (`config` is read only then); no context saved at all: the demo. Nothing is checked and no token
 * command runs (resolveConnection does that), so shell completion finds the server with it too.
 */
export function connectionSource(
  flags: { readonly url?: string; readonly token?: string; readonly context?: string },
  env: NodeJS.ProcessEnv,
  config: () => ConfigFile,
): ConnectionSource {
  const fromFlags = settingsOf(flags);
  if (fromFlags) return { from: 'flags', ...fromFlags };
  const fromEnv = settingsOf({ url: env.DMS_URL, token: env.DMS_TOKEN, context: env.DMS_CONTEXT });
  if (fromEnv) return { from: 'env', ...fromEnv };
  const { current, contexts } = config();
  if (current !== undefined) return { from: 'current', context: current };
  const known = Object.keys(contexts);
  return known.length > 0 ? { from: 'none', known } : { from: 'demo' };
}

/** The settings given, trimmed; undefined when none is. */
function settingsOf(values: { readonly url?: string; readonly token?: string; readonly context?: string }) {
  const url = values.url?.trim() || undefined;
  const token = values.token?.trim() || undefined;
  const context = values.context?.trim() || undefined;
  if (!url && !token && !context) return undefined;
  return { ...(url ? { url } : {}), ...(token ? { token } : {}), ...(context ? { context } : {}) };
}

const SETTING_NAMES = {
  flags: { url: '--url', token: '--token', context: '--context' },
  env: { url: 'DMS_URL', token: 'DMS_TOKEN', context: 'DMS_CONTEXT' },
} as const;

type Picked = Extract<Connection, { kind: 'remote' }> | { kind: 'named'; name: string };

// The flags or the environment: a context name, or URL and token together.
function pick(values: Extract<ConnectionSource, { from: 'flags' | 'env' }>): Picked {
  const { url, token, context, from: source } = values;
  const names = SETTING_NAMES[source];
  const how = source === 'flags' ? 'given' : 'set';
  if (context && (url || token)) {
    throw new ConfigError(
      `${names.context} and ${url ? names.url : names.token} are both ${how}: use either a context or a URL with a token.`,
    );
  }
  if (context) return { kind: 'named', name: context };
  if (url && !token) {
    throw new ConfigError(
      `${names.url} is ${how} but no token: ${source === 'flags' ? 'use --token too' : 'set DMS_TOKEN or use --token'}.`,
    );
  }
  if (token && !url) {
    throw new ConfigError(`${names.token} is ${how} but no URL: ${source === 'flags' ? 'use --url too' : 'set DMS_URL or use --url'}.`);
  }
  const urlProblem = validateUrl(url!);
  if (urlProblem) throw new ConfigError(`${names.url}: ${urlProblem}`);
  const tokenProblem = validateToken(token!);
  if (tokenProblem) throw new ConfigError(`${names.token}: ${tokenProblem}`);
  return { kind: 'remote', url: url!, token: token!, label: source, source };
}

async function fromContext(config: ConfigFile, name: string, via: string, input: ResolveInput): Promise<Connection> {
  if (!hasContext(config, name)) {
    const e = unknownContext(config, name);
    throw new ConfigError(`${via}: ${e.message}`);
  }
  const stored = config.contexts[name]!;
  const problem = validateUrl(stored.url);
  if (problem) throw new ConfigError(`context "${name}" in config.json: ${problem} Fix it with: dms context add ${name} --url URL`);
  const token = await contextToken(name, stored, input);
  return { kind: 'remote', url: stored.url, token, label: name, source: 'context' };
}

/**
 * A saved context's token: the one saved, or what its token command prints (run now, never
 * cached). ConfigError when the saved one is unusable or the command fails.
 */
export async function contextToken(
  name: string,
  stored: StoredContext,
  options: { readonly env: NodeJS.ProcessEnv; readonly signal?: AbortSignal; readonly tokenCommandTimeoutMs?: number },
): Promise<string> {
  const fix = `Fix it with: dms context add ${name} --url URL`;
  if (stored.token_command !== undefined) {
    const problem = validateTokenCommand(stored.token_command);
    if (problem) throw new ConfigError(`context "${name}" in config.json: ${problem} ${fix} --token-command -- PROGRAM ARGS…`);
    // Loaded only for a context that has one (node:child_process costs every command's start).
    const { runTokenCommand } = await import('./token-command.js');
    return runTokenCommand(stored.token_command, {
      context: name,
      env: options.env,
      signal: options.signal,
      timeoutMs: options.tokenCommandTimeoutMs,
    });
  }
  const problem = validateToken(stored.token ?? '');
  if (problem) throw new ConfigError(`context "${name}" in config.json: ${problem} ${fix}`);
  return stored.token!;
}

const warnedOrigins = new Set<string>();

/** One-time (per process and origin) warning when a token would go over plain http to a host that is not loopback; undefined otherwise. */
export function plainHttpWarning(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || isLoopback(parsed.hostname)) return undefined;
  if (warnedOrigins.has(parsed.origin)) return undefined;
  warnedOrigins.add(parsed.origin);
  return `the token is sent over plain http to ${clean(parsed.host)}; anyone on the network path can read it. Use https.`;
}

/** 127.0.0.0/8, ::1 (also as IPv4-mapped), localhost and *.localhost. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}
