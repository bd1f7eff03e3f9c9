// Shell completion. `dms completion bash|zsh|fish` prints a script; the script calls back into
// `dms __complete SHELL -- WORD…` (the words after `dms`, the last one being completed), which
// prints the candidates from what is known here and in the config folder: commands, their flags
// (from the argument parser's own table, src/commands/args.ts), context names and recently
// opened applications. It never makes a request, and loads neither Ink nor got nor zod.
import { configPath, validateContextName } from '../config/contexts.js';
import { fileTrust, isRecord, MAX_SETTINGS_FILE } from '../config/private-file.js';
import { readConfigFile } from '../config/read-file.js';
import { loadRecentValues, loadRecents, recentsServer } from '../config/recents.js';
import { FIELD_TABLES, flagOf, requestFieldsOf, type CreateNoun } from '../forms/field-flags.js';
import { isPlainId } from '../text/plain-id.js';
import { clean } from '../text/sanitize.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { COMMAND_OPTIONS, GLOBAL_OPTIONS, type Command, type Parsed } from './args.js';
import { CONTEXT_OPTIONS, CONTEXT_USAGE } from './context.js';
import { OUTPUTS, STATUS_NAMES, TIME_DISPLAYS } from './deployments-args.js';
import { EXIT, UsageError } from './exit-codes.js';
import { HELP } from './help.js';
import type { CommandIO } from './io.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** One thing the shell may offer; zsh and fish show the description beside it. */
export interface Candidate { readonly value: string; readonly description?: string }

/** Candidates, or: let the shell complete file names. */
export type Completion = { readonly files: true } | { readonly files?: false; readonly candidates: Candidate[] };

/** The server the command line is for, as far as its words say (`--demo`, `--url`, `--context`). */
export interface Target { readonly demo?: boolean; readonly url?: string; readonly context?: string }

/** What the config folder holds, read only (tests pass their own). */
export interface CompletionSource {
  contexts(): Candidate[];
  /** The applications recently opened on the server the command would talk to. */
  recentApps(target: Target): Candidate[];
  /** Values recently used in a field of the create forms (project_uuid, server_uuid, …). */
  recentValues(field: string): string[];
}

// ------------------------------------------------------------------------------------------------
// `dms completion SHELL`

export function runCompletion(parsed: Parsed, io: CommandIO): number {
  const [shell, extra] = parsed.positionals;
  if (!isShell(shell)) {
    // Not repeated: an argument in the wrong place may be a token.
    throw new UsageError(`say which shell: dms completion bash, zsh or fish${shell === undefined ? '' : ' (the argument after completion is none of them)'}. Run dms completion --help.`);
  }
  if (extra !== undefined) throw new UsageError(`one argument too many: dms completion ${shell} takes none after ${shell}. Run dms completion --help.`);
  io.stdout.write(SCRIPTS[shell]);
  return EXIT.ok;
}

function isShell(value: string | undefined): value is Shell {
  return (SHELLS as readonly (string | undefined)[]).includes(value);
}

// ------------------------------------------------------------------------------------------------
// `dms __complete SHELL -- WORD…` (hidden): one candidate a line (`value<TAB>description` for zsh
// and fish), or the single line `:files`. Prints nothing rather than an error: a completion that
// fails must not write into the user's command line.

export function runComplete(argv: string[], io: CommandIO, dir: string): number {
  try {
    const [shell, ...rest] = argv;
    if (!isShell(shell)) return EXIT.usage;
    const words = rest[0] === '--' ? rest.slice(1) : rest;
    const result = complete(words.length > 0 ? words : [''], configSource(dir, io.env), shell);
    io.stdout.write(format(result, shell));
    return EXIT.ok;
  } catch {
    return EXIT.failure;
  }
}

export function format(result: Completion, shell: Shell): string {
  if (result.files) return ':files\n';
  return result.candidates.map((c) => {
    // One line each: a description never carries a tab or line break (clean() makes them spaces).
    const description = shell === 'bash' || !c.description ? '' : `\t${c.description}`;
    return `${c.value}${description}\n`;
  }).join('');
}

