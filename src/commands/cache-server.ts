// The server whose part of the page cache a command reads or clears (`dms deployments --cached`,
// `dms cache clear APP`): named by the same settings as a connection (flags, then DMS_URL/
// DMS_CONTEXT, then the current context; --demo the demo's), but only its URL is read: no token is
// needed, no token command runs, nothing is sent.
import { DEMO_SERVER, serverKey } from '../cache/server.js';
import { hasContext, loadConfig, unknownContext, validateUrl, type ConfigFile } from '../config/contexts.js';
import { connectionSource } from '../config/resolve.js';
import { clean } from '../text/sanitize.js';
import type { Parsed } from './args.js';
import { UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';

/** The cache's key of the server the settings name (cache/server.ts), or a UsageError saying what to set. */
export function cacheServer(values: Parsed['values'], io: CommandIO, dir: string): string {
  if (values.demo === true) return DEMO_SERVER;
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  let config: ConfigFile | undefined;
  const load = () => (config ??= loadConfig(dir, { onWarning: (w) => io.stderr.write(`dms: warning: ${w}\n`) }));
  const source = connectionSource({ url: str('url'), token: str('token'), context: str('context') }, io.env, load);
  switch (source.from) {
    case 'flags':
    case 'env': {
      if (source.context) return contextServer(load(), source.context);
      const name = source.from === 'flags' ? '--url' : 'DMS_URL';
      if (!source.url) throw new UsageError(`${source.from === 'flags' ? '--token' : 'DMS_TOKEN'} names no server: give ${name} too.`);
      const problem = validateUrl(source.url);
      if (problem) throw new UsageError(`${name}: ${problem}`);
      return serverKey(source.url);
    }
    case 'current':
      return contextServer(load(), source.context);
    case 'none':
      throw new UsageError(`no context is current: choose one with: dms context use NAME (known: ${source.known.join(', ')}).`);
    case 'demo':
      throw new UsageError("no server configured: set DMS_URL, add a context (dms context add), or pass --demo for the demo's pages.");
  }
}

function contextServer(config: ConfigFile, name: string): string {
  if (!hasContext(config, name)) throw unknownContext(config, name);
  const url = config.contexts[name]!.url;
  const problem = validateUrl(url);
  if (problem) throw new UsageError(`context "${clean(name)}" in config.json: ${problem}`);
  return serverKey(url);
}
