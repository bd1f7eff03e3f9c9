// The log viewer as one pure reducer: the log read from the row (appended to as a followed
// deployment's row comes back longer), what is shown (debug lines, timestamps, wrap), where the
// view is (the first line on screen, kept at the end while it is there), the search and the
// save prompt. Keys that arrive together each see what the ones before them did. A note is data
// (what happened); lines.ts words it with the keys in force. Over 300 lines: one reducer, and the
// placement of the view (rows, the end, matches revealed) that its cases share.
import type { Deployment } from '../../../api/schemas/deployment.js';
import { viewOf, type DeploymentView } from '../../../model/deployment.js';
import { countLines, findMatches, logLines, readLog, type LogCounts, type LogEntry, type LogLine, type Masker } from '../../../model/log.js';
import { applyLine, insertLine, lineAt, type LineCommand, type LineState } from '../../input/line-edit.js';
import { DEFAULT_KEYS } from '../../keys.js';
import { rowCount } from './rows.js';

export type LogSource = 'entries' | 'absent' | 'unreadable';

export interface LogSearch {
  /** The query, and the line editor's cursor in it. */
  readonly line: LineState;
  /** The query line is being typed. */
  readonly editing: boolean;
  /** Positions (in `order`) of the shown lines that match, ascending. */
  readonly matches: readonly number[];
  /** Index into `matches` of the match the view is on; -1 when none. */
  readonly current: number;
  /** Where the view was when the search started (Esc goes back there). */
  readonly origin: number;
}

/** What the message line says after a key or a poll (worded by lines.ts noteText). */
export type LogNote =
  | { readonly kind: 'debug'; readonly shown: boolean; readonly count: number }
  | { readonly kind: 'wrap'; readonly on: boolean }
  | { readonly kind: 'noSearch' }
  | { readonly kind: 'noMatch'; readonly query: string }
  | { readonly kind: 'searchWrapped'; readonly past: 'end' | 'start' }
  | { readonly kind: 'saved'; readonly lines: number; readonly path: string }
  | { readonly kind: 'notSaved'; readonly problem: string }
  /** The followed deployment is no longer near where it was in the history. */
  | { readonly kind: 'lost' }
  | { readonly kind: 'followError'; readonly message: string; readonly seconds: number };

export interface LogState {
  readonly record: Deployment;
  readonly view: DeploymentView;
  readonly source: LogSource;
  /** Why the log could not be read (source `unreadable`). */
  readonly reason: string;
  /** Elements of the log that were not entries. */
  readonly skipped: number;
  /** Entries read so far: a longer row appends from here. */
  readonly entries: number;
  /** A big log is turned into lines from its end first: the entries before this one are not yet lines. */
  readonly built: number;
  /** The entries, kept while the earlier ones are still to be turned into lines. */
  readonly pending: { readonly entries: readonly LogEntry[]; readonly mask: Masker } | null;
  readonly lines: readonly LogLine[];
  readonly counts: LogCounts;
  /** Indices into `lines` of the lines shown (debug lines only when `debug`). */
  readonly order: readonly number[];
  readonly debug: boolean;
  readonly timestamps: boolean;
  readonly wrap: boolean;
  /** Position in `order` of the first line on screen. */
  readonly top: number;
  /** The view is at the end and stays there as lines arrive. */
  readonly stick: boolean;
  /** Follow a running deployment (the key pauses it). */
  readonly follow: boolean;
  readonly search: LogSearch;
  /** The save prompt's path, while it is open. */
  readonly saving: LineState | null;
  /** Rows for lines, and their width in cells (without the marker and time columns). */
  readonly size: { readonly rows: number; readonly width: number };
  readonly note: LogNote | null;
  /** The save key in force: a line cut for length names it, and that text takes room in a row. */
  readonly saveKey: string;
}

export type LogScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

