// What shell completion reads of the config folder: context names, recently opened applications
// and recently sent form values (both of the server the command would talk to). Read only: nothing is moved aside, warned about or written while a shell
// completes; the server is found as every command finds it (config/resolve.ts), but no token
// command runs and no request is sent.
import { peekConfig, type ConfigFile } from '../config/contexts.js';
import { loadRecentValues, loadRecents, recentsServer } from '../config/recents.js';
import { connectionSource } from '../config/resolve.js';
import { isPlainId } from '../text/plain-id.js';
import { clean } from '../text/sanitize.js';
import { maskUrlPasswords } from '../text/secrets.js';

/** One thing the shell may offer; zsh and fish show the description beside it. */
export interface Candidate {
  readonly value: string;
  readonly description?: string;
}

/** The server the command line is for, as far as its words say (`--demo`, `--url`, `--context`). */
export interface Target {
  readonly demo?: boolean;
  readonly url?: string;
  readonly context?: string;
}

/** What the config folder holds, read only (tests pass their own). */
export interface CompletionSource {
  contexts(): Candidate[];
  /** The applications recently opened on the server the command would talk to. */
  recentApps(target: Target): Candidate[];
  /** Values recently sent in a field of the create forms (project_uuid, server_uuid, …) to the server the command would talk to. */
  recentValues(field: string, target: Target): string[];
}

const MAX_DESCRIPTION = 80;

export function configSource(dir: string, env: NodeJS.ProcessEnv): CompletionSource {
  return {
    contexts: () => {
      const config = peekConfig(dir);
      return Object.entries(config.contexts).map(([name, { url }]) => {
        const description = `${describe(maskUrlPasswords(url))}${name === config.current ? ' (current)' : ''}`.trim();
        return description ? { value: name, description } : { value: name };
      });
    },
    recentValues: (field, target) => {
      try {
        const server = serverOf(target, env, dir);
        if (server === undefined) return [];
        return loadRecentValues(dir, server)[field] ?? [];
      } catch {
        return [];
      }
    },
    recentApps: (target) => {
      try {
        const server = serverOf(target, env, dir);
        if (server === undefined) return [];
        return loadRecents(dir, server)
          .filter((a) => isPlainId(a.uuid))
          .map((a) => {
            const name = a.name === undefined ? '' : describe(a.name);
            return name ? { value: a.uuid, description: name } : { value: a.uuid };
          });
      } catch {
        return [];
      }
    },
  };
}

/**
 * What recents are kept under for the server the command would talk to: --demo, else the
 * precedence every command follows (connectionSource: flags, then DMS_URL/DMS_CONTEXT, then the
 * current context; nothing saved: the demo), without a token. Undefined when it cannot be told
 * (no URL among the settings, a context that is not saved, a URL that does not parse).
 */
function serverOf(target: Target, env: NodeJS.ProcessEnv, dir: string): string | undefined {
  if (target.demo) return 'demo';
  let config: ConfigFile | undefined;
  const read = () => (config ??= peekConfig(dir));
  const urlOf = (name: string) => (Object.hasOwn(read().contexts, name) ? read().contexts[name]!.url : undefined);
  const source = connectionSource(target, env, read);
  let url: string | undefined;
  switch (source.from) {
    case 'demo':
      return 'demo';
    case 'none':
      return undefined;
    case 'current':
      url = urlOf(source.context);
      break;
    default:
      url = source.url ?? (source.context === undefined ? undefined : urlOf(source.context));
  }
  if (url === undefined) return undefined;
  try {
    const { origin, host } = new URL(url);
    return recentsServer({ demo: false, origin, host });
  } catch {
    return undefined;
  }
}

/** One short line of text from a file: no control characters, no tabs or line breaks. */
function describe(text: string): string {
  const line = clean(text).trim();
  return line.length > MAX_DESCRIPTION ? `${line.slice(0, MAX_DESCRIPTION - 1)}…` : line;
}
