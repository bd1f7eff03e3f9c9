// `dms context add|list|use|remove|verify`: saved connections. The token is read from stdin or a
// prompt without echo, or comes from a token command (`--token-command -- PROGRAM ARGS…`, run
// each time it is needed), and is never printed, not even in errors. `add` checks the token with
// one read before saving (verify-token.ts); `verify` does the same for a saved context.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  ConfigError,
  addContext,
  hasContext,
  loadConfig,
  programName,
  removeContext,
  unknownContext,
  setCurrentContext,
  validateContextName,
  validateToken,
  validateTokenCommand,
  validateUrl,
} from '../config/contexts.js';
import { LockBusy } from '../config/file-lock.js';
import { errorCode } from '../config/private-file.js';
import { sweepStaleFiles } from '../config/stale-files.js';
import { contextToken, plainHttpWarning } from '../config/resolve.js';
import { runTokenCommand } from '../config/token-command.js';
import { clean } from '../text/sanitize.js';
import type { Parsed } from './args.js';
import { timeoutMs } from './connect.js';
import { EXIT, UsageError } from './exit-codes.js';
import { helpText } from './help.js';
import type { CommandIO } from './io.js';
import { list, listJson, shownUrl } from './context-list.js';
import { readToken } from './token-input.js';
import { checkToken, type TokenCheck } from './verify-token.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The subcommands and how each is called (also the descriptions shell completion shows). */
export const CONTEXT_USAGE: Readonly<Record<string, string>> = {
  add: 'dms context add NAME --url URL [--token-command -- PROGRAM ARG…] [--no-verify | --force]',
  list: 'dms context list [--json]',
  use: 'dms context use NAME',
  remove: 'dms context remove NAME',
  verify: 'dms context verify [NAME]',
};

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const satisfies Options;

/**
 * `dms context add`'s options (--token only to refuse it: it would show in the process list).
 * `--token-command` takes no value: the command is every word after `--`.
 */
export const CONTEXT_ADD_OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  'token-command': { type: 'boolean' },
  'no-verify': { type: 'boolean' },
  force: { type: 'boolean' },
  timeout: { type: 'string' },
  ...HELP_OPTION,
} as const satisfies Options;

/** Each subcommand's options (shell completion reads them too). */
export const CONTEXT_OPTIONS: Readonly<Record<string, Options>> = {
  add: CONTEXT_ADD_OPTIONS,
  list: { json: { type: 'boolean' }, ...HELP_OPTION },
  use: HELP_OPTION,
  remove: HELP_OPTION,
  verify: { timeout: { type: 'string' }, ...HELP_OPTION },
};

const SUBCOMMANDS = 'add, list, use, remove or verify';

/** A bad call: one line on stderr, exit 2. */
class Usage extends Error {}

/** A check that did not pass: its line is said, and the command exits with `code`. */
class Refused extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** Where a subcommand writes: its lines on stdout, a failure and a warning on stderr. */
interface Out {
  readonly say: (line: string) => void;
  readonly complain: (line: string) => void;
  readonly warn: (line: string) => void;
}

/**
 * Returns the exit code: 0 ok, 1 the file could not be written or the token could not be checked
 * (network), 2 usage or bad input (a token command that fails included), 3 the token was rejected
 * (401/403), 130 cancelled.
 */
export async function runContext(args: string[], io: CommandIO, dir: string): Promise<number> {
  const out: Out = {
    say: (line) => io.stdout.write(`${line}\n`),
    complain: (line) => io.stderr.write(`dms: ${line}\n`),
    warn: (line) => io.stderr.write(`dms: warning: ${line}\n`),
  };
  sweepStaleFiles(dir);
  try {
    return await subcommand(args, io, dir, out);
  } catch (e) {
    return failed(e, dir, out);
  }
}