// ------------------------------------------------------------------------------------------------
// What to offer.

type Options = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;

/** What each command takes by position (after its name), given the positionals before. */
type Slot = 'apps' | 'contexts' | 'none' | Readonly<Record<string, string>>;
const POSITIONALS: Record<Command, (before: readonly string[]) => Slot> = {
  browse: (b) => (b.length === 0 ? 'apps' : 'none'),
  deployments: (b) => (b.length === 0 ? 'apps' : 'none'),
  logs: (b) => (b.length === 0 ? 'apps' : 'none'), // DEPLOYMENT: only the server knows
  create: (b) => (b.length === 0 ? { app: 'an application from a public git repository', docstore: 'a docstore database' } : 'none'),
  context: (b) => (b.length === 0 ? CONTEXT_USAGE : ['use', 'remove', 'verify'].includes(b[0]!) && b.length === 1 ? 'contexts' : 'none'),
  demo: () => 'none',
  completion: (b) => (b.length === 0 ? { bash: 'a script for bash', zsh: 'a script for zsh', fish: 'a script for fish' } : 'none'),
};

/** One line per command, for the shells that show descriptions. */
const COMMAND_DESCRIPTIONS: Record<Command, string> = {
  browse: "browse an application's deployments (TUI)",
  deployments: "list an application's deployments",
  logs: 'the log of a deployment',
  create: 'create an application or a docstore',
  context: 'saved connections',
  demo: 'run only the demo service',
  completion: 'print a shell completion script',
};

/** Option values dms knows without asking anyone; `files`: the shell completes a path. */
const VALUES: Readonly<Record<string, 'contexts' | 'files' | 'statuses' | readonly string[]>> = {
  context: 'contexts',
  output: OUTPUTS,
  time: TIME_DISPLAYS,
  status: 'statuses',
  file: 'files',
  from: 'files',
  'conf-file': 'files',
};

/**
 * Candidates for the last of `words` (the words after `dms`; the last may be empty). bash gets
 * only those that start with it (bash does not filter); zsh and fish get all and match themselves.
 */
export function complete(words: readonly string[], source: CompletionSource, shell: Shell = 'bash'): Completion {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  let command: Command | undefined;
  let unknownCommand = false;
  const positionals: string[] = [];
  const used = new Set<string>();
  let pending: string | undefined; // an option whose value comes next
  let endOfOptions = false;
  const target: { demo?: boolean; url?: string; context?: string } = {};
  const note = (name: string, value: string) => {
    if ((name === 'url' || name === 'context') && command !== 'context') target[name] = value;
  };
  for (const word of before) {
    if (pending !== undefined) {
      note(pending, word);
      pending = undefined;
      continue;
    }
    if (!endOfOptions && word === '--') {
      endOfOptions = true;
      continue;
    }
    if (!endOfOptions && word.startsWith('-') && word !== '-') {
      const found = findOption(word, optionsFor(command, positionals));
      if (found) {
        used.add(found.name);
        if (found.takesValue && !found.inline) pending = found.name;
        if (found.inline) note(found.name, word.slice(word.indexOf('=') + 1));
        if (found.name === 'demo' && command !== 'context') target.demo = true;
      }
      continue;
    }
    if (command === undefined && !unknownCommand) {
      if (Object.hasOwn(COMMAND_OPTIONS, word)) command = word as Command;
      else unknownCommand = true;
      continue;
    }
    positionals.push(word);
  }
  if (unknownCommand) return none();
  const options = optionsFor(command, positionals);
  // Before the command only the global options are offered (the others are read, not suggested there).
  const offered = command === undefined ? (GLOBAL_OPTIONS as Options) : options;
  const keep = (candidates: Candidate[], prefix = current) =>
    ({ candidates: shell === 'bash' ? candidates.filter((c) => c.value.startsWith(prefix)) : candidates });

  const noun = command === 'create' ? createNoun(positionals) : undefined;
  if (pending !== undefined) return valuesOf(pending, current, '', source, keep, noun);
  if (!endOfOptions && current.startsWith('--') && current.includes('=')) {
    const at = current.indexOf('=');
    const found = findOption(current.slice(0, at), options);
    return found?.takesValue ? valuesOf(found.name, current.slice(at + 1), current.slice(0, at + 1), source, keep, noun) : none();
  }
  const flags = () => keep(flagCandidates(offered, command, used, current, noun));
  if (!endOfOptions && current.startsWith('-')) return flags();

  let slot: Slot;
  if (command === undefined) {
    slot = Object.fromEntries(Object.keys(COMMAND_OPTIONS).map((c) => [c, COMMAND_DESCRIPTIONS[c as Command]]));
  } else {
    slot = POSITIONALS[command](positionals);
  }
  const candidates = slot === 'apps' ? source.recentApps(target)
    : slot === 'contexts' ? source.contexts()
      : slot === 'none' ? []
        : Object.entries(slot).map(([value, description]) => ({ value, description }));
  const byPosition = keep(candidates);
  // Nothing to offer by position (a free-text argument, or none left): the flags, which are then all that can follow.
  if (byPosition.candidates.length === 0 && current === '' && !endOfOptions) return flags();
  return byPosition;
}

