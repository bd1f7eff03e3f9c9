// The picker's words: titles, the hint under the typed line, the empty picker, error lines, the
// context list's marks and an entry's note. Pure text; every key a sentence names is the key in
// force (the KeyTable), never a literal.
import { relativeTime } from '../../../text/format.js';
import { truncate } from '../../../text/cells.js';
import { clean } from '../../../text/sanitize.js';
import type { KeyTable } from '../../keys.js';

export const PICKER_TITLE = 'Open an application';
export const UUID_PROMPT = 'uuid: ';
/** In the empty typed line (with colour: it reads as a placeholder). */
export const PLACEHOLDER = " paste the application's address or uuid, or type part of a name";
/** Where a uuid is found: the service's web page of the application. */
export const WHERE_UUID = "paste the application's address from the service's web page, or its uuid";
export const NO_RECENTS = `No recent applications on this server yet: ${WHERE_UUID}.`;

/** Over the list: what it holds, or how many entries match what is typed. */
export function listTitle(entries: number, shown: number, typed: string, demo: boolean): string {
  if (entries === 0) return NO_RECENTS;
  if (typed !== '') return `${shown} of ${entries} match “${truncate(clean(typed), 30)}”`;
  return demo ? 'Recent and demo applications' : 'Recent applications';
}

/** Under the typed line when nothing else is said (without colour, where no placeholder shows). */
export function typeHint(keys: KeyTable): string {
  return `  (paste the application's address or uuid, or type part of a name, then ${keys.hint('pickerOpen')})`;
}

/** Under the typed line while it holds an address that reads: what Enter opens. */
export function addressHint(uuid: string, keys: KeyTable): string {
  return `  ${keys.hint('pickerOpen')} opens application ${uuid} (from the address)`;
}

/**
 * Esc on the empty line: it goes no further, and what quits. The quit key is typed on the line
 * when it is a letter: then it quits from the list only (`listed`: there is one).
 */
export function topNote(keys: KeyTable, listed: boolean): string {
  const quit = keys.command('quit').keys[0];
  const typed = quit !== undefined && quit.char !== undefined && !quit.ctrl;
  const other = !typed ? ` or ${keys.hint('quit')}` : '';
  const fromList = typed && listed ? `, or ${keys.hint('quit')} on the list (${keys.hint('pickerDown')})` : '';
  return `Esc stops here: ${keys.hint('interrupt')}${other} quits${fromList}.`;
}

/** Under the typed line while it filters the list: what Enter opens. */
export function firstMatchHint(name: string, keys: KeyTable): string {
  return `  ${keys.hint('pickerOpen')} opens ${name} (the first match) · ${keys.hint('pickerDown')} picks another`;
}

/** An error under the typed line. */
export function errorText(error: string): string {
  return `✗ ${error}`;
}

export const ASK_UUID = `Nothing typed: ${WHERE_UUID}.`;

export function notAUuid(typed: string): string {
  return `“${truncate(typed, 40)}” is not an application uuid (letters, digits, - and _, up to 64) nor the address of its page.`;
}

/** An entry's note: when it was opened, or that it is a demo application. */
export function recentNote(openedAt: string | undefined, now: number): string {
  return openedAt ? `opened ${relativeTime(openedAt, now, 1)}` : 'recent';
}
export function demoNote(note: string | undefined): string {
  return note ? `demo · ${clean(note)}` : 'demo';
}

// The context list (Ctrl+X, or `:ctx` on the deployments screen)
export function contextsTitle(keys: KeyTable): string {
  return `Switch to a context (${keys.hint('contextPick')} switches, ${keys.hint('contextCancel')} goes back)`;
}

export function connecting(label: string): string {
  return `Connecting to ${label}…`;
}

/** While a switch is under way: what it does, and the key that stops it. */
export function busyText(busy: string, keys: KeyTable): string {
  return `${busy} (${keys.hint('contextCancel')} stops)`;
}

export const NO_SAVED_CONTEXTS = 'No saved contexts: add one with dms context add NAME --url URL.';

/** The first line of an error the context list could not be read for. */
export function firstLine(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}
