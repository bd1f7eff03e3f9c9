// A context's token command (`token_command` in config.json): an argv array run without a shell,
// whose trimmed stdout is the token — a password manager's `read`, so that the secret never sits
// on disk. Run each time a connection is resolved; the token is never written anywhere.
//
// Its failure is one line that names the context and the program (its file name only: the other
// words may be secret) and never repeats what it printed, on stdout or stderr: output that is not
// a token may be a secret all the same (a password prompt's answer, the wrong entry).
import { spawn, type ChildProcess } from 'node:child_process';
import { programName, validateToken } from './contexts.js';
import { ConfigError } from './errors.js';
import { signalTree } from './process-tree.js';

/** How long a token command may run: long enough to unlock a password manager, short enough to notice a hang. */
export const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
/** The most a token command may print; more means it prints something else. */
const MAX_OUTPUT_BYTES = 16 * 1024;
/** After the program ended, how long a child it left behind may keep its stdout open. */
const STRAGGLER_MS = 500;

export interface TokenCommandOptions {
  /** The context's name, for messages. */
  readonly context: string;
  /** The program's environment (PATH finds it). */
  readonly env: NodeJS.ProcessEnv;
  /** Default TOKEN_COMMAND_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /** Stops the program (the TUI's context switcher on Esc); the promise rejects with an AbortError. */
  readonly signal?: AbortSignal;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** An error as AbortSignal users expect it (`name === 'AbortError'`). */
function aborted(): Error {
  const e = new Error('The token command was stopped.');
  e.name = 'AbortError';
  return e;
}

/** Runs the command and resolves to its trimmed stdout, checked as a token. Rejects with a ConfigError that never holds the output. */
export function runTokenCommand(command: readonly string[], options: TokenCommandOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? TOKEN_COMMAND_TIMEOUT_MS;
  const who = `context ${options.context}: the token command (${programName(command)})`;
  if (options.signal?.aborted) return Promise.reject(aborted());

  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(command[0]!, command.slice(1), {
        shell: false,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: options.env,
        windowsHide: true,
      });
    } catch (error) {
      reject(new ConfigError(`${who} could not be started (${(error as NodeJS.ErrnoException).code ?? 'error'}).`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let why: 'timeout' | 'too-long' | 'aborted' | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let straggler: NodeJS.Timeout | undefined;

    // What it started ends with it (`sh -c 'sleep 100; echo x'`: the shell and its sleep): the
    // tree is signalled, not the program alone. It stays in dms's process group, so that a command
    // that asks on the terminal still can (a group of its own would be stopped reading it).
    const stop = (reason: typeof why) => {
      if (why !== undefined) return;
      why = reason;
      const pid = child.pid;
      if (pid === undefined) return;
      const signalled = signalTree(pid, 'SIGTERM');
      // Those that ignore SIGTERM are killed (the tree read again only while the program runs: its pid is not reused before).
      setTimeout(
        () => signalTree(child.exitCode === null && child.signalCode === null ? pid : undefined, 'SIGKILL', signalled),
        1000,
      ).unref();
    };
    // dms ending meanwhile (the TUI quit while a context is being switched to) stops it too.
    const onExit = () => stop('aborted');
    process.once('exit', onExit);
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = () => stop('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      process.off('exit', onExit);
      if (straggler) clearTimeout(straggler);
      options.signal?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      if (error) {
        reject(error);
        return;
      }
      if (why === 'aborted') return reject(aborted());
      if (why === 'timeout') return reject(new ConfigError(`${who} did not finish within ${seconds(timeoutMs)}; it was stopped.`));
      if (why === 'too-long') return reject(new ConfigError(`${who} printed more than 16 KiB; a token command must print only the token.`));
      if (exit?.signal) return reject(new ConfigError(`${who} was stopped by ${exit.signal}; its output is not shown.`));
      if (exit?.code !== 0) {
        return reject(
          new ConfigError(`${who} failed (exit code ${exit?.code ?? 'unknown'}); its output is not shown. Run it yourself to see why.`),
        );
      }
      const token = Buffer.concat(chunks).toString('utf8').trim();
      if (token === '') return reject(new ConfigError(`${who} printed no token.`));
      // validateToken's messages never repeat the token; the output is not repeated either.
      const problem = validateToken(token);
      if (problem) return reject(new ConfigError(`${who} printed something that is not a token: ${problem}`));
      resolve(token);
    };

    child.stdout!.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) {
        stop('too-long');
        return;
      }
      chunks.push(chunk);
    });
    // Read and dropped: never shown (it may hold what the user typed), and a full pipe must not stall the program.
    child.stderr!.resume();
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        finish(new ConfigError(`${who} was not found: the program must be on PATH, or given with its full path.`));
      } else if (error.code === 'EACCES') {
        finish(new ConfigError(`${who} could not be run (permission denied).`));
      } else {
        finish(new ConfigError(`${who} could not be run (${error.code ?? 'error'}).`));
      }
    });
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      // A child it started (an agent) may keep stdout open: what was printed so far is the answer.
      straggler = setTimeout(() => finish(), STRAGGLER_MS);
    });
    child.once('close', () => finish());
  });
}
