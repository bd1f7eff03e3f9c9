// `dms context add|list|use|remove`: saved connections. The token is read from stdin or a
// prompt without echo, and is never printed, not even in errors.
import { StringDecoder } from 'node:string_decoder';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  ConfigError, addContext, hasContext, loadConfig, removeContext, useContext,
  validateContextName, validateToken, validateUrl, type ConfigFile,
} from '../config/contexts.js';
import { errorCode } from '../config/private-file.js';
import { plainHttpWarning } from '../config/resolve.js';
import { clean } from '../text/sanitize.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { EXIT } from './exit-codes.js';
import { HELP } from './help.js';
import type { CommandIO } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

const USAGE: Record<string, string> = {
  add: 'dms context add NAME --url URL',
  list: 'dms context list',
  use: 'dms context use NAME',
  remove: 'dms context remove NAME',
};

/** A bad call: one line on stderr, exit 2. */
class Usage extends Error {}

/** Longest token accepted from stdin; more means the wrong thing was piped. */
const MAX_TOKEN_BYTES = 16 * 1024;

/** Returns the exit code: 0 ok, 1 the file could not be written, 2 usage or bad input, 130 cancelled. */
export async function runContext(args: string[], io: CommandIO, dir: string): Promise<number> {
  const say = (line: string) => io.stdout.write(`${line}\n`);
  const complain = (line: string) => io.stderr.write(`dms: ${line}\n`);
  const warn = (line: string) => io.stderr.write(`dms: warning: ${line}\n`);
  try {
    const [sub, ...rest] = args;
    if (sub === undefined) throw new Usage('missing subcommand: use add, list, use or remove (dms context --help).');
    if (sub === 'help' || sub === '--help' || sub === '-h') {
      say(HELP.context ?? Object.values(USAGE).join('\n'));
      return EXIT.ok;
    }
    if (!Object.hasOwn(USAGE, sub)) {
      const shown = /^[A-Za-z-]{1,20}$/.test(sub) ? ` '${sub}'` : '';
      throw new Usage(`unknown context command${shown}: use add, list, use or remove (dms context --help).`);
    }
    const usage = USAGE[sub]!;
    const options: Options = sub === 'add'
      ? { url: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } }
      : { help: { type: 'boolean', short: 'h' } };
    const { values, positionals } = parse(rest, options, usage);
    if (values.help) {
      say(`Usage: ${usage}`);
      return EXIT.ok;
    }

    if (sub === 'list') {
      if (positionals.length > 0) throw new Usage(`context list takes no arguments. Usage: ${usage}`);
      // Warns (one line each) when others may read or change config.json or its folder; refuses one of another user.
      const config = loadConfig(dir, { onWarning: warn });
      list(config, say, warn);
      return EXIT.ok;
    }

    const name = oneName(positionals, usage);
    if (sub === 'use') {
      useContext(dir, name);
      const url = loadConfig(dir).contexts[name]?.url ?? '';
      say(`Using context "${name}" (${shownUrl(url)}).`);
      return EXIT.ok;
    }
    if (sub === 'remove') {
      const wasCurrent = loadConfig(dir, { onWarning: warn }).current === name;
      removeContext(dir, name);
      say(`Removed context "${name}".${wasCurrent ? ' No context is current now: choose one with: dms context use NAME' : ''}`);
      return EXIT.ok;
    }

    // add
    if (values.token !== undefined) {
      throw new Usage('--token is not accepted here (it would show in the process list): pipe the token on stdin or type it at the prompt.');
    }
    const url = typeof values.url === 'string' ? values.url.trim() : '';
    if (!url) throw new Usage(`--url is required. Usage: ${usage}`);
    const problem = validateUrl(url);
    if (problem) throw new Usage(problem);
    const before = loadConfig(dir, { onWarning: warn });

    const token = await readToken(io, name);
    if (token === undefined) {
      complain('cancelled; nothing was saved.');
      return EXIT.interrupted;
    }
    if (token === '') throw new Usage('no token given: pipe it on stdin or type it at the prompt.');
    const tokenProblem = validateToken(token);
    if (tokenProblem) throw new Usage(tokenProblem);

    addContext(dir, { name, url, token });
    const after = loadConfig(dir);
    const verb = hasContext(before, name) ? 'Updated' : 'Added';
    const current = after.current === name && before.current !== name ? '; it is now the current context' : '';
    say(`${verb} context "${name}" (${shownUrl(url)})${current}.`);
    const plain = plainHttpWarning(url);
    if (plain) warn(plain);
    return EXIT.ok;
  } catch (e) {
    if (e instanceof Usage || e instanceof ConfigError) {
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

function list(config: ConfigFile, say: (line: string) => void, warn: (line: string) => void): void {
  const rows = Object.entries(config.contexts).map(([name, c]) => ({
    mark: name === config.current ? '*' : ' ',
    name,
    url: shownUrl(c.url),
    token: c.token ? 'token: set' : 'token: missing',
  }));
  if (rows.length === 0) {
    warn('no contexts yet; add one with: dms context add NAME --url URL');
    return;
  }
  // Loops, not Math.max(...rows): a hand-edited file may hold more contexts than a call takes arguments.
  let nameWidth = 0;
  let urlWidth = 0;
  for (const r of rows) {
    nameWidth = Math.max(nameWidth, r.name.length);
    urlWidth = Math.max(urlWidth, r.url.length);
  }
  for (const r of rows) say(`${r.mark} ${r.name.padEnd(nameWidth)}  ${r.url.padEnd(urlWidth)}  ${r.token}`);
  if (config.current !== undefined && !hasContext(config, config.current)) {
    warn(`the current context "${clean(config.current)}" does not exist; choose one with: dms context use NAME`);
  }
}

function shownUrl(url: string): string {
  return clean(maskUrlPasswords(url));
}

/** The token from a pipe (one trailing newline dropped) or a hidden prompt; undefined when cancelled. */
async function readToken(io: CommandIO, name: string): Promise<string | undefined> {
  if (!io.stdin.isTTY) return readPiped(io.stdin);
  if (typeof io.stdin.setRawMode !== 'function') {
    throw new Usage('cannot hide typing on this terminal: pipe the token on stdin instead.');
  }
  return prompt(io, `Token for "${name}" (typing is hidden): `);
}

async function readPiped(stdin: CommandIO['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > MAX_TOKEN_BYTES) throw new Usage('the input is too long for a token (over 16 KiB): pipe only the token.');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

// Escape sequences (arrow keys, function keys) are dropped whole, not typed into the token.
const KEY_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?/g;

/** Raw-mode line input without echo: Backspace deletes, Ctrl+U clears, Enter ends, Ctrl+C cancels. */
function prompt(io: CommandIO, question: string): Promise<string | undefined> {
  const { stdin, stderr } = io;
  stderr.write(question);
  const decoder = new StringDecoder('utf8');
  let chars: string[] = [];
  return new Promise((resolve) => {
    const finish = (result: string | undefined) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      resolve(result);
    };
    const onData = (chunk: Buffer | string) => {
      const text = (typeof chunk === 'string' ? chunk : decoder.write(chunk)).replace(KEY_SEQUENCE, '');
      for (const ch of text) {
        if (ch === '\u0003') return finish(undefined);
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish(chars.join(''));
        if (ch === '\u007f' || ch === '\b') chars = chars.slice(0, -1);
        else if (ch === '\u0015') chars = [];
        else if (ch >= ' ') chars.push(ch);
      }
    };
    const onEnd = () => finish(chars.join(''));
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.setRawMode?.(true);
    stdin.resume();
  });
}
