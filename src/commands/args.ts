// Argument parsing with node:util parseArgs: global options plus each command's own.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './exit-codes.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export const GLOBAL_OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  context: { type: 'string' },
  demo: { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  'show-secrets': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const satisfies Options;

export const COMMAND_OPTIONS = {
  deployments: {
    skip: { type: 'string' }, take: { type: 'string' }, all: { type: 'boolean' }, output: { type: 'string', short: 'o' },
    status: { type: 'string' }, branch: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' }, limit: { type: 'string' },
  },
  logs: { debug: { type: 'boolean' }, timestamps: { type: 'boolean' }, follow: { type: 'boolean' }, 'wait-timeout': { type: 'string' } },
  create: { file: { type: 'string' }, from: { type: 'string' }, 'conf-file': { type: 'string' } },
  context: {},
  demo: { serve: { type: 'boolean' }, port: { type: 'string' } },
  browse: {},
} as const satisfies Record<string, Options>;

export type Command = keyof typeof COMMAND_OPTIONS;
const ALL = Object.assign({}, GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS)) as Options;

export interface Parsed {
  readonly command: Command | undefined;
  readonly positionals: string[];
  readonly values: Record<string, string | boolean | undefined>;
}

export function parse(argv: string[]): Parsed {
  const loose = parseArgs({ args: argv, options: ALL, strict: false, allowPositionals: true });
  const first = loose.positionals[0];
  if (first !== undefined && !(first in COMMAND_OPTIONS)) {
    throw new UsageError(`unknown command '${first}'. Run dms --help for the commands.`);
  }
  const command = first as Command | undefined;
  // `context add NAME --url URL`: everything after `context` is parsed by `dms context` itself.
  if (command === 'context') {
    return { command, positionals: argv.slice(argv.indexOf('context') + 1), values: {} };
  }
  const options = { ...GLOBAL_OPTIONS, ...(command ? COMMAND_OPTIONS[command] : {}) } as Options;
  try {
    const strict = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
    return { command, positionals: strict.positionals.slice(command ? 1 : 0), values: strict.values as Parsed['values'] };
  } catch (error) {
    // parseArgs explains over several lines; the first says what is wrong.
    const first = ((error as Error).message.split('\n')[0] ?? '').replace(/\.$/, '');
    // `--limit -3`: the value looks like an option.
    const ambiguous = /^Option '(--?[\w-]+)(?: <value>)?' argument is ambiguous/.exec(first);
    const value = ambiguous ? argv[argv.indexOf(ambiguous[1]!) + 1] : undefined;
    if (ambiguous && value !== undefined) {
      throw new UsageError(`${ambiguous[1]} ${value.slice(0, 20)}: a value that starts with '-' is taken for an option (write ${ambiguous[1]}=${value.slice(0, 20)} if you mean it). Run dms ${command ? `${command} ` : ''}--help.`);
    }
    throw new UsageError(`${first}. Run dms ${command ? `${command} ` : ''}--help.`);
  }
}

/** A whole number flag, e.g. --take 20. */
export function intFlag(values: Parsed['values'], name: string, min: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < min) {
    throw new UsageError(`--${name} must be a whole number of at least ${min}, not '${String(raw)}'.`);
  }
  return Number(raw);
}
