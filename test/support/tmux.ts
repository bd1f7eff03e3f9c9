// Drives a command in a real terminal: tmux with a private socket, send-keys, capture-pane.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export interface TmuxSession {
  readonly name: string;
  /** Sends keys as tmux key names (`Enter`, `Escape`, `C-s`, `Down`) or literal text with `literal`. */
  keys(...keys: string[]): void;
  type(text: string): void;
  /** The visible screen as plain text (`escapes` keeps colour codes: capture-pane -e). */
  screen(options?: { escapes?: boolean }): string;
  /** Polls the screen until `test` passes; throws with the last screen after `timeoutMs`. */
  waitFor(test: string | RegExp | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Resizes the terminal, as a user dragging the window would. */
  resize(width: number, height: number): void;
  /** From now on, appends every byte the command writes to the terminal to `file` (tmux pipe-pane -O): escape sequences as sent. */
  pipe(file: string): void;
  /** True once the command in the pane has exited. */
  exited(): boolean;
  kill(): void;
}

const SOCKET = `dms-test-${process.pid}`;
/** Whether this process started a tmux server (stopTmuxServer then stops it). */
let started = false;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function startTmux(command: string, options: { width?: number; height?: number; env?: Record<string, string> } = {}): TmuxSession {
  started = true;
  const name = `t${randomBytes(4).toString('hex')}`;
  const env = Object.entries(options.env ?? {})
    .map(([k, v]) => `${k}=${shellQuote(v)}`)
    .join(' ');
  const args = [
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    String(options.width ?? 100),
    '-y',
    String(options.height ?? 30),
    `env ${env} ${command}; echo "[exit $?]"; sleep 600`,
  ];
  // Killing the last session stops the tmux server; a session started while it is still shutting
  // down fails with "server exited unexpectedly". Try again a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      tmux(...args);
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
      execFileSync('sleep', ['0.2']);
    }
  }
  tmux('set-option', '-t', name, 'remain-on-exit', 'on');
  const session: TmuxSession = {
    name,
    keys: (...keys) => {
      tmux('send-keys', '-t', name, ...keys);
    },
    type: (text) => {
      tmux('send-keys', '-t', name, '-l', text);
    },
    screen: (o = {}) => tmux('capture-pane', '-p', ...(o.escapes ? ['-e'] : []), '-t', name),
    async waitFor(test, timeoutMs = 30_000) {
      const ok = typeof test === 'string' ? (s: string) => s.includes(test) : test instanceof RegExp ? (s: string) => test.test(s) : test;
      const end = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < end) {
        last = session.screen();
        if (ok(last)) return last;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`Timed out waiting for ${String(test)}; screen was:\n${last}`);
    },
    resize: (width, height) => {
      tmux('resize-window', '-t', name, '-x', String(width), '-y', String(height));
    },
    pipe: (file) => {
      tmux('pipe-pane', '-O', '-t', name, `cat >> ${shellQuote(file)}`);
    },
    exited: () => /\[exit \d+\]/.test(session.screen()),
    kill: () => {
      // The command in the pane (a child of the pane's shell) is stopped with the session; wait for
      // it to exit, so the test can then remove what it wrote (recents, drafts) without a race.
      let children: number[] = [];
      try {
        const shell = tmux('display-message', '-p', '-t', name, '#{pane_pid}').trim();
        children = execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
      } catch {
        /* no pane, or nothing running in it */
      }
      try {
        tmux('kill-session', '-t', name);
      } catch {
        /* already gone */
      }
      waitForExit(children);
    },
  };
  return session;
}

/**
 * Stops this process's tmux server (its sessions and the commands in them, waiting for those to
 * exit) and removes its socket, which tmux leaves behind. Run after each test file (setup.ts).
 */
export function stopTmuxServer(): void {
  if (!started) return;
  started = false;
  const children: number[] = [];
  try {
    for (const shell of tmux('list-panes', '-a', '-F', '#{pane_pid}').split('\n').filter(Boolean)) {
      try {
        children.push(...execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number));
      } catch {
        /* nothing running in it */
      }
    }
  } catch {
    /* no server: every session was killed */
  }
  try {
    tmux('kill-server');
  } catch {
    /* not running */
  }
  waitForExit(children);
  // Where tmux puts it: $TMUX_TMPDIR (else /tmp)/tmux-UID/NAME.
  const uid = process.getuid?.() ?? 0;
  rmSync(join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${uid}`, SOCKET), { force: true });
}

function waitForExit(pids: number[], ms = 5000): void {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const end = Date.now() + ms; pids.some(alive) && Date.now() < end;) execFileSync('sleep', ['0.05']);
}

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
