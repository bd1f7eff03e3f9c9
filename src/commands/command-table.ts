// The commands as data: synopsis, description, options, examples (the exit codes, environment and
// files are reference-facts.ts). `dms --help`,
// `dms COMMAND --help`, `dms help [COMMAND]` (help.ts), docs/commands.md and man/dms.1
// (scripts/docs.mjs) are all printed from this table. Prose is kept as --help prints it (wrapped
// by hand); the markdown and the man page join its lines again.
import { MAX_RESPONSE_MB, MAX_RESPONSE_MB_CEILING } from '../api/limits.js';
import type { CommandDoc, HelpBlock } from './command-doc.js';
import { CACHE_COMMAND } from './command-table-cache.js';
import { REASONS_COMMAND, STATS_COMMAND } from './command-table-insight.js';
import { MAKE_AND_SET_UP } from './command-table-make.js';
import { BOARD_DOC } from './command-table-board.js';

/** The options every command takes (`dms create app --help` adds them after its field flags). */
export const GLOBAL_BLOCKS: readonly HelpBlock[] = [
  {
    title: 'Connection (flags beat DMS_URL/DMS_TOKEN/DMS_CONTEXT beat the current context):',
    column: 22,
    options: [
      { flag: '--url URL', help: 'service base URL, e.g. https://host/api/v1' },
      { flag: '--token TOKEN', help: 'API token (prefer DMS_TOKEN: flags show up in process lists)' },
      { flag: '--context NAME', help: 'use a saved context (see: dms context)' },
      { flag: '--demo', help: 'use the embedded demo service with sample data' },
      {
        flag: '--timeout SECONDS',
        help: `give up after this long without progress: to connect, to the first
byte of an answer, between two chunks of it (default 15); a download
that keeps arriving is never cut`,
      },
      {
        flag: '--max-response-mb N',
        help: `the largest answer read, in MB (default ${MAX_RESPONSE_MB}, at most
${MAX_RESPONSE_MB_CEILING}; or DMS_MAX_RESPONSE_MB); a larger one is refused`,
      },
    ],
  },
  {
    title: 'Output:',
    column: 22,
    options: [
      { flag: '--json', help: 'machine-readable output' },
      { flag: '--show-secrets', help: 'show secret fields and passwords in URLs (masked by default)' },
      { flag: '--no-color', help: 'no colours (NO_COLOR is honoured too)' },
      { flag: '-h, --help', help: 'help for a command' },
      { flag: '-V, --version', help: 'print the version' },
    ],
  },
];

const ADDRESS: HelpBlock = {
  text: `APP_UUID may be the address of the application's page on the service, as the browser
shows it (https://HOST/project/…/application/UUID): the uuid is read from it, and HOST must
be the host of the connection.`,
};

/** `dms create app|docstore --help` (create app and create docstore) say these rules first. */

