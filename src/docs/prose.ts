// The command table's texts, wrapped by hand for --help, as the markdown and the man page need
// them: paragraphs of joined lines, option help with its set-off lines kept apart.
import type { HelpBlock, OptionDoc } from '../commands/command-doc.js';
import { fieldGroups } from '../commands/field-help.js';

/** A part of a command's text, as the docs lay it out. */
export type DocPart =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'pre'; readonly lines: readonly string[] }
  | { readonly kind: 'options'; readonly title?: string; readonly options: readonly OptionDoc[] };

/** Lines joined into paragraphs at blank lines. */
export function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).map((p) => p.split('\n').map((l) => l.trim()).join(' ').trim()).filter(Boolean);
}

/** An option's help as lines: its wrapped lines joined; a line that starts with spaces (set off) stands on its own. */
export function helpLines(help: string): string[] {
  const out: string[] = [];
  let setOff = false;
  for (const line of help.split('\n')) {
    const starts = out.length === 0 || setOff || /^\s/.test(line);
    setOff = /^\s/.test(line);
    if (starts) out.push(line.trim());
    else out[out.length - 1] += ` ${line.trim()}`;
  }
  return out;
}

/** A command's blocks as parts: the fields of a request become one options table per step. */
export function docParts(blocks: readonly HelpBlock[]): DocPart[] {
  const parts: DocPart[] = [];
  for (const block of blocks) {
    if ('fields' in block) {
      parts.push({ kind: 'paragraph', text: 'Fields, grouped like the form\'s steps:' });
      for (const g of fieldGroups(block.fields)) parts.push({ kind: 'options', title: g.title, options: g.options });
    } else if ('options' in block) {
      parts.push({ kind: 'options', ...(block.title ? { title: block.title } : {}), options: block.options });
    } else if (block.pre) {
      parts.push({ kind: 'pre', lines: block.text.split('\n').filter((l) => l.trim() !== '') });
    } else {
      for (const text of paragraphs(block.text)) parts.push({ kind: 'paragraph', text });
    }
  }
  return parts;
}
