// The key map as data: command ids -> key matchers, a label for help and the footer, and the
// screens where the command applies. Help, footer and tests all read this one table.
// Plain data: importing this file loads no Ink or React (the Key type is a type-only import).
import type { Key } from 'ink';

export type ScreenId = 'global' | 'picker' | 'deployments' | 'filter' | 'detail' | 'help' | 'form';

/** One way to press a command: a character, or a named key (with optional modifiers). */
export interface KeyMatcher {
  /** A printable character (`q`, `/`, `+`), matched exactly as Ink reports it in `input`. */
  readonly char?: string;
  /** A named key from Ink's `Key` (`upArrow`, `return`, `escape`, `pageDown`, `tab`...). */
  readonly key?: keyof Key;
  readonly ctrl?: boolean;
  readonly shift?: boolean;
}

export interface Command {
  readonly id: CommandId;
  readonly keys: readonly KeyMatcher[];
  /** Key names as shown in help and the footer, e.g. `n/→`. */
  readonly label: string;
  /** What it does, one short phrase. */
  readonly description: string;
  /** Shorter wording for the footer. */
  readonly hint?: string;
  readonly screens: readonly ScreenId[];
  /** Shown in the footer of these screens (the few keys that matter). */
  readonly footer?: readonly ScreenId[];
}

const ch = (char: string): KeyMatcher => ({ char });
const named = (key: keyof Key, mods: { ctrl?: boolean; shift?: boolean } = {}): KeyMatcher => ({ key, ...mods });

export const COMMANDS = [
  // Global
  { id: 'help', hint: 'help', keys: [ch('?')], label: '?', description: 'help (Esc closes)', screens: ['global'], footer: ['picker', 'deployments', 'detail'] },
  { id: 'quit', hint: 'quit', keys: [ch('q'), { char: 'c', ctrl: true }], label: 'q', description: 'quit', screens: ['global'], footer: ['deployments', 'detail'] },
  { id: 'createApp', keys: [ch('c')], label: 'c', description: 'create a public application', screens: ['deployments'] },
  { id: 'createDocstore', keys: [ch('d')], label: 'd', description: 'create a docstore database', screens: ['deployments'] },

  // Picker
  { id: 'pickerOpen', hint: 'open', keys: [named('return')], label: 'Enter', description: 'open the typed or selected application', screens: ['picker'], footer: ['picker'] },
  { id: 'pickerUp', keys: [named('upArrow')], label: '↑', description: 'previous entry', screens: ['picker'] },
  { id: 'pickerDown', hint: 'recent', keys: [named('downArrow')], label: '↓', description: 'next entry', screens: ['picker'], footer: ['picker'] },
  { id: 'pickerQuit', hint: 'quit', keys: [named('escape'), { char: 'c', ctrl: true }], label: 'Esc', description: 'quit', screens: ['picker'], footer: ['picker'] },

  // Deployments
  { id: 'cursorUp', keys: [named('upArrow'), ch('k')], label: '↑/k', description: 'cursor up', screens: ['deployments'] },
  { id: 'cursorDown', keys: [named('downArrow'), ch('j')], label: '↓/j', description: 'cursor down', screens: ['deployments'] },
  { id: 'open', hint: 'details', keys: [named('return')], label: 'Enter', description: 'details of the deployment under the cursor', screens: ['deployments'], footer: ['deployments'] },
  { id: 'nextPage', hint: 'next', keys: [ch('n'), named('rightArrow')], label: 'n/→', description: 'next page', screens: ['deployments'], footer: ['deployments'] },
  { id: 'prevPage', hint: 'prev', keys: [ch('p'), named('leftArrow')], label: 'p/←', description: 'previous page', screens: ['deployments'], footer: ['deployments'] },
  { id: 'firstPage', keys: [ch('g')], label: 'g', description: 'first page', screens: ['deployments'] },
  { id: 'takeMore', keys: [ch('+'), ch('=')], label: '+', description: 'more rows per page (up to 100)', screens: ['deployments'] },
  { id: 'takeLess', keys: [ch('-')], label: '-', description: 'fewer rows per page (at least 5)', screens: ['deployments'] },
  { id: 'refresh', hint: 'refresh', keys: [ch('r')], label: 'r', description: 'refresh now', screens: ['deployments'], footer: ['deployments'] },
  { id: 'autoRefresh', keys: [ch('a')], label: 'a', description: 'auto-refresh on/off (every 5 s on page 1 or while a deployment runs)', screens: ['deployments'] },
  { id: 'filter', hint: 'filter', keys: [ch('/')], label: '/', description: 'filter the shown page (status, source, commit, subject, branch, server, id)', screens: ['deployments'], footer: ['deployments'] },
  { id: 'back', hint: 'back', keys: [named('escape')], label: 'Esc', description: 'back (on the list: clears the filter, then opens the application picker)', screens: ['deployments', 'detail', 'help'], footer: ['detail'] },

  // Filter input
  { id: 'filterApply', hint: 'keep filter', keys: [named('return')], label: 'Enter', description: 'keep the filter', screens: ['filter'], footer: ['filter'] },
  { id: 'filterClear', hint: 'clear filter', keys: [named('escape')], label: 'Esc', description: 'clear the filter', screens: ['filter'], footer: ['filter'] },

  // Detail
  { id: 'scrollUp', keys: [named('upArrow'), ch('k')], label: '↑/k', description: 'scroll up', screens: ['detail'] },
  { id: 'scrollDown', hint: 'scroll', keys: [named('downArrow'), ch('j')], label: '↓/j', description: 'scroll down', screens: ['detail'], footer: ['detail'] },
  { id: 'pageUp', keys: [named('pageUp')], label: 'PgUp', description: 'scroll a page up', screens: ['detail'] },
  { id: 'pageDown', keys: [named('pageDown'), ch(' ')], label: 'PgDn', description: 'scroll a page down', screens: ['detail'] },
  { id: 'top', keys: [ch('g'), named('home')], label: 'g', description: 'top', screens: ['detail'] },
  { id: 'bottom', keys: [ch('G'), named('end')], label: 'G', description: 'bottom', screens: ['detail'] },
  { id: 'rawJson', hint: 'raw JSON', keys: [ch('y')], label: 'y', description: 'raw JSON on/off (secrets still masked)', screens: ['detail'], footer: ['detail'] },
  { id: 'absentFields', keys: [ch('f')], label: 'f', description: 'list / fold the interface fields the record does not carry', screens: ['detail'] },
  { id: 'reveal', hint: 'secrets', keys: [ch('s')], label: 's', description: 'show/hide secrets (needs --show-secrets)', screens: ['detail'], footer: ['detail'] },

  // Forms (used by the create screens)
  { id: 'formNextField', hint: 'next field', keys: [named('tab'), named('downArrow')], label: 'Tab/↓', description: 'next field', screens: ['form'], footer: ['form'] },
  { id: 'formPrevField', keys: [named('tab', { shift: true }), named('upArrow')], label: 'Shift+Tab/↑', description: 'previous field', screens: ['form'] },
  { id: 'formEnter', keys: [named('return')], label: 'Enter', description: 'next field / next step', screens: ['form'] },
  { id: 'formNextStep', hint: 'next step', keys: [named('pageDown')], label: 'PgDn', description: 'next step', screens: ['form'], footer: ['form'] },
  { id: 'formPrevStep', keys: [named('pageUp')], label: 'PgUp', description: 'previous step', screens: ['form'] },
  { id: 'formSubmit', hint: 'submit', keys: [{ char: 's', ctrl: true }], label: 'Ctrl+S', description: 'submit', screens: ['form'], footer: ['form'] },
  { id: 'formBack', hint: 'back', keys: [named('escape')], label: 'Esc', description: 'back (the draft is kept)', screens: ['form'], footer: ['form'] },
  { id: 'formToggle', keys: [ch(' '), named('leftArrow'), named('rightArrow')], label: 'Space/←/→', description: 'change a choice or an on/off field', screens: ['form'] },
  { id: 'formSuggest', keys: [{ char: 'r', ctrl: true }], label: 'Ctrl+R', description: 'fill in the next recent value (where-fields)', screens: ['form'] },
  { id: 'formAddRow', keys: [{ char: 'n', ctrl: true }], label: 'Ctrl+N', description: 'add a compose domain row', screens: ['form'] },
  { id: 'formRemoveRow', keys: [{ char: 'd', ctrl: true }], label: 'Ctrl+D', description: 'remove the compose domain row', screens: ['form'] },
] as const satisfies readonly (Omit<Command, 'id'> & { id: string })[];

