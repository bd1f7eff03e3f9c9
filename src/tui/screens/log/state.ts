// The log viewer as one pure reducer: the log read from the row (appended to as a followed
// deployment's row comes back longer), what is shown (debug lines, the filter, timestamps, wrap),
// where the view is (the first line on screen, kept at the end while it is there; the cells cut
// on the left), the search, the error line jumped to and the save prompt. Keys that arrive
// together each see what the ones before them did. A note is data (what happened); lines.ts words
// it with the keys in force. Over 300 lines: one reducer, and the placement of the view (rows, the
// end, matches revealed) that its cases share.
import type { Deployment } from '../../../api/schemas/deployment.js';
import { viewOf, type DeploymentView } from '../../../model/deployment.js';
import { isErrorLine } from '../../../model/error-line.js';
import { reasonLine, type ReasonAt } from '../../../model/reason.js';
import {
  countLines,
  findMatches,
  logLines,
  narrows,
  readLog,
  textTest,
  type LogCounts,
  type LogEntry,
  type LogLine,
  type Masker,
} from '../../../model/log.js';
import { applyLine, insertLine, lineAt, type LineCommand, type LineState } from '../../input/line-edit.js';
import {
  NO_SEARCH,
  typeQuery,
  keepSearch,
  startSearch,
  stepMatch,
  withMatches,
  type LineSearch,
  type SearchNote,
} from '../../state/line-search.js';
import { DEFAULT_KEYS } from '../../keys.js';
import { lineRows, rowCount } from './rows.js';
import { widthOf } from '../../../text/cells.js';

export type LogSource = 'entries' | 'absent' | 'unreadable';

/** The search (state/line-search.ts): its matches are positions in `order` of the shown lines. */
export type LogSearch = LineSearch;

/** Only the lines that hold a pattern (`&`, as in less): typed on a line, applied as it is typed. */
export interface LogFilter {
  /** The pattern in force, and the line editor's cursor in it ('' shows every line). */
  readonly line: LineState;
  /** The pattern is being typed. */
  readonly editing: boolean;
}

/** What the message line says after a key or a poll (worded by lines.ts noteText). */
export type LogNote =
  | { readonly kind: 'debug'; readonly shown: boolean; readonly count: number }
  | { readonly kind: 'wrap'; readonly on: boolean }
  | SearchNote
  | { readonly kind: 'saved'; readonly lines: number; readonly path: string }
  | { readonly kind: 'notSaved'; readonly problem: string }
  /** The followed deployment is no longer near where it was in the history. */
  | { readonly kind: 'lost' }
  | { readonly kind: 'followError'; readonly message: string; readonly seconds: number }
  /** e/E (an error line) or x/X (a stderr line) stopped at the line at `position` (in the lines shown); `past`: it went round the end or the start. */
  | { readonly kind: 'errorLine'; readonly which: LineKind; readonly position: number; readonly past: 'end' | 'start' | null }
  /** None of the lines shown is of that kind; `stderr`: how many of them were written to stderr. */
  | { readonly kind: 'noErrors'; readonly which: LineKind; readonly stderr: number }
  | { readonly kind: 'filterCleared'; readonly lines: number }
  /** ←/→ with nothing to scroll: lines wrap, or every line on screen fits. */
  | { readonly kind: 'noSideways'; readonly why: 'wrap' | 'fits' }
  /** ←/→ moved the view: the first column shown. */
  | { readonly kind: 'sideways'; readonly column: number };

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
  readonly filter: LogFilter;
  /** Cells cut from the start of every line (←/→ while lines are cut at the edge). */
  readonly left: number;
  /** The line e/E stopped at (the next one is looked for from it while it is on screen). */
  readonly errorLine: LogLine | null;
  /** A key that does nothing here, said in the footer until the next key. */
  readonly keyNote: string | null;
  /** The save prompt's path, while it is open. */
  readonly saving: LineState | null;
  /** Rows for lines, and their width in cells (without the marker and time columns). */
  readonly size: { readonly rows: number; readonly width: number };
  readonly note: LogNote | null;
  /** The save key in force: a line cut for length names it, and that text takes room in a row. */
  readonly saveKey: string;
}