function none(): Completion {
  return { candidates: [] };
}

function valuesOf(
  name: string, typed: string, prefix: string, source: CompletionSource,
  keep: (c: Candidate[], prefix?: string) => Completion, noun: CreateNoun | undefined,
): Completion {
  const withPrefix = (c: Candidate[]) => c.map((x) => ({ ...x, value: `${prefix}${x.value}` }));
  const field = noun === undefined ? undefined : fieldFlags(noun).get(name);
  if (field) {
    // A field of the request: its choices, or the values used in it recently (ids and names only).
    const offered = field.choices ?? (field.recent ? source.recentValues(field.name).filter((v) => PLAIN_VALUE.test(v)) : []);
    return keep(withPrefix(offered.map((value) => ({ value }))), `${prefix}${typed}`);
  }
  const kind = VALUES[name];
  if (kind === undefined) return none();
  if (kind === 'files') return { files: true };
  if (kind === 'contexts') return keep(withPrefix(source.contexts()), `${prefix}${typed}`);
  if (kind === 'statuses') {
    // A comma-separated list: the names not given yet, after those that are.
    const cut = typed.lastIndexOf(',') + 1;
    const given = new Set(typed.slice(0, cut).split(','));
    const names = Object.keys(STATUS_NAMES).filter((n) => !given.has(n));
    return keep(withPrefix(names.map((n) => ({ value: `${typed.slice(0, cut)}${n}` }))), `${prefix}${typed}`);
  }
  return keep(withPrefix(kind.map((value) => ({ value }))), `${prefix}${typed}`);
}

/** The options the parser accepts at this point: global and the command's; after `context`, its own. */
function optionsFor(command: Command | undefined, positionals: readonly string[]): Options {
  if (command === 'context') {
    const sub = positionals[0];
    if (sub === undefined || !Object.hasOwn(CONTEXT_OPTIONS, sub)) return { help: { type: 'boolean', short: 'h' } };
    // `context add` refuses --token (the token comes from stdin, a prompt or a token command): not offered.
    const { token: _refused, ...options } = CONTEXT_OPTIONS[sub] as Options;
    return options;
  }
  if (command === undefined) {
    // Before the command, parse() reads every command's options too (`dms --take 5 deployments`).
    return Object.assign({}, GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS)) as Options;
  }
  return { ...GLOBAL_OPTIONS, ...COMMAND_OPTIONS[command] } as Options;
}

