// docs/commands.md: the command reference, from the command table (the same data --help prints).
import { COMMAND_TABLE, GLOBAL_BLOCKS } from '../commands/command-table.js';
import type { OptionDoc } from '../commands/command-doc.js';
import { ENVIRONMENT, FILES, exitCodes } from '../commands/reference-facts.js';
import { docParts, helpLines, type DocPart } from './prose.js';

/** Text for markdown: `*`, `_`, `<`, `|` and `\` escaped outside code spans. */
export function md(text: string): string {
  return text.split('`').map((piece, i) => (i % 2 === 1 ? piece : piece.replace(/[\\*_<|[\]]/g, '\\$&'))).join('`');
}

/** `code` for a flag or a command (backticks inside made safe). */
const code = (text: string): string => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

function optionTable(options: readonly OptionDoc[]): string[] {
  return ['| Option | What it does |', '|---|---|', ...options.map((o) => `| ${code(o.flag).replaceAll('|', '\\|')} | ${helpLines(o.help).map(md).join('<br>')} |`)];
}

function partLines(part: DocPart): string[] {
  switch (part.kind) {
    case 'paragraph': return [md(part.text), ''];
    case 'pre': return ['```', ...part.lines, '```', ''];
    case 'options': return [...(part.title ? [md(part.title), ''] : []), ...optionTable(part.options), ''];
  }
}

/** GitHub's anchor of a heading. */
const anchor = (heading: string): string => heading.toLowerCase().replace(/[^\w\- ]/g, '').replaceAll(' ', '-');

export function commandsMarkdown(): string {
  const out = [
    '# dms commands',
    '',
    '<!-- Made by `npm run docs` from src/commands/command-table.ts: edit the table, not this file. -->',
    '',
    'The reference of every command, as `dms help COMMAND` (or `dms COMMAND --help`) prints it in the terminal.',
    'The keys of the terminal UI are in [keys.md](keys.md).',
    '',
    '```text',
    ...COMMAND_TABLE.flatMap((d) => d.overview.map(([usage]) => usage)),
    '```',
    '',
    ...COMMAND_TABLE.map((d) => `- [${code(`dms ${d.name}`)}](#${anchor(`dms ${d.name}`)}): ${md(d.summary)}`),
    `- [Options of every command](#options-of-every-command) · [Environment](#environment) · [Files](#files) · [Exit codes](#exit-codes)`,
    '',
  ];
  for (const doc of COMMAND_TABLE) {
    out.push(`## dms ${doc.name}`, '', `${md(doc.summary[0]!.toUpperCase() + doc.summary.slice(1))}.`, '', '```text', ...doc.synopsis, '```', '');
    if (doc.examples) out.push('Example:', '', '```sh', ...doc.examples, '```', '');
    for (const part of docParts(doc.body)) out.push(...partLines(part));
    if (doc.global) out.push('And the [options of every command](#options-of-every-command).', '');
  }
  out.push('## Options of every command', '');
  for (const part of docParts(GLOBAL_BLOCKS)) out.push(...partLines(part));
  out.push('## Environment', '', '| Variable | What it does |', '|---|---|', ...ENVIRONMENT.map(([name, what]) => `| ${code(name)} | ${md(what)} |`), '');
  out.push('## Files', '', '| File | What it holds |', '|---|---|', ...FILES.map(([path, what]) => `| ${code(path)} | ${md(what)} |`), '');
  out.push('## Exit codes', '', '| Code | Meaning |', '|---|---|', ...exitCodes().map(([n, , long]) => `| ${n} | ${md(long)} |`));
  return `${out.join('\n')}\n`;
}
