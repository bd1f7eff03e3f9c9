// Named connections in $dir/config.json, one of them current. Each has a URL and either a token
// or a token command (`token_command`: an argv array whose output is the token; see resolve.ts).
import { join } from 'node:path';
import { clean } from '../text/sanitize.js';
import { ConfigError } from './errors.js';
import { fileTrust, isRecord, moveAside, readJsonFile, updatePrivateFile } from './private-file.js';

export { ConfigError } from './errors.js';

/** A context to save: a token, or a command that prints one (never both). */
export type Context =
  | { readonly name: string; readonly url: string; readonly token: string; readonly tokenCommand?: undefined }
  | { readonly name: string; readonly url: string; readonly tokenCommand: readonly string[]; readonly token?: undefined };

/** A context as config.json holds it: `token`, or `token_command` (which wins when a hand edit left both). */
export interface StoredContext {
  url: string;
  token?: string;
  token_command?: string[];
}

export interface ConfigFile {
  current?: string;
  contexts: Record<string, StoredContext>;
}

/** Most words a token command may have, and most characters in each. */
const MAX_COMMAND_WORDS = 64;
const MAX_WORD = 4096;

/**
 * `undefined` for a usable token command: an array of 1 to 64 strings, the first (the program)
 * not empty, none with a NUL character (which an argv cannot carry) or over 4,096 characters.
 * The message never repeats the words (one of them could be a secret).
 */
export function validateTokenCommand(command: unknown): string | undefined {
  if (!Array.isArray(command) || command.length === 0)
    return 'token_command must be a list of words: the program, then its arguments, e.g. ["pass", "show", "dms/prod"].';
  if (command.length > MAX_COMMAND_WORDS) return `token_command has more than ${MAX_COMMAND_WORDS} words.`;
  if (!command.every((w) => typeof w === 'string')) return 'every word of token_command must be a string.';
  if ((command[0] as string).trim() === '') return 'token_command must start with the program to run.';
  if (command.some((w: string) => w.includes('\u0000') || w.length > MAX_WORD))
    return `a word of token_command holds a NUL character or is longer than ${MAX_WORD} characters.`;
  return undefined;
}

/** How a context gets its token, for lists: never the token, and of a command only the program's name. */
export function tokenSourceOf(stored: StoredContext): { kind: 'token' } | { kind: 'command'; program: string } | { kind: 'missing' } {
  if (stored.token_command) return { kind: 'command', program: programName(stored.token_command) };
  return stored.token ? { kind: 'token' } : { kind: 'missing' };
}

/** The program of a token command as messages name it: its file name, cleaned, at most 40 characters. */
export function programName(command: readonly string[]): string {
  const base = (command[0] ?? '').split('/').filter(Boolean).at(-1) ?? '';
  const text = clean(base).slice(0, 40);
  return text === '' ? 'the program' : text;
}

export interface LoadOptions {
  /**
   * Told, one line each, when a broken config.json was moved aside, and when others may read or
   * change config.json or its folder (private-file.ts fileTrust).
   */
  readonly onWarning?: (text: string) => void;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;

export function configPath(dir: string): string {
  return join(dir, 'config.json');
}

/** `undefined` when the name is usable, else what is wrong. */
export function validateContextName(name: string): string | undefined {
  if (NAME.test(name)) return undefined;
  // The name is not repeated: a token pasted in the wrong place must not be printed.
  return 'not a valid context name: use letters, digits, "_", "." and "-" (up to 63, starting with a letter or digit).';
}

/** `undefined` for an absolute http(s) URL without a password, a query or a fragment, else what is wrong. */
export function validateUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the URL is not valid: give a full address such as https://deploy.example.com/api/v1.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `the URL must start with http:// or https:// (not ${clean(parsed.protocol)}).`;
  }
  if (parsed.username || parsed.password) {
    return 'the URL must not hold a user name or password: give the token separately.';
  }
  // Paths are appended to the base URL: after a `?` or `#` they would become part of the query or
  // fragment (`…/api/v1?x=1/databases/docstore`), and every request would go to the base URL.
  if (url.includes('?')) {
    return 'the URL must not hold a query (the part from "?"): remove it and give the base URL only, such as https://deploy.example.com/api/v1.';
  }
  if (url.includes('#')) {
    return 'the URL must not hold a fragment (the part from "#"): remove it and give the base URL only, such as https://deploy.example.com/api/v1.';
  }
  return undefined;
}

/**
 * `undefined` for a usable token; the message never repeats the token. A token travels in an HTTP
 * header (`Authorization: Bearer <token>`), which carries printable ASCII only: anything else
 * (a space, a line break, U+0085, an accented letter, a typographic dash from a copy) is refused
 * here, before anything is sent, rather than failing later as a network error.
 */
export function validateToken(token: string): string | undefined {
  if (token === '') return 'no token given.';
  if (/[\s\u0000-\u001f\u007f\u0085\u00a0\u2028\u2029]/.test(token))
    return 'the token must be one line with no spaces or control characters.';
  if (/[^\x21-\x7e]/.test(token)) {
    return 'the token contains characters a header cannot carry (only printable ASCII, no spaces): check that it was copied whole and unchanged.';
  }
  return undefined;
}

/**
 * The saved contexts. A config.json that belongs to another user is refused (a ConfigError: they
 * could point a context at their own server and receive the token); one that others may read or
 * change, or whose folder others may change, is used with a warning each.
 */
