// The caller's shell must not change a test. Whoever uses dms has DMS_URL, DMS_TOKEN and
// DMS_CONFIG_DIR set, maybe NO_COLOR, CI or XDG_CONFIG_HOME; run inside tmux, TMUX too. Each is
// removed from the environment of the test run (global-setup.ts) and of every test file
// (setup.ts) before any test starts, so a test and every process it starts (the built binary,
// the tmux server and what runs in it) see only what the test chose.

/** Settings of the test harness itself, not of dms: kept. */
const HARNESS = new Set(['DMS_BIN', 'DMS_FUZZ_SCALE']);

/**
 * What dms reads (src/: DMS_*, XDG_CONFIG_HOME, NO_COLOR, the terminal and display variables of
 * clipboard.ts and open-link.ts) and what decides how Ink and chalk draw (CI,
 * CONTINUOUS_INTEGRATION, FORCE_COLOR, COLORTERM).
 */
const CLEARED = new Set([
  'NO_COLOR',
  'FORCE_COLOR',
  'COLORTERM',
  'CI',
  'CONTINUOUS_INTEGRATION',
  'TERM_PROGRAM',
  'TERM_PROGRAM_VERSION',
  'KITTY_WINDOW_ID',
  'WT_SESSION',
  'TMUX',
  'TMUX_PANE',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'SSH_CONNECTION',
  'SSH_CLIENT',
  'SSH_TTY',
  'WSL_DISTRO_NAME',
  'WSL_INTEROP',
]);

/** Whether the caller's `name` is removed before tests run. */
export function cleared(name: string): boolean {
  if (HARNESS.has(name)) return false;
  return name.startsWith('DMS_') || name.startsWith('XDG_') || CLEARED.has(name);
}

/** Removes from `env` (default: this process's) every variable that `cleared` names; returns their names. */
export function clearCallerEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const removed = Object.keys(env).filter(cleared);
  for (const name of removed) delete env[name];
  return removed;
}
