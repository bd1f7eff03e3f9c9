// The key map as data: command ids -> key matchers, a label for help and the footer, and the
// scopes where the command applies. Behaviour, help, footer and tests all read this one table:
// a screen handles its scopes with a map from every command id of those scopes to a function
// (Handlers), so a command that nothing handles is a type error and help lists exactly what works.
// The user's keys.json lays other keys over it once at start (key-bindings.ts); the table in force
// reaches screens through a React context (input/key-table.tsx), never module state.
// Over 300 lines: the table itself, one line per command.
// Plain data: importing this file loads no Ink or React (the Key type is a type-only import).
import type { Key } from 'ink';
import type { LineCommand } from './input/line-edit.js';

/** Where a command applies: a screen, a mode of one, or a kind of field. */
export type ScopeId =
  | 'app'
  | 'global'
  | 'picker'
  | 'contexts'
  | 'deployments'
  | 'filter'
  | 'jump'
  | 'detail'
  | 'detailSearch'
  | 'log'
  | 'logSearch'
  | 'logFilter'
  | 'logSave'
  | 'stats'
  | 'help'
  | 'line'
  | 'compare'
  | 'form'
  | 'formChoice'
  | 'formConfirm'
  | 'formOverwrite'
  | 'formFailed'
  | 'formResend'
  | 'formDone'
  | 'formSaveCredentials'
  | 'formLose'
  | 'formDraft';
/** Kept for the screens that named it so. */
export type ScreenId = ScopeId;

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
  readonly screens: readonly ScopeId[];
  /** Shown in the footer of these scopes (the few keys that matter). */
  readonly footer?: readonly ScopeId[];
  /** The footer's key names when shorter than the label (`+/-` for more and fewer rows). */
  readonly footerLabel?: string;
  /** The footer names this command's first key after its own (`n/N`): one footer item for a pair. */
  readonly footerWith?: string;
  /** Order in the footer, and which keys stay when it is narrow: lower first (default 5). */
  readonly footerRank?: number;
}

const ch = (char: string): KeyMatcher => ({ char });
const named = (key: keyof Key, mods: { ctrl?: boolean; shift?: boolean } = {}): KeyMatcher => ({ key, ...mods });
const ctrl = (char: string): KeyMatcher => ({ char, ctrl: true });

