// The bench's terminal: the test harness's fake stdin and stdout (test/support/fake-terminal.ts),
// with a stdout that keeps the screen the bytes draw and times key → frame.
import type React from 'react';
import { performance } from 'node:perf_hooks';
import { render, type Instance } from 'ink';
import { FakeStdin, FakeStdout, VirtualScreen } from '../../test/support/fake-terminal.js';

export const WIDTH = 120;

/** The synchronized-update brackets (CSI ? 2026 h/l) and cursor show/hide: written alone, not frames. */
const NOT_FRAMES = new Set(['\u001b[?2026h', '\u001b[?2026l', '\u001b[?25l', '\u001b[?25h']);

/** stdout of `columns` × `rows`: keeps the screen and wakes whoever waits for a frame. */
export class ScreenStdout extends FakeStdout {
  frames = 0;
  readonly screen = new VirtualScreen();
  private waiter: ((screen: string) => boolean) | null = null;

  get last(): string {
    return this.screen.text();
  }

  protected override written(data: string): void {
    this.screen.apply(data);
    if (!NOT_FRAMES.has(data)) {
      this.frames++;
      if (this.waiter?.(this.screen.text())) this.waiter = null;
    }
  }

  /**
   * Resolves with the ms from `send()` (or from `from`, a performance.now() time: when the key was
   * due) to the first frame after which the screen passes `done`.
   */
  timeFrame(send: () => void, done: (screen: string) => boolean, timeoutMs = 10_000, from?: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        const lines = this.last.split('\n');
        reject(
          new Error(
            `no matching frame in ${timeoutMs} ms; screen:\n${lines.slice(0, 4).join('\n')}\n…\n${lines.slice(4).join('\n').slice(-1200)}`,
          ),
        );
      }, timeoutMs);
      const t0 = from ?? performance.now();
      this.waiter = (screen) => {
        if (!done(screen)) return false;
        const ms = performance.now() - t0;
        clearTimeout(timer);
        resolve(ms);
        return true;
      };
      send();
    });
  }

  /** Waits (untimed) until the screen passes `done`. */
  async until(done: (screen: string) => boolean, timeoutMs = 10_000): Promise<string> {
    if (done(this.last)) return this.last;
    await this.timeFrame(() => {}, done, timeoutMs);
    return this.last;
  }
}

export interface Term {
  stdout: ScreenStdout;
  stdin: FakeStdin;
  instance: Instance;
}

/** Ink's frame rate cap as src/tui/run.tsx sets it. */
export const TUI_MAX_FPS = 60;
/**
 * Whole frames, as src/tui/run.tsx draws them: Ink 6.8's incrementalRendering moves the frame
 * down one line per update whenever the frame is shorter than the terminal (seen in tmux too),
 * leaving stale lines on screen, so neither the TUI nor the bench uses it.
 */
const INCREMENTAL = false;

/**
 * Renders `node` into a terminal WIDTH × `rows` (or into `stdout`, for a first frame timed from
 * the render call). maxFps 1000 for timing: the TUI's 60 fps throttle would hold back a frame
 * that follows another within 17 ms (the page change draws "loading" then the page); we time the work.
 */
export function mount(node: React.ReactElement, rows: number, maxFps = 1000, stdout = new ScreenStdout(WIDTH, rows)): Term {
  const stdin = new FakeStdin();
  const stderr = new ScreenStdout(WIDTH, rows);
  const instance = render(node, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
    incrementalRendering: INCREMENTAL,
    maxFps,
  });
  return { stdout, stdin, instance };
}
