// Argument parsing with node:util parseArgs: global options plus each command's own.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './exit-codes.js';
import { FIELD_FLAG_OPTIONS, notAFieldMessage, type CreateNoun } from '../forms/field-flags.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export const GLOBAL_OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  context: { type: 'string' },
  demo: { type: 'boolean' },
  timeout: { type: 'string' },
  'max-response-mb': { type: 'string' },
  json: { type: 'boolean' },
  'show-secrets': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const satisfies Options;

export const COMMAND_OPTIONS = {
  deployments: {
    skip: { type: 'string' },
    take: { type: 'string' },
    all: { type: 'boolean' },
    output: { type: 'string', short: 'o' },
    status: { type: 'string' },
    branch: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    limit: { type: 'string' },
    time: { type: 'string' },
    'with-total': { type: 'boolean' },
    cached: { type: 'boolean' },
    filter: { type: 'string' },
    sort: { type: 'string' },
    view: { type: 'string' },
  },
  stats: { since: { type: 'string' }, until: { type: 'string' }, output: { type: 'string', short: 'o' } },
  reasons: { since: { type: 'string' }, output: { type: 'string', short: 'o' } },
  diff: { output: { type: 'string', short: 'o' }, logs: { type: 'boolean' } },
  board: { output: { type: 'string', short: 'o' }, 'all-contexts': { type: 'boolean' }, 'no-notify': { type: 'boolean' } },
  logs: {
    debug: { type: 'boolean' },
    timestamps: { type: 'boolean' },
    follow: { type: 'boolean' },
    'wait-timeout': { type: 'string' },
    reason: { type: 'boolean' },
    steps: { type: 'boolean' },
    output: { type: 'string', short: 'o' },
  },
  // Besides its own: a flag for every field of both request bodies (src/forms/field-flags.ts).
  create: {
    file: { type: 'string' },
    from: { type: 'string' },
    'conf-file': { type: 'string' },
    example: { type: 'boolean' },
    'save-credentials': { type: 'string' },
    'discard-credentials': { type: 'boolean' },
    wait: { type: 'boolean' },
    'wait-timeout': { type: 'string' },
    ...FIELD_FLAG_OPTIONS,
  },
  context: {},
  demo: { serve: { type: 'boolean' }, port: { type: 'string' } },
  browse: { 'no-notify': { type: 'boolean' } },
  completion: {},
  cache: {},
  help: {},
} as const satisfies Record<string, Options>;

export type Command = keyof typeof COMMAND_OPTIONS;

/** `dms diff -o`: what completion offers and diff-args.ts accepts. */
export const DIFF_OUTPUTS = ['table', 'json'] as const;
const ALL = Object.assign({}, GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS)) as Options;

export interface Parsed {
  readonly command: Command | undefined;
  readonly positionals: string[];
  readonly values: Record<string, string | boolean | undefined>;
}

export function parse(argv: string[]): Parsed {
  const loose = parseArgs({ args: argv, options: ALL, strict: false, allowPositionals: true, tokens: true });
  const first = loose.positionals[0];
  const command = first !== undefined && Object.hasOwn(COMMAND_OPTIONS, first) ? (first as Command) : undefined;
  // An option no command has (`--tokn "$T"`): named, its value never (it may be a token), and
  // before the value it left behind is read as a command.
  const contextAt = command === 'context' ? argv.indexOf('context') : -1;
  for (const t of loose.tokens ?? []) {
    if (t.kind !== 'option' || Object.hasOwn(ALL, t.name)) continue;
    if (contextAt !== -1 && t.index > contextAt) break; // `dms context …` reads its own options
    throw unknownOption(
      t.rawName,
      Object.keys({ ...GLOBAL_OPTIONS, ...(command ? COMMAND_OPTIONS[command] : {}) }),
      command,
      loose.positionals,
    );
  }
  if (first !== undefined && command === undefined) {
    const near = nearest(first, Object.keys(COMMAND_OPTIONS));
    throw new UsageError(
      `the first argument is not a command${near ? ` (did you mean ${near}?)` : ''}; it is not repeated here, in case it is a secret. Run dms --help for the commands.`,
    );
  }
  // `context add NAME --url URL`: everything after `context` is parsed by `dms context` itself.
  if (command === 'context') {
    return { command, positionals: argv.slice(contextAt + 1), values: {} };
  }
  const options = { ...GLOBAL_OPTIONS, ...(command ? COMMAND_OPTIONS[command] : {}) } as Options;
  const help = `Run dms ${command ? `${command} ` : ''}--help.`;
  try {
    const strict = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
    return { command, positionals: strict.positionals.slice(command ? 1 : 0), values: strict.values as Parsed['values'] };
  } catch (error) {
    // parseArgs's messages are rebuilt, never passed on: some quote what follows an option.
    const message = (error as Error).message;
    const unknown = /^Unknown option '(--?[^'=\s]*)/.exec(message)?.[1];
    if (unknown) throw unknownOption(unknown, Object.keys(options), command, strictPositionals(argv));
    const named = /^Option '(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];
    if (named && / argument missing/.test(message)) throw new UsageError(`${named} needs a value. ${help}`);
    if (named && /does not take an argument/.test(message)) throw new UsageError(`${named} takes no value. ${help}`);
    if (named && /argument is ambiguous/.test(message)) {
      // `--limit -3`: the value looks like an option. Repeated only when plain (and never a token's or URL's).
      // The advice uses the long name: `-o=-n` would pass `=-n`.
      const long = named.startsWith('--')
        ? named
        : `--${Object.entries(options).find(([, o]) => o.short === named.slice(1))?.[0] ?? named.slice(1)}`;
      const raw = argv[argv.indexOf(named) + 1];
      const shown = raw !== undefined && long !== '--token' && long !== '--url' ? quotedArg(raw, 20) : undefined;
      const value = shown ? shown.slice(1, -1) : undefined;
      throw new UsageError(
        `${named}${value ? ` ${value}` : ''}: a value that starts with '-' is taken for an option (write ${long}=${value ?? 'VALUE'} if you mean it). ${help}`,
      );
    }
    throw new UsageError(`invalid arguments. ${help}`);
  }
}

