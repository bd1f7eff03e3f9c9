// Usage texts, one per command. Kept as data so `--help` and the README agree.
import { MAX_RESPONSE_MB, MAX_RESPONSE_MB_CEILING } from '../api/limits.js';
export { VERSION } from './version.js';

/** The options every command takes (`dms create app --help` adds them after its field flags). */
export const GLOBAL_HELP_TEXT = `Connection (flags beat DMS_URL/DMS_TOKEN/DMS_CONTEXT beat the current context):
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
const GLOBAL = GLOBAL_HELP_TEXT;
const ADDRESS = `APP_UUID may be the address of the application's page on the service, as the browser
shows it (https://HOST/project/…/application/UUID): the uuid is read from it, and HOST must
be the host of the connection.`;

export const HELP: Record<string, string> = {
  main: `dms — terminal UI and CLI for the Deployment Management Service

Usage:
  dms                                   open the TUI (demo service when nothing is configured)
  dms browse [APP_UUID]                 browse an application's deployments (TUI)
  dms deployments APP_UUID [--skip N] [--take N] [--all] [filters] [-o table|json|ndjson|csv]
  dms logs APP_UUID [DEPLOYMENT] [--follow] [--json]
  dms stats APP_UUID [--since T] [--until T] [-o table|json]
                                        the history in numbers and pictures
  dms diff APP_UUID A [B] [-o table|json]
                                        compare two deployments (B: the last finished
                                        one of A's branch before A)
  dms create app [--from FILE]          the application form (TUI): quick create first
  dms create app --git-repository URL … create headlessly from flags (one per field) and/or
                 [--file FILE|-]         a request body; --example prints one to start from
                 [--wait [--wait-timeout S]]  with instant deploy: wait for its deployment
  dms create docstore [--from FILE]     the docstore database form (TUI)
  dms create docstore --name N … [--file FILE|-] [--conf-file PATH]   create one headlessly,
                 with one of --save-credentials FILE, --show-secrets or --discard-credentials
                 (its root password comes only once)
  dms context add NAME --url URL | list | use NAME | remove NAME | verify [NAME]
  dms demo --serve [--port N]           run only the demo service
  dms completion bash|zsh|fish          print a shell completion script

${GLOBAL}

Exit codes: 0 ok, 1 network/server/unexpected, 2 usage or invalid input (nothing sent),
3 token rejected or lacking permission, 4 not found, 5 rejected by the server (validation,
conflict), 6 rate limited, 7 deployment failed, 8 deployment cancelled, 9 stopped waiting
(dms logs --follow, dms create app --wait), 10 a creation may have been made (its answer
lost or unreadable: look for it before sending again), 11 dms logs --reason found no reason,
12 a read of the whole history did not come to the server's count, 13 stdout was closed before a
creation's answer was written (no --save-credentials file holds it), 14 this Node.js is older
than 22, 129 hang-up, 130 interrupted, 143 terminated.`,
  browse: `Usage: dms browse [APP_UUID]

Opens the deployments browser. Without APP_UUID, pick an application (recent ones and, in
demo mode, the sample applications). Press ? inside for keys.
${ADDRESS}

${GLOBAL}`,
  deployments: `Usage: dms deployments APP_UUID [--skip N] [--take N] [--json [--with-total]] [--time iso|relative]
       dms deployments APP_UUID --all [filters] [--limit N] [-o table|json|ndjson|csv]

Lists an application's deployments, newest first: one page, or with --all the whole history.
${ADDRESS}
Each successful read adds the application to the recent ones that the TUI's picker and
shell completion offer.
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
                   uuid, and reason when a row has one (with --all: when the first rows
                   carry logs); quoted as RFC 4180 says, lines end in CRLF. A cell that
                   starts with = + - or @ gets a ' in front, so a spreadsheet shows it
                   instead of running it as a formula
  --with-total     with -o json: {"count": N, "deployments": [...]} instead of the bare
                   array; count is the server's total of the whole history (null when it
                   sends none), however many deployments the filters and --limit keep
Table:
  --time iso|relative  the started column as 2026-11-01T10:00:00Z (UTC) or as 3h 5m ago;
                   default relative on a terminal, iso when stdout is a pipe or a file
  The last line says the total: "137 deployments; showing 1–10".
  A failed or cancelled row whose log says why gets it in a last column, REASON (the line
  that explains the end; dms logs APP ID --reason prints it whole).
  With --all the table's columns are chosen and sized by its first 500 rows.

${GLOBAL}`,
  stats: `Usage: dms stats APP_UUID [--since TIME] [--until TIME] [-o table|json]

Reads the whole history (as dms deployments --all reads it: a few MB per request, within the
server's rate limit; on a terminal, stderr shows how far it got) and prints, for the deployments
created in the window: how often the application deploys, its change failure rate, the median
and p90 duration of the finished ones and the time to restore after a failure, each with its
trend (first half of the window against the second); deployments per day as a calendar, the
duration over time with its p90, the failure rate by week; and the same figures by source
(manual, webhook, API, rollback, PR) and by branch where the rows say it.
  --since TIME     the window starts at TIME: 7d, 36h, 90m (ago), 2026-11-01 (midnight UTC),
                   2026-11-01T10:00:00Z (UTC unless it has an offset); reading stops at the
                   first older deployment. Default: the oldest deployment's day
  --until TIME     the window ends before TIME (same forms). Default: now
  -o, --output F   table (default; as wide as the terminal, 80 columns when piped) or json
  --json           the same as -o json
Ctrl+C, or a failure that retries do not get past, prints the stats of what was read, says
"stopped after N of M deployments" and exits by its cause (130 for Ctrl+C).

${GLOBAL}`,
  logs: `Usage: dms logs APP_UUID [DEPLOYMENT] [--follow [--wait-timeout SECONDS]] [--debug] [--timestamps] [--json]
       dms logs APP_UUID [DEPLOYMENT] --reason

Prints the log of the application's newest deployment, or of DEPLOYMENT (its id, e.g. 248,
or its uuid). APP_UUID may be the address of the application's page on the service
(https://HOST/project/…/application/UUID, HOST the connection's), or of a deployment's page
(…/application/UUID/deployment/DUUID): that deployment's log, then give no DEPLOYMENT.
A successful read adds the application to the recent ones. Commands show as "$ command";
the build's stdout and stderr both go to stdout, in order. The token, passwords in URLs
and the record's secrets are always masked, with --show-secrets too. The server sends
logs only to tokens allowed to read sensitive data.
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
  --reason                 print only the line that explains why the deployment failed or
                           was cancelled (from the end of its log); when there is none, say
                           why on stderr and exit 11

${GLOBAL}`,
  diff: `Usage: dms diff APP_UUID A [B] [-o table|json]

Compares two deployments of the application: status, source, started, duration, commit and
subject of each, how many deployments lie between them and how they ended, the settings that
differ (records that are snapshots of the settings; rows of the deployment queue carry none),
and why each failed when it did. A and B are ids (e.g. 248) or uuids; without B, A is compared
with the last finished deployment of its branch before it (of its pull request for a preview:
"what is different between the last good one and this"); with none in the 1,000 before it, the
last finished one that is not a preview, else any, said on stderr. Both are found in one read of the history, newest first, that stops once both are found.
Secret settings are said to be "changed" or "same", never shown (--show-secrets too: a diff is
for pasting into a ticket, and whether a secret changed is the question it answers).
  -o, --output F   table (default: a * marks what differs) or json
  --json           the same as -o json: {"application", "older", "newer", "between":
                   {"count", "by_status"}, "settings": [{"field", "before", "after"} or
                   {"field", "secret": true, "change": "changed"}], "secrets": {field:
                   "changed"|"same"}, "older_chosen": "named"|"same_branch"|
                   "not_preview"|"last_good"}
Exits 0 when compared, 2 for ids that are not ids, 4 when A or B is not among the deployments
or no finished deployment comes before A.

${GLOBAL}`,
  create: `Usage: dms create app|docstore [FIELD FLAGS] [--file FILE|-] [--json]   create, headless
       dms create app|docstore --example          print an example request body
       dms create app|docstore [--from FILE]      open the form (TUI), pre-filled from FILE

Every field of the request body is a flag named after it (_ becomes -): dms create app --help
and dms create docstore --help list them, grouped like the form's steps. With a field flag or
--file the request is sent at once: flags are merged over the body in FILE (flags win), checked
as the form checks them, and every problem is named (exit 2, nothing sent).
dms create app … --instant-deploy --wait [--wait-timeout S] then follows the new deployment to
its end: exit 0 finished, 7 failed, 8 cancelled, 9 --wait-timeout passed (default 1800 s).
A docstore's root password comes only once, in the answer: a headless dms create docstore needs
one of these (else exit 2, nothing sent):
  --save-credentials FILE   write the answer, password included, to a new file (mode 0600)
  --show-secrets            print secrets in clear, the password too
  --discard-credentials     print it hidden (••••); it is lost

${GLOBAL}`,
  context: `Usage: dms context add NAME --url URL [--no-verify | --force]
       dms context add NAME --url URL --token-command [--no-verify | --force] -- PROGRAM ARG…
       dms context list [--json]
       dms context use NAME
       dms context remove NAME
       dms context verify [NAME]

add       saves a connection. The token is read from stdin, or prompted without echo; with
          --token-command, PROGRAM ARG… (every word after --) is run whenever the context
          is used, without a shell, and its output (trimmed) is the token: the secret stays
          in your password manager, e.g. --token-command -- pass show dms/prod. It may run
          30 s; its output is never saved or shown, nor on failure.
          Before saving, the token is checked with one read (the list of an application
          that cannot exist: "not found" means the token was accepted):
            --no-verify   save without checking (offline, or a server not reachable yet)
            --force       save even when the check fails (the line says why)
            --timeout S   how long the check waits without progress (default 15)
          A rejected token (401/403) exits 3, a server not reached 1; nothing is saved.
list      the contexts, * marks the current one; never a token (a token command shows only
          its program). --json: [{"name", "url", "current", "token": "set"|"command"|
          "missing", "token_program"}]
use       makes NAME the current context
remove    deletes NAME
verify    checks the token of NAME (default: the current context) with the same read:
          exit 0 accepted, 3 rejected (401/403), 1 not checked (network, wrong URL),
          2 a token command that failed

Contexts live in $DMS_CONFIG_DIR/config.json (default ~/.config/dms), mode 0600:
  {"current": "prod", "contexts": {"prod": {"url": "https://host/api/v1",
   "token_command": ["pass", "show", "dms/prod"]}, "lab": {"url": "…", "token": "…"}}}`,
  completion: `Usage: dms completion bash|zsh|fish

Prints a script that completes dms's commands, flags, context names and recently opened
applications (with their names where the shell shows descriptions). It asks the dms on your
PATH, which reads only the config folder: completing never sends a request.
  bash   in ~/.bashrc:  source <(dms completion bash)
  zsh    in ~/.zshrc, after compinit:  source <(dms completion zsh)
         (or save it as _dms in a folder of $fpath)
  fish   dms completion fish > ~/.config/fish/completions/dms.fish`,
  demo: `Usage: dms demo --serve [--port N]

Runs only the embedded demo service in the foreground and prints DMS_URL, DMS_TOKEN,
DMS_TOKEN_NO_LOGS (a token whose rows carry no logs) and the sample project, server,
environment and application uuids. Ctrl+C stops it.`,
};
