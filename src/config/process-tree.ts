// A process and everything it started: the token command's `sh -c 'sleep 100; echo x'` is a
// shell and its `sleep`, and stopping the shell alone leaves the `sleep` running for ever. Read
// from /proc (Linux), else from `ps` (macOS, BSD). A daemon that left the tree on purpose (an
// agent that forked twice, gpg-agent) is not in it and is left alone.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** pid -> parent pid of every process the system lists now (empty when it cannot be read). */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  if (process.platform === 'linux') {
    let names: string[] = [];
    try {
      names = readdirSync('/proc');
    } catch {
      /* no /proc: ps below */
    }
    for (const name of names) {
      if (!/^\d+$/.test(name)) continue;
      try {
        // `pid (comm) state ppid …`: the name may hold spaces and parentheses; the ppid follows the last `)`.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        map.set(Number(name), ppid);
      } catch {
        // ended meanwhile
      }
    }
    if (map.size > 0) return map;
  }
  try {
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] });
    for (const line of out.split('\n')) {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number);
      if (pid !== undefined && ppid !== undefined && Number.isSafeInteger(pid) && Number.isSafeInteger(ppid)) map.set(pid, ppid);
    }
  } catch {
    // no ps: only the process itself can be stopped
  }
  return map;
}

/** `pid` and its descendants (children, their children…) as they are now, parents first. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents()) children.set(parent, [...(children.get(parent) ?? []), child]);
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const child of children.get(tree[i]!) ?? []) if (!tree.includes(child)) tree.push(child);
  }
  return tree;
}

/**
 * Sends `signal` to `pid` and every descendant, read just before (those that ended meanwhile are
 * passed over), and to `also`. Returns the pids signalled, to signal again later: a child whose
 * parent died is no longer under it.
 */
export function signalTree(pid: number | undefined, signal: NodeJS.Signals, also: readonly number[] = []): number[] {
  const pids = [...new Set([...(pid === undefined ? [] : processTree(pid)), ...also])];
  for (const p of pids) {
    try {
      process.kill(p, signal);
    } catch {
      /* ended */
    }
  }
  return pids;
}