export type LogAction =
  /** The deployment's row as it is now (a followed one comes back with more entries). */
  | { type: 'record'; record: Deployment; mask: Masker }
  | { type: 'size'; rows: number; width: number }
  | { type: 'scroll'; to: LogScroll }
  | { type: 'toggle'; what: 'debug' | 'timestamps' | 'wrap' | 'follow' }
  | { type: 'searchStart' }
  | { type: 'searchText'; text: string }
  | { type: 'searchLine'; command: LineCommand }
  /** Leave the query line: keep the search, or drop it and go back to where the view was. */
  | { type: 'searchEnd'; keep: boolean }
  | { type: 'searchClear' }
  | { type: 'searchNext'; direction: 1 | -1 }
  | { type: 'saveStart'; path: string }
  | { type: 'saveText'; text: string }
  | { type: 'saveLine'; command: LineCommand }
  | { type: 'saveEnd' }
  | { type: 'note'; note: LogNote | null }
  /** Turn the next earlier part of a big log into lines (after the first frame, a part at a time). */
  | { type: 'buildEarlier' };

/** Entries above which a log is shown from its end first; the part built at once, and then per step. */
export const LAZY_ENTRIES = 4000;
const TAIL_ENTRIES = 1500;
const STEP_ENTRIES = 6000;

/** Cells before a line's text: the time column (`15:22:50 `) and the marker column (`! `). */
export function prefixWidth(timestamps: boolean): number {
  return (timestamps ? 9 : 0) + 2;
}

const NO_SEARCH: LogSearch = { line: lineAt(''), editing: false, matches: [], current: -1, origin: 0 };
/** Longest query or path typed. */
const LINE_MAX = 500;

function orderOf(lines: readonly LogLine[], debug: boolean, from = 0, into: number[] = []): number[] {
  for (let i = from; i < lines.length; i++) if (debug || !lines[i]!.hidden) into.push(i);
  return into;
}

export function initialLog(record: Deployment, mask: Masker, size: { rows: number; width: number }, saveKey = DEFAULT_KEYS.hint('logSave')): LogState {
  const base: LogState = {
    record, view: viewOf(record), source: 'entries', reason: '', skipped: 0, entries: 0, built: 0, pending: null, lines: [],
    counts: { lines: 0, hidden: 0, stderr: 0 }, order: [], debug: false, timestamps: false, wrap: true,
    top: 0, stick: true, follow: true, search: NO_SEARCH, saving: null, size, note: null, saveKey,
  };
  return withRecord(base, record, mask);
}

/** Rows of the line at a position of `order`. */
function rowsAt(s: LogState, pos: number): number {
  return rowCount(s.lines[s.order[pos]!]!, s.size.width - prefixWidth(s.timestamps), s.wrap, s.saveKey);
}

/** The first position from which the last lines fill the screen. */
export function bottomTop(s: LogState): number {
  let used = 0;
  let pos = s.order.length;
  while (pos > 0) {
    const r = rowsAt(s, pos - 1);
    if (used + r > s.size.rows && used > 0) break;
    used += r;
    pos -= 1;
  }
  return pos;
}

/** How many lines are shown from `top` (at least one, cut lines included). */
export function shownFrom(s: LogState, top: number): number {
  let used = 0;
  let n = 0;
  for (let pos = top; pos < s.order.length && used < s.size.rows; pos++) {
    used += rowsAt(s, pos);
    n += 1;
  }
  return Math.max(1, n);
}

/** The view placed at `top` (clamped); it sticks to the end when it reaches it. */
function at(s: LogState, top: number): LogState {
  const bottom = bottomTop(s);
  const t = Math.max(0, Math.min(Math.round(top), bottom));
  const stick = t >= bottom;
  return t === s.top && stick === s.stick ? s : { ...s, top: t, stick };
}

function scrolled(s: LogState, to: LogScroll): LogState {
  switch (to) {
    case 'up': return at(s, s.top - 1);
    case 'down': return at(s, s.top + 1);
    case 'top': return at(s, 0);
    case 'bottom': return at(s, Infinity);
    case 'pageDown': return at(s, s.top + Math.max(1, shownFrom(s, s.top) - 1));
    case 'pageUp': {
      // The line at the top ends up at the bottom.
      let pos = Math.min(s.top, s.order.length - 1);
      if (pos <= 0) return at(s, 0);
      let used = rowsAt(s, pos);
      while (pos > 0 && used + rowsAt(s, pos - 1) <= s.size.rows) {
        pos -= 1;
        used += rowsAt(s, pos);
      }
      return at(s, Math.min(pos, s.top - 1));
    }
  }
}

/** The view moved so the line at `pos` is on screen (a few lines below the top when it was not). */
function reveal(s: LogState, pos: number): LogState {
  if (pos >= s.top && pos < s.top + shownFrom(s, s.top)) return s;
  return at(s, pos - Math.min(3, Math.floor(s.size.rows / 4)));
}

