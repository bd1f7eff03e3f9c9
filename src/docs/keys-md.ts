// docs/keys.md: every key of the terminal UI, per screen, from the key table (src/tui/keys.ts), as
// help (?) lists them.
import { DEFAULT_KEYS, HELP_SECTIONS } from '../tui/keys.js';
import { LEGEND } from '../tui/screens/help/lines.js';
import { md } from './commands-md.js';

const code = (text: string): string => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);
const cell = (text: string): string => text.replaceAll('|', '\\|');

export function keysMarkdown(): string {
  const out = [
    '# dms keys',
    '',
    '<!-- Made by `npm run docs` from src/tui/keys.ts: edit the key table, not this file. -->',
    '',
    'Every key of the terminal UI, by screen, from the key table that decides what each key does. Press `?`',
    'in dms for the keys of the screen you are on. An action id names the action in',
    '`$DMS_CONFIG_DIR/keys.json`, which lays your own keys over these (`{"nextPage": ["ctrl+f", "n"]}`).',
    '',
    ...HELP_SECTIONS.map((s) => `- [${md(s.title)}](#${s.screen.toLowerCase()})`),
    '',
  ];
  for (const section of HELP_SECTIONS) {
    const commands = DEFAULT_KEYS.commandsOf(section.screen);
    if (commands.length === 0) continue;
    out.push(`<a id="${section.screen.toLowerCase()}"></a>`, '', `## ${md(section.title)}`, '', '| Keys | What it does | Action id |', '|---|---|---|');
    for (const c of commands) out.push(`| ${cell(code(c.label))} | ${md(c.description)} | ${code(c.id)} |`);
    out.push('');
    if (section.screen === 'deployments') {
      out.push('Marks in the deployments table:', '', '| Mark | Meaning |', '|---|---|', ...LEGEND.map(([mark, meaning]) => `| ${cell(code(mark))} | ${md(meaning)} |`), '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