export type LogScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

/** The lines e/E and x/X stop at: those that read as an error, those written to stderr. */
export type LineKind = 'error' | 'stderr';

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
  | { type: 'filterStart' }
  | { type: 'filterText'; text: string }
  | { type: 'filterLine'; command: LineCommand }
  /** Leave the pattern's line: keep the filter, or show every line again. */
  | { type: 'filterEnd'; keep: boolean }
  | { type: 'filterClear' }
  | { type: 'sideways'; direction: 1 | -1 }
  | { type: 'errorNext'; direction: 1 | -1; which: LineKind }
  | { type: 'keyNote'; note: string | null }
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

const NO_FILTER: LogFilter = { line: lineAt(''), editing: false };
/** Longest query or path typed. */
const LINE_MAX = 500;

/** The lines shown (indices into `lines`): debug lines when `debug`, only those holding `pattern` when it is not empty. */
function orderOf(lines: readonly LogLine[], debug: boolean, pattern: string, from = 0, into: number[] = []): number[] {
  const holds = pattern === '' ? null : textTest(pattern);
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if ((debug || !line.hidden) && (holds === null || holds(line.text))) into.push(i);
  }
  return into;
}

/** The first position in `order` (ascending indices) whose line index is at least `index`. */
function positionFrom(order: readonly number[], index: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (order[mid]! < index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The log as it opens: at the end, or at `at` (the reason of a failure, model/reason.ts) when its
 * line is among the lines made: that line on screen a few lines below the top, marked as the line
 * e/E stopped at (they go on from it).
 */
export function initialLog(
  record: Deployment,
  mask: Masker,
  size: { rows: number; width: number },
  saveKey = DEFAULT_KEYS.hint('logSave'),
  at?: ReasonAt,
): LogState {
  const s = initialAtEnd(record, mask, size, saveKey);
  if (!at) return s;
  const index = reasonLine(s.lines, s.entries, at);
  if (index === -1) return s;
  const pos = positionFrom(s.order, index);
  if (pos >= s.order.length) return s;
  return reveal({ ...s, errorLine: s.lines[s.order[pos]!]! }, pos);
}

function initialAtEnd(record: Deployment, mask: Masker, size: { rows: number; width: number }, saveKey: string): LogState {
  const base: LogState = {
    record,
    view: viewOf(record),
    source: 'entries',
    reason: '',
    skipped: 0,
    entries: 0,
    built: 0,
    pending: null,
    lines: [],
    counts: { lines: 0, hidden: 0, stderr: 0 },
    order: [],
    debug: false,
    timestamps: false,
    wrap: true,
    top: 0,
    stick: true,
    follow: true,
    search: NO_SEARCH,
    filter: NO_FILTER,
    left: 0,
    errorLine: null,
    keyNote: null,
    saving: null,
    size,
    note: null,
    saveKey,
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
    case 'up':
      return at(s, s.top - 1);
    case 'down':
      return at(s, s.top + 1);
    case 'top':
      return at(s, 0);
    case 'bottom':
      return at(s, Infinity);
    case 'pageDown':
      return at(s, s.top + Math.max(1, shownFrom(s, s.top) - 1));
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
  const search = withMatches(s.search, findMatches(s.lines, s.order, s.search.line.value), from);
  const next = { ...s, search };
  return search.current >= 0 ? reveal(next, search.matches[search.current]!) : next;
}

function withRecord(s: LogState, record: Deployment, mask: Masker): LogState {
  const read = readLog(record);
  const view = viewOf(record);
  if (read.kind !== 'entries') {
    return {
      ...s,
      record,
      view,
      source: read.kind,
      reason: read.kind === 'unreadable' ? read.reason : '',
      lines: [],
      order: [],
      entries: 0,
      built: 0,
      pending: null,
      counts: countLines([]),
      top: 0,
    };
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
  const pattern = s.filter.line.value;
  const order = append
    ? added.length > 0
      ? orderOf(lines, s.debug, pattern, s.lines.length, [...s.order])
      : s.order
    : orderOf(lines, s.debug, pattern);
  let next: LogState = {
    ...s,
    record,
    view,
    source: 'entries',
    reason: '',
    skipped: read.skipped,
    entries: read.entries.length,
    built,
    pending: built > 0 ? { entries: read.entries, mask } : null,
    lines,
    order,
    counts: lines === s.lines ? s.counts : countLines(lines),
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

/**
 * The view over other lines shown (debug lines on or off, another filter): the line at the top
 * stays there (or the next one shown), or the view stays at the end; the search's matches are
 * found again among the lines now shown.
 */
function reordered(s: LogState, order: number[]): LogState {
  const top = positionFrom(order, s.order[s.top] ?? 0);
  const next: LogState = { ...s, order };
  const moved = next.stick ? at(next, Infinity) : at({ ...next, top }, top);
  if (moved.search.line.value === '') return moved;
  const matches = findMatches(moved.lines, moved.order, moved.search.line.value);
  const current = matches.findIndex((p) => p >= moved.top);
  return { ...moved, search: { ...moved.search, matches, current: current === -1 ? matches.length - 1 : current } };
}

/**
 * The filter's pattern changed as it is typed: only the lines holding it are shown. The lines
 * already made are filtered again, never the log read again; a longer pattern holding the one
 * before looks only among the lines it showed.
 */
function filtered(s: LogState, line: LineState): LogState {
  const before = s.filter.line.value;
  const next = { ...s, filter: { ...s.filter, line }, note: null };
  if (line.value === before) return next;
  let order: number[];
  if (narrows(line.value, before)) {
    const holds = textTest(line.value);
    order = s.order.filter((i) => holds(s.lines[i]!.text));
  } else {
    order = orderOf(s.lines, s.debug, line.value);
  }
  return reordered(next, order);
}

/** Every line shown again (debug lines as they were). */
function unfiltered(s: LogState): LogState {
  if (s.filter.line.value === '') return { ...s, filter: NO_FILTER };
  const moved = reordered({ ...s, filter: NO_FILTER }, orderOf(s.lines, s.debug, ''));
  return { ...moved, note: { kind: 'filterCleared', lines: moved.order.length } };
}

/** Cells of text beside the marker (and the time). */
function textWidth(s: LogState): number {
  return s.size.width - prefixWidth(s.timestamps);
}

/** ←/→ while lines are cut: half a screen sideways, no further right than the widest line on screen needs. */
function sideways(s: LogState, direction: 1 | -1): LogState {
  if (s.wrap) return { ...s, note: { kind: 'noSideways', why: 'wrap' } };
  const width = textWidth(s);
  let widest = 0;
  const end = Math.min(s.order.length, s.top + shownFrom(s, s.top));
  for (let pos = s.top; pos < end; pos++) {
    const [row] = lineRows(s.lines[s.order[pos]!]!, width, false, [], false, s.saveKey);
    let w = 0;
    for (const seg of row ?? []) w += widthOf(seg.text);
    widest = Math.max(widest, w);
  }
  const most = Math.max(0, widest - width);
  if (most === 0 && s.left === 0) return { ...s, note: { kind: 'noSideways', why: 'fits' } };
  const step = Math.max(1, Math.floor(width / 2));
  const left = Math.max(0, Math.min(most, s.left + direction * step));
  return left === s.left ? s : { ...s, left, note: { kind: 'sideways', column: left + 1 } };
}

const IS: Record<LineKind, (line: LogLine) => boolean> = {
  error: isErrorLine,
  stderr: (line) => line.kind === 'err',
};

/**
 * e/E: the next (or previous) line that reads as an error (model/error-line.ts); x/X: written to
 * stderr. From the one stopped at when it is on screen, else from the view (as n/N do); round the end once.
 */
function errorNext(s: LogState, direction: 1 | -1, which: LineKind): LogState {
  const n = s.order.length;
  const is = IS[which];
  const none = (): LogState => {
    let stderr = 0;
    for (const i of s.order) if (s.lines[i]!.kind === 'err') stderr += 1;
    return { ...s, note: { kind: 'noErrors', which, stderr } };
  };
  if (n === 0) return none();
  const shown = shownFrom(s, s.top);
  let from = direction === 1 ? s.top - 1 : s.top + shown;
  for (let pos = s.top; pos < Math.min(n, s.top + shown); pos++) {
    if (s.lines[s.order[pos]!] === s.errorLine) from = pos;
  }
  const find = (start: number, stop: number): number => {
    for (let pos = start; pos !== stop; pos += direction) if (is(s.lines[s.order[pos]!]!)) return pos;
    return -1;
  };
  let past: 'end' | 'start' | null = null;
  let found = find(from + direction, direction === 1 ? n : -1);
  if (found === -1) {
    past = direction === 1 ? 'end' : 'start';
    found = find(direction === 1 ? 0 : n - 1, Math.max(-1, Math.min(n, from + direction)));
  }
  if (found === -1) return none();
  const line = s.lines[s.order[found]!]!;
  return reveal({ ...s, errorLine: line, note: { kind: 'errorLine', which, position: found, past } }, found);
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
        const note: LogNote = { kind: 'debug', shown: debug, count: s.counts.hidden };
        return reordered({ ...s, debug, note }, orderOf(s.lines, debug, s.filter.line.value));
      }
      const on = !s[action.what];
      const note: LogNote | null = action.what === 'wrap' ? { kind: 'wrap', on } : null;
      // Wrapped lines have nothing cut on the left.
      const next = { ...s, [action.what]: on, note, left: action.what === 'wrap' ? 0 : s.left } as LogState;
      return next.stick ? at(next, Infinity) : at(next, next.top);
    }
    case 'searchStart':
      return { ...s, note: null, search: startSearch(s.top) };
    case 'searchText':
    case 'searchLine': {
      const typed = typeQuery(s.search, action.type === 'searchText' ? { text: action.text } : { command: action.command });
      if (!typed) return s;
      return typed.requery ? searched({ ...s, search: typed.search }, s.search.origin) : { ...s, search: typed.search };
    }
    case 'searchEnd': {
      if (!s.search.editing) return s;
      const kept = action.keep ? keepSearch(s.search) : undefined;
      return kept ? { ...s, ...kept } : at({ ...s, search: NO_SEARCH }, s.search.origin);
    }
    case 'searchClear':
      return s.search === NO_SEARCH ? s : { ...s, search: NO_SEARCH, note: null };
    case 'searchNext': {
      const step = stepMatch(s.search, action.direction, { top: s.top, shown: shownFrom(s, s.top) });
      if (!('search' in step)) return { ...s, note: step.note };
      return reveal({ ...s, ...step }, step.search.matches[step.search.current]!);
    }
    case 'filterStart':
      return { ...s, note: null, filter: { line: s.filter.line, editing: true } };
    case 'filterText': {
      if (!s.filter.editing) return s;
      const line = insertLine(s.filter.line, action.text);
      return line.value.length > LINE_MAX ? s : filtered(s, line);
    }
    case 'filterLine': {
      if (!s.filter.editing) return s;
      return filtered(s, applyLine(s.filter.line, action.command));
    }
    case 'filterEnd': {
      if (!s.filter.editing) return s;
      if (action.keep && s.filter.line.value !== '') return { ...s, filter: { ...s.filter, editing: false } };
      return unfiltered(s);
    }
    case 'filterClear':
      return s.filter === NO_FILTER ? s : unfiltered(s);
    case 'sideways':
      return sideways({ ...s, note: null }, action.direction);
    case 'errorNext':
      return errorNext(s, action.direction, action.which);
    case 'keyNote':
      return s.keyNote === action.note ? s : { ...s, keyNote: action.note };
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
      const order = orderOf(lines, s.debug, s.filter.line.value);
      // The same line stays at the top: positions move down by the earlier lines now shown.
      const shownEarlier = order.length - s.order.length;
      let next: LogState = {
        ...s,
        lines,
        order,
        built: from,
        pending: from > 0 ? s.pending : null,
        counts: countLines(lines),
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
