// Every field of both creation requests as a command-line flag, named after it (`_` → `-`):
// `--git-repository URL`, booleans as `--instant-deploy` / `--no-instant-deploy`. Generated from
// the field tables the forms use (zod-free: the argument parser reads this for every command), so
// a new field is a new flag, in the help and in `--example` too.
import type { ParseArgsConfig } from 'node:util';
import { APP_FIELDS } from './app-fields.js';
import { DOCSTORE_FIELDS_TABLE } from './docstore-fields.js';
import type { FieldMeta, FieldTable } from './types.js';

type Options = NonNullable<ParseArgsConfig['options']>;
export type CreateNoun = 'app' | 'docstore';

export const FIELD_TABLES: Readonly<Record<CreateNoun, FieldTable>> = { app: APP_FIELDS, docstore: DOCSTORE_FIELDS_TABLE };

/** `git_repository` → `git-repository`. */
export const flagOf = (field: string): string => field.replaceAll('_', '-');

/** The request fields of a table, in step order (Save as is not one). */
export function requestFieldsOf(table: FieldTable): FieldMeta[] {
  return table.steps
    .flatMap((s) => s.fields)
    .map((f) => table.fields[f]!)
    .filter((m) => m.kind !== 'save-as');
}

/** parseArgs options for the fields of both requests: a value for each, and `--no-` for on/off ones. */
export const FIELD_FLAG_OPTIONS: Options = (() => {
  const out: Options = {};
  for (const table of Object.values(FIELD_TABLES)) {
    for (const meta of requestFieldsOf(table)) {
      const flag = flagOf(meta.name);
      if (meta.kind === 'boolean') {
        out[flag] = { type: 'boolean' };
        out[`no-${flag}`] = { type: 'boolean' };
      } else {
        out[flag] = { type: 'string' };
      }
    }
  }
  return out;
})();

/** The field a field flag names (`no-instant-deploy` → instant_deploy), whatever the request; undefined for other options. */
export function fieldOfFlag(option: string): { field: string; negated: boolean } | undefined {
  if (!Object.hasOwn(FIELD_FLAG_OPTIONS, option)) return undefined;
  const negated = option.startsWith('no-') && FIELD_FLAG_OPTIONS[option.slice(3)]?.type === 'boolean';
  const name = (negated ? option.slice(3) : option).replaceAll('-', '_');
  return { field: name, negated };
}

/** Edits between two words (Levenshtein), bounded by their lengths. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** Words two names share (`public_port` and `ports_exposes` share `port`): equal, or one starting the other. */
function shared(a: string, b: string): number {
  const bs = b.split('_');
  return a.split('_').filter((x) => x.length >= 3 && bs.some((y) => y.length >= 3 && (x.startsWith(y) || y.startsWith(x)))).length;
}

/**
 * The field of `nouns`' requests closest to a flag that is none of them: one whose name holds the
 * word (`--repository` → git_repository), else the one sharing most words with it (`--public-port`
 * on an application → ports_exposes), else the fewest edits away.
 */
export function closestField(word: string, nouns: readonly CreateNoun[] = ['app', 'docstore']): string | undefined {
  const w = word.replace(/^-+/, '').replace(/^no-/, '').toLowerCase().replaceAll('-', '_').slice(0, 64);
  if (w === '') return undefined;
  let best: { field: string; score: readonly number[] } | undefined;
  const better = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  for (const noun of nouns) {
    for (const { name } of requestFieldsOf(FIELD_TABLES[noun])) {
      const score = name.includes(w) ? [0, 0, name.length - w.length] : [1, -shared(w, name), distance(w, name)];
      if (!best || better(score, best.score)) best = { field: name, score };
    }
  }
  return best?.field;
}

const REQUEST_WORDS: Record<CreateNoun, string> = { app: 'an application request', docstore: 'a docstore request' };

/**
 * The message for a flag of `dms create` that is not a field (`--repo-url`): named only when it
 * is a plain option name (it may be a misplaced token), with the closest field.
 */
export function notAFieldMessage(raw: string, nouns: readonly CreateNoun[]): string {
  const plain = /^--?[A-Za-z0-9][\w-]{0,40}$/.test(raw);
  const near = plain ? closestField(raw, nouns) : undefined;
  const what = nouns.length === 1 ? REQUEST_WORDS[nouns[0]!] : 'a creation request';
  const named = plain ? raw : 'an option';
  const noun = nouns.length === 1 ? nouns[0] : 'app|docstore';
  return `${named} is not a field of ${what}${near ? `; the closest is --${flagOf(near)}` : ''}. Run dms create ${noun} --help for every field's flag.`;
}
