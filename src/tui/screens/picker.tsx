// No APP_UUID given: type or paste a uuid, or pick a recent (or, in demo mode, a seeded)
// application; what is typed also filters the list by name or uuid. Ctrl+X lists the saved
// contexts to switch to. Everything lives in the picker's store (a pure reducer): keys that
// arrive together (`↓ ↓ ↓ Enter`, a paste, three Backspaces) each see what the ones before did.
// The typed line is the project's line editor (forms/line-edit.ts): grapheme-safe, with
// Ctrl+A/E/U/K.
import React, { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useMeasured } from '../hooks/use-measured.js';
import { isAppUuid } from '../../api/uuid.js';
import type { RecentApp } from '../../config/recents.js';
import type { DemoApp, TuiConnection } from '../options.js';
import { useKeys, type KeyResult } from '../input/bus.js';
import { isText, type KeyEvent } from '../input/keypress.js';
import { lineKeys, type KeyTable } from '../keys.js';
import { useKeyTable } from '../input/key-table.js';
import { PICKER_SCOPES } from './picker/keys.js';
import { createStore, useStore, type Store } from '../state/store.js';
import { useTheme } from '../theme.js';
import { clean } from '../../text/sanitize.js';
import { relativeTime } from '../../text/format.js';
import { applyLine, cursorParts, insertLine, lineAt, type LineCommand, type LineState } from '../input/line-edit.js';
import { Header } from '../components/header.js';
import { Footer } from '../components/footer.js';
import { truncate, widthOf } from '../../text/cells.js';
import type { DmsClient } from '../../api/client.js';
import { useOverview } from '../hooks/use-overview.js';
import { useClock } from '../hooks/use-clock.js';
import { OverviewCell } from '../components/overview-cell.js';
import type { ContextEntry } from '../contexts.js';

export interface PickerProps {
  readonly connection: TuiConnection;
  readonly recents: readonly RecentApp[];
  readonly demoApps?: readonly DemoApp[];
  /** Shown under the typed line (e.g. "No application with uuid …"). */
  readonly message?: string;
  /** The typed line to start with (kept after an error), its cursor at the end. */
  readonly input?: string;
  /** Open on the context list (`:ctx` on the deployments screen). */
  readonly showContexts?: boolean;
  /** The contexts to switch to (read when the list opens); throws a one-line error when config.json cannot be read. */
  readonly contexts?: () => readonly ContextEntry[];
  /** Switches to a context: resolves with an error line, or undefined once switched (the picker is replaced). */
  readonly onSwitch?: (name: string | null, signal: AbortSignal) => Promise<string | undefined>;
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
  readonly onOpen: (uuid: string, name?: string) => void;
  readonly onHelp: () => void;
  readonly onQuit: () => void;
  /** Reads each listed application's newest deployment (the overview). */
  readonly client: DmsClient;
  /** How often the overview is read again, ms (default 10 s; tests shorten it). */
  readonly overviewMs?: number;
}

export interface Entry { readonly uuid: string; readonly name?: string; readonly note: string }