/** The positionals of argv, read loosely (for naming what `dms create` was to create). */
function strictPositionals(argv: string[]): string[] {
  return parseArgs({ args: argv, options: ALL, strict: false, allowPositionals: true }).positionals;
}

/**
 * `unknown option --tokn; did you mean --token?` (for a command: `--all is not an option of dms logs`).
 * For `dms create`, an option that is not near one of its own is taken for a field: the message
 * names the closest field of the request being created.
 */
function unknownOption(
  raw: string,
  known: readonly string[],
  command: Command | undefined,
  positionals: readonly string[] = [],
): UsageError {
  if (command === 'create') {
    const own = known.filter((k) => !Object.hasOwn(FIELD_FLAG_OPTIONS, k));
    const dashed = raw.replace(/^-+/, '');
    if (
      raw.startsWith('--') &&
      !nearest(
        dashed,
        own.filter((k) => k.length > 1),
      )
    ) {
      const kind = positionals[1];
      const nouns: CreateNoun[] = kind === 'app' || kind === 'docstore' ? [kind] : ['app', 'docstore'];
      return new UsageError(notAFieldMessage(raw, nouns));
    }
  }
  const dashes = raw.startsWith('--') ? '--' : '-';
  const near = nearest(
    raw.slice(dashes.length),
    known.filter((k) => (dashes === '--' ? k.length > 1 : k.length === 1)),
  );
  const plain = /^--?[A-Za-z0-9][\w-]{0,40}$/.test(raw);
  const what =
    command && Object.hasOwn(ALL, raw.slice(dashes.length))
      ? `${raw} is not an option of dms ${command}`
      : plain
        ? `unknown option ${raw}`
        : 'unknown option (not repeated here, in case it is a secret)';
  const mean = near ? `; did you mean ${near.length > 1 ? '--' : '-'}${near}?` : '.';
  return new UsageError(`${what}${mean} Run dms ${command ? `${command} ` : ''}--help.`);
}

/** The name in `names` closest to `word` (two edits at most, one for a short word; or a prefix of it), if any. */
function nearest(word: string, names: readonly string[]): string | undefined {
  const most = word.length <= 4 ? 1 : 2;
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    const d = name.startsWith(word) && word.length >= 3 ? 1 : distance(word.toLowerCase(), name);
    if (d <= most && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** Edits between two words, a swap of neighbours counting as one (short words only: longer ones are never near). */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || a.length > 40) return 3;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * An argument as a message may repeat it: `'value'` when it is short and plain (words, numbers,
 * times, paths); undefined otherwise — a token pasted in the wrong place (`<id>|<secret>`, a long
 * run of letters and digits) must not be printed, so the message leaves the value out.
 */
/**
 * `-o/--output` among `formats` (`--json` is `-o json`): the format chosen, or undefined when
 * neither was given. `joiner` lists the formats in the usage error (", " or " or ").
 */
export function outputFlag<F extends string>(values: Parsed['values'], formats: readonly F[], joiner = ', '): F | undefined {
  const raw = values.output;
  if (raw !== undefined && (typeof raw !== 'string' || !(formats as readonly string[]).includes(raw))) {
    const shown = typeof raw === 'string' ? quotedArg(raw) : undefined;
    throw new UsageError(`-o/--output takes ${formats.join(joiner)}${shown ? `, not ${shown}` : ''}.`);
  }
  if (values.json === true) {
    if (raw !== undefined && raw !== 'json') throw new UsageError(`--json is -o json; it cannot go with -o ${raw}. Choose one.`);
    return 'json' as F;
  }
  return raw as F | undefined;
}

/** The one APP_UUID of `dms COMMAND APP_UUID` (a second argument is not repeated: it may be a secret). */
export function oneApp(parsed: Parsed, command: string): string {
  const [app, extra] = parsed.positionals;
  if (!app) throw new UsageError(`give the application uuid: dms ${command} APP_UUID.`);
  if (extra !== undefined)
    throw new UsageError(
      `one argument too many: dms ${command} takes one APP_UUID (the 2nd argument after ${command} is not repeated here, in case it is a secret). Run dms ${command} --help.`,
    );
  return app;
}

export function quotedArg(value: string, max = 40): string | undefined {
  if (value.length > max || !/^[\w .,:+@/~=%-]*$/.test(value) || /[A-Za-z0-9]{24,}/.test(value)) return undefined;
  return `'${value}'`;
}

/** A whole number flag, e.g. --take 20. */
export function intFlag(values: Parsed['values'], name: string, min: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < min) {
    const shown = typeof raw === 'string' ? quotedArg(raw) : undefined;
    throw new UsageError(`--${name} must be a whole number of at least ${min}${shown ? `, not ${shown}` : ''}.`);
  }
  return Number(raw);
}