function findOption(word: string, options: Options): { name: string; takesValue: boolean; inline: boolean } | undefined {
  if (word.startsWith('--')) {
    const at = word.indexOf('=');
    const name = at === -1 ? word.slice(2) : word.slice(2, at);
    const option = Object.hasOwn(options, name) ? options[name] : undefined;
    return option && { name, takesValue: option.type === 'string', inline: at !== -1 };
  }
  // -o json, -ojson, -hV
  const letter = word[1];
  const entry = Object.entries(options).find(([, o]) => o.short === letter);
  return entry && { name: entry[0], takesValue: entry[1].type === 'string', inline: word.length > 2 };
}

function flagCandidates(
  options: Options, command: Command | undefined, used: ReadonlySet<string>, current: string, noun: CreateNoun | undefined,
): Candidate[] {
  const described = flagDescriptions(command);
  // `dms create`: the fields of the request named (app or docstore), none before it is named.
  const fields = command === 'create' ? allFieldFlags() : undefined;
  const mine = noun === undefined ? undefined : fieldFlags(noun);
  const out: Candidate[] = [];
  for (const [name, option] of Object.entries(options)) {
    if (used.has(name) || (name === 'version' && command !== undefined)) continue;
    if (fields?.has(name) && !mine?.has(name)) continue;
    const description = mine?.get(name)?.description ?? described.get(name);
    out.push(description ? { value: `--${name}`, description } : { value: `--${name}` });
    if (option.short && !current.startsWith('--')) {
      out.push(description ? { value: `-${option.short}`, description } : { value: `-${option.short}` });
    }
  }
  return out;
}

interface FieldFlag {
  readonly name: string;
  readonly description: string;
  readonly choices?: readonly string[];
  readonly recent: boolean;
}

/** `dms create app|docstore`: the request named, when it is. */
function createNoun(positionals: readonly string[]): CreateNoun | undefined {
  const kind = positionals[0];
  return kind !== undefined && Object.hasOwn(FIELD_TABLES, kind) ? (kind as CreateNoun) : undefined;
}

const fieldFlagCache = new Map<CreateNoun, Map<string, FieldFlag>>();

/** The flags of a request's fields (src/forms/field-flags.ts names them), with the forms' help as descriptions. */
function fieldFlags(noun: CreateNoun): Map<string, FieldFlag> {
  let flags = fieldFlagCache.get(noun);
  if (flags) return flags;
  flags = new Map();
  for (const meta of requestFieldsOf(FIELD_TABLES[noun])) {
    const flag = flagOf(meta.name);
    const description = shortDescription((meta.help || meta.label).replace(/\.$/, ''));
    flags.set(flag, { name: meta.name, description, recent: meta.recent === true, ...(meta.choices ? { choices: meta.choices } : {}) });
    if (meta.kind === 'boolean') flags.set(`no-${flag}`, { name: meta.name, description: `${meta.label}: off`, recent: false });
  }
  fieldFlagCache.set(noun, flags);
  return flags;
}

function allFieldFlags(): Set<string> {
  return new Set((Object.keys(FIELD_TABLES) as CreateNoun[]).flatMap((noun) => [...fieldFlags(noun).keys()]));
}

/** `--name` → the first line of its description in the command's help (which lists the global options too). */
function flagDescriptions(command: Command | undefined): Map<string, string> {
  if (command === 'context') return new Map([['url', 'service base URL, e.g. https://host/api/v1'], ['help', 'help for a command']]);
  // The command's help first (its own --json), then the main help's global options.
  const lines = `${command ? (HELP[command] ?? '') : ''}\n${HELP.main ?? ''}`.split('\n');
  const out = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s+(?:-\w, )?--([a-z][\w-]*)(?: [A-Z][A-Z_|,]*)?\s+)(\S.*)$/.exec(lines[i]!);
    if (!m || out.has(m[2]!)) continue;
    // The text goes on in the lines indented to the same column.
    let text = m[3]!;
    const indent = ' '.repeat(m[1]!.length);
    while (lines[i + 1]?.startsWith(indent) && lines[i + 1]![indent.length] !== ' ') text += ` ${lines[++i]!.trim()}`;
    out.set(m[2]!, shortDescription(text));
  }
  return out;
}

