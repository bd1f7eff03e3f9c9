// Runs the built binary as a script would: arguments, environment, optional stdin; no terminal.
import { spawn } from 'node:child_process';
import { BIN } from './bin.js';
import { tempDir } from './temp.js';

export interface BinResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A config folder of its own, removed after the test file. */
export function tempConfigDir(): string {
  return tempDir('dms-test-');
}

export function runBin(
  args: string[],
  options: { env?: Record<string, string | undefined>; input?: string; timeoutMs?: number; bin?: string } = {},
): Promise<BinResult> {
  const env: Record<string, string> = {};
  // The code caches go to the run's own folder (global-setup.ts), not the user's ~/.cache.
  for (const [k, v] of Object.entries({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    XDG_CACHE_HOME: process.env.TEST_CACHE_HOME,
    DMS_CONFIG_DIR: tempConfigDir(),
    // Pages seen by one run are not another's (a test that wants them gives its own folder).
    DMS_CACHE_DIR: tempDir('dms-pages-'),
    ...options.env,
  })) {
    if (v !== undefined) env[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    // Decoded as a stream: a character split across two chunks stays one character.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.on('data', (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`dms ${args.join(' ')} timed out\n${stderr}`));
    }, options.timeoutMs ?? 45_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/**
 * The scripts the built binary ran for `args` (DMS_DEBUG=1 names them at exit, by stem):
 * `dms-app` (dms's own code), `got-vendor`, `zod-vendor`, `ui-vendor` (React, Ink, ink-table).
 * A command that loads Ink or React runs `ui-vendor`: there is no other copy of them in the build.
 */
export async function scriptsRun(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ scripts: string[]; code: number | null; stdout: string }> {
  const r = await runBin(args, { env: { ...env, DMS_DEBUG: '1' } });
  const line = r.stderr.split('\n').find((l) => l.startsWith('dms: debug: scripts run: '));
  if (!line) throw new Error(`dms ${args.join(' ')} named no scripts (exit ${r.code}):\n${r.stderr}`);
  return { scripts: line.slice('dms: debug: scripts run: '.length).split(', '), code: r.code, stdout: r.stdout };
}
