// The flags of a creation request's fields as help options, grouped like the form's steps:
// generated from the forms' field tables (zod-free), for `dms create app|docstore --help` and the docs.
import { FIELD_TABLES, flagOf, requestFieldsOf, type CreateNoun } from '../forms/field-flags.js';
import type { FieldMeta, FieldTable } from '../forms/types.js';
import type { OptionDoc } from './command-doc.js';

/** Where a field flag's help starts, and the width it is wrapped to. */
export const FIELD_COLUMN = 34;
const WIDTH = 100;

/** `--build-pack nixpacks|static|…`, `--[no-]instant-deploy`, `--public-port N`. */
export function flagUsage(meta: FieldMeta): string {
  const flag = flagOf(meta.name);
  switch (meta.kind) {
    case 'boolean':
      return `--[no-]${flag}`;
    case 'integer':
      return `--${flag} N`;
    case 'choice':
      return `--${flag} ${(meta.choices ?? []).join('|')}`;
    case 'multiline':
      return `--${flag} TEXT|@FILE`;
    case 'domains':
      return `--${flag} JSON`;
    case 'secret':
      return `--${flag} SECRET`;
    default:
      return `--${flag} ${/_uuid$/.test(meta.name) ? 'ID' : meta.name === 'git_repository' || meta.name === 'domains' ? 'URL' : 'TEXT'}`;
  }
}

/** Words broken into lines of at most `width` characters. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(' ')) {
    if (cur !== '' && cur.length + 1 + word.length > width) {
      lines.push(cur);
      cur = word;
    } else cur = cur === '' ? word : `${cur} ${word}`;
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

/** One group per step of the form that has request fields: its title and its fields' flags. */
export function fieldGroups(noun: CreateNoun): { readonly title: string; readonly options: OptionDoc[] }[] {
  const table = FIELD_TABLES[noun];
  const groups: { title: string; options: OptionDoc[] }[] = [];
  for (const step of table.steps) {
    const metas = requestFieldsOf({ ...table, steps: [step] });
    if (metas.length === 0) continue;
    const options = metas.map((meta) => ({ flag: flagUsage(meta), help: wrap(describe(table, meta), WIDTH - FIELD_COLUMN).join('\n') }));
    groups.push({ title: `${step.title}${step.quick ? ' (what the form asks first)' : ''}:`, options });
  }
  return groups;
}
