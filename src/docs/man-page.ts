// man/dms.1: the man page (roff, man macros), from the command table.
import { COMMAND_TABLE, GLOBAL_BLOCKS } from '../commands/command-table.js';
import { ENVIRONMENT, FILES, exitCodes } from '../commands/reference-facts.js';
import { VERSION } from '../commands/version.js';
import { docParts, helpLines, type DocPart } from './prose.js';

/** Text as roff reads it: backslashes and hyphens escaped, no line starting with a control character. */
export function roff(text: string): string {
  return text.split('\n').map((line) => {
    const escaped = line.replaceAll('\\', '\\e').replaceAll('-', '\\-');
    return /^[.']/.test(escaped) ? `\\&${escaped}` : escaped;
  }).join('\n');
}

function partLines(part: DocPart): string[] {
  switch (part.kind) {
    case 'paragraph': return ['.PP', roff(part.text)];
    case 'pre': return ['.PP', '.nf', ...part.lines.map(roff), '.fi'];
    case 'options': return [
      ...(part.title ? ['.PP', roff(part.title)] : []),
      ...part.options.flatMap((o) => ['.TP', `.B ${roff(o.flag)}`, helpLines(o.help).map(roff).join('\n.br\n')]),
    ];
  }
}

const entries = (rows: readonly (readonly [string, string])[]): string[] => rows.flatMap(([name, what]) => ['.TP', `.B ${roff(name)}`, roff(what)]);

/** `homepage`: package.json's, named in SEE ALSO. */
export function manPage(homepage: string): string {
  const out = [
    `.TH DMS 1 "" "dms ${VERSION}" "User Commands"`,
    '.nh',
    '.ad l',
    '.SH NAME',
    'dms \\- terminal UI and CLI for the Deployment Management Service',
    '.SH SYNOPSIS',
    '.nf',
    ...COMMAND_TABLE.flatMap((d) => d.overview.map(([usage]) => roff(usage))),
    '.fi',
    '.SH DESCRIPTION',
    roff('dms browses an application\'s deployments in a keyboard-driven terminal UI, and reads and creates them from scripts with headless commands. Without a command it opens the UI, on the embedded demo service when nothing is configured. A headless command prints what it read to stdout, errors as one line on stderr, and exits with a code that says what happened (EXIT STATUS).'),
    '.PP',
    roff('In the UI, ? lists the keys of the screen it is on; docs/keys.md lists them all. dms help COMMAND prints a command\'s help, as below.'),
    '.SH COMMANDS',
  ];
  for (const doc of COMMAND_TABLE) {
    out.push(`.SS ${roff(`dms ${doc.name}`)}`, roff(`${doc.summary[0]!.toUpperCase()}${doc.summary.slice(1)}.`), '.PP', '.nf', ...doc.synopsis.map(roff), '.fi');
    if (doc.examples) out.push('.PP', 'Example:', '.PP', '.nf', ...doc.examples.map(roff), '.fi');
    for (const part of docParts(doc.body)) out.push(...partLines(part));
  }
  const own = COMMAND_TABLE.filter((d) => !d.global).map((d) => d.name);
  out.push('.SH OPTIONS', roff(`Every command but ${own.slice(0, -1).join(', ')} and ${own.at(-1)} takes these:`));
  for (const part of docParts(GLOBAL_BLOCKS)) out.push(...partLines(part));
  out.push('.SH ENVIRONMENT', ...entries(ENVIRONMENT));
  out.push('.SH FILES', ...entries(FILES));
  out.push('.SH EXIT STATUS', ...entries(exitCodes().map(([n, , long]) => [String(n), long] as const)));
  out.push('.SH SEE ALSO', roff(`docs/commands.md and docs/keys.md in the source, and ${homepage}`));
  return `${out.join('\n')}\n`;
}
