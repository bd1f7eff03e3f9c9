// Entry of the interactive UI, imported lazily by the CLI so headless commands never load Ink.
// It loads Ink and React (~130 ms) while the first page's request (asked for by the CLI as soon as
// the connection is known: first-page.ts) is on the wire, so the first frame can show the page.
import { TERMINAL_REQUIRED, hasTerminal, type Terminal, type TuiOptions } from './options.js';
import type { Prefetch } from './first-page.js';
import type { DeploymentPage } from '../api/schemas/deployment.js';
import { loadKeysFile } from '../config/keys-file.js';
import { scriptsReady } from '../start/cache-notes.js';
import { loadWithInkSteered } from '../start/ink-load.js';
import type { BoundKeys } from './keys.js';

/** How long the first frame waits for the prefetched page before showing "Loading…". */
const FIRST_PAGE_WAIT_MS = 150;
/** How long it waits for the page's first byte when none has come by the time Ink is ready. */
const FIRST_BYTE_WAIT_MS = 40;

/**
 * The prefetched page if it lands soon: within FIRST_PAGE_WAIT_MS while its answer is arriving;
 * when not a byte of it has come yet, FIRST_BYTE_WAIT_MS for one (a far server: "loading…" and
 * the bytes as they come beat a blank screen), then the rest of the wait once one has.
 */
async function briefly(prefetch: Prefetch): Promise<DeploymentPage | undefined> {
  let arriving = false;
  let timer: NodeJS.Timeout | undefined;
  let resolveWait!: (page: undefined) => void;
  const wait = new Promise<undefined>((resolve) => {
    resolveWait = resolve;
  });
  const started = Date.now();
  prefetch.watch?.((bytes) => {
    if (bytes > 0 && !arriving) {
      arriving = true;
      clearTimeout(timer);
      timer = setTimeout(() => resolveWait(undefined), Math.max(0, FIRST_PAGE_WAIT_MS - (Date.now() - started)));
    }
  });
  if (!arriving) timer = setTimeout(() => resolveWait(undefined), prefetch.watch ? FIRST_BYTE_WAIT_MS : FIRST_PAGE_WAIT_MS);
  const page = await Promise.race([
    prefetch.page.then(
      (p) => p,
      () => undefined,
    ),
    wait,
  ]);
  clearTimeout(timer);
  return page;
}

/**
 * Runs the UI until the user quits; resolves with the exit code. The terminal is restored in every
 * case. `first`: the first page, already asked for (see first-page.ts).
 */
export async function runTui(options: TuiOptions, first?: Prefetch, terminal: Terminal = process): Promise<number> {
  const { stdin, stdout, stderr } = terminal;
  if (!hasTerminal(stdin, stdout)) {
    stderr.write(`dms: ${TERMINAL_REQUIRED}\n`);
    return 2;
  }
  // NO_COLOR means no colour, not no style: components read colours from the theme (none in the
  // plain theme) and keep bold and inverse, so a search match or a cursor still shows. chalk itself
  // ignores NO_COLOR; nothing of ours names a colour outside the theme (the picker's muted
  // placeholder is left out then).
  let prefetch = first;
  // keys.json: a small read (zod loads only when there is a file), alongside Ink's loading.
  const keysLoad = loadKeys(options.configDir);
  try {
    const [{ start }, keys] = await Promise.all([loadInk(), keysLoad]);
    // The built binary's ui script starts its layout engine (WebAssembly) as it loads: wait for it.
    await scriptsReady();
    // Each problem on its own line before the UI takes the screen: they are there after it exits.
    for (const problem of keys?.problems ?? []) stderr.write(`dms: ${problem}\n`);
    if (prefetch && !prefetch.seen) {
      // The page usually lands within a few ms of Ink being ready: wait briefly for it so the
      // first frame is drawn once, with the page, instead of "Loading…" and then again. (Not when
      // the page cache has the application's page: that is drawn at once, the fresh one follows.)
      const settled = await briefly(prefetch);
      if (settled) prefetch = { ...prefetch, result: settled };
    }
    return await start(keys ? { ...options, keys } : options, prefetch, terminal);
  } finally {
    prefetch?.abort();
  }
}

/** The key map with keys.json laid over it; undefined when there is no such file. */
async function loadKeys(configDir: string): Promise<BoundKeys | undefined> {
  // The binder (and its check of the defaults for clashes) loads only when there is something to bind.
  const bind = async (...args: Parameters<typeof import('./key-bindings.js').bindKeys>) =>
    (await import('./key-bindings.js')).bindKeys(...args);
  try {
    const file = await loadKeysFile(configDir);
    return file.bindings.length > 0 || file.problems.length > 0 ? await bind(file.bindings, file.problems) : undefined;
  } catch (error) {
    return bind(
      [],
      [`keys.json could not be read (${error instanceof Error ? error.message.split('\n')[0] : 'error'}): default keys in use`],
    );
  }
}

/** Loads Ink (with run.tsx), steered as start/ink-load.ts says. */
function loadInk(): Promise<typeof import('./run.js')> {
  return loadWithInkSteered(() => import('./run.js'));
}
