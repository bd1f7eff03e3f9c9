// What shell completion offers for a command line: commands, their flags and subcommands, and
// values (output formats, statuses, context names, recent applications, a create form's choices
// and recent values). Pure: the config folder comes in as a CompletionSource.
import type { CreateNoun } from '../forms/field-flags.js';
import { COMMAND_OPTIONS, DIFF_OUTPUTS, GLOBAL_OPTIONS, type Command } from './args.js';
import { COMMAND_TABLE } from './command-table.js';
import { allFieldFlags, createNoun, fieldFlags, flagDescriptions } from './completion-flags.js';
import type { Shell } from './completion-scripts.js';
import type { Candidate, CompletionSource, Target } from './completion-source.js';
import { CONTEXT_OPTIONS, CONTEXT_USAGE } from './context.js';
import { OUTPUTS, STATUS_NAMES, TIME_DISPLAYS } from './deployments-args.js';
import { SORT_FIELDS } from '../model/sort.js';

/** Candidates, or: let the shell complete file names. */
export type Completion = { readonly files: true } | { readonly files?: false; readonly candidates: Candidate[] };

/** A remembered form value that can go into a command line as it is (an id or a plain name). */
const PLAIN_VALUE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

type Options = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;

/** What each command takes by position (after its name), given the positionals before. */
type Slot = 'apps' | 'contexts' | 'none' | Readonly<Record<string, string>>;
const POSITIONALS: Record<Command, (before: readonly string[]) => Slot> = {
  browse: (b) => (b.length === 0 ? 'apps' : 'none'),
  deployments: (b) => (b.length === 0 ? 'apps' : 'none'),
  stats: (b) => (b.length === 0 ? 'apps' : 'none'),
  reasons: (b) => (b.length === 0 ? 'apps' : 'none'),
  logs: (b) => (b.length === 0 ? 'apps' : 'none'), // DEPLOYMENT: only the server knows
  diff: (b) => (b.length === 0 ? 'apps' : 'none'), // A and B: only the server knows
  create: (b) => (b.length === 0 ? { app: 'an application from a public git repository', docstore: 'a docstore database' } : 'none'),
  context: (b) => (b.length === 0 ? CONTEXT_USAGE : ['use', 'remove', 'verify'].includes(b[0]!) && b.length === 1 ? 'contexts' : 'none'),
  demo: () => 'none',
  board: () => 'none',
  cache: (b) =>
    b.length === 0
      ? { info: 'where the page cache is, its size, the applications it keeps', clear: 'empty it (all, or one application)' }
      : b[0] === 'clear' && b.length === 1
        ? 'apps'
        : 'none',
  completion: (b) => (b.length === 0 ? { bash: 'a script for bash', zsh: 'a script for zsh', fish: 'a script for fish' } : 'none'),
  help: (b) => (b.length === 0 ? COMMAND_DESCRIPTIONS : b[0] === 'create' && b.length === 1 ? POSITIONALS.create([]) : 'none'),
};

/** One line per command, for the shells that show descriptions (the command table's summaries). */
const COMMAND_DESCRIPTIONS = Object.fromEntries(
  Object.keys(COMMAND_OPTIONS).map((c) => [c, COMMAND_TABLE.find((d) => d.name === c)!.summary]),
) as Record<Command, string>;

/** Option values dms knows without asking anyone; `files`: the shell completes a path. */
const VALUES: Readonly<Record<string, 'contexts' | 'files' | 'statuses' | readonly string[]>> = {
  context: 'contexts',
  output: OUTPUTS,
  time: TIME_DISPLAYS,
  status: 'statuses',
  sort: SORT_FIELDS.flatMap((f) => [f, `${f}:asc`]),
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
  const keep = (candidates: Candidate[], prefix = current) => ({
    candidates: shell === 'bash' ? candidates.filter((c) => c.value.startsWith(prefix)) : candidates,
  });

  const noun = command === 'create' ? createNoun(positionals) : undefined;
  if (pending !== undefined) return valuesOf(pending, current, '', source, target, keep, noun, command);
  if (!endOfOptions && current.startsWith('--') && current.includes('=')) {
    const at = current.indexOf('=');
    const found = findOption(current.slice(0, at), options);
    return found?.takesValue
      ? valuesOf(found.name, current.slice(at + 1), current.slice(0, at + 1), source, target, keep, noun, command)
      : none();
  }
  const flags = () => keep(flagCandidates(offered, command, used, current, noun));
  if (!endOfOptions && current.startsWith('-')) return flags();

  let slot: Slot;
  if (command === undefined) {
    slot = Object.fromEntries(Object.keys(COMMAND_OPTIONS).map((c) => [c, COMMAND_DESCRIPTIONS[c as Command]]));
  } else {
    slot = POSITIONALS[command](positionals);
  }
  const candidates =
    slot === 'apps'
      ? source.recentApps(target)
      : slot === 'contexts'
        ? source.contexts()
        : slot === 'none'
          ? []
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
  name: string,
  typed: string,
  prefix: string,
  source: CompletionSource,
  target: Target,
  keep: (c: Candidate[], prefix?: string) => Completion,
  noun: CreateNoun | undefined,
  command: Command | undefined,
): Completion {
  const withPrefix = (c: Candidate[]) => c.map((x) => ({ ...x, value: `${prefix}${x.value}` }));
  const field = noun === undefined ? undefined : fieldFlags(noun).get(name);
  if (field) {
    // A field of the request: its choices, or the values used in it recently (ids and names only).
    const offered = field.choices ?? (field.recent ? source.recentValues(field.name, target).filter((v) => PLAIN_VALUE.test(v)) : []);
    return keep(withPrefix(offered.map((value) => ({ value }))), `${prefix}${typed}`);
  }
  const kind = name === 'output' && (command === 'diff' || command === 'logs') ? DIFF_OUTPUTS : VALUES[name];
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
  options: Options,
  command: Command | undefined,
  used: ReadonlySet<string>,
  current: string,
  noun: CreateNoun | undefined,
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
