// A token command that is stopped (its time is up, it printed too much, the TUI's switcher was
// left with Esc) ends with everything it started: the shell of `sh -c 'sleep 100; echo x'` and
// its sleep. Real processes; each test waits for the fact (the grandchild gone), bounded.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive } from '../../src/config/file-lock.js';
import { runTokenCommand } from '../../src/config/token-command.js';
import { tempDir } from './temp-dir.js';

const left: number[] = [];
afterEach(() => {
  for (const pid of left.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone, as it should be */
    }
  }
});

const env = { PATH: process.env.PATH };

/** The pid a command wrote to `file`, once it is there. */
async function pidIn(file: string): Promise<number> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8').trim();
      if (/^\d+$/.test(text)) {
        left.push(Number(text));
        return Number(text);
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no pid in ${file}`);
}

/** Whether `pid` ends within `ms`. */
async function ends(pid: number, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!processAlive(pid) || zombie(pid)) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** A process that ended but whose parent has not reaped it yet (Linux). */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

describe('a token command that is stopped ends with what it started', () => {
  it('on the time limit: the shell and its `sleep` both end', async () => {
    const file = join(tempDir(), 'sleep.pid');
    // The brief's `sh -c 'sleep 100; echo x'`, its sleep's pid written down to look for it after.
    const command = ['sh', '-c', 'sleep 100 & echo $! > "$1"; wait; echo x', 'sh', file];
    const run = runTokenCommand(command, { context: 'vault', env, timeoutMs: 1000 });
    const sleep = await pidIn(file);
    await expect(run).rejects.toThrow('context vault: the token command (sh) did not finish within 1 s; it was stopped.');
    expect(await ends(sleep)).toBe(true);
  });

  it('on Esc in the TUI (the abort signal): a grandchild of a grandchild ends too', async () => {
    const file = join(tempDir(), 'sleep.pid');
    const command = ['sh', '-c', 'sh -c \'sleep 100 & echo $! > "$1"; wait\' inner "$1"; echo x', 'sh', file];
    const stop = new AbortController();
    const run = runTokenCommand(command, { context: 'vault', env, signal: stop.signal });
    const sleep = await pidIn(file);
    stop.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(await ends(sleep)).toBe(true);
  });

  it('a command that exits on its own leaves an agent that left its tree on purpose alone', async () => {
    const file = join(tempDir(), 'agent.pid');
    // Forked twice: the agent's parent is gone before the token is printed (as gpg-agent daemonises).
    const command = ['sh', '-c', '(sleep 100 </dev/null >/dev/null 2>&1 & echo $! > "$1") ; echo tok-123', 'sh', file];
    await expect(runTokenCommand(command, { context: 'vault', env })).resolves.toBe('tok-123');
    const agent = await pidIn(file);
    expect(processAlive(agent)).toBe(true);
  });
});