export type CommandId = (typeof COMMANDS)[number]['id'];

const BY_ID: ReadonlyMap<string, Command> = new Map(COMMANDS.map((c) => [c.id, c as unknown as Command]));

export function command(id: CommandId): Command {
  return BY_ID.get(id)!;
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

/** True when the key Ink reported (`useInput`'s input and key) is one of the command's keys. */
export function matches(id: CommandId, input: string, key: Partial<Key>): boolean {
  return command(id).keys.some((m) => matchOne(m, input, key));
}

/** The first command of `screens` that the key triggers, in table order. */
export function commandFor(screens: readonly ScreenId[], input: string, key: Partial<Key>): CommandId | undefined {
  for (const c of COMMANDS) {
    if (!(c.screens as readonly ScreenId[]).some((s) => screens.includes(s))) continue;
    if ((c.keys as readonly KeyMatcher[]).some((m) => matchOne(m, input, key))) return c.id;
  }
  return undefined;
}

/** Commands listed in a screen's help, in table order. */
export function commandsOf(screen: ScreenId): Command[] {
  return (COMMANDS as readonly unknown[] as Command[]).filter((c) => c.screens.includes(screen));
}

/** The few commands shown in a screen's footer. */
export function footerOf(screen: ScreenId): Command[] {
  return (COMMANDS as readonly unknown[] as Command[]).filter((c) => c.footer?.includes(screen));
}

export const HELP_SECTIONS: readonly { readonly title: string; readonly screen: ScreenId }[] = [
  { title: 'Everywhere', screen: 'global' },
  { title: 'Deployments', screen: 'deployments' },
  { title: 'Filter', screen: 'filter' },
  { title: 'Deployment detail', screen: 'detail' },
  { title: 'Application picker', screen: 'picker' },
  { title: 'Forms', screen: 'form' },
];