/** The first clause of a help text (up to a semicolon outside parentheses), at most ~60 characters. */
function shortDescription(text: string): string {
  let depth = 0;
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0 && text[i + 1] === ' ') { end = i; break; }
  }
  const clause = text.slice(0, end).trim();
  if (clause.length <= 60) return clause;
  let cut = clause.lastIndexOf(' ', 58);
  if (cut < 20) cut = 58;
  // Not inside parentheses left open: cut before them.
  const open = clause.lastIndexOf('(', cut);
  if (open > 20 && clause.indexOf(')', open) > cut) cut = open;
  return `${clause.slice(0, cut).trimEnd().replace(/[,:]$/, '')}…`;
}

// ------------------------------------------------------------------------------------------------
// The config folder, read only: nothing is moved aside, warned about or written while a shell completes.

/** A remembered form value that can go into a command line as it is (an id or a plain name). */
const PLAIN_VALUE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
const MAX_DESCRIPTION = 80;

export function configSource(dir: string, env: NodeJS.ProcessEnv): CompletionSource {
  return {
    contexts: () => {
      const config = readConfig(dir);
      return Object.entries(config.contexts).map(([name, url]) => {
        const description = `${describe(maskUrlPasswords(url))}${name === config.current ? ' (current)' : ''}`.trim();
        return description ? { value: name, description } : { value: name };
      });
    },
    recentValues: (field) => {
      try {
        return loadRecentValues(dir)[field] ?? [];
      } catch {
        return [];
      }
    },
    recentApps: (target) => {
      try {
        const server = serverOf(target, env, dir);
        if (server === undefined) return [];
        return loadRecents(dir, server).filter((a) => isPlainId(a.uuid)).map((a) => {
          const name = a.name === undefined ? '' : describe(a.name);
          return name ? { value: a.uuid, description: name } : { value: a.uuid };
        });
      } catch {
        return [];
      }
    },
  };
}

/**
 * What recents are kept under for the server the command would talk to, found as connect.ts
 * finds it (--demo; flags beat DMS_URL/DMS_CONTEXT beat the current context; nothing configured:
 * the demo) but without a token: no token command runs. Undefined when it cannot be told.
 */
function serverOf(target: Target, env: NodeJS.ProcessEnv, dir: string): string | undefined {
  if (target.demo) return 'demo';
  let config: StoredConfig | undefined;
  const contextUrl = (name: string) => {
    config ??= readConfig(dir);
    return Object.hasOwn(config.contexts, name) ? config.contexts[name] : undefined;
  };
  const envUrl = env.DMS_URL?.trim() || undefined;
  const envContext = env.DMS_CONTEXT?.trim() || undefined;
  let url: string | undefined;
  if (target.url !== undefined || target.context !== undefined) url = target.url ?? contextUrl(target.context!);
  else if (envUrl !== undefined || envContext !== undefined) url = envUrl ?? contextUrl(envContext!);
  else {
    config = readConfig(dir);
    if (config.current !== undefined) url = contextUrl(config.current);
    else if (Object.keys(config.contexts).length === 0) return 'demo';
  }
  if (url === undefined) return undefined;
  try {
    const { origin, host } = new URL(url);
    return recentsServer({ demo: false, origin, host });
  } catch {
    return undefined;
  }
}

interface StoredConfig { readonly current?: string; readonly contexts: Readonly<Record<string, string>> }

/** The contexts' names and URLs. Unlike loadConfig, never moves a broken file aside, warns or throws. */
function readConfig(dir: string): StoredConfig {
  const path = configPath(dir);
  // Refused by every command when another user owns it: not read here either.
  if (fileTrust(path).refuse) return { contexts: {} };
  // Read as every command reads it (read-file.ts): a FIFO or a device there must not hang Tab.
  const read = readConfigFile(path, MAX_SETTINGS_FILE);
  if (read === undefined || !('text' in read)) return { contexts: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(read.text);
  } catch {
    return { contexts: {} };
  }
  if (!isRecord(raw) || !isRecord(raw.contexts)) return { contexts: {} };
  const contexts: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw.contexts)) {
    if (validateContextName(name) === undefined && isRecord(value) && typeof value.url === 'string') contexts[name] = value.url;
  }
  return typeof raw.current === 'string' ? { current: raw.current, contexts } : { contexts };
}

