// Renders the app with Ink and waits for the user to quit (loaded by main.tsx).
import React from 'react';
import { render, type Instance } from 'ink';
import type { Terminal, TuiOptions } from './options.js';
import { App } from './app.js';
import type { Prefetch } from './first-page.js';
import { refreshCaches } from '../start/cache-notes.js';

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
  // The log viewer's follow period: 2 s; end-to-end tests shorten it (as for dms logs --follow).
  const followMs = Number(process.env.DMS_FOLLOW_INTERVAL_MS) || undefined;
  const app = () => <App options={options} prefetch={prefetch} followMs={followMs} onExit={exit} onCrash={(error) => { crash ??= error; }} />;
  // Assigned once, below; `let`, not const: exit() and onResize can run before render() returns.
  // eslint-disable-next-line prefer-const -- see above: a const would be read before it is set.
  let instance: Instance | undefined;
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
  // The first frame is drawn from the prefetched page; now load the real client (got, zod) for
  // the requests that follow, before the user's first key asks for one.
  const warm = (options.client as { warm?: () => void }).warm;
  if (warm) setTimeout(warm, 100);
  // A code cache made by this start is written again with what drawing the screen compiled.
  setTimeout(refreshCaches, 1000).unref();
  const onSignal = (signal: NodeJS.Signals) => {
    code = signal === 'SIGINT' ? 130 : 143;
    instance.unmount();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  const onUncaught = (error: Error) => {
    crash ??= error;
    code = 1;
    instance.unmount();
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
  }
  if (crash) {
    const message = options.client.redact(crash.message.split('\n')[0] ?? '');
    stderr.write(`dms: internal error: ${message}\nThis is a bug in dms; set DMS_DEBUG=1 for details.\n`);
    if (process.env.DMS_DEBUG) stderr.write(`${options.client.redact(crash.stack ?? '')}\n`);
    return code || 1;
  }
  return code;
}
