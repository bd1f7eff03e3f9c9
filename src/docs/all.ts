// Every generated reference, by its path in the repository (scripts/docs.mjs writes them).
import { commandsMarkdown } from './commands-md.js';
import { keysMarkdown } from './keys-md.js';
import { manPage } from './man-page.js';

export function references(homepage: string): Record<string, string> {
  return {
    'docs/keys.md': keysMarkdown(),
    'docs/commands.md': commandsMarkdown(),
    'man/dms.1': manPage(homepage),
  };
}
