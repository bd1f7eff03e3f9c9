// The test run is the same whatever the caller's shell holds (test/support/env.ts, global-setup.ts).
// A second `vitest run` of this file is started with a shell as a dms user has it (DMS_URL,
// DMS_TOKEN, DMS_CONFIG_DIR, XDG_CONFIG_HOME, NO_COLOR, CI, TMUX) and a long TMPDIR; in it the
// probe below writes down which of those it, a child process and a command in tmux can see.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cleared } from '../support/env.js';
import { tempDir } from '../support/temp.js';
import { shellQuote, startTmux } from '../support/tmux.js';

/** Set only in the second run: where the probe writes what it saw. Not a DMS_ name: that would be cleared. */
const PROBE = process.env.HARNESS_ENV_PROBE;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const POLLUTED = {
  DMS_URL: 'http://127.0.0.1:9/api/v1',
  DMS_TOKEN: '9|callers-own-token',
  DMS_CONTEXT: 'prod',
  DMS_CONFIG_DIR: '/nonexistent/dms',
  DMS_DEBUG: '1',
  XDG_CONFIG_HOME: '/nonexistent/xdg',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  CI: 'true',
  TMUX: '/tmp/not-a-socket,1,0',
};

/** The variables of `env` a test did not choose, with their values. */
const leaked = (env: Record<string, string | undefined>) => Object.fromEntries(Object.entries(env).filter(([name]) => cleared(name)));
/** What tmux sets in its panes itself. */
const TMUX_OWN = ['TMUX', 'TMUX_PANE', 'TERM_PROGRAM', 'TERM_PROGRAM_VERSION'];

describe.runIf(PROBE)('(second run)', () => {
  it('probe: what a test, its child and a command in tmux see', async () => {
    const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(process.env))'], { encoding: 'utf8' });
    const out = join(tempDir('dms-probe-'), 'tmux-env.json');
    const t = startTmux(
      `node -e ${shellQuote('require("fs").writeFileSync(process.argv[1], JSON.stringify(process.env))')} ${shellQuote(out)}`,
    );
    await t.waitFor(() => existsSync(out) && readFileSync(out, 'utf8') !== '', 30_000);
    writeFileSync(
      PROBE!,
      JSON.stringify({
        test: leaked(process.env),
        child: leaked(JSON.parse(child)),
        tmux: leaked(JSON.parse(readFileSync(out, 'utf8'))),
      }),
    );
    t.kill();
  }, 60_000);
});

describe.skipIf(PROBE)('the caller’s environment', () => {
  it('reaches no test, no child and no command in tmux: a run with DMS_*, XDG_*, NO_COLOR, CI, TMUX and a long TMPDIR set', async () => {
    const dir = tempDir('dms-harness-');
    const probe = join(dir, 'seen.json');
    // Long, as macOS's /var/folders/…/T/ and longer: a tmux socket under it would not fit in a socket path.
    const tmp = join(dir, 'a-temp-folder-with-a-long-name-'.repeat(3));
    mkdirSync(tmp);
    const run = spawn(process.execPath, [VITEST, 'run', fileURLToPath(import.meta.url), '--testNamePattern', 'probe'], {
      cwd: ROOT,
      env: { ...process.env, ...POLLUTED, TMPDIR: tmp, HARNESS_ENV_PROBE: probe },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    run.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    run.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => run.on('close', resolve));
    expect(code, output).toBe(0);
    const seen = JSON.parse(readFileSync(probe, 'utf8')) as Record<'test' | 'child' | 'tmux', Record<string, string>>;
    expect(seen.test).toEqual({});
    expect(seen.child).toEqual({});
    // In tmux only what tmux sets in every pane, none of it the caller's.
    expect(Object.keys(seen.tmux).filter((name) => !TMUX_OWN.includes(name))).toEqual([]);
    expect(seen.tmux.TMUX).not.toBe(POLLUTED.TMUX);
  }, 120_000);
});
