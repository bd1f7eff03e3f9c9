// The user's keys (keys.json, read by config/keys-file.ts) laid over the key map: key names to
// matchers, each action's new keys checked against the others of every screen it works on, and
// the table in force built from what passed. Plain data: no Ink, no React.
//
// What is refused keeps its default and is said in one line: an unknown action, a key name dms
// cannot read, a letter for an action of a screen where letters are typed, and a key that another
// action of the same screen already has (a clash the defaults have on purpose, like ? in help,
// stays allowed). Ctrl+C always quits: `interrupt` is not rebound.
import { COMMANDS, HELP_SECTIONS, keyLabel, type BoundKeys, type Command, type CommandId, type KeyMatcher, type ScopeId } from './keys.js';
import { KEYS_FILE, shownName } from '../config/keys-file.js';
import { LIST_SCOPES } from './screens/deployments/keys.js';
import { DETAIL_SCOPES } from './screens/detail/keys.js';
import { LOG_SCOPES } from './screens/log/keys.js';
import { STATS_SCOPES } from './screens/stats/keys.js';
import { CLUSTERS_SCOPES } from './screens/clusters/keys.js';
import { HELP_SCOPES } from './screens/help/keys.js';
import { PICKER_SCOPES } from './screens/picker/keys.js';
import { FORM_SCOPES } from './screens/forms/keys.js';
import { COMPARE_SCOPES } from './screens/compare/keys.js';
import { LOG_DIFF_SCOPES } from './screens/log-diff/keys.js';
import { BOARD_SCOPES } from './screens/board/keys.js';

/**
 * Scopes read together by one key listener, as each screen declares them (plus Ctrl+C, everywhere):
 * a key may do one thing in each group.
 */
export const SCOPE_GROUPS: readonly (readonly ScopeId[])[] = [
  LIST_SCOPES,
  DETAIL_SCOPES,
  LOG_SCOPES,
  STATS_SCOPES,
  CLUSTERS_SCOPES,
  HELP_SCOPES,
  PICKER_SCOPES,
  FORM_SCOPES,
  COMPARE_SCOPES,
  LOG_DIFF_SCOPES,
  BOARD_SCOPES,
].flatMap((screen) => Object.values(screen).map((scopes): readonly ScopeId[] => [...scopes, 'app']));

/** Scopes where printable keys are typed into a line or a field: a letter there cannot be a command. */
const TYPING: ReadonlySet<ScopeId> = new Set<ScopeId>([
  'line',
  'picker',
  'filter',
  'jump',
  'logSearch',
  'logFilter',
  'logSave',
  'form',
  'formChoice',
  'formSaveCredentials',
]);

const NAMED: Readonly<Record<string, KeyMatcher>> = {
  up: { key: 'upArrow' },
  down: { key: 'downArrow' },
  left: { key: 'leftArrow' },
  right: { key: 'rightArrow' },
  pageup: { key: 'pageUp' },
  pgup: { key: 'pageUp' },
  pagedown: { key: 'pageDown' },
  pgdn: { key: 'pageDown' },
  home: { key: 'home' },
  end: { key: 'end' },
  enter: { key: 'return' },
  return: { key: 'return' },
  esc: { key: 'escape' },
  escape: { key: 'escape' },
  tab: { key: 'tab' },
  'shift+tab': { key: 'tab', shift: true },
  backspace: { key: 'backspace' },
  delete: { key: 'delete' },
  del: { key: 'delete' },
  space: { char: ' ' },
};

/** Ctrl+letters a terminal sends as another key. */
const CTRL_AS: Readonly<Record<string, string>> = { i: 'Tab', m: 'Enter', j: 'Enter', h: 'Backspace' };

/** A key name from keys.json as a matcher, or why it is not one. */
export function parseKeyName(name: string): KeyMatcher | string {
  const chars = [...name];
  if (chars.length === 1) {
    if (/[\p{C}\p{Z}]/u.test(name)) return `${shownName(name)} is not a key name (write space for the space bar)`;
    return { char: name };
  }
  const lower = name.toLowerCase();
  const named = NAMED[lower];
  if (named) return named;
  const ctrl = /^(?:ctrl|control|c)[+-](.)$/i.exec(name);
  if (ctrl) {
    const letter = ctrl[1]!.toLowerCase();
    if (!/[a-z]/.test(letter)) return `${shownName(name)}: dms reads Ctrl only with a letter (ctrl+a … ctrl+z)`;
    if (letter === 'c') return `${shownName(name)}: Ctrl+C always quits`;
    if (CTRL_AS[letter]) return `${shownName(name)}: the terminal sends it as ${CTRL_AS[letter]}`;
    return { char: letter, ctrl: true };
  }
  if (/^f\d{1,2}$/.test(lower)) return `${shownName(name)}: dms does not read function keys`;
  if (/^(?:alt|meta|option|cmd|super)[+-]/.test(lower)) return `${shownName(name)}: dms does not read Alt or Cmd keys`;
  const shift = /^shift[+-](.)$/i.exec(name);
  if (shift) return `${shownName(name)}: write the character itself (${shownName(shift[1]!.toUpperCase())})`;
  return `${shownName(name)} is not a key name (such as x, ctrl+f, pagedown, enter, esc, up: see docs/keys.md)`;
}