/** A failure as its line and exit code (a bug is thrown on). */
function failed(e: unknown, dir: string, { complain }: Out): number {
  if (e instanceof Refused) {
    complain(e.message);
    return e.code;
  }
  if (e instanceof LockBusy) {
    complain(`${e.message}; nothing was saved.`);
    return EXIT.failure;
  }
  if (e instanceof Usage || e instanceof ConfigError || e instanceof UsageError) {
    complain(e.message);
    return EXIT.usage;
  }
  const code = errorCode(e);
  if (code) {
    // A file system failure (read-only disk, permissions): the message names a path, never a token.
    complain(`cannot save in ${dir} (${code}): check that the folder is writable.`);
    return EXIT.failure;
  }
  throw e;
}

async function subcommand(args: string[], io: CommandIO, dir: string, out: Out): Promise<number> {
  const { say, warn } = out;
  const [sub, ...all] = args;
  if (sub === undefined) throw new Usage(`missing subcommand: use ${SUBCOMMANDS} (dms context --help).`);
  if (sub === 'help' || sub === '--help' || sub === '-h') {
    say(helpText('context') ?? Object.values(CONTEXT_USAGE).join('\n'));
    return EXIT.ok;
  }
  if (!Object.hasOwn(CONTEXT_USAGE, sub)) {
    const shown = /^[A-Za-z-]{1,20}$/.test(sub) ? ` '${sub}'` : '';
    throw new Usage(`unknown context command${shown}: use ${SUBCOMMANDS} (dms context --help).`);
  }
  const usage = CONTEXT_USAGE[sub]!;
  // `add … --token-command -- pass show dms/prod`: the words after `--` are the command, not arguments.
  const dashes = sub === 'add' ? all.indexOf('--') : -1;
  const rest = dashes === -1 ? all : all.slice(0, dashes);
  const commandWords = dashes === -1 ? undefined : all.slice(dashes + 1);
  const { values, positionals } = parse(rest, CONTEXT_OPTIONS[sub]!, usage);
  if (values.help) {
    say(`Usage: ${usage}`);
    return EXIT.ok;
  }

  if (sub === 'list') {
    if (positionals.length > 0) throw new Usage(`context list takes no arguments. Usage: ${usage}`);
    // Warns (one line each) when others may read or change config.json or its folder; refuses one of another user.
    const config = loadConfig(dir, { onWarning: warn });
    if (values.json) listJson(config, say, warn);
    else list(config, say, warn);
    return EXIT.ok;
  }
  if (sub === 'verify') return verify(positionals, values, usage, io, dir, out);

  const name = oneName(positionals, usage);
  if (sub === 'use') {
    setCurrentContext(dir, name);
    const url = loadConfig(dir).contexts[name]?.url ?? '';
    say(`Using context "${name}" (${shownUrl(url)}).`);
    return EXIT.ok;
  }
  if (sub === 'remove') {
    loadConfig(dir, { onWarning: warn }); // its warnings
    const wasCurrent = removeContext(dir, name);
    say(`Removed context "${name}".${wasCurrent ? ' No context is current now: choose one with: dms context use NAME' : ''}`);
    return EXIT.ok;
  }
  return add(name, values, commandWords, usage, io, dir, out);
}

type Values = ReturnType<typeof parse>['values'];

