// The set-up the end-to-end tests share: the built binary started in a real terminal (tmux) with
// the environment a test chose, each terminal killed after its test; and, for most files, a demo
// service started for the file that dms is pointed at.
import { COMPRESSION } from '../../src/demo/compress.js';
import { afterEach } from 'vitest';
import type { DemoOptions } from '../../src/demo/server.js';
import { BIN } from './bin.js';
import { setUpDemoService, type DemoFixture } from './demo.js';
import { tempDir } from './temp.js';
import { shellQuote, startTmux, type TmuxSession } from './tmux.js';

export interface LaunchOptions {
  /** The terminal's size: startTmux's 100×30 unless given. */
  readonly width?: number;
  readonly height?: number;
  /**
   * Variables added to the defaults or set in their place: TERM=xterm-256color, a new
   * DMS_CONFIG_DIR (a temp folder removed after the file) and, on a demo, its DMS_URL and
   * DMS_TOKEN. One set to `undefined` is left unset (`TERM: undefined`: tmux's own).
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The script node runs: the built binary (BIN) unless given. */
  readonly bin?: string;
}

export interface Terminals {
  /** `dms ARGS` (node BIN ARGS: the Node that runs the tests, first on PATH: global-setup.ts) in a new terminal. */
  launch(args: string, options?: LaunchOptions): TmuxSession;
  /** A shell command line in a new terminal, with the same environment as `launch`. */
  run(command: string, options?: LaunchOptions): TmuxSession;
}

export interface DemoTerminals extends Terminals {
  /** The file's demo service: started before its first test (read it in a hook or a test). */
  readonly demo: DemoFixture;
}

/**
 * Registers, in the calling test file, an afterEach that kills every terminal started through the
 * returned functions. `name` names the config folders: `dms-e2e-NAME-…`. `defaults` are variables
 * set before the test's own (read at each start).
 */
export function setUpTerminals(name: string, defaults: () => Record<string, string> = () => ({})): Terminals {
  const open: TmuxSession[] = [];
  afterEach(() => {
    while (open.length > 0) open.pop()!.kill();
  });
  const run = (command: string, { width, height, env = {} }: LaunchOptions = {}): TmuxSession => {
    const all: Record<string, string | undefined> = {
      TERM: 'xterm-256color',
      XDG_CACHE_HOME: process.env.TEST_CACHE_HOME,
      ...defaults(),
      ...env,
    };
    if (!('DMS_CONFIG_DIR' in env)) all.DMS_CONFIG_DIR = tempDir(`dms-e2e-${name}-`);
    // The pages a dms saw are its own unless the test shares a folder (a second visit).
    if (!('DMS_CACHE_DIR' in env)) all.DMS_CACHE_DIR = tempDir(`dms-pages-${name}-`);
    const set = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
    const session = startTmux(command, { width, height, env: set });
    open.push(session);
    return session;
  };
  return {
    run,
    launch: (args, options = {}) => run(`node ${shellQuote(options.bin ?? BIN)}${args ? ` ${args}` : ''}`, options),
  };
}

/**
 * setUpTerminals on a demo service started for the calling test file (beforeAll) and closed after
 * it (afterAll): each terminal's dms reads it (DMS_URL, DMS_TOKEN) unless the test sets others.
 * `options` are the demo's, in place of the default (no rate limit).
 */
export function setUpDemo(name: string, options: DemoOptions = { rateLimitPerMinute: 0 }): DemoTerminals {
  // The built binary reads the service as users' servers answer it: compressed when asked.
  const demo = setUpDemoService({ compression: COMPRESSION, ...options });
  return { ...setUpTerminals(name, () => demo.env), demo };
}
