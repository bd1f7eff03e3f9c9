// The log viewer's keys: its scopes by mode (searched in this order; the clash check reads them
// too), and the listener that turns keys into the reducer's actions. Saving writes the file here,
// on the key that asks for it.
import { resolve } from 'node:path';
import { plainLine } from '../../../model/log.js';
import { writeNewFile } from '../../../config/private-file.js';
import type { KeyResult } from '../../input/bus.js';
import { isText, type KeyEvent } from '../../input/keypress.js';
import { unboundNote } from '../../input/key-note.js';
import { lineKeys, scrollHandlers, type KeyTable, type ScopeId } from '../../keys.js';
import type { Store } from '../../state/store.js';
import { defaultSavePath, type LogAction, type LogNote, type LogState } from './state.js';

export const LOG_SCOPES = {
  log: ['log', 'global'],
  search: ['logSearch', 'line'],
  filter: ['logFilter', 'line'],
  save: ['logSave', 'line'],
} as const satisfies Record<string, readonly ScopeId[]>;

/** What the viewer's keys ask of the screen that holds it. */
export interface LogKeyProps {
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
  /** T: relative times, or absolute (the list's and the detail's too). */
  readonly onTimeMode: () => void;
}

/** Writes the log as shown (debug lines when on, timestamps when on), plain and masked. */
function save(s: LogState): LogNote {
  const path = resolve(s.saving?.value.trim() || defaultSavePath(s));
  const text = s.order.map((i) => plainLine(s.lines[i]!, { timestamps: s.timestamps })).join('\n');
  const problem = writeNewFile(path, text === '' ? '' : `${text}\n`);
  return problem ? { kind: 'notSaved', problem } : { kind: 'saved', lines: s.order.length, path };
}

type LogStore = Store<LogState, LogAction>;
type Send = (a: LogAction) => void;

/** The line editor's keys on one of the viewer's lines (the search, the filter, the save path). */
function lineOf(send: Send, target: 'search' | 'filter' | 'save') {
  return lineKeys((command) => send({ type: `${target}Line`, command }));
}

/** The save prompt: Enter writes the file (the prompt closes once it is written), Esc closes it. */
function saveHandlers(store: LogStore, send: Send) {
  return {
    saveConfirm: () => {
      const note = save(store.get());
      if (note.kind === 'saved') send({ type: 'saveEnd' });
      send({ type: 'note', note });
    },
    saveCancel: () => send({ type: 'saveEnd' }),
    ...lineOf(send, 'save'),
  };
}

/** The search's query line: keep the search, or drop it. */
function searchHandlers(send: Send) {
  return {
    searchApply: () => send({ type: 'searchEnd', keep: true }),
    searchCancel: () => send({ type: 'searchEnd', keep: false }),
    ...lineOf(send, 'search'),
  };
}

/** The filter's pattern line: keep the filter, or show every line again. */
function filterHandlers(send: Send) {
  return {
    logFilterKeep: () => send({ type: 'filterEnd', keep: true }),
    logFilterCancel: () => send({ type: 'filterEnd', keep: false }),
    ...lineOf(send, 'filter'),
  };
}

/** The log itself (no line open); `later` when the key hands the screen on (help, back). */
function viewHandlers(store: LogStore, props: LogKeyProps, send: Send, later: () => void) {
  return {
    help: () => {
      props.onHelp('log');
      later();
    },
    quit: () => props.onQuit(),
    logBack: () => {
      const now = store.get();
      if (now.search.line.value !== '') send({ type: 'searchClear' });
      else if (now.filter.line.value !== '') send({ type: 'filterClear' });
      else {
        props.onBack();
        later();
      }
    },
    ...scrollHandlers((to) => send({ type: 'scroll', to })),
    logSearch: () => send({ type: 'searchStart' }),
    logNext: () => send({ type: 'searchNext', direction: 1 }),
    logPrev: () => send({ type: 'searchNext', direction: -1 }),
    // As in less: & asks for a pattern; with one in force, it shows every line again.
    logFilter: () => send({ type: store.get().filter.line.value === '' ? 'filterStart' : 'filterClear' }),
    logNextError: () => send({ type: 'errorNext', direction: 1, which: 'error' }),
    logPrevError: () => send({ type: 'errorNext', direction: -1, which: 'error' }),
    logNextStderr: () => send({ type: 'errorNext', direction: 1, which: 'stderr' }),
    logPrevStderr: () => send({ type: 'errorNext', direction: -1, which: 'stderr' }),
    logNextStep: () => send({ type: 'stepNext', direction: 1 }),
    logPrevStep: () => send({ type: 'stepNext', direction: -1 }),
    logLeft: () => send({ type: 'sideways', direction: -1 }),
    logRight: () => send({ type: 'sideways', direction: 1 }),
    logFollow: () => send({ type: 'toggle', what: 'follow' }),
    logDebug: () => send({ type: 'toggle', what: 'debug' }),
    logTimestamps: () => send({ type: 'toggle', what: 'timestamps' }),
    logWrap: () => send({ type: 'toggle', what: 'wrap' }),
    timeMode: () => props.onTimeMode(),
    logSave: () => send({ type: 'saveStart', path: defaultSavePath(store.get()) }),
  };
}

/** What a key does in the viewer; reads the store, so keys read together see each other. */
export function logKeys(store: LogStore, props: LogKeyProps, keys: KeyTable) {
  const send: Send = (a) => store.dispatch(a);
  return {
    key(e: KeyEvent): KeyResult {
      // A note about the key before goes with this one.
      if (store.get().keyNote !== null) send({ type: 'keyNote', note: null });
      const s = store.get();
      // A line open takes its keys, and text typed into it.
      if (s.saving) return keys.run(LOG_SCOPES.save, saveHandlers(store, send), e.input, e.key) || isText(e);
      if (s.search.editing) return keys.run(LOG_SCOPES.search, searchHandlers(send), e.input, e.key) || isText(e);
      if (s.filter.editing) return keys.run(LOG_SCOPES.filter, filterHandlers(send), e.input, e.key) || isText(e);
      let result: KeyResult = true;
      const later = () => {
        result = 'later';
      };
      if (keys.run(LOG_SCOPES.log, viewHandlers(store, props, send, later), e.input, e.key)) return result;
      // A key that does nothing here says so, in the footer (Ctrl+C, which quits from anywhere, passes on).
      const note = unboundNote(e, keys);
      if (note === undefined) return false;
      send({ type: 'keyNote', note });
      return true;
    },
    text(run: string): number {
      const s = store.get();
      if (s.saving) send({ type: 'saveText', text: run });
      else if (s.search.editing) send({ type: 'searchText', text: run });
      else if (s.filter.editing) send({ type: 'filterText', text: run });
      else return 0;
      return run.length;
    },
  };
}