export const COMMANDS = [
  // Anywhere, text fields included
  {
    id: 'interrupt',
    hint: 'quit',
    keys: [ctrl('c')],
    label: 'Ctrl+C',
    description: 'quit',
    screens: ['app'],
    footer: ['picker'],
    footerRank: 6,
  },
  // The screens that are not typing into a field
  {
    id: 'help',
    hint: 'help',
    keys: [ch('?')],
    label: '?',
    description: 'help (Esc closes)',
    screens: ['global'],
    footer: ['picker', 'deployments', 'detail', 'log', 'stats', 'compare'],
    footerRank: 0,
  },
  {
    id: 'quit',
    hint: 'quit',
    keys: [ch('q')],
    label: 'q',
    description: 'quit',
    screens: ['global'],
    footer: ['deployments', 'detail', 'log', 'stats', 'compare'],
    footerRank: 2,
  },
  {
    id: 'createApp',
    hint: 'new app',
    keys: [ch('c')],
    label: 'c',
    description: 'create a public application',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 7,
  },
  {
    id: 'createDocstore',
    hint: 'new docstore',
    keys: [ch('d')],
    label: 'd',
    description: 'create a docstore database',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 7,
  },

  // Picker
  {
    id: 'pickerOpen',
    hint: 'open',
    keys: [named('return')],
    label: 'Enter',
    description:
      'open the selected application; on the typed line: the first one the text matches, else the uuid typed (on an empty line: the first listed)',
    screens: ['picker'],
    footer: ['picker'],
  },
  {
    id: 'pickerUp',
    keys: [named('upArrow')],
    label: '↑',
    description: 'previous entry (back to the typed line at the top)',
    screens: ['picker'],
  },
  {
    id: 'pickerDown',
    hint: 'recent',
    keys: [named('downArrow')],
    label: '↓',
    description: 'next entry (the list shows the applications whose name or uuid holds what is typed)',
    screens: ['picker'],
    footer: ['picker'],
  },
  {
    id: 'pickerContexts',
    hint: 'contexts',
    keys: [ctrl('x')],
    label: 'Ctrl+X',
    description: 'switch to another saved context (lists them)',
    screens: ['picker'],
    footer: ['picker'],
  },
  {
    id: 'pickerClear',
    keys: [named('escape')],
    label: 'Esc',
    description: 'clear the typed line, or go back to it from the list; never quits',
    screens: ['picker'],
  },

  // The context list (Ctrl+X in the picker, :ctx on the deployments screen)
  { id: 'contextUp', keys: [named('upArrow'), ch('k')], label: '↑/k', description: 'previous context', screens: ['contexts'] },
  { id: 'contextDown', keys: [named('downArrow'), ch('j')], label: '↓/j', description: 'next context', screens: ['contexts'] },
  {
    id: 'contextPick',
    hint: 'switch',
    keys: [named('return')],
    label: 'Enter',
    description: 'switch to it: a new connection, then its recent applications',
    screens: ['contexts'],
    footer: ['contexts'],
  },
  {
    id: 'contextCancel',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'back to the application picker, same context',
    screens: ['contexts'],
    footer: ['contexts'],
  },

  // Deployments
  { id: 'cursorUp', keys: [named('upArrow'), ch('k')], label: '↑/k', description: 'cursor up', screens: ['deployments'] },
  { id: 'cursorDown', keys: [named('downArrow'), ch('j')], label: '↓/j', description: 'cursor down', screens: ['deployments'] },
  {
    id: 'open',
    hint: 'details',
    keys: [named('return')],
    label: 'Enter',
    description: 'details of the deployment under the cursor',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 1,
  },
  {
    id: 'nextPage',
    hint: 'next',
    keys: [ch('n'), named('rightArrow'), named('pageDown')],
    label: 'n/→/PgDn',
    footerLabel: 'n/→',
    description: 'next page',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 1,
  },
  {
    id: 'prevPage',
    hint: 'prev',
    keys: [ch('p'), named('leftArrow'), named('pageUp')],
    label: 'p/←/PgUp',
    footerLabel: 'p/←',
    description: 'previous page',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 1,
  },
  { id: 'firstPage', keys: [ch('g'), named('home')], label: 'g/Home', description: 'first page', screens: ['deployments'] },
  {
    id: 'lastPage',
    hint: 'last page',
    keys: [ch('G'), named('end')],
    label: 'G/End',
    footerLabel: 'G',
    description: 'last page (the oldest deployments), cursor on its last row',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 4,
  },
  {
    id: 'takeMore',
    hint: 'rows',
    keys: [ch('+')],
    label: '+',
    footerLabel: '+/-',
    description: 'more rows per page (up to 100; remembered for the application)',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 4,
  },
  {
    id: 'takeLess',
    keys: [ch('-')],
    label: '-',
    description: 'fewer rows per page (at least 5; remembered for the application)',
    screens: ['deployments'],
  },
  {
    id: 'takeFit',
    keys: [ch('0')],
    label: '0',
    description: 'rows per page: back to the rows that fit the screen, following its size again (remembered for the application)',
    screens: ['deployments'],
  },
  {
    id: 'refresh',
    hint: 'refresh',
    keys: [ch('r')],
    label: 'r',
    description: 'refresh now',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 4,
  },
  {
    id: 'autoRefresh',
    hint: 'auto-refresh',
    keys: [ch('a')],
    label: 'a',
    description: 'auto-refresh on/off (every 5 s on page 1 or while a deployment runs)',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 6,
  },
  {
    id: 'logs',
    hint: 'log',
    keys: [ch('l')],
    label: 'l',
    description: "the deployment's log",
    screens: ['deployments', 'detail'],
    footer: ['deployments', 'detail'],
    footerRank: 2,
  },
  {
    id: 'filter',
    hint: 'search',
    keys: [ch('/')],
    label: '/',
    description:
      'search the whole history: commit, subject, branch, status, server, id, and words like failed, running, webhook, api, rollback, manual, pr, #12 (the page is filtered as you type)',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 2,
  },
  {
    id: 'statusFilter',
    hint: 'failed/running/all',
    keys: [ch('s')],
    label: 's',
    description: "the whole history's failed, then running, then all deployments",
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 3,
  },
  {
    id: 'jump',
    hint: 'go to',
    keys: [ch(':')],
    label: ':',
    description: 'go to a deployment by id, uuid or commit prefix; :ctx switches context, :q quits',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 3,
  },
  {
    id: 'stats',
    hint: 'stats',
    keys: [ch('S')],
    label: 'S',
    description: 'the history in numbers and pictures: deployments per day, failure rate, duration, time to restore',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 6,
  },
  {
    id: 'markRow',
    hint: 'mark',
    keys: [ch(' ')],
    label: 'Space',
    description: 'mark the row to compare (a * before it; it stays marked across pages; Space again unmarks)',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 5,
  },
  {
    id: 'compare',
    hint: 'compare',
    keys: [ch('=')],
    label: '=',
    description:
      'compare the marked row with the row under the cursor; on a failed or cancelled row with no mark, with the last finished deployment of its branch before it',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 5,
  },
  {
    id: 'wide',
    hint: 'wide',
    keys: [ch('W')],
    label: 'W',
    description: 'wide: every column, scrolled sideways when they do not all fit; again: the columns that fit',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 6,
  },
  { id: 'columnsLeft', keys: [ch('<')], label: '<', description: 'wide view: scroll the columns left', screens: ['deployments'] },
  { id: 'columnsRight', keys: [ch('>')], label: '>', description: 'wide view: scroll the columns right', screens: ['deployments'] },
  {
    id: 'listBack',
    keys: [named('escape')],
    label: 'Esc',
    description:
      'one step a press: stop a search that reads; its words; the scope (s); the filter; the mark; then back to the application picker',
    screens: ['deployments'],
  },

  // Filter line (then the line-editing keys)
  {
    id: 'filterApply',
    hint: 'search all',
    keys: [named('return')],
    label: 'Enter',
    description: 'search the whole history for it (results page like the list; Esc returns)',
    screens: ['filter'],
    footer: ['filter'],
  },
  {
    id: 'filterClear',
    hint: 'cancel',
    keys: [named('escape')],
    label: 'Esc',
    description: 'cancel the search, clear the filter',
    screens: ['filter'],
    footer: ['filter'],
  },
  { id: 'filterCursorUp', keys: [named('upArrow')], label: '↑', description: 'cursor up in the list', screens: ['filter'] },
  { id: 'filterCursorDown', keys: [named('downArrow')], label: '↓', description: 'cursor down in the list', screens: ['filter'] },

  // The go-to line (then the line-editing keys)
  {
    id: 'jumpGo',
    hint: 'go',
    keys: [named('return')],
    label: 'Enter',
    description:
      'find it in the whole history and open it; `ctx` lists the saved contexts, `ctx NAME` switches to one; `q` quits, `help` opens help, `noh` clears the search and the filter',
    screens: ['jump'],
    footer: ['jump'],
  },
  { id: 'jumpCancel', hint: 'cancel', keys: [named('escape')], label: 'Esc', description: 'cancel', screens: ['jump'], footer: ['jump'] },

  // Detail
  {
    id: 'detailBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'back to the list, same page and row',
    screens: ['detail'],
    footer: ['detail'],
  },
  {
    id: 'scrollUp',
    keys: [named('upArrow'), ch('k')],
    label: '↑/k',
    description: 'scroll up',
    screens: ['detail', 'log', 'stats', 'help', 'compare'],
  },
  {
    id: 'scrollDown',
    hint: 'scroll',
    keys: [named('downArrow'), ch('j')],
    label: '↓/j',
    description: 'scroll down',
    screens: ['detail', 'log', 'stats', 'help', 'compare'],
    footer: ['detail', 'stats', 'compare'],
  },
  {
    id: 'pageUp',
    keys: [named('pageUp')],
    label: 'PgUp',
    description: 'scroll a page up',
    screens: ['detail', 'log', 'stats', 'help', 'compare'],
  },
  {
    id: 'pageDown',
    keys: [named('pageDown'), ch(' ')],
    label: 'PgDn',
    description: 'scroll a page down',
    screens: ['detail', 'log', 'stats', 'help', 'compare'],
  },
  { id: 'top', keys: [ch('g'), named('home')], label: 'g', description: 'top', screens: ['detail', 'log', 'stats', 'help', 'compare'] },
  {
    id: 'bottom',
    keys: [ch('G'), named('end')],
    label: 'G',
    description: 'bottom',
    screens: ['detail', 'log', 'stats', 'help', 'compare'],
  },
  {
    id: 'rawJson',
    hint: 'raw JSON',
    keys: [ch('y')],
    label: 'y',
    description: 'raw JSON on/off (secrets still masked)',
    screens: ['detail'],
    footer: ['detail'],
  },
  {
    id: 'absentFields',
    keys: [ch('f')],
    label: 'f',
    description: 'list / fold the interface fields the record does not carry',
    screens: ['detail'],
  },
  {
    id: 'reveal',
    hint: 'secrets',
    keys: [ch('s')],
    label: 's',
    description: 'show/hide secrets (needs --show-secrets)',
    screens: ['detail'],
    footer: ['detail'],
  },
  {
    id: 'detailSearch',
    hint: 'search',
    keys: [ch('/')],
    label: '/',
    description: "search the detail's lines, labels and values (smart case: a capital letter makes it exact); Esc clears it",
    screens: ['detail'],
    footer: ['detail'],
  },
  {
    id: 'detailNext',
    hint: 'next/prev match',
    keys: [ch('n')],
    label: 'n',
    footerWith: 'detailPrev',
    description: 'next matching line',
    screens: ['detail'],
  },
  { id: 'detailPrev', keys: [ch('N')], label: 'N', description: 'previous matching line', screens: ['detail'] },

  // The deployment under the cursor (list) or open (detail): copy and open
  {
    id: 'copyUuid',
    keys: [ch('Y')],
    label: 'Y',
    description: "copy the deployment's uuid to the clipboard (a clipboard program, else OSC 52)",
    screens: ['deployments', 'detail'],
  },
  {
    id: 'copyCommit',
    keys: [ch('C')],
    label: 'C',
    description: "copy the deployment's commit sha to the clipboard (a clipboard program, else OSC 52)",
    screens: ['deployments', 'detail'],
  },
  {
    id: 'openLink',
    hint: 'browser',
    keys: [ch('o')],
    label: 'o',
    description: "open the deployment's web page in the browser (only a link on the service's own host)",
    screens: ['deployments', 'detail'],
    footer: ['detail'],
    footerRank: 6,
  },

  // Times in the list, the detail and the log: relative or the local date and time (remembered for the user)
  {
    id: 'timeMode',
    hint: 'ago/date',
    keys: [ch('T')],
    label: 'T',
    description: 'times as "3d 4h ago" or as the local date and time with the zone (remembered)',
    screens: ['deployments', 'detail', 'log'],
    footer: ['deployments', 'detail', 'log'],
    footerRank: 4,
  },

  // Log viewer (and the scroll keys above)
  {
    id: 'logBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'clear the search, then the filter; without them, back to where the log was opened',
    screens: ['log'],
    footer: ['log'],
  },
  {
    id: 'logSearch',
    hint: 'search',
    keys: [ch('/')],
    label: '/',
    description: 'search the log (smart case: a capital letter makes it exact)',
    screens: ['log'],
    footer: ['log'],
  },
  {
    id: 'logNext',
    hint: 'next/prev match',
    keys: [ch('n')],
    label: 'n',
    footerWith: 'logPrev',
    description: 'next match',
    screens: ['log'],
    footer: ['log'],
  },
  { id: 'logPrev', keys: [ch('N')], label: 'N', description: 'previous match', screens: ['log'] },
  {
    id: 'logFilter',
    hint: 'only matching',
    keys: [ch('&')],
    label: '&',
    description: 'show only the lines that match a pattern (typed like a search, smart case); again: every line',
    screens: ['log'],
    footer: ['log'],
  },
  {
    id: 'logNextError',
    hint: 'next/prev error',
    keys: [ch('e')],
    label: 'e',
    footerWith: 'logPrevError',
    description:
      'next line that reads as an error (ERROR, error:, FATAL, panic, Killed, failed, an exception, a traceback, exit code other than 0), on stdout or stderr',
    screens: ['log'],
    footer: ['log'],
  },
  { id: 'logPrevError', keys: [ch('E')], label: 'E', description: 'previous line that reads as an error', screens: ['log'] },
  {
    id: 'logNextStderr',
    keys: [ch('x')],
    label: 'x',
    description: 'next line written to stderr (marked !), whatever it says',
    screens: ['log'],
  },
  { id: 'logPrevStderr', keys: [ch('X')], label: 'X', description: 'previous line written to stderr', screens: ['log'] },
  { id: 'logLeft', keys: [named('leftArrow')], label: '←', description: 'scroll left (long lines cut at the edge)', screens: ['log'] },
  { id: 'logRight', keys: [named('rightArrow')], label: '→', description: 'scroll right (long lines cut at the edge)', screens: ['log'] },
  {
    id: 'logFollow',
    hint: 'follow',
    keys: [ch('f')],
    label: 'f',
    description: 'follow a running deployment on/off',
    screens: ['log'],
    footer: ['log'],
  },
  {
    id: 'logDebug',
    hint: 'debug lines',
    keys: [ch('d')],
    label: 'd',
    description: 'debug (hidden) lines on/off',
    screens: ['log'],
    footer: ['log'],
  },
  { id: 'logTimestamps', hint: 'times', keys: [ch('t')], label: 't', description: 'timestamps on/off', screens: ['log'], footer: ['log'] },
  {
    id: 'logWrap',
    hint: 'wrap',
    keys: [ch('w')],
    label: 'w',
    description: 'wrap long lines / cut them at the edge',
    screens: ['log'],
    footer: ['log'],
  },
  {
    id: 'logSave',
    hint: 'save',
    keys: [ch('s')],
    label: 's',
    description: 'save the log to a file (as shown, masked, no colour codes; never overwrites)',
    screens: ['log'],
    footer: ['log'],
  },
  {
    id: 'searchApply',
    hint: 'keep search',
    keys: [named('return')],
    label: 'Enter',
    description: 'keep the search (n/N move between matches)',
    screens: ['logSearch', 'detailSearch'],
    footer: ['logSearch', 'detailSearch'],
  },
  {
    id: 'searchCancel',
    hint: 'cancel',
    keys: [named('escape')],
    label: 'Esc',
    description: 'cancel the search, back to where the view was',
    screens: ['logSearch', 'detailSearch'],
    footer: ['logSearch', 'detailSearch'],
  },
  {
    id: 'logFilterKeep',
    hint: 'keep filter',
    keys: [named('return')],
    label: 'Enter',
    description: 'keep the filter (an empty pattern shows every line)',
    screens: ['logFilter'],
    footer: ['logFilter'],
  },
  {
    id: 'logFilterCancel',
    hint: 'cancel',
    keys: [named('escape')],
    label: 'Esc',
    description: 'cancel the filter: every line again',
    screens: ['logFilter'],
    footer: ['logFilter'],
  },
  {
    id: 'saveConfirm',
    hint: 'save',
    keys: [named('return')],
    label: 'Enter',
    description: 'save to this file (a new file, mode 0600)',
    screens: ['logSave'],
    footer: ['logSave'],
  },
  {
    id: 'saveCancel',
    hint: 'cancel',
    keys: [named('escape')],
    label: 'Esc',
    description: 'do not save',
    screens: ['logSave'],
    footer: ['logSave'],
  },

  // Stats (S on the deployments list; and the scroll keys above)
  {
    id: 'statsBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'stop reading the history (what was read stays); then back to the list',
    screens: ['stats'],
    footer: ['stats'],
    footerRank: 1,
  },
  // Comparing two deployments (and the scroll keys above)
  {
    id: 'compareBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'back to the list (the mark stays)',
    screens: ['compare'],
    footer: ['compare'],
  },

  // Help
  { id: 'helpClose', keys: [named('escape'), ch('?')], label: 'Esc/?', description: 'close help', screens: ['help'] },

  // Line editing: the filter line and the forms' text fields
  { id: 'lineLeft', keys: [named('leftArrow')], label: '←', description: 'cursor left', screens: ['line'] },
  { id: 'lineRight', keys: [named('rightArrow')], label: '→', description: 'cursor right', screens: ['line'] },
  { id: 'lineStart', keys: [named('home'), ctrl('a')], label: 'Home/Ctrl+A', description: 'start of the line', screens: ['line'] },
  { id: 'lineEnd', keys: [named('end'), ctrl('e')], label: 'End/Ctrl+E', description: 'end of the line', screens: ['line'] },
  // Terminals send DEL (0x7f) for Backspace; Ink reports it as `delete`. Both erase backwards.
  {
    id: 'lineBackspace',
    keys: [named('backspace'), named('delete')],
    label: 'Backspace',
    description: 'erase the character before the cursor',
    screens: ['line'],
  },
  { id: 'lineKillBefore', keys: [ctrl('u')], label: 'Ctrl+U', description: 'erase to the start of the line', screens: ['line'] },
  { id: 'lineKillAfter', keys: [ctrl('k')], label: 'Ctrl+K', description: 'erase to the end of the line', screens: ['line'] },

  // Forms (used by the create screens)
  {
    id: 'formNextField',
    hint: 'next field',
    keys: [named('tab'), named('downArrow')],
    label: 'Tab/↓',
    description: 'next field',
    screens: ['form'],
    footer: ['form'],
  },
  {
    id: 'formPrevField',
    keys: [named('tab', { shift: true }), named('upArrow')],
    label: 'Shift+Tab/↑',
    description: 'previous field',
    screens: ['form'],
  },
  { id: 'formEnter', keys: [named('return')], label: 'Enter', description: 'next field / next step', screens: ['form'] },
  {
    id: 'formNextStep',
    hint: 'next step',
    keys: [named('pageDown')],
    label: 'PgDn',
    description: 'next step',
    screens: ['form'],
    footer: ['form'],
  },
  { id: 'formPrevStep', keys: [named('pageUp')], label: 'PgUp', description: 'previous step', screens: ['form'] },
  { id: 'formSubmit', hint: 'submit', keys: [ctrl('s')], label: 'Ctrl+S', description: 'submit', screens: ['form'], footer: ['form'] },
  {
    id: 'formBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'back a step; on the first, leave (the draft is kept)',
    screens: ['form'],
    footer: ['form'],
  },
  { id: 'formSuggest', keys: [ctrl('r')], label: 'Ctrl+R', description: 'fill in the next recent value (where-fields)', screens: ['form'] },
  { id: 'formAddRow', keys: [ctrl('n')], label: 'Ctrl+N', description: 'add a compose domain row', screens: ['form'] },
  { id: 'formRemoveRow', keys: [ctrl('d')], label: 'Ctrl+D', description: 'remove the compose domain row', screens: ['form'] },
  { id: 'choiceNext', keys: [ch(' '), named('rightArrow')], label: 'Space/→', description: 'next choice; on/off', screens: ['formChoice'] },
  { id: 'choicePrev', keys: [named('leftArrow')], label: '←', description: 'previous choice; on/off', screens: ['formChoice'] },
  {
    id: 'choiceClear',
    keys: [named('backspace'), named('delete')],
    label: 'Backspace',
    description: 'back to the server default',
    screens: ['formChoice'],
  },
  { id: 'confirmLeave', keys: [ch('y')], label: 'y', description: 'leave the form, keep the draft', screens: ['formConfirm'] },
  { id: 'confirmDiscard', keys: [ch('d')], label: 'd', description: 'discard the draft and leave', screens: ['formConfirm'] },
  { id: 'confirmStay', keys: [ch('n'), named('escape')], label: 'n/Esc', description: 'stay in the form', screens: ['formConfirm'] },
  {
    id: 'overwriteReplace',
    keys: [ch('y')],
    label: 'y',
    description: 'replace the existing file (the new one has mode 0600)',
    screens: ['formOverwrite'],
  },
  {
    id: 'overwriteKeep',
    keys: [ch('n'), named('escape')],
    label: 'n/Esc',
    description: 'keep the existing file; nothing is saved',
    screens: ['formOverwrite'],
  },
  {
    id: 'draftKeepMine',
    keys: [ch('k')],
    label: 'k',
    description: 'keep yours: the draft another dms changed is replaced with this form',
    screens: ['formDraft'],
  },
  {
    id: 'draftLoadTheirs',
    keys: [ch('l')],
    label: 'l',
    description: 'load theirs: the draft another dms saved replaces this form',
    screens: ['formDraft'],
  },
  {
    id: 'retrySend',
    keys: [ch('r')],
    label: 'r',
    description: 'send the request again (asks first when the last one may have created it)',
    screens: ['formFailed'],
  },
  { id: 'failedBack', keys: [named('escape')], label: 'Esc', description: 'back to the form', screens: ['formFailed'] },
  {
    id: 'resendConfirm',
    keys: [ch('y')],
    label: 'y',
    description: 'send it again, though a second one may be made',
    screens: ['formResend'],
  },
  { id: 'resendCancel', keys: [ch('n'), named('escape')], label: 'n/Esc', description: 'do not send', screens: ['formResend'] },
  {
    id: 'doneOpen',
    keys: [named('return'), ch('o')],
    label: 'Enter/o',
    description: "open the new application's deployments",
    screens: ['formDone'],
  },
  {
    id: 'doneReveal',
    keys: [ch('s')],
    label: 's',
    description: 'show/hide the passwords the server generated (sent only once)',
    screens: ['formDone', 'formLose'],
  },
  {
    id: 'doneSave',
    keys: [ch('w')],
    label: 'w',
    description: 'write the answer, passwords included, to a new file (mode 0600)',
    screens: ['formDone', 'formLose'],
  },
  {
    id: 'credentialsSave',
    keys: [named('return')],
    label: 'Enter',
    description: 'save to this file (mode 0600; asks before replacing one)',
    screens: ['formSaveCredentials'],
  },
  { id: 'credentialsCancel', keys: [named('escape')], label: 'Esc', description: 'do not save', screens: ['formSaveCredentials'] },
  { id: 'doneClose', keys: [named('escape'), ch('q')], label: 'Esc/q', description: 'close', screens: ['formDone'] },
  {
    id: 'loseLeave',
    keys: [ch('y')],
    label: 'y',
    description: 'leave without the password (the server does not send it again)',
    screens: ['formLose'],
  },
  { id: 'loseStay', keys: [ch('n'), named('escape')], label: 'n/Esc', description: 'stay on the answer', screens: ['formLose'] },
] as const satisfies readonly (Omit<Command, 'id'> & { id: string })[];

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
  { title: 'Comparing two deployments', screen: 'compare' },
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

/** Where a scroll key moves a scrolled view (the detail, the log, help, stats, a comparison). */
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