export interface PickerState {
  /** The typed line: a uuid, or text that filters the list. */
  readonly line: LineState;
  /** The entry of the filtered list the cursor is on; -1: the typed line. */
  readonly selected: number;
  readonly error: string | undefined;
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
  | { type: 'contexts'; contexts: readonly ContextEntry[] }
  | { type: 'contextMove'; delta: number }
  | { type: 'apps' }
  | { type: 'busy'; what: string | null };

/** Longest typed line, in UTF-16 units (a uuid is at most 64). */
const LINE_MAX = 200;

export function initialPicker(input = '', message?: string): PickerState {
  return { line: lineAt(input), selected: -1, error: message, mode: 'apps', contexts: [], contextCursor: 0, busy: null };
}

export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
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
    case 'move': return { ...state, selected: Math.max(-1, Math.min(action.entries - 1, state.selected + action.delta)) };
    case 'error': return state.error === action.message ? state : { ...state, error: action.message };
    case 'contexts': {
      const inUse = action.contexts.findIndex((c) => c.inUse);
      return { ...state, mode: 'contexts', contexts: action.contexts, contextCursor: Math.max(0, inUse), error: undefined };
    }
    case 'contextMove':
      return { ...state, contextCursor: Math.max(0, Math.min(state.contexts.length - 1, state.contextCursor + action.delta)) };
    case 'apps': return { ...state, mode: 'apps', busy: null, error: undefined };
    case 'busy': return { ...state, busy: action.what, ...(action.what ? { error: undefined } : {}) };
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
export function pickTarget(state: PickerState, entries: readonly Entry[]): Entry | string {
  const shown = filterEntries(entries, state.line.value);
  const chosen = state.selected >= 0 ? shown[state.selected] : undefined;
  if (chosen) return chosen;
  const typed = tidyUuid(state.line.value);
  if (typed === '') return entries[0] ?? 'Type or paste an application uuid.';
  const exact = entries.find((e) => e.uuid === typed);
  if (exact) return exact;
  if (shown[0]) return shown[0];
  if (!isAppUuid(typed)) return `“${truncate(typed, 40)}” is not an application uuid: use letters, digits, - and _ (up to 64).`;
  return { uuid: typed, note: '' };
}

function entriesOf(recents: readonly RecentApp[], demoApps: readonly DemoApp[] | undefined): Entry[] {
  const list: Entry[] = recents.map((r) => ({ uuid: clean(r.uuid), name: r.name ? clean(r.name) : undefined, note: r.openedAt ? `opened ${relativeTime(r.openedAt)}` : 'recent' }));
  for (const a of demoApps ?? []) {
    const known = list.findIndex((e) => e.uuid === a.uuid);
    if (known >= 0 && !list[known]!.name) list[known] = { ...list[known]!, name: clean(a.name) };
    if (known < 0) list.push({ uuid: clean(a.uuid), name: clean(a.name), note: a.note ? `demo · ${clean(a.note)}` : 'demo' });
  }
  return list;
}

/** What a key does in the picker; reads the store, so keys read together see each other. */
/** The context switch under way, if any: one at a time; stopped by Esc or when the picker goes. */
interface Switch {
  /** A signal for a new switch (the one before it, if any, is stopped). */
  start(): AbortSignal;
  /** The switch with this signal ended (an answer came). */
  end(signal: AbortSignal): void;
  stop(): void;
}

function createSwitch(): Switch {
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

function pickerKeys(store: Store<PickerState, PickerAction>, entries: readonly Entry[], props: PickerProps, switching: Switch, keys: KeyTable) {
  const send = (a: PickerAction) => store.dispatch(a);
  const shownCount = () => filterEntries(entries, store.get().line.value).length;
  const open = (): KeyResult => {
    const target = pickTarget(store.get(), entries);
    if (typeof target === 'string') {
      send({ type: 'error', message: target });
      return true;
    }
    props.onOpen(target.uuid, target.name);
    return 'later';
  };
  const listContexts = () => {
    if (!props.contexts) {
      send({ type: 'error', message: 'Switching context is not available here.' });
      return;
    }
    let list: readonly ContextEntry[];
    try {
      list = props.contexts();
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.message.split('\n')[0] : String(error) });
      return;
    }
    if (!list.some((c) => c.name !== null)) {
      send({ type: 'error', message: 'No saved contexts: add one with dms context add NAME --url URL.' });
      return;
    }
    send({ type: 'contexts', contexts: list });
  };
  const pick = () => {
    const s = store.get();
    const entry = s.contexts[s.contextCursor];
    if (!entry || s.busy || !props.onSwitch) return;
    const signal = switching.start();
    send({ type: 'busy', what: `Connecting to ${entry.label}…` });
    props.onSwitch(entry.name, signal).then((error) => {
      if (signal.aborted) return;
      switching.end(signal);
      send({ type: 'busy', what: null });
      if (error) send({ type: 'error', message: error });
    }, () => {});
  };
  const apps = (e: KeyEvent): KeyResult => {
    // `?` is never part of a uuid or a name search: it opens help.
    if (e.input === '?' && !e.key.ctrl && !e.key.meta) {
      props.onHelp();
      return 'later';
    }
    let result: KeyResult = true;
    const line = (command: LineCommand) => send({ type: 'line', command });
    const used = keys.run(PICKER_SCOPES.apps, {
      pickerOpen: () => { result = open(); },
      pickerUp: () => send({ type: 'move', delta: -1, entries: shownCount() }),
      pickerDown: () => send({ type: 'move', delta: 1, entries: shownCount() }),
      pickerContexts: () => listContexts(),
      pickerQuit: () => {
        if (store.get().line.value !== '' || store.get().selected >= 0) send({ type: 'clear' });
        else props.onQuit();
      },
      ...lineKeys(line),
    }, e.input, e.key);
    // Printable keys are text (taken by `text` below when they come as a run).
    if (!used && isText(e)) {
      send({ type: 'text', text: e.input });
      return true;
    }
    return used ? result : false;
  };
  const contexts = (e: KeyEvent): KeyResult => {
    if (store.get().busy) {
      // Only Esc while connecting: it stops the switch (a token command that hangs, say).
      if (!e.key.escape) return isText(e) || !e.key.ctrl;
      switching.stop();
      send({ type: 'busy', what: null });
      return true;
    }
    if (e.input === '?' && !e.key.ctrl && !e.key.meta) {
      props.onHelp();
      return 'later';
    }
    return keys.run(PICKER_SCOPES.contexts, {
      contextUp: () => send({ type: 'contextMove', delta: -1 }),
      contextDown: () => send({ type: 'contextMove', delta: 1 }),
      contextPick: () => pick(),
      contextCancel: () => send({ type: 'apps' }),
    }, e.input, e.key) || isText(e);
  };
  return {
    listContexts,
    listener: {
      key: (e: KeyEvent): KeyResult => (store.get().mode === 'contexts' ? contexts(e) : apps(e)),
      // A run of typed or pasted text goes to the line whole, up to a `?` (help).
      text: (run: string): number => {
        if (store.get().mode !== 'apps') return 0;
        const stop = run.indexOf('?');
        const take = stop < 0 ? run : run.slice(0, stop);
        if (take === '') return 0;
        send({ type: 'text', text: take });
        return take.length;
      },
    },
  };
}