/** The matches of the query in the shown lines, the current one the first at or after `from`. */
function searched(s: LogState, from: number): LogState {
  const query = s.search.line.value;
  const matches = findMatches(s.lines, s.order, query);
  let current = matches.findIndex((p) => p >= from);
  if (current === -1 && matches.length > 0) current = 0;
  const next = { ...s, search: { ...s.search, matches, current } };
  return current >= 0 ? reveal(next, matches[current]!) : next;
}

function withRecord(s: LogState, record: Deployment, mask: Masker): LogState {
  const read = readLog(record);
  const view = viewOf(record);
  if (read.kind !== 'entries') {
    return { ...s, record, view, source: read.kind, reason: read.kind === 'unreadable' ? read.reason : '', lines: [], order: [], entries: 0, built: 0, pending: null, counts: countLines([]), top: 0 };
  }
  // The same log, longer: only the new entries are read into lines. Shorter or newly readable: read again.
  const append = s.source === 'entries' && s.entries > 0 && read.entries.length >= s.entries;
  if (append && read.entries.length === s.entries && view.status === s.view.status && view.finishedAt === s.view.finishedAt) {
    return s; // nothing new to show
  }
  // A big log opened: its end first (what the view shows), the rest after the first frame.
  const built = append ? s.built : read.entries.length > LAZY_ENTRIES ? read.entries.length - TAIL_ENTRIES : 0;
  const added = logLines(read.entries, mask, append ? s.entries : built);
  const lines = append ? (added.length > 0 ? [...s.lines, ...added] : s.lines) : added;
  const order = append ? (added.length > 0 ? orderOf(lines, s.debug, s.lines.length, [...s.order]) : s.order) : orderOf(lines, s.debug);
  let next: LogState = {
    ...s, record, view, source: 'entries', reason: '', skipped: read.skipped, entries: read.entries.length,
    built, pending: built > 0 ? { entries: read.entries, mask } : null,
    lines, order, counts: lines === s.lines ? s.counts : countLines(lines),
    top: append ? s.top : 0,
  };
  if (order !== s.order && next.search.line.value !== '') {
    const matches = findMatches(lines, order, next.search.line.value);
    next = { ...next, search: { ...next.search, matches, current: Math.min(next.search.current, matches.length - 1) } };
  }
  return next.stick ? at(next, Infinity) : at(next, next.top);
}

