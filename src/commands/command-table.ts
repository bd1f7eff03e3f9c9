// The commands as data: synopsis, description, options, examples, and the exit codes. `dms --help`,
// `dms COMMAND --help`, `dms help [COMMAND]` (help.ts), docs/commands.md and man/dms.1
// (scripts/docs.mjs) are all printed from this table. Prose is kept as --help prints it (wrapped
// by hand); the markdown and the man page join its lines again.
// Over 300 lines: the table itself.
import { MAX_RESPONSE_MB, MAX_RESPONSE_MB_CEILING } from '../api/limits.js';
import type { CreateNoun } from '../forms/field-flags.js';
import { EXIT } from './exit-codes.js';

/** One option as --help lists it. */
export interface OptionDoc {
  /** As typed: `--skip N`, `-o, --output F`, or a subcommand (`add`). */
  readonly flag: string;
  /** Its help as printed (lines after the first start at the block's column; a line that starts with spaces is set off). */
  readonly help: string;
}

/** A part of a command's help, printed in order. */
export type HelpBlock =
  /** Prose as printed (`indent` spaces before each line); `pre`: lines kept as they are (an example). */
  | { readonly text: string; readonly indent?: number; readonly pre?: boolean }
  /** Options under an optional title; their help starts at `column`, the flags at `indent` (default 2). */
  | { readonly title?: string; readonly options: readonly OptionDoc[]; readonly column: number; readonly indent?: number }
  /** The flags of a request's fields (`dms create app|docstore`), from the forms' field tables (create-help.ts). */
  | { readonly fields: CreateNoun };

export interface CommandDoc {
  /** As typed after `dms`: `deployments`, `create app`. */
  readonly name: string;
  /** One line: shell completion and the man page's list say it. */
  readonly summary: string;
  /** Its rows in `dms --help`'s usage: how it is called, and what that does (may be left out). */
  readonly overview: readonly (readonly [usage: string, what?: string])[];
  /** The `Usage:` lines. */
  readonly synopsis: readonly string[];
  /** Command lines shown after the synopsis (`e.g.`). */
  readonly examples?: readonly string[];
  readonly body: readonly HelpBlock[];
  /** The help ends with the options every command takes. */
  readonly global: boolean;
}

