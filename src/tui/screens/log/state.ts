// The log viewer as one pure reducer: the log read from the row (appended to as a followed
// deployment's row comes back longer), what is shown (debug lines, the filter, timestamps, wrap),
// where the view is (the first line on screen, kept at the end while it is there; the cells cut
// on the left), the search, the error line jumped to and the save prompt. Keys that arrive
// together each see what the ones before them did. A note is data (what happened); lines.ts words
// it with the keys in force. The cases call the helpers beside it: types.ts (the state and
// actions), place.ts (where the view is), shown.ts (which lines are shown), read.ts (the log read
// into lines) and moves.ts (the jumps).
import type { Deployment } from '../../../api/schemas/deployment.js';
import { viewOf } from '../../../model/deployment.js';
import { reasonLine, type ReasonAt } from '../../../model/reason.js';
import type { Masker } from '../../../model/log.js';
import { applyLine, insertLine, lineAt } from '../../input/line-edit.js';
import { NO_SEARCH, typeQuery, keepSearch, startSearch, stepMatch } from '../../state/line-search.js';
import { DEFAULT_KEYS } from '../../keys.js';
import { errorNext, searched, sideways } from './moves.js';
import { at, kept, resized, reveal, scrolled, shownFrom } from './place.js';
import { builtEarlier, withRecord } from './read.js';
import { stepNext } from './steps.js';
import { NO_FILTER, filtered, orderOf, positionFrom, reordered, unfiltered } from './shown.js';
import type { LogAction, LogNote, LogState } from './types.js';

export type { LineKind, LogAction, LogFilter, LogNote, LogScroll, LogSearch, LogSource, LogState } from './types.js';
export { bottomTop, prefixWidth, shownFrom } from './place.js';
export { LAZY_ENTRIES } from './read.js';

/** Longest query or path typed. */
const LINE_MAX = 500;

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
    steps: [],
    stepLine: null,
    keyNote: null,
    saving: null,
    size,
    note: null,
    saveKey,
  };
  return withRecord(base, record, mask);
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
    case 'size':
      return resized(s, action.rows, action.width);
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
      return kept({ ...s, [action.what]: on, note, left: action.what === 'wrap' ? 0 : s.left } as LogState);
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
      const keptSearch = action.keep ? keepSearch(s.search) : undefined;
      return keptSearch ? { ...s, ...keptSearch } : at({ ...s, search: NO_SEARCH }, s.search.origin);
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
    case 'stepNext':
      return stepNext(s, action.direction);
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
    case 'buildEarlier':
      return builtEarlier(s);
  }
}
