// What shell completion says of flags: the fields of `dms create app|docstore` as flags (from the
// forms' field tables), and each flag's description, the first clause of its line in the help.
import { FIELD_TABLES, flagOf, requestFieldsOf, type CreateNoun } from '../forms/field-flags.js';
import type { Command } from './args.js';
import { helpText } from './help.js';

export interface FieldFlag {
  readonly name: string;
  readonly description: string;
  readonly choices?: readonly string[];
  readonly recent: boolean;
}

/** `dms create app|docstore`: the request named, when it is. */
export function createNoun(positionals: readonly string[]): CreateNoun | undefined {
  const kind = positionals[0];
  return kind !== undefined && Object.hasOwn(FIELD_TABLES, kind) ? (kind as CreateNoun) : undefined;
}

const fieldFlagCache = new Map<CreateNoun, Map<string, FieldFlag>>();

/** The flags of a request's fields (src/forms/field-flags.ts names them), with the forms' help as descriptions. */
export function fieldFlags(noun: CreateNoun): Map<string, FieldFlag> {
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

export function allFieldFlags(): Set<string> {
  return new Set((Object.keys(FIELD_TABLES) as CreateNoun[]).flatMap((noun) => [...fieldFlags(noun).keys()]));
}

/** `--name` → the first line of its description in the command's help (which lists the global options too). */
export function flagDescriptions(command: Command | undefined): Map<string, string> {
  if (command === 'context')
    return new Map([
      ['url', 'service base URL, e.g. https://host/api/v1'],
      ['help', 'help for a command'],
    ]);
  // The command's help first (its own --json), then the main help's global options.
  const lines = `${command ? (helpText(command) ?? '') : ''}\n${helpText()}`.split('\n');
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
    else if (c === ';' && depth === 0 && text[i + 1] === ' ') {
      end = i;
      break;
    }
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