/** The same note again (a poll that fails the same way twice changes nothing). */
function sameNote(a: LogNote | null, b: LogNote | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

/** A file name for the saved log: the application and deployment, nothing a shell or a path would read. */
export function defaultSavePath(s: LogState): string {
  const v = s.view;
  const name = [v.application || 'deployment', v.id !== null ? String(v.id) : v.uuid].filter(Boolean).join('-');
  return `${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'deployment'}.log`;
}

export function logReducer(s: LogState, action: LogAction): LogState {
  switch (action.type) {
    case 'record':
      return action.record === s.record ? s : withRecord(s, action.record, action.mask);
    case 'size': {
      if (s.size.rows === action.rows && s.size.width === action.width) return s;
      const next = { ...s, size: { rows: Math.max(1, action.rows), width: Math.max(prefixWidth(true) + 1, action.width) } };
      return next.stick ? at(next, Infinity) : at(next, next.top);
    }
    case 'scroll':
      return scrolled({ ...s, note: null }, action.to);
    case 'toggle': {
      if (action.what === 'follow') return { ...s, follow: !s.follow };
      if (action.what === 'debug') {
        const debug = !s.debug;
        const order = orderOf(s.lines, debug);
        // The line at the top stays at the top (or the next one shown, when it was a debug line).
        const topLine = s.order[s.top] ?? 0;
        let top = order.findIndex((i) => i >= topLine);
        if (top === -1) top = order.length;
        const next: LogState = { ...s, debug, order, note: { kind: 'debug', shown: debug, count: s.counts.hidden } };
        const moved = next.stick ? at(next, Infinity) : at({ ...next, top }, top);
        if (moved.search.line.value === '') return moved;
        // The matches among the lines now shown; the view stays where it is.
        const matches = findMatches(moved.lines, moved.order, moved.search.line.value);
        const current = matches.findIndex((p) => p >= moved.top);
        return { ...moved, search: { ...moved.search, matches, current: current === -1 ? matches.length - 1 : current } };
      }
      const on = !s[action.what];
      const note: LogNote | null = action.what === 'wrap' ? { kind: 'wrap', on } : null;
      const next = { ...s, [action.what]: on, note } as LogState;
      return next.stick ? at(next, Infinity) : at(next, next.top);
    }
    case 'searchStart':
      return { ...s, note: null, search: { ...NO_SEARCH, editing: true, origin: s.top } };
    case 'searchText': {
      if (!s.search.editing) return s;
      const line = insertLine(s.search.line, action.text);
      if (line.value.length > LINE_MAX) return s;
      return searched({ ...s, search: { ...s.search, line } }, s.search.origin);
    }
    case 'searchLine': {
      if (!s.search.editing) return s;
      const line = applyLine(s.search.line, action.command);
      if (line.value === s.search.line.value) return { ...s, search: { ...s.search, line } };
      return searched({ ...s, search: { ...s.search, line } }, s.search.origin);
    }
    case 'searchEnd': {
      if (!s.search.editing) return s;
      if (!action.keep || s.search.line.value === '') return at({ ...s, search: NO_SEARCH }, s.search.origin);
      const none = s.search.matches.length === 0;
      return { ...s, search: { ...s.search, editing: false }, note: none ? { kind: 'noMatch', query: s.search.line.value } : null };
    }
    case 'searchClear':
      return s.search === NO_SEARCH ? s : { ...s, search: NO_SEARCH, note: null };
    case 'searchNext': {
      const { matches, current } = s.search;
      if (matches.length === 0) {
        return { ...s, note: s.search.line.value === '' ? { kind: 'noSearch' } : { kind: 'noMatch', query: s.search.line.value } };
      }
      // From the match the view is on; when it is off screen, from the view itself (like less).
      const shown = shownFrom(s, s.top);
      const on = current >= 0 && matches[current]! >= s.top && matches[current]! < s.top + shown;
      let next: number;
      let note: LogNote | null = null;
      if (action.direction === 1) {
        const after = on ? matches[current]! : s.top - 1;
        next = matches.findIndex((p) => p > after);
        if (next === -1) { next = 0; note = { kind: 'searchWrapped', past: 'end' }; }
      } else {
        const before = on ? matches[current]! : s.top + shown;
        next = -1;
        for (let i = matches.length - 1; i >= 0 && next === -1; i--) if (matches[i]! < before) next = i;
        if (next === -1) { next = matches.length - 1; note = { kind: 'searchWrapped', past: 'start' }; }
      }
      return reveal({ ...s, note, search: { ...s.search, current: next } }, matches[next]!);
    }
    case 'saveStart':
      return { ...s, note: null, saving: lineAt(action.path) };
    case 'saveText': {
      if (!s.saving) return s;
      const saving = insertLine(s.saving, action.text);
      return saving.value.length > LINE_MAX ? s : { ...s, saving, note: null };
    }
    case 'saveLine':
      return s.saving ? { ...s, saving: applyLine(s.saving, action.command), note: null } : s;
    case 'saveEnd':
      return s.saving ? { ...s, saving: null } : s;
    case 'note':
      return sameNote(s.note, action.note) ? s : { ...s, note: action.note };
    case 'buildEarlier': {
      if (!s.pending || s.built === 0) return s;
      const from = Math.max(0, s.built - STEP_ENTRIES);
      const earlier = logLines(s.pending.entries, s.pending.mask, from, s.built);
      const lines = [...earlier, ...s.lines];
      const order = orderOf(lines, s.debug);
      // The same line stays at the top: positions move down by the earlier lines now shown.
      const shownEarlier = order.length - s.order.length;
      let next: LogState = {
        ...s, lines, order, built: from, pending: from > 0 ? s.pending : null, counts: countLines(lines),
        top: s.top + shownEarlier,
      };
      if (next.search.line.value !== '') {
        const matches = findMatches(lines, order, next.search.line.value);
        const was = s.search.current >= 0 ? s.search.matches[s.search.current]! + shownEarlier : -1;
        next = { ...next, search: { ...next.search, matches, current: was >= 0 ? matches.indexOf(was) : -1 } };
      }
      return next.stick ? at(next, Infinity) : at(next, next.top);
    }
  }
}
