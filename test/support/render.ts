// The one harness for UI tests: renders an Ink tree (or the whole App) into a fake terminal of a
// chosen size, sends keys as a terminal would, and waits on facts — a key handled by the input
// bus, a frame that shows something — never on fixed sleeps. Frames come back ANSI-stripped.
import { stripVTControlCharacters } from 'node:util';
import { render, type Instance } from 'ink';
import React, { type ReactElement } from 'react';
import { App, type AppProps } from '../../src/tui/app.js';
import type { Settings } from '../../src/tui/settings.js';
import { InputBus, InputProvider } from '../../src/tui/input/bus.js';
import type { TuiOptions } from '../../src/tui/options.js';
import { FakeStdin, FrameStdout } from './fake-terminal.js';

export const KEY = {
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  home: '\u001b[H',
  end: '\u001b[F',
  enter: '\r',
  escape: '\u001b',
  pageUp: '\u001b[5~',
  pageDown: '\u001b[6~',
  ctrlC: '\u0003',
  tab: '\t',
  shiftTab: '\u001b[Z',
  backspace: '\u007f',
  ctrl: (c: string) => String.fromCharCode(c.toLowerCase().charCodeAt(0) - 96),
} as const;

/** Lets the event loop run what is due now: effects, keys held for a new screen. */
export const settle = async (turns = 2) => {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r));
};

export interface Rendered {
  readonly instance: Instance;
  readonly stdout: FrameStdout;
  readonly stdin: FakeStdin;
  /** Every frame written, ANSI-stripped. */
  frames(): string[];
  /** Every frame as written, escape codes and all (a leak check looks here). */
  rawFrames(): string[];
  /** The last frame without escape codes. */
  frame(): string;
  /** The last frame as written (with colour codes). */
  rawFrame(): string;
  /** Writes each key as its own read, and waits until the app has handled it. */
  press(...keys: string[]): Promise<void>;
  /** Writes `text` as one read: keys typed together, or a paste. */
  type(text: string): Promise<void>;
  /** Polls until the frame passes `test`. */
  waitFor(test: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  resize(columns: number, rows: number): void;
  unmount(): void;
}

export interface Size {
  readonly columns?: number;
  readonly rows?: number;
  readonly onRender?: (m: { renderTime: number }) => void;
}

function mount(tree: ReactElement, size: Size, bus?: InputBus): Rendered {
  const stdout = new FrameStdout(size.columns ?? 100, size.rows ?? 30);
  const stdin = new FakeStdin();
  const stderr = new FrameStdout(100, 30);
  const instance = render(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
    ...(size.onRender ? { onRender: size.onRender } : {}),
  });
  const frame = () => stripVTControlCharacters(stdout.lastFrame());
  /** One read from the terminal, handled: the bus counted it (when there is one), then effects ran. */
  const send = async (data: string) => {
    const before = bus?.reads ?? 0;
    stdin.write(data);
    if (bus) {
      // A lone Escape is held by Ink (20 ms in Ink 8) in case the rest of a sequence follows: wait
      // until the bus has counted the read, on timers so Ink's own timer can fire.
      const end = Date.now() + 5_000;
      while (bus.reads === before && Date.now() < end) await new Promise<void>((r) => setTimeout(r, 1));
    }
    await settle();
  };
  return {
    instance,
    stdout,
    stdin,
    frames: () => stdout.frames.map((f) => stripVTControlCharacters(f)),
    rawFrames: () => [...stdout.frames],
    frame,
    rawFrame: () => stdout.lastFrame(),
    async press(...keys) {
      for (const k of keys) await send(k);
    },
    type: (text) => send(text),
    async waitFor(test, timeoutMs = 15_000) {
      const ok = typeof test === 'string' ? (s: string) => s.includes(test) : test instanceof RegExp ? (s: string) => test.test(s) : test;
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        if (ok(frame())) {
          await settle();
          return frame();
        }
        await new Promise<void>((r) => setTimeout(r, 5));
      }
      throw new Error(`Timed out waiting for ${String(test)}; frame was:\n${frame()}`);
    },
    resize: (columns, rows) => stdout.resize(columns, rows),
    unmount: () => instance.unmount(),
  };
}

/** Any Ink tree (a component that takes no keys). */
export function renderTui(tree: ReactElement, size: Size = {}): Rendered {
  return mount(tree, size);
}

/** One screen that takes keys, under its own input bus (as the App gives it one). */
export function renderScreen(tree: ReactElement, size: Size = {}): Rendered {
  const bus = new InputBus();
  return mount(React.createElement(InputProvider, { bus, children: tree }), size, bus);
}

export interface AppRender extends Omit<AppProps, 'options' | 'onExit' | 'bus'>, Partial<Omit<Settings, 'env' | 'overviewMs'>> {
  readonly onExit?: (code: number) => void;
  readonly size?: Size;
  /** Pages hold the rows that fit the terminal, as in dms; else 10 a page (what most tests count on). */
  readonly fitRows?: boolean;
}

/** The whole app, as `dms` runs it, with an input bus the harness watches. */
export function renderApp(options: TuiOptions, extra: AppRender = {}): Rendered {
  const bus = new InputBus();
  // The strip at a glance reads older pages in the background: off unless a test asks for it, so
  // tests that count page requests see only the pages they asked for (test/tui/screens/deployments/whole-history.test.tsx has it on).
  // Pages of 10 unless a test asks for the rows that fit (test/tui/page-fit.test.tsx).
  const {
    size = { columns: 120, rows: 36 },
    onExit = () => {},
    refreshMs = 60_000,
    stripRows = 0,
    fitRows = false,
    followMs,
    pageRows,
    ...rest
  } = extra;
  // The intervals and sizes go where dms's own come from: the options' settings (src/tui/settings.ts).
  const settings = { ...options.settings, refreshMs, stripRows, followMs, pageRows: fitRows ? undefined : (pageRows ?? 10) };
  return mount(React.createElement(App, { options: { ...options, settings }, onExit, bus, ...rest }), size, bus);
}

/** Polls `check` until it is true (a request made, a file written); fails after `timeoutMs`. */
export async function until(check: () => boolean, what = 'a condition', timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise<void>((r) => setTimeout(r, 5));
  }
}