export function loadConfig(dir: string, options: LoadOptions = {}): ConfigFile {
  const path = configPath(dir);
  const trust = fileTrust(path);
  if (trust.refuse) throw new ConfigError(trust.refuse);
  for (const w of trust.warnings) options.onWarning?.(w);
  const warn = (movedTo: string) => options.onWarning?.(`${path} was not valid; it was moved to ${movedTo} and no contexts are set.`);
  const raw = readJsonFile(path, { onCorrupt: warn });
  if (raw === undefined) return { contexts: {} };
  const config = configOf(raw);
  if (config === undefined) {
    const movedTo = moveAside(path);
    if (movedTo) warn(movedTo);
    return { contexts: {} };
  }
  return config;
}

/**
 * The saved contexts as loadConfig reads them, read only (shell completion): a broken file is left
 * where it is, and one that loadConfig refuses or cannot read is no contexts. Never warns or throws.
 */
export function peekConfig(dir: string): ConfigFile {
  const path = configPath(dir);
  try {
    if (fileTrust(path).refuse) return { contexts: {} };
    return configOf(readJsonFile(path, { leaveCorrupt: true })) ?? { contexts: {} };
  } catch {
    return { contexts: {} };
  }
}

/** The well-formed entries of a parsed config.json; undefined when it is not an object. */
function configOf(raw: unknown): ConfigFile | undefined {
  if (!isRecord(raw)) return undefined;
  // Keep only well-formed entries; a hand edit must not crash every command. A token command that
  // is not a list of words is kept as it is, so that using the context says what is wrong with it.
  const entries = isRecord(raw.contexts) ? Object.entries(raw.contexts) : [];
  const contexts = Object.fromEntries(
    entries.flatMap(([name, value]): [string, StoredContext][] => {
      if (!NAME.test(name) || !isRecord(value) || typeof value.url !== 'string') return [];
      if (value.token_command !== undefined) return [[name, { url: value.url, token_command: value.token_command as string[] }]];
      return typeof value.token === 'string' ? [[name, { url: value.url, token: value.token }]] : [];
    }),
  );
  return typeof raw.current === 'string' ? { current: raw.current, contexts } : { contexts };
}

/** What addContext did, as it found config.json under its lock. */
export interface Added {
  /** A context of that name was there (it was replaced). */
  readonly replaced: boolean;
  /** It became the current context (none was). */
  readonly madeCurrent: boolean;
}

/** Adds or replaces a context (a token replaces a token command and the other way round); it becomes current when none is. */
export function addContext(dir: string, ctx: Context): Added {
  const problem =
    validateContextName(ctx.name) ??
    validateUrl(ctx.url) ??
    (ctx.tokenCommand !== undefined ? validateTokenCommand(ctx.tokenCommand) : validateToken(ctx.token));
  if (problem) throw new ConfigError(problem);
  let added: Added = { replaced: false, madeCurrent: false };
  changeConfig(dir, (config) => {
    const replaced = hasContext(config, ctx.name);
    config.contexts[ctx.name] =
      ctx.tokenCommand !== undefined ? { url: ctx.url, token_command: [...ctx.tokenCommand] } : { url: ctx.url, token: ctx.token };
    const madeCurrent = config.current === undefined || !hasContext(config, config.current);
    if (madeCurrent) config.current = ctx.name;
    added = { replaced, madeCurrent };
  });
  return added;
}

export function setCurrentContext(dir: string, name: string): void {
  changeConfig(dir, (config) => {
    if (!hasContext(config, name)) throw unknownContext(config, name);
    config.current = name;
  });
}

/** Deletes a context; if it was current, none is current afterwards. Returns whether it was current. */
export function removeContext(dir: string, name: string): boolean {
  let wasCurrent = false;
  changeConfig(dir, (config) => {
    if (!hasContext(config, name)) throw unknownContext(config, name);
    delete config.contexts[name];
    wasCurrent = config.current === name;
    if (wasCurrent) delete config.current;
  });
  return wasCurrent;
}

export function hasContext(config: ConfigFile, name: string): boolean {
  return Object.hasOwn(config.contexts, name);
}

export function unknownContext(config: ConfigFile, name: string): ConfigError {
  const known = Object.keys(config.contexts);
  // Named only when it reads as a context name: `--context "$TOKEN"` (a token in the wrong place) is not repeated.
  const plain = NAME.test(name) && !/[A-Za-z0-9]{24,}/.test(name);
  const what = plain ? `no context named "${clean(name)}"` : 'no context by the name given (not repeated here, in case it is a secret)';
  return new ConfigError(
    known.length > 0
      ? `${what}: known contexts are ${known.join(', ')}.`
      : `${what}: none are set; add one with: dms context add NAME --url URL`,
  );
}

/**
 * Reads config.json, changes it and writes it, under its lock (private-file.ts
 * updatePrivateFile): contexts added or removed by other dms meanwhile are kept.
 */
function changeConfig(dir: string, change: (config: ConfigFile) => void): void {
  updatePrivateFile(configPath(dir), () => {
    const config = loadConfig(dir);
    change(config);
    const data = config.current === undefined ? { contexts: config.contexts } : { current: config.current, contexts: config.contexts };
    return `${JSON.stringify(data, null, 2)}\n`;
  });
}
