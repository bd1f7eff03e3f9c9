// Usage texts, one per command. Kept as data so `--help` and the README agree.
import { MAX_RESPONSE_MB, MAX_RESPONSE_MB_CEILING } from '../api/limits.js';
export const VERSION = '0.1.0';

const GLOBAL = `Connection (flags beat DMS_URL/DMS_TOKEN/DMS_CONTEXT beat the current context):
  --url URL           service base URL, e.g. https://host/api/v1
  --token TOKEN       API token (prefer DMS_TOKEN: flags show up in process lists)
  --context NAME      use a saved context (see: dms context)
  --demo              use the embedded demo service with sample data
  --timeout SECONDS   give up after this long without progress: to connect, to the first
                      byte of an answer, between two chunks of it (default 15); a download
                      that keeps arriving is never cut
  --max-response-mb N the largest answer read, in MB (default ${MAX_RESPONSE_MB}, at most
                      ${MAX_RESPONSE_MB_CEILING}; or DMS_MAX_RESPONSE_MB); a larger one is refused
Output:
  --json              machine-readable output
  --show-secrets      show secret fields and passwords in URLs (masked by default)
  --no-color          no colours (NO_COLOR is honoured too)
  -h, --help          help for a command
  -V, --version       print the version`;

export const HELP: Record<string, string> = {
  main: `dms — terminal UI and CLI for the Deployment Management Service

Usage:
  dms                                   open the TUI (demo service when nothing is configured)
  dms browse [APP_UUID]                 browse an application's deployments (TUI)
  dms deployments APP_UUID [--skip N] [--take N] [--all] [filters] [-o table|json|ndjson|csv]
  dms logs APP_UUID [DEPLOYMENT] [--follow] [--json]
  dms create app [--from FILE]          application wizard (TUI)
  dms create app --file FILE|-          create headlessly from a request body
  dms create docstore [--from FILE]     docstore database form (TUI)
  dms create docstore --file FILE|- [--conf-file PATH]
  dms context add NAME --url URL | list | use NAME | remove NAME
  dms demo --serve [--port N]           run only the demo service

${GLOBAL}

Exit codes: 0 ok, 1 network/server/unexpected, 2 usage or invalid input (nothing sent),
3 token rejected or lacking permission, 4 not found, 5 rejected by the server (validation,
conflict), 6 rate limited, 7 deployment failed, 8 deployment cancelled, 9 stopped waiting
(dms logs --follow), 130 interrupted.`,
  browse: `Usage: dms browse [APP_UUID]

Opens the deployments browser. Without APP_UUID, pick an application (recent ones and, in
demo mode, the sample applications). Press ? inside for keys.

${GLOBAL}`,
  deployments: `Usage: dms deployments APP_UUID [--skip N] [--take N] [--json]
       dms deployments APP_UUID --all [filters] [--limit N] [-o table|json|ndjson|csv]

Lists an application's deployments, newest first: one page, or with --all the whole history.
  --skip N         deployments to skip (default 0)
  --take N         deployments to return (default 10, at least 1)
  --all            read every page, printing rows as they come (a few MB per request, at
                   most two at a time, within the server's rate limit); deployments that
                   arrive meanwhile are neither repeated nor missed. Takes no --skip or --take.
                   On a terminal, stderr shows how far it got. A failure that retries do not
                   get past prints "stopped after N of M deployments" and exits by its cause
Filters (client-side: without --all, on the one page asked; --all reads everything):
  --status LIST    phases, comma-separated: queued, running (or in_progress), finished,
                   failed, cancelled, unknown
  --branch NAME    one branch, exactly (rows of the deployment queue do not say theirs)
  --since TIME     started at or after TIME: 7d, 36h, 90m (ago), 2026-11-01 (midnight UTC),
                   2026-11-01T10:00:00Z (UTC unless it has an offset); reading stops at the
                   first older deployment
  --until TIME     started before TIME (same forms)
  --limit N        stop after N deployments that match
Output format:
  -o, --output F   table (default), json (one array), ndjson (one record per line), csv
  --json           the same as -o json: the records as the server sent them, in an array
                   (secrets masked unless --show-secrets); left unclosed if --all stops
                   on a failure, so a JSON reader fails too
  csv              a header line, then status, source, commit, subject, branch, started,
                   finished (ISO 8601 UTC), duration (seconds, once final), server, id,
                   uuid; quoted as RFC 4180 says, lines end in CRLF. A cell that starts with
                   = + - or @ gets a ' in front, so a spreadsheet shows it instead of
                   running it as a formula
  With --all the table's columns are chosen and sized by its first 500 rows.

${GLOBAL}`,
  logs: `Usage: dms logs APP_UUID [DEPLOYMENT] [--follow [--wait-timeout SECONDS]] [--debug] [--timestamps] [--json]

Prints the log of the application's newest deployment, or of DEPLOYMENT (its id, e.g. 248,
or its uuid). Commands show as "$ command"; the build's stdout and stderr both go to stdout,
in order. The token, passwords in URLs and the record's secrets are always masked, with
--show-secrets too. The server sends logs only to tokens allowed to read sensitive data.
  --debug                  include the debug lines (hidden on the service's web page)
  --timestamps             start each line with its entry's timestamp
  --json                   one line of JSON per entry: command, output, type, timestamp,
                           hidden, batch, order (output cleaned and masked)
  --follow                 print new lines as they come (polls every 2 s) until the
                           deployment ends; status changes go to stderr. Exits 0 finished,
                           7 failed, 8 cancelled; Ctrl+C stops following (exit 130), the
                           deployment goes on
  --wait-timeout SECONDS   with --follow: stop waiting after SECONDS (exit 9); --timeout
                           stays the limit of each request

${GLOBAL}`,
  create: `Usage: dms create app|docstore [options]

${'  '}dms create app [--from FILE]              open the wizard (pre-filled from FILE)
  dms create app --file FILE|- [--json]     send the request body in FILE (- = stdin)
  dms create docstore [--from FILE]         open the form
  dms create docstore --file FILE|- [--conf-file PATH] [--json]
      --conf-file PATH  base64-encodes PATH into docstore_conf

The body is validated before anything is sent; every bad field is named (exit 2).

${GLOBAL}`,
  context: `Usage: dms context add NAME --url URL    (token read from stdin, or prompted without echo)
       dms context list                  (tokens are never printed)
       dms context use NAME
       dms context remove NAME

Contexts live in $DMS_CONFIG_DIR/config.json (default ~/.config/dms), mode 0600.`,
  demo: `Usage: dms demo --serve [--port N]

Runs only the embedded demo service in the foreground and prints DMS_URL, DMS_TOKEN,
DMS_TOKEN_NO_LOGS (a token whose rows carry no logs) and the sample project, server,
environment and application uuids. Ctrl+C stops it.`,
};
