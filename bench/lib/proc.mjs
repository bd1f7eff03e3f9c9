// One timed run of a command through bench/pty-time.py (fork/exec, optional pseudo-terminal).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HELPER = fileURLToPath(new URL('../pty-time.py', import.meta.url));

/**
 * @param {string[]} cmd command and arguments
 * @param {{pty?: string, until?: string, env?: Record<string,string>, timeoutS?: number, nullStdout?: boolean, stopSignal?: string}} o
 *   `stopSignal`: sent at the match instead of SIGKILL (INT: the command exits on its own, writing a --cpu-prof).
 *   `nullStdout`: stdout is /dev/null (as `CMD > /dev/null`), not a pipe the helper reads; `out_bytes` is then stderr's alone.
 * @returns {Promise<{ms:number, matched:boolean, status:number, maxrss_kib:number, cpu_ms:number, out_bytes:number}>}
 */
export function timed(cmd, o = {}) {
  const args = [HELPER];
  if (o.pty) args.push('--pty', o.pty);
  if (o.until) args.push('--until', o.until);
  if (o.nullStdout) args.push('--null-stdout');
  if (o.stopSignal) args.push('--stop-signal', o.stopSignal);
  args.push('--timeout', String(o.timeoutS ?? 20), '--', ...cmd);
  return new Promise((resolve, reject) => {
    execFile('python3', args, { env: o.env ?? process.env, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`pty-time failed: ${stderr || error.message}`));
      const r = JSON.parse(stdout.trim().split('\n').pop());
      if (o.until && !r.matched)
        return reject(new Error(`'${o.until}' never appeared from ${cmd.join(' ')}; screen tail:\n${r.tail ?? ''}`));
      if (!o.until && r.status !== 0) return reject(new Error(`${cmd.join(' ')} exited ${r.status}`));
      resolve(r);
    });
  });
}

/** A minimal environment: no CI (Ink renders differently in CI), a private config dir. */
export function cleanEnv(extra = {}) {
  // XDG_CACHE_HOME: the bench's own compile caches (BENCH_CACHE_HOME, set by the bench), not the user's.
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TERM: 'xterm-256color',
    LANG: process.env.LANG ?? 'C.UTF-8',
    XDG_CACHE_HOME: process.env.BENCH_CACHE_HOME,
    // Every run a first visit unless a figure says otherwise: the page cache where nothing can be
    // kept (a folder under a file), so no run draws the page an earlier one saw.
    DMS_CACHE_DIR: '/dev/null/dms-bench-pages',
    ...extra,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return env;
}

/** A temp folder for one bench run, removed when the process exits, whether it ends well or fails. */
export function benchTemp(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
