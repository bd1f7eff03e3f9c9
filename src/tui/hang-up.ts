// A terminal that went away (its window closed, `tmux kill-session`, ssh dropped). dms hears of it
// as SIGHUP, the end of the terminal's input, or EIO/EPIPE on a write or a mode change, in any
// order, and some of them only: a dms that is not the terminal's first process may get no SIGHUP.
// None of them is a bug, and after one every later write to the terminal fails the same way.
import type { Terminal } from './options.js';

/** The exit code of a hang-up: 128 + SIGHUP, what a shell reports for a process it ended. */
export const HANG_UP_EXIT = 129;

const GONE = new Set(['EIO', 'EPIPE']);

/**
 * Calls `gone` when the terminal's input ends or one of its streams fails as a closed terminal
 * does; another error of those streams goes to `failed`. The listeners stay until `stop()`.
 */
export function watchTerminal(terminal: Terminal, gone: () => void, failed: (error: Error) => void): { stop: () => void } {
  const { stdin, stdout, stderr } = terminal;
  const onError = (error: Error) => {
    if (GONE.has((error as NodeJS.ErrnoException).code ?? '')) gone();
    else failed(error);
  };
  // In raw mode a key never ends the input (Ctrl+D is a byte): only a terminal that is gone does.
  const onEnd = () => gone();
  const streams: NodeJS.EventEmitter[] = [stdin, stdout, stderr];
  stdin.on('end', onEnd);
  for (const stream of streams) stream.on('error', onError);
  return {
    stop: () => {
      stdin.off('end', onEnd);
      for (const stream of streams) stream.off('error', onError);
    },
  };
}

/**
 * Ends the process as SIGHUP would once everything else is done (the demo service closed, caches
 * written): Node's own exit sets the terminal's modes back, which fails on a closed terminal and
 * aborts Node (exit 134, a native stack on stderr). Killed by the signal it does nothing more;
 * the shell reports 129.
 */
export function endAsHangUp(): void {
  process.once('beforeExit', () => {
    process.removeAllListeners('SIGHUP');
    process.kill(process.pid, 'SIGHUP');
  });
}
