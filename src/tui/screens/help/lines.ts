// Help's text, generated from the key map, for the screen it was opened from: its own keys, the
// keys of its modes (the search and go-to lines of the list, the log's search), and the keys
// that work everywhere — never another screen's (the list's Esc is not the detail view's).
// Wrapped at word boundaries to the terminal's width. Pure: every key named is the key in force.
import { PHASE_MARKS } from '../../../model/deployment.js';
import { widthOf, wrapCells } from '../../../text/cells.js';
import { HELP_SECTIONS, type Command, type KeyTable, type ScopeId } from '../../keys.js';
import type { Theme } from '../../theme.js';
import type { Line } from '../../components/scroll-view.js';

/** What the table's marks mean (they read without colour too). */
export const LEGEND: readonly (readonly [string, string])[] = [
  [`${PHASE_MARKS.finished} ${PHASE_MARKS.failed}`, 'finished · failed'],
  [`${PHASE_MARKS.running} ${PHASE_MARKS.queued}`, 'in progress (duration counts up) · queued (waiting)'],
  [`${PHASE_MARKS.cancelled} ${PHASE_MARKS.unknown}`, 'cancelled · a status dms does not know (shown as sent)'],
  ['Δ', 'settings changed since the deployment before it (Enter: what changed)'],
  ['source', 'how it started: webhook, API, manual, rollback, PR #n (a pull-request preview)'],
];

const LABEL = 14;

interface Section {
  readonly title: string;
  readonly commands: readonly Command[];
  readonly scope?: ScopeId;
}

const FORM_SCOPES = HELP_SECTIONS.map((s) => s.screen).filter((s) => s.startsWith('form'));

/** The scopes whose keys work on a screen (and in its modes), in the order help lists them. */
const SCREEN_SCOPES: Partial<Record<ScopeId, readonly ScopeId[]>> = {
  deployments: ['deployments', 'filter', 'jump', 'global', 'app', 'line', 'help'],
  detail: ['detail', 'detailSearch', 'global', 'app', 'line', 'help'],
  log: ['log', 'logSearch', 'logFilter', 'logSave', 'global', 'app', 'line', 'help'],
  stats: ['stats', 'global', 'app', 'help'],
  clusters: ['clusters', 'global', 'app', 'help'],
  board: ['board', 'global', 'app', 'help'],
  picker: ['picker', 'contexts', 'line', 'app', 'help'],
  form: [...FORM_SCOPES, 'line', 'app', 'help'],
};
/** Modes that share their screen's help. */
const SCREEN_OF: Partial<Record<ScopeId, ScopeId>> = {
  filter: 'deployments',
  jump: 'deployments',
  detailSearch: 'detail',
  logSearch: 'log',
  logFilter: 'log',
  logSave: 'log',
  contexts: 'picker',
  ...Object.fromEntries(FORM_SCOPES.map((s) => [s, 'form'])),
};
/** What "a line" is on each screen. */
const LINE_TITLE: Partial<Record<ScopeId, string>> = {
  deployments: 'Editing a line (the search and go-to lines)',
  detail: 'Editing a line (the search)',
  log: 'Editing a line (the log search and filter, the file name)',
  picker: 'Editing the typed line',
  form: 'Editing a line (form fields)',
};

/** The sections of help for a screen: only keys that work there. */
export function helpSections(from: ScopeId, keys: KeyTable): Section[] {
  const screen = SCREEN_OF[from] ?? from;
  const scopes = SCREEN_SCOPES[screen];
  if (!scopes) return HELP_SECTIONS.map((s) => ({ title: s.title, commands: keys.commandsOf(s.screen), scope: s.screen }));
  const out: Section[] = [];
  for (const scope of scopes) {
    const title = (scope === 'line' ? LINE_TITLE[screen] : undefined) ?? HELP_SECTIONS.find((s) => s.screen === scope)?.title ?? scope;
    out.push({ title, commands: keys.commandsOf(scope), scope });
  }
  // The picker's line takes every letter: of the keys that work "everywhere but while typing",
  // help does, and quit when it is no letter — a letter quits from the list only.
  if (screen === 'picker') out.splice(2, 0, { title: 'Help and quitting', commands: [keys.command('help'), pickerQuit(keys)] });
  return out.filter((s) => s.commands.length > 0);
}

/** The quit key as the picker reads it. */
function pickerQuit(keys: KeyTable): Command {
  const quit = keys.command('quit');
  const typed = quit.keys.some((m) => m.char !== undefined && !m.ctrl);
  return typed ? { ...quit, description: `quit, from the list (${keys.hint('pickerDown')}); on the typed line it is a letter` } : quit;
}

/** Words of `text` on lines of at most `width` cells (a word longer than a line is cut). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const pieces = widthOf(word) > width ? wrapCells(word, width) : [word];
    for (const piece of pieces) {
      if (cur === '') cur = piece;
      else if (widthOf(cur) + 1 + widthOf(piece) <= width) cur += ` ${piece}`;
      else {
        lines.push(cur);
        cur = piece;
      }
    }
  }
  if (cur !== '' || lines.length === 0) lines.push(cur);
  return lines;
}

/** Help as lines, wrapped at words to `width` (descriptions continue under themselves). */
export function helpLines(from: ScopeId, theme: Theme, width: number, keys: KeyTable): Line[] {
  const lines: Line[] = [];
  const label = Math.min(LABEL, Math.max(6, Math.floor(width / 4)));
  const entry = (key: string, text: string) => {
    const keyLines = wrapCells(key, label);
    const textLines = wrapWords(text, Math.max(10, width - label - 4));
    for (let i = 0; i < Math.max(keyLines.length, textLines.length); i++) {
      const k = keyLines[i] ?? '';
      lines.push({ label: `  ${k}${' '.repeat(Math.max(0, label - widthOf(k)))} `, labelColour: theme.ui.key, text: textLines[i] ?? '' });
    }
  };
  const title = (text: string) => {
    for (const piece of wrapWords(text, Math.max(10, width - 1))) lines.push({ text: piece, bold: true, colour: theme.ui.title });
  };
  for (const section of helpSections(from, keys)) {
    if (lines.length > 0) lines.push({ text: '' });
    title(section.title);
    for (const c of section.commands) entry(c.label, c.description);
    if (section.scope === 'deployments') {
      lines.push({ text: '' });
      title('Marks in the deployments table');
      for (const [mark, meaning] of LEGEND) entry(mark, meaning);
    }
  }
  lines.push({ text: '' });
  const others = `Other screens list their own keys: press ${keys.hint('help')} there.`;
  for (const piece of wrapWords(others, Math.max(10, width - 1))) lines.push({ text: piece, colour: theme.ui.muted });
  return lines;
}

/** `Help — keys`, and how to scroll when it is longer than the screen. */
export function helpTitle(more: boolean, keys: KeyTable): string {
  return `Help — keys${more ? ` (${keys.hint('scrollUp')}/${keys.hint('scrollDown')} scroll)` : ''}`;
}

/** `Esc/? closes help · q quits` */
export function helpFooter(keys: KeyTable): string {
  return `${keys.command('helpClose').label} closes help · ${keys.hint('quit')} quits`;
}
