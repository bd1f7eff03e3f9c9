// The key map as data: command ids -> key matchers, a label for help and the footer, and the
// scopes where the command applies. Behaviour, help, footer and tests all read this one table:
// a screen handles its scopes with a map from every command id of those scopes to a function
// (Handlers), so a command that nothing handles is a type error and help lists exactly what works.
// The user's keys.json lays other keys over it once at start (key-bindings.ts); the table in force
// reaches screens through a React context (input/key-table.tsx), never module state.
// The table is written in parts, one per group of screens (keys/app.ts, list.ts, log.ts...): this
// module joins them in table order and is what the rest of the UI imports.
// Plain data: importing this file loads no Ink or React (the Key type is a type-only import).
import type { Key } from 'ink';
import type { LineCommand } from './input/line-edit.js';
import type { CommandEntry, KeyMatcher, ScopeId } from './keys/command.js';
import { APP_COMMANDS } from './keys/app.js';
import { PICKER_COMMANDS } from './keys/picker.js';
import { LIST_COMMANDS } from './keys/list.js';
import { DETAIL_COMMANDS } from './keys/detail.js';
import { LOG_COMMANDS } from './keys/log.js';
import { VIEW_COMMANDS } from './keys/views.js';
import { LOG_DIFF_COMMANDS } from './keys/log-diff.js';
import { LINE_COMMANDS } from './keys/line.js';
import { FORM_COMMANDS } from './keys/forms.js';

export type { KeyMatcher, ScopeId, ScreenId } from './keys/command.js';

/** A command of the table: its keys, label, wording and scopes (keys/command.ts), and its id. */
export interface Command extends Omit<CommandEntry, 'id'> {
  readonly id: CommandId;
}

/** The key table, a part per group of screens (keys/), in the order help, footers and docs list them. */
export const COMMANDS = [
  ...APP_COMMANDS,
  ...PICKER_COMMANDS,
  ...LIST_COMMANDS,
  ...DETAIL_COMMANDS,
  ...LOG_COMMANDS,
  ...VIEW_COMMANDS,
  ...LOG_DIFF_COMMANDS,
  ...LINE_COMMANDS,
  ...FORM_COMMANDS,
] as const;

type Table = (typeof COMMANDS)[number];
export type CommandId = Table['id'];

/** The command ids of a scope. */
type IdsOf<C, S extends ScopeId> = C extends { readonly id: infer I; readonly screens: readonly (infer X)[] }
  ? S extends X
    ? I
    : never
  : never;
export type CommandsOf<S extends ScopeId> = IdsOf<Table, S>;

/** A handler for every command of the scopes: true (or nothing) when it used the key, false to pass it on. */
export type Handlers<S extends ScopeId> = { readonly [K in CommandsOf<S>]: (input: string) => boolean | void };

const LABELS: Partial<Record<keyof Key, string>> = {
  upArrow: '↑',
  downArrow: '↓',
  leftArrow: '←',
  rightArrow: '→',
  pageUp: 'PgUp',
  pageDown: 'PgDn',
  home: 'Home',
  end: 'End',
  return: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Delete',
};

/** A key as help, the footer and sentences show it: `x`, `Space`, `Ctrl+F`, `PgDn`, `Shift+Tab`. */
export function keyLabel(m: KeyMatcher): string {
  if (m.key) return `${m.shift ? 'Shift+' : ''}${LABELS[m.key] ?? m.key}`;
  if (m.char === ' ') return 'Space';
  return m.ctrl ? `Ctrl+${(m.char ?? '').toUpperCase()}` : (m.char ?? '');
}

function matchOne(m: KeyMatcher, input: string, key: Partial<Key>): boolean {
  if (m.key === 'tab') {
    // Shift+Tab arrives as tab + shift; plain Tab must not match Shift+Tab and vice versa.
    if (!key.tab || Boolean(key.shift) !== Boolean(m.shift)) return false;
    return !m.ctrl || Boolean(key.ctrl);
  }
  if (m.ctrl && !key.ctrl) return false;
  if (!m.ctrl && key.ctrl) return false;
  if (m.shift && !key.shift) return false;
  if (m.key) return Boolean(key[m.key]);
  if (m.char !== undefined) return input === m.char;
  return false;
}

/**
 * The key map in force: the defaults, or with the user's keys.json laid over them
 * (key-bindings.ts). Made once when the UI starts and handed down by KeyTableProvider
 * (input/key-table.tsx); every key handler, footer, help page and sentence that names a key reads it.
 */
export interface KeyTable {
  readonly commands: readonly Command[];
  command(id: CommandId): Command;
  /** The command the key triggers, looking in the scopes in the order given (table order within one). */
  commandFor(scopes: readonly ScopeId[], input: string, key: Partial<Key>): CommandId | undefined;
  /**
   * Runs the handler of the command the key triggers in `scopes` (searched in order). True when a
   * handler used the key; false when no command of the scopes matches or its handler passed.
   */
  run<S extends ScopeId>(scopes: readonly S[], handlers: Handlers<S>, input: string, key: Partial<Key>): boolean;
  /** Commands listed in a scope's help, in table order. */
  commandsOf(scope: ScopeId): Command[];
  /** The few commands shown in a scope's footer, the most important first (footerRank, then table order). */
  footerOf(scope: ScopeId): Command[];
  /** The key a sentence names for a command (its first key in force): `?` in "? for help". */
  hint(id: CommandId): string;
}

