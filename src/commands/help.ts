// `dms --help`, `dms COMMAND --help` and `dms help [COMMAND]`: printed from the command table.
import type { CreateNoun } from '../forms/field-flags.js';
import { COMMAND_TABLE, GLOBAL_BLOCKS } from './command-table.js';
import type { CommandDoc, HelpBlock, OptionDoc } from './command-doc.js';
import { exitCodes } from './reference-facts.js';
import { FIELD_COLUMN, fieldGroups, wrap } from './field-help.js';
export { VERSION } from './version.js';

const WIDTH = 96;
const EXIT_WIDTH = 92;
/** Where the main help's usage rows say what a command does. */
const WHAT_COLUMN = 40;

/** Options as help lists them: the flag, its help from `column` (below the flag when `below` and it does not fit). */
function optionLines(options: readonly OptionDoc[], column: number, indent = 2, below = false): string[] {
  const out: string[] = [];
  for (const o of options) {
    const lead = `${' '.repeat(indent)}${o.flag}`;
    const [first = '', ...rest] = o.help.split('\n');
    if (lead.length < column - (below ? 1 : 0)) out.push(`${lead.padEnd(column)}${first}`);
    else if (below) out.push(lead, `${' '.repeat(column)}${first}`);
    else out.push(`${lead}  ${first}`);
    for (const line of rest) out.push(`${' '.repeat(column)}${line}`);
  }
  return out;
}

/** `dms create app|docstore --help`'s field flags, grouped like the form's steps. */
export function fieldFlagsHelp(noun: CreateNoun): string {
  return fieldGroups(noun)
    .map((g) => [g.title, ...optionLines(g.options, FIELD_COLUMN, 2, true)].join('\n'))
    .join('\n\n');
}

function blockLines(block: HelpBlock): string[] {
  if ('fields' in block) return ['', "Fields, grouped like the form's steps:", '', fieldFlagsHelp(block.fields)];
  if ('options' in block) return [...(block.title ? [block.title] : []), ...optionLines(block.options, block.column, block.indent)];
  const pad = ' '.repeat(block.indent ?? 0);
  return block.text.split('\n').map((line) => (line === '' ? line : `${pad}${line}`));
}

const globalText = (): string => GLOBAL_BLOCKS.flatMap(blockLines).join('\n');

/** One command's help. */
function commandHelp(doc: CommandDoc): string {
  const [first, ...more] = doc.synopsis;
  const parts = [[`Usage: ${first}`, ...more.map((s) => `       ${s}`)].join('\n')];
  if (doc.examples) parts.push(doc.examples.map((e) => `e.g.  ${e.replaceAll('\n', '\n      ')}`).join('\n'));
  parts.push(doc.body.flatMap(blockLines).join('\n'));
  if (doc.global) parts.push(globalText());
  return parts.join('\n\n');
}

/** `dms --help`: every command's usage, the global options, the exit codes. */
function mainHelp(): string {
  const rows: string[] = [];
  for (const doc of COMMAND_TABLE) {
    for (const [usage, what] of doc.overview) {
      const lead = `  ${usage}`;
      const lines = what ? wrap(what, WIDTH - WHAT_COLUMN) : [];
      if (lines.length > 0 && lead.length < WHAT_COLUMN - 1) rows.push(`${lead.padEnd(WHAT_COLUMN)}${lines.shift()}`);
      else rows.push(lead);
      rows.push(...lines.map((line) => `${' '.repeat(WHAT_COLUMN)}${line}`));
    }
  }
  // A code is not parted from its first word (wrap breaks at spaces only).
  const codes = exitCodes()
    .map(([code, short]) => `${code}\u00a0${short}`)
    .join(', ');
  return [
    'dms — terminal UI and CLI for the Deployment Management Service',
    `Usage:\n${rows.join('\n')}`,
    globalText(),
    wrap(`Exit codes: ${codes}.`, EXIT_WIDTH).join('\n').replaceAll('\u00a0', ' '),
  ].join('\n\n');
}

/** The help of `dms NAME` (`logs`, `create app`), or of dms itself; undefined when there is no such command. */
export function helpText(name?: string): string | undefined {
  if (name === undefined) return mainHelp();
  const doc = COMMAND_TABLE.find((d) => d.name === name);
  return doc && commandHelp(doc);
}
