// The built binary in a real terminal (tmux), issue 31: a terminal that goes away (its window
// closed, `tmux kill-session`) ends dms quietly with 129, as SIGHUP does; SIGTERM 143, SIGINT 130.
// dms runs under a bash that outlives the terminal (it ignores the hang-up) and writes dms's exit
// code and stderr to files: the terminal that would show them is gone. Under that bash dms is not
// the terminal's first process, so on kill-session it may hear no SIGHUP, only the end of its
// input and EIO on its writes.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import stripAnsi from 'strip-ansi';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/bin.js';
import { tempDir } from '../support/temp.js';
import { setUpTerminals } from '../support/terminals.js';
import { shellQuote, type TmuxSession } from '../support/tmux.js';

const terminals = setUpTerminals('hang-up');

interface Watched {
  readonly t: TmuxSession;
  /** dms's process id. */
  readonly pid: number;
  /** Waits for dms to end: its exit code and its stderr. */
  ended(): Promise<{ code: number; stderr: string }>;
}

/** dms with nothing configured (the embedded demo) on the picker, its exit code and stderr going to files. */
async function onPicker(): Promise<Watched> {
  const dir = tempDir('dms-hang-up-');
  const [shell, code, stderr] = ['shell.pid', 'code', 'stderr'].map((f) => shellQuote(join(dir, f)));
  const t = terminals.run(
    `bash -c ${shellQuote(`echo $$ > ${shell}; trap : HUP; node ${shellQuote(BIN)} 2> ${stderr}; echo $? > ${code}`)}`,
  );
  await t.waitFor('Open an application');
  const parent = readFileSync(join(dir, 'shell.pid'), 'utf8').trim();
  const pid = Number(execFileSync('pgrep', ['-P', parent], { encoding: 'utf8' }).trim());
  const ended = async () => {
    const file = join(dir, 'code');
    const end = Date.now() + 30_000;
    while (!(existsSync(file) && readFileSync(file, 'utf8').endsWith('\n'))) {
      if (Date.now() > end) throw new Error(`dms (pid ${pid}) did not end; stderr:\n${readFileSync(join(dir, 'stderr'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return { code: Number(readFileSync(file, 'utf8')), stderr: readFileSync(join(dir, 'stderr'), 'utf8') };
  };
  return { t, pid, ended };
}

describe('a terminal that goes away (tmux)', () => {
  it('tmux kill-session: dms ends with 129 and writes nothing (no "internal error", no stack)', async () => {
    const { t, ended } = await onPicker();
    t.kill();
    const { code, stderr } = await ended();
    // Escape sequences only (Ink shows the cursor again on stderr as the process ends): no words.
    expect(stripAnsi(stderr)).toBe('');
    expect(code).toBe(129);
  });

  it.each([
    ['SIGHUP', 129],
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('kill -%s: exit %i, nothing written, the terminal given back', async (signal, expected) => {
    const { t, pid, ended } = await onPicker();
    process.kill(pid, signal);
    const { code, stderr } = await ended();
    expect(stripAnsi(stderr)).toBe('');
    expect(code).toBe(expected);
    // Out of the alternate screen: the shell's screen is back, the picker gone.
    expect(await t.waitFor(/\[exit \d+\]/)).not.toContain('Open an application');
  });
});