/** `dms context verify [NAME]`: one read with the saved context's token. */
async function verify(
  positionals: string[],
  values: Values,
  usage: string,
  io: CommandIO,
  dir: string,
  { say, warn }: Out,
): Promise<number> {
  if (positionals.length > 1) throw new Usage(`expected at most one NAME, got ${positionals.length} arguments. Usage: ${usage}`);
  const config = loadConfig(dir, { onWarning: warn });
  const name = positionals.length === 1 ? oneName(positionals, usage) : config.current;
  if (name === undefined) throw new Usage(`no context is current: name one, e.g. dms context verify NAME (see dms context list).`);
  if (!hasContext(config, name)) {
    throw positionals.length === 1
      ? unknownContext(config, name)
      : new ConfigError(`the current context "${clean(name)}" is not in config.json: choose another with: dms context use NAME.`);
  }
  const stored = config.contexts[name]!;
  const urlProblem = validateUrl(stored.url);
  if (urlProblem) throw new ConfigError(`context "${name}" in config.json: ${urlProblem} Fix it with: dms context add ${name} --url URL`);
  const token = await contextToken(name, stored, { env: io.env });
  const from = stored.token_command ? ` (from ${programName(stored.token_command)})` : '';
  const check = await checkToken(stored.url, token, { timeoutMs: timeoutMs(values as Parsed['values']) });
  if (check.ok) {
    say(`context ${name}: the token${from} was accepted by ${shownUrl(stored.url)}.`);
    return EXIT.ok;
  }
  throw refusal(check, { name, url: shownUrl(stored.url) });
}

/** What `add`'s flags ask for, checked before the token is asked for. */
interface AddArgs {
  readonly url: string;
  readonly verify: boolean;
  readonly force: boolean;
  /** --timeout, ms. */
  readonly wait: number | undefined;
  readonly tokenCommand: string[] | undefined;
}

function addArgs(values: Values, commandWords: string[] | undefined, usage: string): AddArgs {
  if (values.token !== undefined) {
    throw new Usage(
      '--token is not accepted here (it would show in the process list): pipe the token on stdin, type it at the prompt, or use --token-command.',
    );
  }
  const url = typeof values.url === 'string' ? values.url.trim() : '';
  if (!url) throw new Usage(`--url is required. Usage: ${usage}`);
  const problem = validateUrl(url);
  if (problem) throw new Usage(problem);
  const verify = values['no-verify'] !== true;
  const force = values.force === true;
  if (!verify && force) throw new Usage('--no-verify skips the check and --force saves after a failed one: choose one.');
  const wait = timeoutMs(values as Parsed['values']); // a bad --timeout before the token is asked for
  if (values['token-command'] === true) {
    if (commandWords === undefined || commandWords.length === 0) {
      throw new Usage(
        '--token-command needs the command after --, e.g. dms context add prod --url URL --token-command -- pass show dms/prod',
      );
    }
    const commandProblem = validateTokenCommand(commandWords);
    if (commandProblem) throw new Usage(commandProblem.replace(/^token_command/, 'the token command'));
    return { url, verify, force, wait, tokenCommand: commandWords };
  }
  // Not repeated: the words could be anything, a token included.
  if (commandWords !== undefined) throw new Usage('words after -- are a token command: add --token-command before the --.');
  return { url, verify, force, wait, tokenCommand: undefined };
}

/** `dms context add NAME`: the token read (or its command run), checked, then saved. */
async function add(
  name: string,
  values: Values,
  commandWords: string[] | undefined,
  usage: string,
  io: CommandIO,
  dir: string,
  out: Out,
): Promise<number> {
  const args = addArgs(values, commandWords, usage);
  const { url, tokenCommand } = args;
  loadConfig(dir, { onWarning: out.warn }); // its warnings, and a refusal, before the token is asked for

  let token: string | undefined;
  if (tokenCommand === undefined) {
    token = await readToken(io, name);
    if (token === undefined) {
      out.complain('cancelled; nothing was saved.');
      return EXIT.interrupted;
    }
    if (token === '') throw new Usage('no token given: pipe it on stdin or type it at the prompt.');
    const tokenProblem = validateToken(token);
    if (tokenProblem) throw new Usage(tokenProblem);
  }
  const checked = args.verify ? await checkBeforeSaving(name, token, args, io, out) : '; token not checked (--no-verify)';

  // What was there is read under config.json's lock: another dms adding at the same time is counted.
  const added = addContext(dir, tokenCommand !== undefined ? { name, url, tokenCommand } : { name, url, token: token! });
  const verb = added.replaced ? 'Updated' : 'Added';
  const current = added.madeCurrent ? '; it is now the current context' : '';
  const via = tokenCommand !== undefined ? `, token from ${programName(tokenCommand)}` : '';
  out.say(`${verb} context "${name}" (${shownUrl(url)}${via})${checked}${current}.`);
  const plain = plainHttpWarning(url);
  if (plain) out.warn(plain);
  return EXIT.ok;
}

