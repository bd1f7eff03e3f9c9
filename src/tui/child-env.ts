// The environment of a program dms starts from the TUI (the browser, tmux asked for its options):
// the user's, without dms's own variables. DMS_TOKEN above all: a browser outlives dms, and
// every program it starts inherits what it was given.

/** `env` less every `DMS_…` variable (DMS_TOKEN, DMS_URL, DMS_CONTEXT, DMS_CONFIG_DIR, DMS_BROWSER…). */
export function withoutDmsVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^DMS_/i.test(name)));
}
