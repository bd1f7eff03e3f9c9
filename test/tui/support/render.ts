// Renders an Ink tree into a fake terminal of a chosen size (ink-testing-library's is fixed at
// 100 columns with no rows); frames come back ANSI-stripped unless asked for.
import { EventEmitter } from 'node:events';
import { stripVTControlCharacters } from 'node:util';
import { render, type Instance } from 'ink';
import type { ReactElement } from 'react';

class FakeStdout extends EventEmitter {
  frames: string[] = [];
  isTTY = true;
  constructor(public columns: number, public rows: number) { super(); }
  write = (frame: string) => { this.frames.push(frame); return true; };
  lastFrame = () => this.frames[this.frames.length - 1] ?? '';
}

/** stdin in raw mode: `write(key)` delivers the key as a terminal would (bench/render.tsx uses it too). */
export class FakeStdin extends EventEmitter {
  isTTY = true;
  data: string | null = null;
  write = (data: string) => { this.data = data; this.emit('readable'); this.emit('data', data); };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => { const d = this.data; this.data = null; return d; };
}

export const KEY = {
  up: '\u001b[A', down: '\u001b[B', right: '\u001b[C', left: '\u001b[D',
  enter: '\r', escape: '\u001b', pageUp: '\u001b[5~', pageDown: '\u001b[6~', ctrlC: '\u0003', tab: '\t',
} as const;

export interface Rendered {
  readonly instance: Instance;
  readonly stdout: FakeStdout;
  /** The last frame without escape codes. */
  frame(): string;
  /** The last frame as written (with colour codes). */
  rawFrame(): string;
  /** Writes each key separately, yielding between them. */
  press(...keys: string[]): Promise<void>;
  /** Polls until the frame passes `test`. */
  waitFor(test: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  resize(columns: number, rows: number): void;
  unmount(): void;
}

export const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

export function renderTui(tree: ReactElement, size: { columns?: number; rows?: number; onRender?: (m: { renderTime: number }) => void } = {}): Rendered {
  const stdout = new FakeStdout(size.columns ?? 100, size.rows ?? 30);
  const stdin = new FakeStdin();
  const stderr = new FakeStdout(100, 30);
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
  const r: Rendered = {
    instance,
    stdout,
    frame,
    rawFrame: () => stdout.lastFrame(),
    async press(...keys) {
      for (const k of keys) {
        stdin.write(k);
        await tick(25);
      }
    },
    async waitFor(test, timeoutMs = 4000) {
      const ok = typeof test === 'string' ? (s: string) => s.includes(test)
        : test instanceof RegExp ? (s: string) => test.test(s) : test;
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        if (ok(frame())) {
          await tick(40); // let effects (key handlers of a new screen) settle, as a person would
          return frame();
        }
        await tick(10);
      }
      throw new Error(`Timed out waiting for ${String(test)}; frame was:\n${frame()}`);
    },
    resize(columns, rows) {
      stdout.columns = columns;
      stdout.rows = rows;
      stdout.emit('resize');
    },
    unmount: () => instance.unmount(),
  };
  return r;
}