export function PickerScreen(props: PickerProps) {
  const { connection, recents, demoApps, width, height, active } = props;
  const theme = useTheme();
  const [store] = useState(() => createStore(pickerReducer, initialPicker(props.input, props.message)));
  const state = useStore(store);
  const { line, selected, error, mode } = state;
  const entries = useMemo(() => entriesOf(recents, demoApps), [recents, demoApps]);
  const shown = useMemo(() => filterEntries(entries, line.value), [entries, line.value]);
  const [switching] = useState(createSwitch);
  const table = useKeyTable();
  const keys = pickerKeys(store, entries, props, switching, table);
  useKeys('screen', keys.listener, active);

  // `:ctx` on the deployments screen opens the picker on the context list.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || !props.showContexts) return;
    opened.current = true;
    keys.listContexts();
  });
  // A switch still under way when the picker goes (quit, another screen) is stopped.
  useLayoutEffect(() => () => switching.stop(), [switching]);

  // The list takes the room left under the typed line: measured once drawn.
  const listRef = useRef<DOMElement>(null);
  const listRoom = useMeasured(() => {
    const measured = listRef.current ? measureElement(listRef.current).height : 0;
    return measured > 0 ? measured : undefined;
  }, Math.max(1, height - 1 - 3 - 6 - 1));

  const focused = active && mode === 'apps' && selected < 0;
  const [before, at, after] = cursorParts(line);
  const typed = line.value.trim() !== '';
  let hint: React.ReactNode;
  if (state.busy) {
    hint = <Text wrap="truncate-end" color={theme.ui.muted}>{`${state.busy} (Esc stops)`}</Text>;
  } else if (error) {
    // Wrapped, never cut: on a narrow terminal the status (404) and the hint are the point.
    hint = <Text wrap="wrap" color={theme.ui.error}>{`✗ ${error}`}</Text>;
  } else if (mode === 'apps' && typed && selected < 0 && shown.length > 0 && !entries.some((e) => e.uuid === tidyUuid(line.value))) {
    const first = shown[0]!;
    hint = <Text wrap="truncate-end" color={theme.ui.muted}>{`  Enter opens ${first.name ?? first.uuid} (the first match) · ↓ picks another`}</Text>;
  } else {
    hint = <Text wrap="truncate-end" color={theme.ui.muted}>{theme.colour && !typed ? ' ' : '  (type or paste an application uuid, or part of a name, then Enter)'}</Text>;
  }

  // The entries in view, and the newest deployment of each (hooks/use-overview.ts).
  const start = Math.max(0, Math.min(selected, shown.length - listRoom));
  const inView = mode === 'apps' ? shown.slice(start, start + listRoom) : [];
  const overview = useOverview(props.client, inView.map((e) => e.uuid), { active, periodMs: props.overviewMs });
  // Ages ("3m ago") at a clock that ticks while the picker shows, never Date.now() in render.
  const now = useClock(active, null, 5000);

  let list: React.ReactNode;
  let title: string;
  if (mode === 'contexts') {
    title = 'Switch to a context (Enter switches, Esc goes back)';
    const start = Math.max(0, Math.min(state.contextCursor, state.contexts.length - listRoom));
    list = state.contexts.slice(start, start + listRoom).map((c, i) => {
      const on = start + i === state.contextCursor;
      const marks = [c.inUse ? 'in use' : '', c.current ? 'current in config.json' : ''].filter(Boolean).join(' · ');
      return (
        <Text key={c.name ?? `start:${c.label}`} wrap="truncate-end" color={on ? theme.ui.focus : undefined} bold={on} inverse={on}>
          {on ? '› ' : '  '}{clean(c.label)}
          <Text color={theme.ui.muted}>{`  ${clean(c.detail)}${marks ? `  (${marks})` : ''}`}</Text>
        </Text>
      );
    });
  } else {
    title = entries.length === 0 ? 'No recent applications on this server yet.'
      : typed ? `${shown.length} of ${entries.length} match “${truncate(clean(line.value.trim()), 30)}”`
        : demoApps?.length ? 'Recent and demo applications' : 'Recent applications';
    list = inView.map((e, i) => {
      const on = start + i === selected;
      const name = e.name ? `  ${truncate(e.name, Math.max(8, width - e.uuid.length - 20))}` : '';
      return (
        <Text key={e.uuid} wrap="truncate-end" color={on ? theme.ui.focus : undefined} bold={on} inverse={on}>
          {on ? '› ' : '  '}<OverviewCell part="mark" overview={overview.get(e.uuid)} />{e.uuid}{name}
          <OverviewCell part="tail" overview={overview.get(e.uuid)} room={width - 4 - widthOf(e.uuid) - widthOf(name)} now={now} note={e.note} />
        </Text>
      );
    });
  }

  return (
    <Box flexDirection="column" height={height - 1}>
      <Header connection={connection} />
      <Text bold color={theme.ui.title}>Open an application</Text>
      <Text wrap="truncate-end">
        <Text color={focused ? theme.ui.focus : theme.ui.muted}>{focused ? '› ' : '  '}uuid: </Text>
        <Text>{before}</Text>
        {focused ? <Text inverse>{at || ' '}</Text> : <Text>{at}</Text>}
        <Text>{after}</Text>
        {line.value === '' && theme.colour ? <Text color={theme.ui.muted}>{' type or paste an application uuid, or part of a name'}</Text> : null}
      </Text>
      {hint}
      <Text wrap="truncate-end" color={theme.ui.muted}>{title}</Text>
      <Box ref={listRef} flexDirection="column" flexGrow={1}>{list}</Box>
      <Footer screen={mode === 'contexts' ? 'contexts' : 'picker'} width={width} />
    </Box>
  );
}
