// The picker as one pure reducer: the typed line (a uuid, or text that filters the list), the
// entry the cursor is on, the context list and a switch under way; and what the list holds, what
// the typed text leaves of it and what Enter opens. Keys that arrive together (`↓ ↓ ↓ Enter`, a
// paste, three Backspaces) each see what the ones before did.
import { looksLikeAddress } from '../../../api/app-address.js';
import { addressOn } from '../../../commands/app-arg.js';
import { isAppUuid } from '../../../api/uuid.js';
import type { RecentApp } from '../../../config/recents.js';
import { clean } from '../../../text/sanitize.js';
import { applyLine, insertLine, lineAt, type LineCommand, type LineState } from '../../input/line-edit.js';
import type { DemoApp } from '../../../demo/seed.js';
import type { ContextEntry } from '../../connections.js';
import { ASK_UUID, demoNote, notAUuid, recentNote } from './lines.js';

export interface Entry {
  readonly uuid: string;
  readonly name?: string;
  readonly note: string;
}

export interface PickerState {
  /** The typed line: a uuid, or text that filters the list. */
  readonly line: LineState;
  /** The entry of the filtered list the cursor is on; -1: the typed line. */
  readonly selected: number;
  readonly error: string | undefined;
  /** Said in place of the hint until the next key (Esc on the empty line: what quits). */
  readonly note: string | undefined;
  readonly mode: 'apps' | 'contexts';
  readonly contexts: readonly ContextEntry[];
  readonly contextCursor: number;
  /** A context switch under way (`Connecting to prod…`). */
  readonly busy: string | null;
}

export type PickerAction =
  | { type: 'text'; text: string }
  | { type: 'line'; command: LineCommand }
  | { type: 'clear' }
  | { type: 'move'; delta: number; entries: number }
  | { type: 'error'; message: string | undefined }
  | { type: 'note'; message: string }
  | { type: 'contexts'; contexts: readonly ContextEntry[] }
  | { type: 'contextMove'; delta: number }
  | { type: 'apps' }
  | { type: 'busy'; what: string | null };

/** Longest typed line, in UTF-16 units (a uuid is at most 64). */
const LINE_MAX = 200;

export function initialPicker(input = '', message?: string): PickerState {
  return { line: lineAt(input), selected: -1, error: message, note: undefined, mode: 'apps', contexts: [], contextCursor: 0, busy: null };
}

export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  // A note lasts until the next key.
  const next = reduce(state, action);
  return next.note === undefined || action.type === 'note' ? next : { ...next, note: undefined };
}

function reduce(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'text':
    case 'line': {
      const line = action.type === 'text' ? insertLine(state.line, action.text) : applyLine(state.line, action.command);
      if (line.value.length > LINE_MAX) return state;
      // Editing goes back to the typed line; a changed text is a new filter.
      if (line === state.line) return state.selected < 0 ? state : { ...state, selected: -1 };
      return { ...state, line, selected: -1, error: line.value === state.line.value ? state.error : undefined };
    }
    case 'clear':
      return { ...state, line: lineAt(''), selected: -1, error: undefined };
    case 'move':
      return { ...state, selected: Math.max(-1, Math.min(action.entries - 1, state.selected + action.delta)) };
    case 'error':
      return state.error === action.message ? state : { ...state, error: action.message };
    case 'note':
      return { ...state, note: action.message, error: undefined };
    case 'contexts': {
      const inUse = action.contexts.findIndex((c) => c.inUse);
      return { ...state, mode: 'contexts', contexts: action.contexts, contextCursor: Math.max(0, inUse), error: undefined };
    }
    case 'contextMove':
      return { ...state, contextCursor: Math.max(0, Math.min(state.contexts.length - 1, state.contextCursor + action.delta)) };
    case 'apps':
      return { ...state, mode: 'apps', busy: null, error: undefined };
    case 'busy':
      return { ...state, busy: action.what, ...(action.what ? { error: undefined } : {}) };
  }
}

/** What a pasted uuid becomes: whitespace, quotes and control characters dropped. */
export function tidyUuid(value: string): string {
  return clean(value).replace(/[\s"'`<>]/g, '');
}

/** The entries whose name or uuid holds the typed text (any case); all of them for an empty line. */
export function filterEntries(entries: readonly Entry[], typed: string): readonly Entry[] {
  const words = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((e) => {
    const text = `${e.uuid} ${e.name ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * What Enter opens: the selected entry; on the typed line the entry whose uuid it is, else the
 * first entry it matches, else the uuid typed; on an empty line the first entry. A string is an
 * error to show.
 */
export function pickTarget(state: PickerState, entries: readonly Entry[], host: string): Entry | string {
  const shown = filterEntries(entries, state.line.value);
  const chosen = state.selected >= 0 ? shown[state.selected] : undefined;
  if (chosen) return chosen;
  const typed = tidyUuid(state.line.value);
  if (typed === '') return entries[0] ?? ASK_UUID;
  // The address of the application's (or a deployment's) page, pasted from the browser.
  if (looksLikeAddress(typed)) {
    const read = addressOn(typed, host);
    if ('error' in read) return capitalised(read.error);
    return entries.find((e) => e.uuid === read.address.app) ?? { uuid: read.address.app, note: '' };
  }
  const exact = entries.find((e) => e.uuid === typed);
  if (exact) return exact;
  if (shown[0]) return shown[0];
  if (!isAppUuid(typed)) return notAUuid(typed);
  return { uuid: typed, note: '' };
}

/** The application uuid of a typed page address that reads on `host`; undefined for anything else. */
export function typedAddress(value: string, host: string): string | undefined {
  const text = tidyUuid(value);
  if (!looksLikeAddress(text)) return undefined;
  const read = addressOn(text, host);
  return 'address' in read ? read.address.app : undefined;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The list: the recent applications (newest first), then the demo's that are not among them. Ages at `now`. */
export function entriesOf(recents: readonly RecentApp[], demoApps: readonly DemoApp[] | undefined, now: number): Entry[] {
  const list: Entry[] = recents.map((r) => ({
    uuid: clean(r.uuid),
    name: r.name ? clean(r.name) : undefined,
    note: recentNote(r.openedAt, now),
  }));
  for (const a of demoApps ?? []) {
    const known = list.findIndex((e) => e.uuid === a.uuid);
    if (known >= 0 && !list[known]!.name) list[known] = { ...list[known]!, name: clean(a.name) };
    if (known < 0) list.push({ uuid: clean(a.uuid), name: clean(a.name), note: demoNote(a.note) });
  }
  return list;
}

/** The first `room` entries from where the cursor must be in view. */
export function windowStart(cursor: number, length: number, room: number): number {
  return Math.max(0, Math.min(cursor, length - room));
}
