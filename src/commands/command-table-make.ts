// The commands that make things and set dms up (create, context, demo, completion, help), as data:
// the second half of command-table.ts's COMMAND_TABLE.
import type { CommandDoc } from './command-doc.js';

const CREATE_RULES = `With a field flag or --file the request is sent at once (no terminal needed). Flags are merged
over the body in FILE (- reads stdin), flags winning; --field "" leaves a field of FILE out. The
body is checked as the form checks it and every problem is named (exit 2, nothing sent). Nothing
is filled in for you: the form's defaults are not added. On/off fields take --flag (true) or
--no-flag (false); N is a whole number; TEXT|@FILE reads FILE when the request is built. Flags on
a command line can be seen by other users of the machine (process lists): keep secrets in --file.
A creation is never sent twice on its own. When its answer is lost after it reached the server, or
is a 2xx that cannot be read, dms says it may exist, or does, and exits 10: look for it in the
service's web page before sending again. --example prints a body with every field to start from.`;

export const MAKE_AND_SET_UP: readonly CommandDoc[] = [
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
        column: 28,
        options: [
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
      [
        'dms create app --git-repository URL … [--file FILE|-] [--wait [--wait-timeout S]]',
        'create headlessly from flags (one per field) and/or a request body; --example prints one to start from; with instant deploy, --wait waits for its deployment',
      ],
    ],
    synopsis: [
      'dms create app [FIELD FLAGS] [--file FILE|-] [--json]    create an application, headless',
      '               [--wait [--wait-timeout SECONDS]]          … and wait for its deployment',
      'dms create app --example                                 print an example request body',
      'dms create app [--from FILE]                             open the form (TUI)',
    ],
    examples: [
      `dms create app --project-uuid P --server-uuid S --environment-name production \\
  --git-repository https://github.com/acme/shop --git-branch main --build-pack nixpacks --instant-deploy`,
    ],
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
      [
        'dms create docstore --name N … [--file FILE|-] [--conf-file PATH]',
        'create one headlessly, with one of --save-credentials FILE, --show-secrets or --discard-credentials (its root password comes only once)',
      ],
    ],
    synopsis: [
      'dms create docstore [FIELD FLAGS] [--file FILE|-] [--conf-file PATH] [--json]',
      '                   --save-credentials FILE | --show-secrets | --discard-credentials',
      '                                                        create a docstore database, headless',
      'dms create docstore --example                           print an example request body',
      'dms create docstore [--from FILE]                       open the form (TUI)',
    ],
    examples: [
      `dms create docstore --project-uuid P --server-uuid S --environment-name production \\
  --name orders-db --save-credentials orders-db.json`,
    ],
    body: [
      { text: CREATE_RULES },
      {
        text: `\nCredentials: the server generates the root password and sends it only once, inside the
connection URLs of its answer, so a headless creation says first what becomes of it (without one
of these three: exit 2, nothing sent):`,
      },
      {
        column: 34,
        options: [
          {
            flag: '--save-credentials FILE',
            help: `write the whole answer, password included, to FILE: a new file
with mode 0600, made before the request leaves (an existing
file, a symlink, a file in the drafts folder or one that cannot
be made is refused, nothing sent); the answer goes in as the
server sent it, even one dms cannot read`,
          },
          { flag: '--show-secrets', help: 'print the URLs with the password in clear' },
          {
            flag: '--discard-credentials',
            help: `print them with the password hidden (docstore://root:••••@…);
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
        column: 10,
        indent: 0,
        options: [
          {
            flag: 'add',
            help: `saves a connection. The token is read from stdin, or prompted without echo; with
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
            flag: 'list',
            help: `the contexts, * marks the current one; never a token (a token command shows only
its program). --json: [{"name", "url", "current", "token": "set"|"command"|
"missing", "token_program"}]`,
          },
          { flag: 'use', help: 'makes NAME the current context' },
          { flag: 'remove', help: 'deletes NAME' },
          {
            flag: 'verify',
            help: `checks the token of NAME (default: the current context) with the same read:
exit 0 accepted, 3 rejected (401/403), 1 not checked (network, wrong URL),
2 a token command that failed`,
          },
        ],
      },
      { text: '\nContexts live in $DMS_CONFIG_DIR/config.json (default ~/.config/dms), mode 0600:' },
      {
        pre: true,
        text: `  {"current": "prod", "contexts": {"prod": {"url": "https://host/api/v1",
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
        column: 9,
        options: [
          { flag: 'bash', help: 'in ~/.bashrc:  source <(dms completion bash)' },
          {
            flag: 'zsh',
            help: `in ~/.zshrc, after compinit:  source <(dms completion zsh)
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
    overview: [['dms help [COMMAND]', "this help, or COMMAND's (as dms COMMAND --help)"]],
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
