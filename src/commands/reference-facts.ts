// What the reference says besides the commands: every exit code (a few words for `dms --help`, a
// sentence for the man page and docs/commands.md), the environment and the files dms reads.
import { EXIT } from './exit-codes.js';

/** Every exit code: a few words for `dms --help`, a sentence for the man page and docs/commands.md. */
export const EXIT_TABLE: Readonly<Record<keyof typeof EXIT, readonly [short: string, long: string]>> = {
  ok: ['ok', 'success'],
  failure: ['network/server/unexpected', 'network failure, server error, unexpected answer, or a bug'],
  usage: ['usage or invalid input (nothing sent)', 'usage error or invalid input; nothing was sent'],
  auth: ['token rejected or lacking permission', 'token rejected (401) or lacking permission (403)'],
  notFound: [
    'not found (with --cached: nothing cached)',
    'not found (404); dms deployments --cached: nothing is cached for that application, or that page, on that server',
  ],
  rejected: ['rejected by the server (validation, conflict)', 'rejected by the server: validation (422/400) or conflict (409)'],
  rateLimited: ['rate limited', 'rate limited (429)'],
  failed: ['deployment failed', 'dms logs --follow, dms create app --wait: the deployment failed'],
  cancelled: ['deployment cancelled', 'dms logs --follow, dms create app --wait: the deployment was cancelled'],
  timedOut: [
    'stopped waiting (dms logs --follow, dms create app --wait)',
    'dms logs --follow, dms create app --wait: --wait-timeout passed; the deployment is still running (or, for create --wait, was never listed)',
  ],
  unconfirmed: [
    'a creation may have been made (its answer lost or unreadable: look for it before sending again)',
    'a creation reached the server and may have made the resource (its answer was lost) or did (a 2xx whose answer could not be read): look for it before sending again',
  ],
  noReason: [
    'dms logs --reason found no reason',
    'dms logs --reason: no reason to print (the deployment neither failed nor was cancelled, its row has no logs, or its log says nothing of why it ended)',
  ],
  miscount: [
    "a read of the whole history did not come to the server's count",
    'a read of the whole history (--all, dms stats, dms reasons, dms diff, dms logs APP REF) came to a different number than the server counts; what was read is printed',
  ],
  outputClosed: [
    "stdout was closed before a creation's answer was written (no --save-credentials file holds it)",
    "a creation's answer could not all be written: stdout was closed and no --save-credentials file holds it",
  ],
  oldNode: [
    'this Node.js is older than 22',
    'the Node.js running dms is older than 22 (said in one line, with what to do); nothing else ran',
  ],
  hangUp: ['hang-up', 'hang-up: the terminal went away (closed, SIGHUP); a creation in flight may have been made (said on stderr)'],
  interrupted: ['interrupted', 'interrupted (Ctrl+C, SIGINT)'],
  terminated: ['terminated', 'stopped (SIGTERM); a creation in flight may have been made (said on stderr)'],
};

/** The exit codes in order: [code, short, long]. */
export function exitCodes(): (readonly [number, string, string])[] {
  return (Object.keys(EXIT_TABLE) as (keyof typeof EXIT)[])
    .map((name) => [EXIT[name], ...EXIT_TABLE[name]] as const)
    .sort((a, b) => a[0] - b[0]);
}

/** The environment dms reads (the man page and docs/commands.md list it). */
export const ENVIRONMENT: readonly (readonly [name: string, what: string])[] = [
  ['DMS_URL', 'the service base URL, e.g. https://host/api/v1 (--url beats it)'],
  ['DMS_TOKEN', 'the API token (--token beats it; prefer this variable: flags show up in process lists)'],
  ['DMS_CONTEXT', 'the saved context to use (--context beats it)'],
  ['DMS_CONFIG_DIR', 'the config folder (default $XDG_CONFIG_HOME/dms, else ~/.config/dms)'],
  ['DMS_MAX_RESPONSE_MB', 'the largest answer read, in MB (--max-response-mb beats it)'],
  ['DMS_BROWSER', "the program that opens a deployment's web page (default xdg-open, open on macOS)"],
  [
    'DMS_DEBUG',
    'set: a stack trace with errors (the token redacted), and at exit a line for each code cache and script, and what became of the connection opened early',
  ],
  ['NO_COLOR', 'set and not empty: no colours (as --no-color)'],
  [
    'DMS_NO_NOTIFY',
    'set and not empty: no notification or bell when a deployment on the board or followed in the log ends (as --no-notify)',
  ],
  [
    'TERM_PROGRAM, TERM',
    'how a deployment that ended is told: iTerm2 gets OSC 9; WezTerm, Ghostty and foot OSC 777; kitty OSC 99; tmux and the rest the bell',
  ],
  ['XDG_CONFIG_HOME', 'where the config folder is when DMS_CONFIG_DIR is not set'],
  [
    'XDG_CACHE_HOME',
    "where dms's cache folder is: $XDG_CACHE_HOME/dms, else ~/.cache/dms (the page cache; the code caches when dms's own folder cannot be written)",
  ],
  ['DMS_NO_CACHE', 'set (not 0): nothing is kept in the cache folder, neither pages and logs nor code caches'],
  ['DMS_CACHE_DIR', 'where the page cache keeps pages and logs (absolute; default $XDG_CACHE_HOME/dms, else ~/.cache/dms)'],
  ['DMS_CACHE_MB', 'the most the page cache keeps, in MB (default 100): the oldest files go first'],
];

/** The files dms keeps, in the config folder and the cache folder. */
export const FILES: readonly (readonly [path: string, what: string])[] = [
  ['$DMS_CONFIG_DIR/config.json', 'the saved contexts and the current one (mode 0600; see dms context)'],
  ['$DMS_CONFIG_DIR/keys.json', 'your own keys for the TUI (see docs/keys.md)'],
  ['$DMS_CONFIG_DIR/recents.json', 'the applications recently opened or read, per server'],
  ['$DMS_CONFIG_DIR/page-sizes.json', 'the rows per page chosen for an application'],
  ['$DMS_CONFIG_DIR/display.json', 'how times are shown (T in the TUI)'],
  ['$DMS_CONFIG_DIR/drafts/', "the forms' drafts, saved as you type (mode 0600)"],
  ['$XDG_CACHE_HOME/dms/pages/', 'the page cache: the pages shown of each application, per server (mode 0600; see dms cache)'],
  ['$XDG_CACHE_HOME/dms/logs/', 'the logs opened, their last 8 MB (mode 0600)'],
];
