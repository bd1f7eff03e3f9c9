// `dms create app --help` / `dms create docstore --help`: the usage, then a flag for every field of
// the request, grouped like the form's steps, generated from the field tables (zod-free).
import { FIELD_TABLES, flagOf, requestFieldsOf, type CreateNoun } from '../forms/field-flags.js';
import type { FieldMeta, FieldTable } from '../forms/types.js';
import { GLOBAL_HELP_TEXT, HELP } from './help.js';

const COLUMN = 34;
const WIDTH = 100;

/** `--build-pack nixpacks|static|…`, `--[no-]instant-deploy`, `--public-port N`. */
export function flagUsage(meta: FieldMeta): string {
  const flag = flagOf(meta.name);
  switch (meta.kind) {
    case 'boolean': return `--[no-]${flag}`;
    case 'integer': return `--${flag} N`;
    case 'choice': return `--${flag} ${(meta.choices ?? []).join('|')}`;
    case 'multiline': return `--${flag} TEXT|@FILE`;
    case 'domains': return `--${flag} JSON`;
    case 'secret': return `--${flag} SECRET`;
    default: return `--${flag} ${/_uuid$/.test(meta.name) ? 'ID' : meta.name === 'git_repository' || meta.name === 'domains' ? 'URL' : 'TEXT'}`;
  }
}

/** Words broken into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(' ')) {
    if (cur !== '' && cur.length + 1 + word.length > width) { lines.push(cur); cur = word; } else cur = cur === '' ? word : `${cur} ${word}`;
  }
  if (cur !== '') lines.push(cur);
  return lines;
}

function describe(table: FieldTable, meta: FieldMeta): string {
  const required = table.required.includes(meta.name) ? '(required) ' : '';
  const fallback = table.defaultOf(meta.name, {});
  const form = fallback !== undefined ? ` The form starts with ${String(fallback)}.` : '';
  const unset = meta.unset && !required && meta.unset !== 'none' ? ` Not given: ${meta.unset}.` : '';
  const domains = meta.kind === 'domains' ? ' A JSON list, e.g. [{"name":"web","domain":"https://a.example.com"}].' : '';
  return `${required}${meta.help}${domains}${unset}${form}`;
}

/** The field flags of a request, grouped by the form's steps. */
export function fieldFlagsHelp(noun: CreateNoun): string {
  const table = FIELD_TABLES[noun];
  const out: string[] = [];
  for (const step of table.steps) {
    const metas = requestFieldsOf({ ...table, steps: [step] });
    if (metas.length === 0) continue;
    if (out.length > 0) out.push('');
    out.push(`${step.title}${step.quick ? ' (what the form asks first)' : ''}:`);
    for (const meta of metas) {
      const usage = `  ${flagUsage(meta)}`;
      const text = wrap(describe(table, meta), WIDTH - COLUMN);
      if (usage.length < COLUMN - 1) {
        out.push(`${usage.padEnd(COLUMN)}${text[0] ?? ''}`);
        for (const l of text.slice(1)) out.push(`${' '.repeat(COLUMN)}${l}`);
      } else {
        out.push(usage);
        for (const l of text) out.push(`${' '.repeat(COLUMN)}${l}`);
      }
    }
  }
  return out.join('\n');
}

const USAGE: Record<CreateNoun, string> = {
  app: `Usage: dms create app [FIELD FLAGS] [--file FILE|-] [--json]    create an application, headless
                      [--wait [--wait-timeout SECONDS]]          … and wait for its deployment
       dms create app --example                                 print an example request body
       dms create app [--from FILE]                             open the form (TUI)

e.g.  dms create app --project-uuid P --server-uuid S --environment-name production \\
        --git-repository https://github.com/acme/shop --git-branch main --build-pack nixpacks --instant-deploy`,
  docstore: `Usage: dms create docstore [FIELD FLAGS] [--file FILE|-] [--conf-file PATH] [--json]
                          --save-credentials FILE | --show-secrets | --discard-credentials
                                                               create a docstore database, headless
       dms create docstore --example                           print an example request body
       dms create docstore [--from FILE]                       open the form (TUI)

e.g.  dms create docstore --project-uuid P --server-uuid S --environment-name production \\
        --name orders-db --save-credentials orders-db.json`,
};

const RULES = `With a field flag or --file the request is sent at once (no terminal needed). Flags are merged
over the body in FILE (- reads stdin), flags winning; --field "" leaves a field of FILE out. The
body is checked as the form checks it and every problem is named (exit 2, nothing sent). Nothing
is filled in for you: the form's defaults are not added. On/off fields take --flag (true) or
--no-flag (false); N is a whole number; TEXT|@FILE reads FILE when the request is built. Flags on
a command line can be seen by other users of the machine (process lists): keep secrets in --file.
A creation is never sent twice on its own. When its answer is lost after it reached the server, or
is a 2xx that cannot be read, dms says it may exist, or does, and exits 10: look for it in the
service's web page before sending again. --example prints a body with every field to start from.`;

const APP_EXTRA = `Waiting: with instant_deploy (--instant-deploy, or "instant_deploy": true in FILE), --wait
finds the deployment the creation started (polling its list; only reads are repeated, the
creation is sent once), prints each status change with the time since the creation on stderr, and
exits by its outcome: 0 finished, 7 failed, 8 cancelled, 9 when --wait-timeout SECONDS (default
1800) passes first. stdout keeps the creation's lines; with --json it holds the deployment's final
record instead (secrets masked unless --show-secrets). Ctrl+C stops waiting (exit 130), not the
deployment: dms logs APP_UUID --follow resumes. --wait without instant_deploy is refused (exit 2).`;

const DOCSTORE_EXTRA = `Credentials: the server generates the root password and sends it only once, inside the
connection URLs of its answer, so a headless creation says first what becomes of it (without one
of these three: exit 2, nothing sent):
  --save-credentials FILE         write the whole answer, password included, to FILE: a new file
                                  with mode 0600, made before the request leaves (an existing
                                  file, a symlink, a file in the drafts folder or one that cannot
                                  be made is refused, nothing sent); the answer goes in as the
                                  server sent it, even one dms cannot read
  --show-secrets                  print the URLs with the password in clear
  --discard-credentials           print them with the password hidden (docstore://root:••••@…);
                                  it is lost
  --conf-file PATH                base64-encodes PATH into docstore_conf`;

/** The whole help of `dms create [app|docstore] --help`. */
export function createHelp(kind: string | undefined): string {
  if (kind !== 'app' && kind !== 'docstore') return HELP.create!;
  const extra = `\n\n${kind === 'docstore' ? DOCSTORE_EXTRA : APP_EXTRA}`;
  return `${USAGE[kind]}\n\n${RULES}${extra}\n\nFields, grouped like the form's steps:\n\n${fieldFlagsHelp(kind)}\n\n${GLOBAL_HELP_TEXT}`;
}
