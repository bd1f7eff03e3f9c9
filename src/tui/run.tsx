// Renders the app with Ink and waits for the user to quit (loaded by main.tsx).
import React from 'react';
import { render, type Instance } from 'ink';
import { debugOf, type Terminal, type TuiOptions } from './options.js';
import { App } from './app.js';
import type { Prefetch } from './first-page.js';
import { refreshCaches } from '../start/cache-notes.js';
import { HANG_UP_EXIT, endAsHangUp, watchTerminal } from './hang-up.js';

const ENTER_ALT_SCREEN = '\u001b[?1049h\u001b[H';
const LEAVE_ALT_SCREEN = '\u001b[?1049l';
const CLEAR_SCREEN = '\u001b[2J\u001b[H';

/** Runs the UI until the user quits; resolves with the exit code. The terminal is restored in every case. */
export async function start(options: TuiOptions, prefetch?: Prefetch, terminal: Terminal = process): Promise<number> {
  const { stdin, stdout, stderr } = terminal;
  let code = 0;
  let done = false;
  /** A bug that stopped the UI, printed once the terminal is restored. */
  let crash: Error | undefined;
  let exiting = false;
  /** Set once the terminal is gone (hang-up.ts): the exit is quiet, with 129. */
  let hungUp = false;
  // eslint-disable-next-line prefer-const -- assigned once, below, and read by the handlers before then.
  let instance: Instance | undefined;
  let stopped = false;
  const stop = (c: number) => {
    code = c;
    stopped = true;
    instance?.unmount();
  };
  const terminalWatch = watchTerminal(
    terminal,
    () => {
      if (hungUp) return;
      hungUp = true;
      stop(HANG_UP_EXIT);
    },
    (error) => {
      crash ??= error;
      stop(1);
    },
  );
  // Raw mode before the first frame: a key pressed while React mounts (Ctrl+C included) waits in
  // stdin for Ink instead of being turned into a signal or echoed by the terminal.
  stdin.setRawMode?.(true);
  stdout.write(ENTER_ALT_SCREEN);
  const restore = () => {
    if (done) return;
    done = true;
    stdout.write(`${LEAVE_ALT_SCREEN}\u001b[?25h`);
  };
  const exit = (c: number) => {
    // The first word counts (a second `q` read with the first one changes nothing).
    if (exiting) return;
    exiting = true;
    code = c;
    setImmediate(() => instance?.unmount());
  };
  const app = () => (
    <App
      options={options}
      prefetch={prefetch}
      onExit={exit}
      onCrash={(error) => {
        crash ??= error;
      }}
    />
  );
  // On a resize Ink lays the tree out at the new width and draws it at once, before React has
  // re-rendered for that width: lines laid out for the old width would be wrapped by the terminal
  // into rows Ink does not know it drew. This listener, added before Ink's, re-renders the app
  // first (the App reads the terminal size on every render). Any resize starts from a clear
  // screen: a narrower terminal rewraps the old frame, a shorter one scrolls it, and Ink then
  // erases from where it thinks the frame starts (a footer was left over the table's border).
  // The frame is laid out for the terminal's size, so the next one differs and is written whole.
  let size = `${stdout.columns ?? 0}x${stdout.rows ?? 0}`;
  const onResize = () => {
    const now = `${stdout.columns ?? 0}x${stdout.rows ?? 0}`;
    if (now !== size) stdout.write(CLEAR_SCREEN);
    size = now;
    instance?.rerender(app());
  };
  stdout.on('resize', onResize);
  instance = render(app(), { stdin, stdout, stderr: stderr as NodeJS.WriteStream, exitOnCtrlC: false, patchConsole: true, maxFps: 60 });
  // The terminal went away while Ink was starting.
  if (stopped) instance.unmount();
  // The first frame is drawn from the prefetched page; now load the real client (got, zod) for
  // the requests that follow, before the user's first key asks for one.
  const warm = (options.client as { warm?: () => void }).warm;
  if (warm) setTimeout(warm, 100);
  // A code cache made by this start is written again with what drawing the screen compiled.
  setTimeout(refreshCaches, 1000).unref();
  const onSignal = (signal: NodeJS.Signals) => {
    if (signal === 'SIGHUP') hungUp = true;
    stop(signal === 'SIGINT' ? 130 : signal === 'SIGHUP' ? HANG_UP_EXIT : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  const onUncaught = (error: Error) => {
    crash ??= error;
    stop(1);
  };
  process.on('uncaughtException', onUncaught);
  try {
    await instance.waitUntilExit();
  } catch (error) {
    crash ??= error instanceof Error ? error : new Error(String(error));
    code = 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    process.off('uncaughtException', onUncaught);
    stdout.off('resize', onResize);
    instance.cleanup();
    stdin.setRawMode?.(false);
    restore();
    // After a hang-up every write to the terminal fails: the watch stays to take those errors.
    if (!hungUp) terminalWatch.stop();
  }
  // A write that failed because the terminal is gone never gets here (the watch takes it).
  if (crash) {
    const message = options.client.redact(crash.message.split('\n')[0] ?? '');
    stderr.write(`dms: internal error: ${message}\nThis is a bug in dms; set DMS_DEBUG=1 for details.\n`);
    if (debugOf(options)) stderr.write(`${options.client.redact(crash.stack ?? '')}\n`);
  }
  if (hungUp) {
    endAsHangUp();
    return HANG_UP_EXIT;
  }
  return crash ? code || 1 : code;
}
