// Once per `vitest run`: the tests' temp folders, files and tmux sockets all go into one folder
// of the run's own (TMPDIR and TMUX_TMPDIR point there for the test processes and whatever they
// start), so runs side by side never count each other's. At the end anything still in it is a
// leak: it is named, the run fails (exit 1), and the folder is removed either way.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const saved = { TMPDIR: process.env.TMPDIR, TMUX_TMPDIR: process.env.TMUX_TMPDIR };
  const root = mkdtempSync(join(tmpdir(), 'dms-run-'));
  process.env.TMPDIR = root;
  process.env.TMUX_TMPDIR = root;
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    const left = leftovers(root);
    rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    if (left.length > 0) {
      const shown = left.slice(0, 20).join(', ') + (left.length > 20 ? `, … (${left.length - 20} more)` : '');
      console.error(`\ntests left ${left.length} thing${left.length === 1 ? '' : 's'} in the temp folder: ${shown}.`
        + ' Make them with tempDir() (test/support/temp.ts), which removes them after the test file;'
        + ' stop the processes that write into them first.');
      process.exitCode = 1;
    }
  };
}

/** What is in the run's folder: entries, and the sockets in tmux's folder (the empty folder itself is tmux's). */
function leftovers(root: string): string[] {
  const left: string[] = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (/^tmux-\d+$/.test(name) && statSync(path).isDirectory()) left.push(...readdirSync(path).map((s) => `${name}/${s}`));
    else left.push(name);
  }
  return left;
}