/** Every command, in the order help lists them (`dms` alone first). */
export const COMMAND_TABLE: readonly CommandDoc[] = [
  {
    name: 'browse',
    summary: "browse an application's deployments (TUI)",
    overview: [
      ['dms', 'open the TUI (demo service when nothing is configured)'],
      ['dms browse [APP_UUID]', "browse an application's deployments (TUI)"],
    ],
    synopsis: ['dms browse [APP_UUID]'],
    body: [
      {
        text: `Opens the deployments browser. Without APP_UUID, pick an application (recent ones and, in
demo mode, the sample applications). Press ? inside for keys.`,
      },
      ADDRESS,
      {
        column: 19,
        options: [
          {
            flag: '--no-notify',
            help: `no notification or bell when a deployment followed in the log or shown on
the board (Ctrl+T in the picker) ends (or DMS_NO_NOTIFY=1)`,
          },
        ],
      },
    ],
    global: true,
  },
  {
    name: 'deployments',
    summary: "list an application's deployments",
    overview: [
      ['dms deployments APP_UUID [--skip N] [--take N] [--all] [filters] [-o table|json|ndjson|csv]'],
      ['dms deployments APP_UUID --cached [--skip N] [--take N]', 'the page the cache kept (no server needed)'],
    ],
    synopsis: [
      'dms deployments APP_UUID [--skip N] [--take N] [--json [--with-total]] [--time iso|relative]',
      'dms deployments APP_UUID --all [filters] [--filter QUERY] [--sort FIELD[:asc]] [--view NAME] [--limit N] [-o table|json|ndjson|csv]',
      'dms deployments APP_UUID --cached [--skip N] [--take N] [filters] [-o table|json|ndjson|csv]',
    ],
    body: [
      { text: "Lists an application's deployments, newest first: one page, or with --all the whole history." },
      ADDRESS,
      {
        text: `Each successful read adds the application to the recent ones that the TUI's picker and
shell completion offer.`,
      },
      {
        column: 19,
        options: [
          { flag: '--skip N', help: 'deployments to skip (default 0)' },
          { flag: '--take N', help: 'deployments to return (default 10, at least 1)' },
          {
            flag: '--all',
            help: `read every page, printing rows as they come (a few MB per request, at
most two at a time, within the server's rate limit); deployments that
arrive meanwhile are neither repeated nor missed. Takes no --skip or --take.
On a terminal, stderr shows how far it got. A failure that retries do not
get past prints "stopped after N of M deployments" and exits by its cause`,
          },
          {
            flag: '--cached',
            help: `print the page the cache kept (see: dms cache) instead of asking the
server, which need not be up: no request is sent, no token needed. --skip
and --take pick the page (default: the first kept; a larger page kept at
the same --skip stands in, cut to --take); stderr says "cached · as of
14:02 (5 min ago)". Rows are as dms last showed them: secrets masked, no
logs. Nothing kept for it: one line saying so, exit 4`,
          },
        ],
      },
      {
        title: 'Filters (client-side: without --all, on the one page asked; --all reads everything):',
        column: 19,
        options: [
          {
            flag: '--status LIST',
            help: `phases, comma-separated: queued, running (or in_progress), finished,
failed, cancelled, unknown`,
          },
          { flag: '--branch NAME', help: 'one branch, exactly (rows of the deployment queue do not say theirs)' },
          {
            flag: '--since TIME',
            help: `started at or after TIME: 7d, 36h, 90m (ago), 2026-11-01 (midnight UTC),
2026-11-01T10:00:00Z (UTC unless it has an offset); reading stops at the
first older deployment`,
          },
          { flag: '--until TIME', help: 'started before TIME (same forms)' },
          {
            flag: '--filter QUERY',
            help: `the query language of the TUI's /, all terms at once: status:failed,
branch:main, source:webhook|api|rollback|manual|pr, commit:abc123,
server:NAME, id>200, dur>5m dur<=1h30m, since:7d, until:2026-11-01;
free words (in subject, commit, branch, status), "a phrase", /regex/i;
! or - before a term negates it (a query that starts with - goes as
--filter=-…). A mistake: one line, exit 2`,
          },
          {
            flag: '--sort F[:asc]',
            help: `started (default), duration, status or id; :desc (default) or :asc.
Rows without the value come last. Sorts the page, or with --all the
whole history (held until the end; then --limit keeps the first N)`,
          },
          {
            flag: '--view NAME',
            help: `a view saved in the TUI (:view save NAME) for the application on this
server: its query goes with --filter, its sort unless --sort is given`,
          },
          { flag: '--limit N', help: 'stop after N deployments that match' },
        ],
      },
      {
        title: 'Output format:',
        column: 19,
        options: [
          { flag: '-o, --output F', help: 'table (default), json (one array), ndjson (one record per line), csv' },
          {
            flag: '--json',
            help: `the same as -o json: the records as the server sent them, in an array
(secrets masked unless --show-secrets); left unclosed if --all stops
on a failure, so a JSON reader fails too`,
          },
          {
            flag: 'csv',
            help: `a header line, then status, source, commit, subject, branch, started,
finished (ISO 8601 UTC), duration (seconds, once final), server, id,
uuid, and reason when a row has one (with --all: when the first rows
carry logs); quoted as RFC 4180 says, lines end in CRLF. A cell that
starts with = + - or @ gets a ' in front, so a spreadsheet shows it
instead of running it as a formula`,
          },
          {
            flag: '--with-total',
            help: `with -o json: {"count": N, "deployments": [...]} instead of the bare
array; count is the server's total of the whole history (null when it
sends none), however many deployments the filters and --limit keep`,
          },
        ],
      },
      {
        title: 'Table:',
        column: 19,
        options: [
          {
            flag: '--time iso|relative',
            help: `the started column as 2026-11-01T10:00:00Z (UTC) or as 3h 5m ago;
default relative on a terminal, iso when stdout is a pipe or a file`,
          },
        ],
      },
      {
        indent: 2,
        text: `The last line says the total: "137 deployments; showing 1–10".
A failed or cancelled row whose log says why gets it in a last column, REASON (the line
that explains the end; dms logs APP ID --reason prints it whole).
With --all the table's columns are chosen and sized by its first 500 rows.`,
      },
    ],
    global: true,
  },
  {
    name: 'logs',
    summary: 'the log of a deployment',
    overview: [['dms logs APP_UUID [DEPLOYMENT] [--follow] [--json]']],
    synopsis: [
      'dms logs APP_UUID [DEPLOYMENT] [--follow [--wait-timeout SECONDS]] [--debug] [--timestamps] [--json]',
      'dms logs APP_UUID [DEPLOYMENT] --reason',
      'dms logs APP_UUID [DEPLOYMENT] --steps [-o table|json]',
    ],
    body: [
      {
        text: `Prints the log of the application's newest deployment, or of DEPLOYMENT (its id, e.g. 248,
or its uuid). APP_UUID may be the address of the application's page on the service
(https://HOST/project/…/application/UUID, HOST the connection's), or of a deployment's page
(…/application/UUID/deployment/DUUID): that deployment's log, then give no DEPLOYMENT.
A successful read adds the application to the recent ones. Commands show as "$ command";
the build's stdout and stderr both go to stdout, in order. The token, passwords in URLs
and the record's secrets are always masked, with --show-secrets too. The server sends
logs only to tokens allowed to read sensitive data.`,
      },
      {
        column: 27,
        options: [
          { flag: '--debug', help: "include the debug lines (hidden on the service's web page)" },
          { flag: '--timestamps', help: "start each line with its entry's timestamp" },
          {
            flag: '--json',
            help: `one line of JSON per entry: command, output, type, timestamp,
hidden, batch, order (output cleaned and masked)`,
          },
          {
            flag: '--follow',
            help: `print new lines as they come (polls every 2 s) until the
deployment ends; status changes go to stderr. Exits 0 finished,
7 failed, 8 cancelled; Ctrl+C stops following (exit 130), the
deployment goes on`,
          },
          {
            flag: '--wait-timeout SECONDS',
            help: `with --follow: stop waiting after SECONDS (exit 9); --timeout
stays the limit of each request`,
          },
          {
            flag: '--reason',
            help: `print only the line that explains why the deployment failed or
was cancelled (from the end of its log); when there is none, say
why on stderr and exit 11`,
          },
          {
            flag: '--steps',
            help: `the steps of its log (start, prepare, import, plan, build, push,
rollout, healthcheck, cleanup: the service's phase lines) with how
long each took against the application's median over its last 50
finished deployments (read with their logs: a few MB). A running
deployment's last step says "so far"; the step it failed in says so.
A row without a log: the line that says why, exit 0, as above`,
          },
          {
            flag: '-o, --output F',
            help: `with --steps: table (default: step, started, duration, vs median) or
json ([{step, startedAt, durationMs, medianMs}]; --json is the same)`,
          },
        ],
      },
    ],
    global: true,
  },
  STATS_COMMAND,
  REASONS_COMMAND,
  {
    name: 'diff',
    summary: 'compare two deployments',
    overview: [
      ['dms diff APP_UUID A [B] [-o table|json]', "compare two deployments (B: the last finished one of A's branch before A)"],
      ['dms diff APP_UUID A [B] --logs [-o json]', "their logs step by step (B: A's last green build)"],
    ],
    synopsis: ['dms diff APP_UUID A [B] [-o table|json]', 'dms diff APP_UUID A [B] --logs [-o table|json]'],
    body: [
      {
        text: `Compares two deployments of the application: status, source, started, duration, commit and
subject of each, how many deployments lie between them and how they ended, the settings that
differ (records that are snapshots of the settings; rows of the deployment queue carry none),
and why each failed when it did. A and B are ids (e.g. 248) or uuids; without B, A is compared
with the last finished deployment of its branch before it (of its pull request for a preview:
"what is different between the last good one and this"); with none in the 1,000 before it, the
last finished one that is not a preview, else any, said on stderr. Both are found in one read of the history, newest first, that stops once both are found.
Secret settings are said to be "changed" or "same", never shown (--show-secrets too: a diff is
for pasting into a ticket, and whether a secret changed is the question it answers).`,
      },
      {
        column: 19,
        options: [
          { flag: '-o, --output F', help: 'table (default: a * marks what differs) or json' },
          {
            flag: '--logs',
            help: `compare the two logs instead, step by step (the service's phases:
start, prepare, import, plan, build, push, rollout, healthcheck, cleanup):
a header per step (= same, * differs or is in one log only, ✗ the newer
failed there), the lines that differ marked - (older) and + (newer) with
two lines around them; what always differs (times, durations, shas, ids,
temporary paths) is not counted as a difference, but shown as written.
Debug lines are left out; secrets stay masked. Without B, A's log is
compared with its last green build: the newest finished deployment
before it of its branch (read from the log for queue rows) that is not
a pull request's preview, named on stderr. -o json: {"application",
"older", "newer", "older_chosen": "named"|"last_green", "opening", "steps":
[{"name", "state": "same"|"differs"|"only_older"|"only_newer", "failed",
"older_failed", "removed", "added", "lines": [{"kind", "text"}]}]}.
A record with no log (a settings snapshot, or a token that may not read
logs) is said, exit 4`,
          },
          {
            flag: '--json',
            help: `the same as -o json: {"application", "older", "newer", "between":
{"count", "by_status"}, "settings": [{"field", "before", "after"} or
{"field", "secret": true, "change": "changed"}], "secrets": {field:
"changed"|"same"}, "older_chosen": "named"|"same_branch"|
"not_preview"|"last_good"}`,
          },
        ],
      },
      {
        text: `Exits 0 when compared, 2 for ids that are not ids, 4 when A or B is not among the deployments
or no finished deployment comes before A (with --logs: or either has no log).`,
      },
    ],
    global: true,
  },
  BOARD_DOC,
  CACHE_COMMAND,
  ...MAKE_AND_SET_UP,
];