/** One short line of text from a file: no control characters, no tabs or line breaks. */
function describe(text: string): string {
  const line = clean(text).trim();
  return line.length > MAX_DESCRIPTION ? `${line.slice(0, MAX_DESCRIPTION - 1)}…` : line;
}

// ------------------------------------------------------------------------------------------------
// The scripts. Each asks `dms` (the one on PATH) and never the network.

const BASH = `# dms completion for bash. Load it in ~/.bashrc:  source <(dms completion bash)
_dms_complete() {
  local line=\${COMP_LINE:0:COMP_POINT} pos=0 i word gap
  local -a words=()
  # bash splits words at = and : (COMP_WORDBREAKS); dms reads them whole, so the pieces that
  # touch are put back together (--context=prod, --url https://host).
  for ((i = 0; i <= COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    gap=0
    while [[ \${line:pos:1} == [[:space:]] ]]; do pos=$((pos + 1)); gap=1; done
    if ((i == COMP_CWORD)); then word=\${line:pos}; fi
    if ((i > 0 && gap == 0)); then words[\${#words[@]}-1]+=$word; else words+=("$word"); fi
    pos=$((pos + \${#word}))
  done
  local cur=\${words[\${#words[@]}-1]}
  # What readline replaces: the end of the line after its last word break.
  local breaks=\${COMP_WORDBREAKS:-$' \\t\\n"\\'><=;|&(:'}
  local tail=\${line##*[$breaks]}
  local strip=\${cur:0:\${#cur}-\${#tail}}
  local out c
  COMPREPLY=()
  out=$(command dms __complete bash -- "\${words[@]:1}" 2>/dev/null) || return 0
  if [[ $out == :files ]]; then
    compopt -o filenames 2>/dev/null
    while IFS= read -r c; do COMPREPLY+=("$c"); done < <(compgen -f -- "$tail")
    return 0
  fi
  while IFS= read -r c; do
    if [[ -n $c ]]; then COMPREPLY+=("\${c#"$strip"}"); fi
  done <<<"$out"
  return 0
}
complete -F _dms_complete dms
`;

const ZSH = `#compdef dms
# dms completion for zsh. Load it in ~/.zshrc after compinit:  source <(dms completion zsh)
# or save it as _dms in a folder of $fpath.
_dms() {
  local -a lines described
  local line value desc
  lines=("\${(@f)$(command dms __complete zsh -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if [[ \${lines[1]} == :files ]]; then
    compset -P '*='
    _files
    return
  fi
  for line in "\${lines[@]}"; do
    [[ -z $line ]] && continue
    value=\${line%%$'\\t'*}
    desc=
    [[ $line == *$'\\t'* ]] && desc=\${line#*$'\\t'}
    described+=("\${value//:/\\\\:}\${desc:+:$desc}")
  done
  (( \${#described} )) && _describe -t dms 'dms' described
}
if [[ \${funcstack[1]} == _dms ]]; then _dms "$@"; else compdef _dms dms; fi
`;

const FISH = `# dms completion for fish. Load it:  dms completion fish > ~/.config/fish/completions/dms.fish
function __dms_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l cur (commandline -ct)
    set -l out (command dms __complete fish -- $words "$cur" 2>/dev/null)
    if test "$out[1]" = ':files'
        set -l pre (string match -r -- '^--[^=]*=' "$cur")
        for f in (__fish_complete_path (string replace -- "$pre" '' "$cur"))
            printf '%s%s\\n' "$pre" "$f"
        end
        return
    end
    for c in $out
        printf '%s\\n' "$c"
    end
end
complete -c dms -e
complete -c dms -f -a '(__dms_complete)'
`;

export const SCRIPTS: Readonly<Record<Shell, string>> = { bash: BASH, zsh: ZSH, fish: FISH };
