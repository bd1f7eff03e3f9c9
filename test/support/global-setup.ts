// Once per `vitest run`. The caller's dms, XDG, colour and terminal variables are removed
// (env.ts; setup.ts does it again in every test file). The tests' temp folders and files go into
// one folder of the run's own (TMPDIR points there for the test processes and whatever they
// start), so runs side by side never count each other's; tmux sockets into another, under /tmp
// (TMUX_TMPDIR): a socket's path may not be longer than ~100 bytes, and the caller's TMPDIR can
// be long (macOS: /var/folders/…/T/). At the end anything still in either is a leak: it is named,
// the run fails (exit 1), and both folders are removed either way.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { clearCallerEnv } from './env.js';

/**
 * Vitest runs the global setup once per project (unit, mocked, binary), all in one process: the
 * first call makes the run's folders and the others share them, else each project's folder would
 * be made inside the one before it and counted as a leak. The last teardown checks and removes them.
 */
const RUN = Symbol.for('dms.test.run');
interface Run {
  users: number;
  teardown?: () => void;
}
const run: Run = ((globalThis as Record<symbol, unknown>)[RUN] as Run | undefined) ?? { users: 0 };
(globalThis as Record<symbol, unknown>)[RUN] = run;

export default function setup(): () => void {
  run.users += 1;
  run.teardown ??= start();
  return () => {
    run.users -= 1;
    if (run.users > 0) return;
    const teardown = run.teardown;
    run.teardown = undefined;
    teardown?.();
  };
}

function start(): () => void {
  clearCallerEnv();
  // Which Node runs the tests (npm test: the project's, node_modules/.bin/node; not the machine's).
  console.log(`dms tests: Node ${process.version} (${process.execPath})`);
  const saved = {
    TMPDIR: process.env.TMPDIR,
    TMUX_TMPDIR: process.env.TMUX_TMPDIR,
    TEST_CACHE_HOME: process.env.TEST_CACHE_HOME,
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
    PATH: process.env.PATH,
  };
  const callerTmp = tmpdir();
  const root = mkdtempSync(join(callerTmp, 'dms-run-'));
  const sockets = socketFolder();
  // The built binary's code caches (XDG_CACHE_HOME for every dms the tests start: runBin,
  // terminals.ts), shared by the run and removed after it, never the user's ~/.cache.
  const cache = mkdtempSync(join(callerTmp, 'dms-run-cache-'));
  process.env.TMPDIR = root;
  process.env.TMUX_TMPDIR = sockets;
  process.env.TEST_CACHE_HOME = cache;
  // Node's own compile cache, which vitest's workers turn on: where vitest keeps it (the caller's
  // temp folder), not in the run's, which it would fill after the run is checked and removed.
  process.env.NODE_COMPILE_CACHE ??= join(callerTmp, 'node-compile-cache');
  // `node` in whatever a test starts (a tmux pane's `node dist/dms.js`, a shell) is the Node that
  // runs the tests: the project's (npm test), or the one a smoke runs on (.ci/run).
  const path = process.env.PATH;
  process.env.PATH = `${dirname(process.execPath)}${delimiter}${path ?? ''}`;
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const left = [...leftovers(root), ...leftovers(sockets).map((s) => `(tmux) ${s}`)];
    for (const dir of [root, sockets, cache]) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    if (left.length > 0) {
      const shown = left.slice(0, 20).join(', ') + (left.length > 20 ? `, … (${left.length - 20} more)` : '');
      console.error(
        `\ntests left ${left.length} thing${left.length === 1 ? '' : 's'} in the temp folder: ${shown}.` +
          ' Make them with tempDir() (test/support/temp.ts), which removes them after the test file;' +
          ' stop the processes that write into them first.',
      );
      process.exitCode = 1;
    }
  };
}

/** A folder with a short path for tmux's sockets: under /tmp (where tmux puts them by default), else the temp folder. */
function socketFolder(): string {
  try {
    return mkdtempSync('/tmp/dms-tmux-');
  } catch {
    return mkdtempSync(join(tmpdir(), 'dms-tmux-'));
  }
}

/** What is in a folder of the run: entries, and the sockets in tmux's folder (the empty folder itself is tmux's). */
function leftovers(root: string): string[] {
  const left: string[] = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (/^tmux-\d+$/.test(name) && statSync(path).isDirectory()) left.push(...readdirSync(path).map((s) => `${name}/${s}`));
    else left.push(name);
  }
  return left;
}
