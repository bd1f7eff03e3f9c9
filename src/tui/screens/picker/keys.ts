// The application picker's keys: its scopes by mode (searched in this order; the clash check
// reads them too), and the listener that turns keys into the reducer's actions, opens an
// application and switches context. The typed line takes every printable key but the help key.
import type { KeyResult, KeyListener } from '../../input/bus.js';
import { isText, type KeyEvent } from '../../input/keypress.js';
import { lineKeys, type KeyTable, type ScopeId } from '../../keys.js';
import type { Store } from '../../state/store.js';
import type { ContextEntry } from '../../connections.js';
import type { LineCommand } from '../../input/line-edit.js';
import { filterEntries, pickTarget, type Entry, type PickerAction, type PickerState } from './state.js';
import { NO_SAVED_CONTEXTS, connecting, firstLine, topNote } from './lines.js';
import { NO_SWITCHING } from '../../connections.js';

// The keys of "everywhere but while typing" come last: help, and quit, which on the typed line
// is text when it is a letter (a q in a name) and quits from the list.
export const PICKER_SCOPES = {
  apps: ['picker', 'line', 'global'],
  contexts: ['contexts', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;

/** Where help's and quit's keys are looked for. */
const GLOBAL_SCOPE: readonly ScopeId[] = ['global'];

/** What the picker's keys ask of the screen that holds it. */
export interface PickerKeyProps {
  /** The contexts to switch to (read when the list opens); throws a one-line error when config.json cannot be read. */
  readonly contexts?: () => readonly ContextEntry[];
  /** Switches to a context: resolves with an error line, or undefined once switched (the picker is replaced). */
  readonly onSwitch?: (name: string | null, signal: AbortSignal) => Promise<string | undefined>;
  readonly onOpen: (uuid: string, name?: string) => void;
  readonly onHelp: () => void;
  readonly onQuit: () => void;
  /** Opens the board (every recent application). */
  readonly onBoard?: () => void;
}

/** The context switch under way, if any: one at a time; stopped by the cancel key or when the picker goes. */
export interface Switch {
  /** A signal for a new switch (the one before it, if any, is stopped). */
  start(): AbortSignal;
  /** The switch with this signal ended (an answer came). */
  end(signal: AbortSignal): void;
  stop(): void;
}

export function createSwitch(): Switch {
  let controller: AbortController | null = null;
  return {
    start() {
      controller?.abort();
      controller = new AbortController();
      return controller.signal;
    },
    end(signal) {
      if (controller?.signal === signal) controller = null;
    },
    stop() {
      controller?.abort();
      controller = null;
    },
  };
}

/** Where the help key comes in a run of typed text (UTF-16 units), -1 when it does not: the text before it is typed. */
export function helpAt(run: string, keys: KeyTable): number {
  let at = -1;
  for (const m of keys.command('help').keys) {
    if (m.char === undefined || m.ctrl || m.key) continue;
    const i = run.indexOf(m.char);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  return at;
}

/** The help key (no Alt: Alt+? is not help). */
function isHelp(e: KeyEvent, keys: KeyTable): boolean {
  return !e.key.meta && keys.commandFor(GLOBAL_SCOPE, e.input, e.key) === 'help';
}

/** What the picker's keys work on: its store and entries, the screen's props, the switch, the key table. */
interface PickerKeyContext {
  readonly store: Store<PickerState, PickerAction>;
  readonly entries: readonly Entry[];
  readonly props: PickerKeyProps;
  readonly switching: Switch;
  readonly keys: KeyTable;
  readonly host: string;
}

/** What a key does in the picker; reads the store, so keys read together see each other. */
export function pickerKeys(
  store: Store<PickerState, PickerAction>,
  entries: readonly Entry[],
  props: PickerKeyProps,
  switching: Switch,
  keys: KeyTable,
  host: string,
) {
  const c: PickerKeyContext = { store, entries, props, switching, keys, host };
  const listener: KeyListener = {
    key: (e) => (store.get().mode === 'contexts' ? contextsKeys(c, e) : appsKeys(c, e)),
    // A run of typed or pasted text goes to the line whole, up to the help key.
    text: (run) => {
      if (store.get().mode !== 'apps') return 0;
      // On the list, the quit key pressed alone is a key, not text.
      if (store.get().selected >= 0 && keys.commandFor(GLOBAL_SCOPE, run, {}) === 'quit') return 0;
      const stop = helpAt(run, keys);
      const take = stop < 0 ? run : run.slice(0, stop);
      if (take === '') return 0;
      store.dispatch({ type: 'text', text: take });
      return take.length;
    },
  };
  return { listContexts: () => listContexts(c), listener };
}

/** The applications: the typed line, the list under it, and the keys that open one or list the contexts. */
function appsKeys(c: PickerKeyContext, e: KeyEvent): KeyResult {
  const { store, entries, keys } = c;
  const send = (a: PickerAction) => store.dispatch(a);
  const shownCount = () => filterEntries(entries, store.get().line.value).length;
  let result: KeyResult = true;
  const line = (command: LineCommand) => send({ type: 'line', command });
  const used = keys.run(
    PICKER_SCOPES.apps,
    {
      pickerOpen: () => {
        result = open(c);
      },
      pickerUp: () => send({ type: 'move', delta: -1, entries: shownCount() }),
      pickerDown: () => send({ type: 'move', delta: 1, entries: shownCount() }),
      pickerContexts: () => listContexts(c),
      pickerBoard: () => {
        result = board(c);
      },
      // Esc never quits: it empties the line (or leaves the list for it), then says what quits.
      pickerClear: () => {
        if (store.get().line.value !== '' || store.get().selected >= 0) send({ type: 'clear' });
        else send({ type: 'note', message: topNote(keys, entries.length > 0) });
      },
      ...lineKeys(line),
      // The help key is never part of a uuid or a name search: it opens help.
      help: () => (isHelp(e, keys) ? ((result = help(c)), true) : false),
      quit: () => quit(c, e),
    },
    e.input,
    e.key,
  );
  if (used) return result;
  // Printable keys are text (taken by the listener's `text` when they come as a run).
  if (isText(e)) {
    send({ type: 'text', text: e.input });
    return true;
  }
  return false;
}

/** The list of contexts: move, switch to one, or back to the applications; while connecting, only cancel. */
function contextsKeys(c: PickerKeyContext, e: KeyEvent): KeyResult {
  const { store, switching, keys } = c;
  const send = (a: PickerAction) => store.dispatch(a);
  if (store.get().busy) {
    // Only the cancel key while connecting: it stops the switch (a token command that hangs, say).
    if (keys.commandFor(PICKER_SCOPES.contexts, e.input, e.key) !== 'contextCancel') return isText(e) || !e.key.ctrl;
    switching.stop();
    send({ type: 'busy', what: null });
    return true;
  }
  let result: KeyResult = true;
  const used = keys.run(
    PICKER_SCOPES.contexts,
    {
      contextUp: () => send({ type: 'contextMove', delta: -1 }),
      contextDown: () => send({ type: 'contextMove', delta: 1 }),
      contextPick: () => pick(c),
      contextCancel: () => send({ type: 'apps' }),
      help: () => (isHelp(e, keys) ? ((result = help(c)), true) : false),
      quit: () => quit(c, e),
    },
    e.input,
    e.key,
  );
  if (used) return result;
  return isText(e);
}

/** Opens the application picked (or says why none is). */
function open({ store, entries, props, host }: PickerKeyContext): KeyResult {
  const target = pickTarget(store.get(), entries, host);
  if (typeof target === 'string') {
    store.dispatch({ type: 'error', message: target });
    return true;
  }
  props.onOpen(target.uuid, target.name);
  return 'later';
}

/** Shows the contexts to switch to, or says why there are none. */
function listContexts({ store, props }: PickerKeyContext): void {
  const send = (a: PickerAction) => store.dispatch(a);
  if (!props.contexts) {
    send({ type: 'error', message: NO_SWITCHING });
    return;
  }
  let list: readonly ContextEntry[];
  try {
    list = props.contexts();
  } catch (error) {
    send({ type: 'error', message: firstLine(error) });
    return;
  }
  if (!list.some((c) => c.name !== null)) {
    send({ type: 'error', message: NO_SAVED_CONTEXTS });
    return;
  }
  send({ type: 'contexts', contexts: list });
}

/** Switches to the context under the cursor: busy until it answers (an error line, or the picker replaced). */
function pick({ store, props, switching }: PickerKeyContext): void {
  const send = (a: PickerAction) => store.dispatch(a);
  const s = store.get();
  const entry = s.contexts[s.contextCursor];
  if (!entry || s.busy || !props.onSwitch) return;
  const signal = switching.start();
  send({ type: 'busy', what: connecting(entry.label) });
  props.onSwitch(entry.name, signal).then(
    (error) => {
      if (signal.aborted) return;
      switching.end(signal);
      send({ type: 'busy', what: null });
      if (error) send({ type: 'error', message: error });
    },
    () => {},
  );
}

/** Opens the board, where the screen offers one. */
function board({ props }: PickerKeyContext): KeyResult {
  if (!props.onBoard) return false;
  props.onBoard();
  return 'later';
}

function help({ props }: PickerKeyContext): KeyResult {
  props.onHelp();
  return 'later';
}

/** The quit key: a letter is text on the typed line and quits from the list; a named or Ctrl key quits anywhere. */
function quit({ store, props }: PickerKeyContext, e: KeyEvent): boolean {
  if (isText(e) && store.get().mode === 'apps' && store.get().selected < 0) return false;
  props.onQuit();
  return true;
}