/** The options every command takes (`dms create app --help` adds them after its field flags). */
export const GLOBAL_BLOCKS: readonly HelpBlock[] = [
  {
    title: 'Connection (flags beat DMS_URL/DMS_TOKEN/DMS_CONTEXT beat the current context):', column: 22, options: [
      { flag: '--url URL', help: 'service base URL, e.g. https://host/api/v1' },
      { flag: '--token TOKEN', help: 'API token (prefer DMS_TOKEN: flags show up in process lists)' },
      { flag: '--context NAME', help: 'use a saved context (see: dms context)' },
      { flag: '--demo', help: 'use the embedded demo service with sample data' },
      {
        flag: '--timeout SECONDS', help: `give up after this long without progress: to connect, to the first
byte of an answer, between two chunks of it (default 15); a download
that keeps arriving is never cut`,
      },
      {
        flag: '--max-response-mb N', help: `the largest answer read, in MB (default ${MAX_RESPONSE_MB}, at most
${MAX_RESPONSE_MB_CEILING}; or DMS_MAX_RESPONSE_MB); a larger one is refused`,
      },
    ],
  },
  {
    title: 'Output:', column: 22, options: [
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

const TIME_FORMS = `7d, 36h, 90m (ago), 2026-11-01 (midnight UTC),
2026-11-01T10:00:00Z (UTC unless it has an offset)`;

/** `dms create app|docstore --help` (create app and create docstore) say these rules first. */
const CREATE_RULES = `With a field flag or --file the request is sent at once (no terminal needed). Flags are merged
over the body in FILE (- reads stdin), flags winning; --field "" leaves a field of FILE out. The
body is checked as the form checks it and every problem is named (exit 2, nothing sent). Nothing
is filled in for you: the form's defaults are not added. On/off fields take --flag (true) or
--no-flag (false); N is a whole number; TEXT|@FILE reads FILE when the request is built. Flags on
a command line can be seen by other users of the machine (process lists): keep secrets in --file.
A creation is never sent twice on its own. When its answer is lost after it reached the server, or
is a 2xx that cannot be read, dms says it may exist, or does, and exits 10: look for it in the
service's web page before sending again. --example prints a body with every field to start from.`;

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
    ],
    global: true,
  },
  {
    name: 'deployments',
    summary: "list an application's deployments",
    overview: [['dms deployments APP_UUID [--skip N] [--take N] [--all] [filters] [-o table|json|ndjson|csv]']],
    synopsis: [
      'dms deployments APP_UUID [--skip N] [--take N] [--json [--with-total]] [--time iso|relative]',
      'dms deployments APP_UUID --all [filters] [--limit N] [-o table|json|ndjson|csv]',
    ],
    body: [
      { text: 'Lists an application\'s deployments, newest first: one page, or with --all the whole history.' },
      ADDRESS,
      {
        text: `Each successful read adds the application to the recent ones that the TUI's picker and
shell completion offer.`,
      },
      {
        column: 19, options: [
          { flag: '--skip N', help: 'deployments to skip (default 0)' },
          { flag: '--take N', help: 'deployments to return (default 10, at least 1)' },
          {
            flag: '--all', help: `read every page, printing rows as they come (a few MB per request, at
most two at a time, within the server's rate limit); deployments that
arrive meanwhile are neither repeated nor missed. Takes no --skip or --take.
On a terminal, stderr shows how far it got. A failure that retries do not
get past prints "stopped after N of M deployments" and exits by its cause`,
          },
        ],
      },
      {
        title: 'Filters (client-side: without --all, on the one page asked; --all reads everything):', column: 19, options: [
          {
            flag: '--status LIST', help: `phases, comma-separated: queued, running (or in_progress), finished,
failed, cancelled, unknown`,
          },
          { flag: '--branch NAME', help: 'one branch, exactly (rows of the deployment queue do not say theirs)' },
          {
            flag: '--since TIME', help: `started at or after TIME: 7d, 36h, 90m (ago), 2026-11-01 (midnight UTC),
2026-11-01T10:00:00Z (UTC unless it has an offset); reading stops at the
first older deployment`,
          },
          { flag: '--until TIME', help: 'started before TIME (same forms)' },
          { flag: '--limit N', help: 'stop after N deployments that match' },
        ],
      },
      {
        title: 'Output format:', column: 19, options: [
          { flag: '-o, --output F', help: 'table (default), json (one array), ndjson (one record per line), csv' },
          {
            flag: '--json', help: `the same as -o json: the records as the server sent them, in an array
(secrets masked unless --show-secrets); left unclosed if --all stops
on a failure, so a JSON reader fails too`,
          },
          {
            flag: 'csv', help: `a header line, then status, source, commit, subject, branch, started,
finished (ISO 8601 UTC), duration (seconds, once final), server, id,
uuid, and reason when a row has one (with --all: when the first rows
carry logs); quoted as RFC 4180 says, lines end in CRLF. A cell that
starts with = + - or @ gets a ' in front, so a spreadsheet shows it
instead of running it as a formula`,
          },
          {
            flag: '--with-total', help: `with -o json: {"count": N, "deployments": [...]} instead of the bare
array; count is the server's total of the whole history (null when it
sends none), however many deployments the filters and --limit keep`,
          },
        ],
      },
      {
        title: 'Table:', column: 19, options: [
          {
            flag: '--time iso|relative', help: `the started column as 2026-11-01T10:00:00Z (UTC) or as 3h 5m ago;
default relative on a terminal, iso when stdout is a pipe or a file`,
          },
        ],
      },
      {
        indent: 2, text: `The last line says the total: "137 deployments; showing 1–10".
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
        column: 27, options: [
          { flag: '--debug', help: 'include the debug lines (hidden on the service\'s web page)' },
          { flag: '--timestamps', help: 'start each line with its entry\'s timestamp' },
          {
            flag: '--json', help: `one line of JSON per entry: command, output, type, timestamp,
hidden, batch, order (output cleaned and masked)`,
          },
          {
            flag: '--follow', help: `print new lines as they come (polls every 2 s) until the
deployment ends; status changes go to stderr. Exits 0 finished,
7 failed, 8 cancelled; Ctrl+C stops following (exit 130), the
deployment goes on`,
          },
          {
            flag: '--wait-timeout SECONDS', help: `with --follow: stop waiting after SECONDS (exit 9); --timeout
stays the limit of each request`,
          },
          {
            flag: '--reason', help: `print only the line that explains why the deployment failed or
was cancelled (from the end of its log); when there is none, say
why on stderr and exit 11`,
          },
        ],
      },
    ],
    global: true,
  },
  {
    name: 'stats',
    summary: "an application's history in numbers and pictures",
    overview: [['dms stats APP_UUID [--since T] [--until T] [-o table|json]', 'the history in numbers and pictures']],
    synopsis: ['dms stats APP_UUID [--since TIME] [--until TIME] [-o table|json]'],
    body: [
      {
        text: `Reads the whole history (as dms deployments --all reads it: a few MB per request, within the
server's rate limit; on a terminal, stderr shows how far it got) and prints, for the deployments
created in the window: how often the application deploys, its change failure rate, the median
and p90 duration of the finished ones and the time to restore after a failure, each with its
trend (first half of the window against the second); deployments per day as a calendar, the
duration over time with its p90, the failure rate by week; and the same figures by source
(manual, webhook, API, rollback, PR) and by branch where the rows say it.`,
      },
      {
        column: 19, options: [
          {
            flag: '--since TIME', help: `the window starts at TIME: ${TIME_FORMS}; reading stops at the
first older deployment. Default: the oldest deployment's day`,
          },
          { flag: '--until TIME', help: 'the window ends before TIME (same forms). Default: now' },
          { flag: '-o, --output F', help: 'table (default; as wide as the terminal, 80 columns when piped) or json' },
          { flag: '--json', help: 'the same as -o json' },
        ],
      },
      {
        text: `Ctrl+C, or a failure that retries do not get past, prints the stats of what was read, says
"stopped after N of M deployments" and exits by its cause (130 for Ctrl+C).`,
      },
    ],
    global: true,
  },
  {
    name: 'diff',
    summary: 'compare two deployments',
    overview: [['dms diff APP_UUID A [B] [-o table|json]', 'compare two deployments (B: the last finished one of A\'s branch before A)']],
    synopsis: ['dms diff APP_UUID A [B] [-o table|json]'],
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
        column: 19, options: [
          { flag: '-o, --output F', help: 'table (default: a * marks what differs) or json' },
          {
            flag: '--json', help: `the same as -o json: {"application", "older", "newer", "between":
{"count", "by_status"}, "settings": [{"field", "before", "after"} or
{"field", "secret": true, "change": "changed"}], "secrets": {field:
"changed"|"same"}, "older_chosen": "named"|"same_branch"|
"not_preview"|"last_good"}`,
          },
        ],
      },
      {
        text: `Exits 0 when compared, 2 for ids that are not ids, 4 when A or B is not among the deployments
or no finished deployment comes before A.`,
      },
    ],
    global: true,
  },
  {
    name: 'create',
    summary: 'create an application or a docstore',
    overview: [],
    synopsis: [
      'dms create app|docstore [FIELD FLAGS] [--file FILE|-] [--json]   create, headless',
      'dms create app|docstore --example          print an example request body',
      'dms create app|docstore [--from FILE]      open the form (TUI), pre-filled from FILE',
    ],
    body: [
      {
        text: `Every field of the request body is a flag named after it (_ becomes -): dms create app --help
and dms create docstore --help list them, grouped like the form's steps. With a field flag or
--file the request is sent at once: flags are merged over the body in FILE (flags win), checked
as the form checks them, and every problem is named (exit 2, nothing sent).
dms create app … --instant-deploy --wait [--wait-timeout S] then follows the new deployment to
its end: exit 0 finished, 7 failed, 8 cancelled, 9 --wait-timeout passed (default 1800 s).
A docstore's root password comes only once, in the answer: a headless dms create docstore needs
one of these (else exit 2, nothing sent):`,
      },
      {
        column: 28, options: [
          { flag: '--save-credentials FILE', help: 'write the answer, password included, to a new file (mode 0600)' },
          { flag: '--show-secrets', help: 'print secrets in clear, the password too' },
          { flag: '--discard-credentials', help: 'print it hidden (••••); it is lost' },
        ],
      },
    ],
    global: true,
  },
  {
    name: 'create app',
    summary: 'create an application from a public git repository',
    overview: [
      ['dms create app [--from FILE]', 'the application form (TUI): quick create first'],
      ['dms create app --git-repository URL … [--file FILE|-] [--wait [--wait-timeout S]]', 'create headlessly from flags (one per field) and/or a request body; --example prints one to start from; with instant deploy, --wait waits for its deployment'],
    ],
    synopsis: [
      'dms create app [FIELD FLAGS] [--file FILE|-] [--json]    create an application, headless',
      '               [--wait [--wait-timeout SECONDS]]          … and wait for its deployment',
      'dms create app --example                                 print an example request body',
      'dms create app [--from FILE]                             open the form (TUI)',
    ],
    examples: [`dms create app --project-uuid P --server-uuid S --environment-name production \\
  --git-repository https://github.com/acme/shop --git-branch main --build-pack nixpacks --instant-deploy`],
    body: [
      { text: CREATE_RULES },
      {
        text: `\nWaiting: with instant_deploy (--instant-deploy, or "instant_deploy": true in FILE), --wait
finds the deployment the creation started (polling its list; only reads are repeated, the
creation is sent once), prints each status change with the time since the creation on stderr, and
exits by its outcome: 0 finished, 7 failed, 8 cancelled, 9 when --wait-timeout SECONDS (default
1800) passes first. stdout keeps the creation's lines; with --json it holds the deployment's final
record instead (secrets masked unless --show-secrets). Ctrl+C stops waiting (exit 130), not the
deployment: dms logs APP_UUID --follow resumes. --wait without instant_deploy is refused (exit 2).`,
      },
      { fields: 'app' },
    ],
    global: true,
  },
  {
    name: 'create docstore',
    summary: 'create a docstore database',
    overview: [
      ['dms create docstore [--from FILE]', 'the docstore database form (TUI)'],
      ['dms create docstore --name N … [--file FILE|-] [--conf-file PATH]', 'create one headlessly, with one of --save-credentials FILE, --show-secrets or --discard-credentials (its root password comes only once)'],
    ],
    synopsis: [
      'dms create docstore [FIELD FLAGS] [--file FILE|-] [--conf-file PATH] [--json]',
      '                   --save-credentials FILE | --show-secrets | --discard-credentials',
      '                                                        create a docstore database, headless',
      'dms create docstore --example                           print an example request body',
      'dms create docstore [--from FILE]                       open the form (TUI)',
    ],
    examples: [`dms create docstore --project-uuid P --server-uuid S --environment-name production \\
  --name orders-db --save-credentials orders-db.json`],
    body: [
      { text: CREATE_RULES },
      {
        text: `\nCredentials: the server generates the root password and sends it only once, inside the
connection URLs of its answer, so a headless creation says first what becomes of it (without one
of these three: exit 2, nothing sent):`,
      },
      {
        column: 34, options: [
          {
            flag: '--save-credentials FILE', help: `write the whole answer, password included, to FILE: a new file
with mode 0600, made before the request leaves (an existing
file, a symlink, a file in the drafts folder or one that cannot
be made is refused, nothing sent); the answer goes in as the
server sent it, even one dms cannot read`,
          },
          { flag: '--show-secrets', help: 'print the URLs with the password in clear' },
          {
            flag: '--discard-credentials', help: `print them with the password hidden (docstore://root:••••@…);
it is lost`,
          },
          { flag: '--conf-file PATH', help: 'base64-encodes PATH into docstore_conf' },
        ],
      },
      { fields: 'docstore' },
    ],
    global: true,
  },
  {
    name: 'context',
    summary: 'saved connections',
    overview: [['dms context add NAME --url URL | list | use NAME | remove NAME | verify [NAME]']],
    synopsis: [
      'dms context add NAME --url URL [--no-verify | --force]',
      'dms context add NAME --url URL --token-command [--no-verify | --force] -- PROGRAM ARG…',
      'dms context list [--json]',
      'dms context use NAME',
      'dms context remove NAME',
      'dms context verify [NAME]',
    ],
    body: [
      {
        column: 10, indent: 0, options: [
          {
            flag: 'add', help: `saves a connection. The token is read from stdin, or prompted without echo; with
--token-command, PROGRAM ARG… (every word after --) is run whenever the context
is used, without a shell, and its output (trimmed) is the token: the secret stays
in your password manager, e.g. --token-command -- pass show dms/prod. It may run
30 s; its output is never saved or shown, nor on failure.
Before saving, the token is checked with one read (the list of an application
that cannot exist: "not found" means the token was accepted):
  --no-verify   save without checking (offline, or a server not reachable yet)
  --force       save even when the check fails (the line says why)
  --timeout S   how long the check waits without progress (default 15)
A rejected token (401/403) exits 3, a server not reached 1; nothing is saved.`,
          },
          {
            flag: 'list', help: `the contexts, * marks the current one; never a token (a token command shows only
its program). --json: [{"name", "url", "current", "token": "set"|"command"|
"missing", "token_program"}]`,
          },
          { flag: 'use', help: 'makes NAME the current context' },
          { flag: 'remove', help: 'deletes NAME' },
          {
            flag: 'verify', help: `checks the token of NAME (default: the current context) with the same read:
exit 0 accepted, 3 rejected (401/403), 1 not checked (network, wrong URL),
2 a token command that failed`,
          },
        ],
      },
      { text: '\nContexts live in $DMS_CONFIG_DIR/config.json (default ~/.config/dms), mode 0600:' },
      {
        pre: true, text: `  {"current": "prod", "contexts": {"prod": {"url": "https://host/api/v1",
   "token_command": ["pass", "show", "dms/prod"]}, "lab": {"url": "…", "token": "…"}}}`,
      },
    ],
    global: false,
  },
  {
    name: 'demo',
    summary: 'run only the demo service',
    overview: [['dms demo --serve [--port N]', 'run only the demo service']],
    synopsis: ['dms demo --serve [--port N]'],
    body: [
      {
        text: `Runs only the embedded demo service in the foreground and prints DMS_URL, DMS_TOKEN,
DMS_TOKEN_NO_LOGS (a token whose rows carry no logs) and the sample project, server,
environment and application uuids. Ctrl+C stops it.`,
      },
    ],
    global: false,
  },
  {
    name: 'completion',
    summary: 'print a shell completion script',
    overview: [['dms completion bash|zsh|fish', 'print a shell completion script']],
    synopsis: ['dms completion bash|zsh|fish'],
    body: [
      {
        text: `Prints a script that completes dms's commands, flags, context names and recently opened
applications (with their names where the shell shows descriptions). It asks the dms on your
PATH, which reads only the config folder: completing never sends a request.`,
      },
      {
        column: 9, options: [
          { flag: 'bash', help: 'in ~/.bashrc:  source <(dms completion bash)' },
          {
            flag: 'zsh', help: `in ~/.zshrc, after compinit:  source <(dms completion zsh)
(or save it as _dms in a folder of $fpath)`,
          },
          { flag: 'fish', help: 'dms completion fish > ~/.config/fish/completions/dms.fish' },
        ],
      },
    ],
    global: false,
  },
  {
    name: 'help',
    summary: 'the help of dms or of a command',
    overview: [['dms help [COMMAND]', 'this help, or COMMAND\'s (as dms COMMAND --help)']],
    synopsis: ['dms help [COMMAND]'],
    body: [
      {
        text: `Prints the help of COMMAND (e.g. dms help logs, dms help create app), the same as
dms COMMAND --help; without COMMAND, the help of dms (the same as dms --help).`,
      },
    ],
    global: false,
  },
];