/** One string per distinct key (to compare keys). */
function keyId(m: KeyMatcher): string {
  if (m.key) return `${m.key}${m.shift ? '+shift' : ''}${m.ctrl ? '+ctrl' : ''}`;
  return `${m.ctrl ? 'ctrl+' : ''}'${m.char ?? ''}`;
}

const DEFAULTS = COMMANDS as readonly unknown[] as readonly Command[];
const BY_ID: ReadonlyMap<string, Command> = new Map(DEFAULTS.map((c) => [c.id, c]));

interface Clash {
  readonly a: Command;
  readonly b: Command;
  readonly key: KeyMatcher;
  readonly group: readonly ScopeId[];
}

/** Pairs of commands of one group that share a key. */
function clashes(table: readonly Command[]): Clash[] {
  const out: Clash[] = [];
  for (const group of SCOPE_GROUPS) {
    const seen = new Map<string, Command>();
    for (const c of table) {
      const scope = c.screens.find((s) => group.includes(s));
      if (!scope) continue;
      for (const k of c.keys) {
        const id = keyId(k);
        const other = seen.get(id);
        if (other && other !== c) out.push({ a: other, b: c, key: k, group });
        else seen.set(id, c);
      }
    }
  }
  return out;
}

const pairOf = (a: Command, b: Command, key: KeyMatcher) => `${[a.id, b.id].sort().join('|')}|${keyId(key)}`;
/** Keys two actions share on purpose in the defaults (? opens help and, in help, closes it). */
const DEFAULT_CLASHES = new Set(clashes(DEFAULTS).map((c) => pairOf(c.a, c.b, c.key)));

function withKeys(c: Command, keys: readonly KeyMatcher[]): Command {
  const labels = keys.map(keyLabel);
  return { ...c, keys, label: labels.join('/'), footerLabel: labels.length > 2 ? labels.slice(0, 2).join('/') : undefined };
}

function scopeTitle(scope: ScopeId): string {
  return HELP_SECTIONS.find((s) => s.screen === scope)?.title.replace(/ \(.*\)$/, '') ?? scope;
}

/** The one-line warning for a list of problems. */
export function warningOf(problems: readonly string[]): string | undefined {
  if (problems.length === 0) return undefined;
  const more = problems.length > 1 ? ` (+${problems.length - 1} more, listed after dms exits)` : '';
  return `${problems[0]}${more}`;
}

/**
 * The key map with the user's bindings applied, in file order. `fileProblems` (from reading the
 * file) come first in the problems.
 */
export function bindKeys(bindings: readonly (readonly [string, readonly string[]])[], fileProblems: readonly string[] = []): BoundKeys {
  const problems = [...fileProblems];
  const wanted = new Map<CommandId, readonly KeyMatcher[]>();
  for (const [action, names] of bindings) {
    const c = BY_ID.get(action);
    if (action === 'pickerQuit') {
      problems.push(`${KEYS_FILE}: "pickerQuit" is gone: Esc in the picker no longer quits; bind "pickerClear" (Esc) or "quit" — ignored`);
      continue;
    }
    if (!c) {
      problems.push(`${KEYS_FILE}: no action ${shownName(action)} (the names are listed in docs/keys.md) — ignored`);
      continue;
    }
    if (c.id === 'interrupt') {
      problems.push(`${KEYS_FILE}: "interrupt" cannot be rebound: Ctrl+C always quits`);
      continue;
    }
    const keys: KeyMatcher[] = [];
    let bad: string | undefined;
    for (const name of names) {
      const m = parseKeyName(name);
      if (typeof m === 'string') {
        bad = m;
        break;
      }
      if (m.char !== undefined && !m.ctrl && m.char !== ' ' && c.screens.some((s) => TYPING.has(s))) {
        bad = `${shownName(name)} would be typed there; use ctrl+LETTER or a named key`;
        break;
      }
      if (!keys.some((k) => keyId(k) === keyId(m))) keys.push(m);
    }
    if (bad) {
      problems.push(`${KEYS_FILE}: "${c.id}": ${bad} — ${c.id} keeps ${c.label}`);
      continue;
    }
    wanted.set(c.id, keys);
  }
  // A new clash refuses the binding that made it (the later one when both are new), until none is left.
  const order = [...wanted.keys()];
  for (;;) {
    const table = DEFAULTS.map((c) => (wanted.has(c.id) ? withKeys(c, wanted.get(c.id)!) : c));
    const clash = clashes(table).find((x) => !DEFAULT_CLASHES.has(pairOf(x.a, x.b, x.key)));
    if (!clash) {
      return { commands: table, problems, warning: warningOf(problems) };
    }
    const newA = wanted.has(clash.a.id);
    const newB = wanted.has(clash.b.id);
    const refused = newA && newB ? (order.indexOf(clash.a.id) > order.indexOf(clash.b.id) ? clash.a : clash.b) : newA ? clash.a : clash.b;
    const other = refused === clash.a ? clash.b : clash.a;
    const def = BY_ID.get(refused.id)!;
    problems.push(
      `${KEYS_FILE}: "${refused.id}": ${keyLabel(clash.key)} is already "${other.description.split(/[(;:]/)[0]!.trim()}" (${other.id}, ${scopeTitle(other.screens.find((s) => clash.group.includes(s)) ?? 'app')}) — ${refused.id} keeps ${def.label}`,
    );
    wanted.delete(refused.id);
  }
}