/** The check of a token about to be saved: what the saved line says of it, or a refusal (unless --force). */
async function checkBeforeSaving(name: string, token: string | undefined, args: AddArgs, io: CommandIO, { warn }: Out): Promise<string> {
  try {
    // The command runs now, once, to check what it prints; its output is never saved.
    const candidate = token ?? (await runTokenCommand(args.tokenCommand!, { context: name, env: io.env }));
    const check = await checkToken(args.url, candidate, { timeoutMs: args.wait });
    if (!check.ok) throw refusal(check);
    return '; the token was accepted';
  } catch (e) {
    if (!args.force && e instanceof ConfigError) {
      // The token command failed (its output is never shown).
      throw new Refused(`${e.message} Nothing was saved (--no-verify saves without running it; --force saves anyway).`, EXIT.usage);
    }
    if (!args.force || !(e instanceof Refused || e instanceof ConfigError)) throw e;
    warn(`saved although the check failed (--force): ${e.message.replace(/[;.] Nothing was saved.*$|; nothing was saved.*$/, '')}`);
    return '; the token was not accepted (saved with --force)';
  }
}

/**
 * The line for a check that did not pass, and its exit code: 3 when the token was rejected
 * (401/403), else that of the failure (1 for the network or an answer that is not the API's).
 * `context`: a saved context being verified; else a context about to be added (nothing saved).
 */
function refusal(check: Extract<TokenCheck, { ok: false }>, context?: { name: string; url: string }): Refused {
  const what = check.message.replace(/\.$/, '');
  if (context) {
    const prefix = `context ${context.name}: `;
    if (check.rejected)
      return new Refused(`${prefix}${what}. Replace it with: dms context add ${context.name} --url ${context.url}`, EXIT.auth);
    if (check.network) return new Refused(`${prefix}could not reach the server to check the token: ${what}. ${check.hint}`, check.code);
    return new Refused(`${prefix}could not check the token: ${what}. ${check.hint}`.trimEnd(), check.code);
  }
  if (check.rejected) return new Refused(`${what}; nothing was saved. Check the token, or save it anyway with --force.`, EXIT.auth);
  if (check.network) {
    return new Refused(
      `could not reach the server to check the token: ${what}. Nothing was saved: --no-verify saves without checking (e.g. offline).`,
      check.code,
    );
  }
  return new Refused(
    `could not check the token: ${what}. ${check.hint ? `${check.hint} ` : ''}Nothing was saved (--force saves it anyway).`,
    check.code,
  );
}

function parse(args: string[], options: Options, usage: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (e) {
    // Messages are rebuilt rather than passed on: they could repeat an argument, which may be a token.
    const message = e instanceof Error ? e.message : '';
    const option = /^Unknown option '(--?[A-Za-z][\w-]*)'/.exec(message)?.[1];
    if (option) throw new Usage(`unknown option ${option}. Usage: ${usage}`);
    const needsValue = /^Option '(-\w, )?(--[\w-]+)/.exec(message)?.[2];
    if (needsValue && /does not take an argument/.test(message)) throw new Usage(`${needsValue} takes no value. Usage: ${usage}`);
    if (needsValue) throw new Usage(`${needsValue} needs a value. Usage: ${usage}`);
    throw new Usage(`invalid arguments. Usage: ${usage}`);
  }
}

function oneName(positionals: string[], usage: string): string {
  if (positionals.length !== 1) {
    throw new Usage(`expected one NAME, got ${positionals.length} arguments. Usage: ${usage}`);
  }
  const name = positionals[0]!;
  const problem = validateContextName(name);
  if (problem) throw new Usage(problem);
  return name;
}