/** Every exit code: a few words for `dms --help`, a sentence for the man page and docs/commands.md. */
export const EXIT_TABLE: Readonly<Record<keyof typeof EXIT, readonly [short: string, long: string]>> = {
  ok: ['ok', 'success'],
  failure: ['network/server/unexpected', 'network failure, server error, unexpected answer, or a bug'],
  usage: ['usage or invalid input (nothing sent)', 'usage error or invalid input; nothing was sent'],
  auth: ['token rejected or lacking permission', 'token rejected (401) or lacking permission (403)'],
  notFound: ['not found', 'not found (404)'],
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
    'a read of the whole history did not come to the server\'s count',
    'a read of the whole history (--all, dms stats, dms diff, dms logs APP REF) came to a different number than the server counts; what was read is printed',
  ],
  outputClosed: [
    'stdout was closed before a creation\'s answer was written (no --save-credentials file holds it)',
    'a creation\'s answer could not all be written: stdout was closed and no --save-credentials file holds it',
  ],
  oldNode: ['this Node.js is older than 22', 'the Node.js running dms is older than 22 (said in one line, with what to do); nothing else ran'],
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
  ['DMS_BROWSER', 'the program that opens a deployment\'s web page (default xdg-open, open on macOS)'],
  ['DMS_DEBUG', 'set: a stack trace with errors (the token redacted), and a line for each code cache and script at exit'],
  ['NO_COLOR', 'set and not empty: no colours (as --no-color)'],
  ['XDG_CONFIG_HOME', 'where the config folder is when DMS_CONFIG_DIR is not set'],
  ['XDG_CACHE_HOME', 'where the code caches go when dms\'s own folder cannot be written'],
];

/** The files dms keeps, in the config folder. */
export const FILES: readonly (readonly [path: string, what: string])[] = [
  ['$DMS_CONFIG_DIR/config.json', 'the saved contexts and the current one (mode 0600; see dms context)'],
  ['$DMS_CONFIG_DIR/keys.json', 'your own keys for the TUI (see docs/keys.md)'],
  ['$DMS_CONFIG_DIR/recents.json', 'the applications recently opened or read, per server'],
  ['$DMS_CONFIG_DIR/page-sizes.json', 'the rows per page chosen for an application'],
  ['$DMS_CONFIG_DIR/display.json', 'how times are shown (T in the TUI)'],
  ['$DMS_CONFIG_DIR/drafts/', 'the forms\' drafts, saved as you type (mode 0600)'],
];