export function keyTable(commands: readonly Command[] = COMMANDS as readonly unknown[] as readonly Command[]): KeyTable {
  const byId: ReadonlyMap<string, Command> = new Map(commands.map((c) => [c.id, c]));
  const command = (id: CommandId) => byId.get(id)!;
  const commandFor = (scopes: readonly ScopeId[], input: string, key: Partial<Key>): CommandId | undefined => {
    for (const scope of scopes) {
      for (const c of commands) {
        if (!c.screens.includes(scope)) continue;
        if (c.keys.some((m) => matchOne(m, input, key))) return c.id;
      }
    }
    return undefined;
  };
  const rank = (c: Command) => c.footerRank ?? 5;
  return {
    commands,
    command,
    commandFor,
    run(scopes, handlers, input, key) {
      const id = commandFor(scopes, input, key) as CommandsOf<(typeof scopes)[number]> | undefined;
      if (id === undefined) return false;
      return handlers[id](input) !== false;
    },
    commandsOf: (scope) => commands.filter((c) => c.screens.includes(scope)),
    footerOf: (scope) => commands.filter((c) => c.footer?.includes(scope)).sort((a, b) => rank(a) - rank(b)),
    hint: (id) => {
      const first = command(id).keys[0];
      return first ? keyLabel(first) : command(id).label;
    },
  };
}

/** What keys.json made of the key map (key-bindings.ts bindKeys; handed to the TUI in its options). */
export interface BoundKeys {
  /** The key map in force (table order, as the defaults). */
  readonly commands: readonly Command[];
  /** One line per refused entry, for stderr; none when every binding applies. */
  readonly problems: readonly string[];
  /** The line shown in the UI at start: the first problem, and how many more. */
  readonly warning?: string;
}

/** The default key map (what a screen reads with no KeyTableProvider above it, as in tests of one component). */
export const DEFAULT_KEYS: KeyTable = keyTable();

export const HELP_SECTIONS: readonly { readonly title: string; readonly screen: ScopeId }[] = [
  { title: 'Anywhere', screen: 'app' },
  { title: 'Everywhere but while typing', screen: 'global' },
  { title: 'Deployments', screen: 'deployments' },
  { title: 'Search line', screen: 'filter' },
  { title: 'Go to a deployment', screen: 'jump' },
  { title: 'Deployment detail', screen: 'detail' },
  { title: 'Searching the detail', screen: 'detailSearch' },
  { title: 'Deployment log', screen: 'log' },
  { title: 'Searching the log', screen: 'logSearch' },
  { title: 'Filtering the log', screen: 'logFilter' },
  { title: 'Saving the log', screen: 'logSave' },
  { title: 'Stats', screen: 'stats' },
  { title: 'Failure clusters', screen: 'clusters' },
  { title: 'Board', screen: 'board' },
  { title: 'Comparing two deployments', screen: 'compare' },
  { title: 'A log against the last green build', screen: 'logDiff' },
  { title: 'Help', screen: 'help' },
  { title: 'Application picker', screen: 'picker' },
  { title: 'Choosing a context', screen: 'contexts' },
  { title: 'Editing a line (the search, the go-to line, the log search, form fields)', screen: 'line' },
  { title: 'Forms', screen: 'form' },
  { title: 'Form choices and on/off fields', screen: 'formChoice' },
  { title: 'Leaving a form with input', screen: 'formConfirm' },
  { title: 'Saving the request over an existing file', screen: 'formOverwrite' },
  { title: 'A draft another dms changed meanwhile', screen: 'formDraft' },
  { title: 'After a failed creation', screen: 'formFailed' },
  { title: 'Sending again after a creation that may have been made', screen: 'formResend' },
  { title: 'After a creation', screen: 'formDone' },
  { title: "Saving the new database's credentials", screen: 'formSaveCredentials' },
  { title: "Leaving before the new database's password is shown or saved", screen: 'formLose' },
];

/** The line editor's keys (scope `line`), each handed to `apply`: every text line routes them the same way. */
export function lineKeys(apply: (command: LineCommand) => void) {
  return {
    lineLeft: () => apply('left'),
    lineRight: () => apply('right'),
    lineStart: () => apply('start'),
    lineEnd: () => apply('end'),
    lineBackspace: () => apply('backspace'),
    lineKillBefore: () => apply('killBefore'),
    lineKillAfter: () => apply('killAfter'),
  };
}

/** Where a scroll key moves a scrolled view (the detail, the log, help, stats, a comparison, a log diff). */
export type ScrollTo = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

/** The six scroll commands' handlers, for a view that scrolls with `scroll(to)`. */
export function scrollHandlers(scroll: (to: ScrollTo) => void) {
  return {
    scrollUp: () => scroll('up'),
    scrollDown: () => scroll('down'),
    pageUp: () => scroll('pageUp'),
    pageDown: () => scroll('pageDown'),
    top: () => scroll('top'),
    bottom: () => scroll('bottom'),
  };
}
