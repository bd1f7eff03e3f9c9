// No APP_UUID given: type or paste a uuid, or pick a recent (or, in demo mode, a seeded) application.
// The uuid line is ink-text-input, focused through the input bus's listener here: while it has
// the focus, typed text is its own; ↑/↓/Enter/Esc are the picker's, read from its store so keys
// that arrive together (`↓ ↓ ↓ Enter`) each count.
import React, { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import TextInput from 'ink-text-input';
import { isAppUuid } from '../../api/uuid.js';
import type { RecentApp } from '../../config/recents.js';
import type { DemoApp, TuiConnection } from '../options.js';
import { useKeys } from '../input/bus.js';
import { runCommand } from '../keys.js';
import { createStore, useStore } from '../state/store.js';
import { useTheme } from '../theme.js';
import { clean } from '../../text/sanitize.js';
import { relativeTime } from '../../text/format.js';
import { Header } from '../components/header.js';
import { Footer } from '../components/footer.js';
import { truncate } from '../../text/cells.js';

export interface PickerProps {
  readonly connection: TuiConnection;
  readonly recents: readonly RecentApp[];
  readonly demoApps?: readonly DemoApp[];
  /** Shown above the input (e.g. "No application with uuid …"). */
  readonly message?: string;
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
  readonly onOpen: (uuid: string) => void;
  readonly onHelp: () => void;
  readonly onQuit: () => void;
}

interface Entry { readonly uuid: string; readonly name?: string; readonly note: string }

interface PickerState {
  /** The uuid line. */
  readonly value: string;
  /** The entry the cursor is on; -1: the uuid line. */
  readonly selected: number;
  readonly error: string | undefined;
}

type PickerAction =
  | { type: 'value'; value: string }
  | { type: 'move'; delta: number; entries: number }
  | { type: 'error'; message: string };

function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case 'value': return { ...state, value: action.value, error: undefined };
    case 'move': return { ...state, selected: Math.max(-1, Math.min(action.entries - 1, state.selected + action.delta)) };
    case 'error': return { ...state, error: action.message };
  }
}

/** What a pasted uuid becomes: whitespace, quotes and control characters dropped. */
export function tidyUuid(value: string): string {
  return clean(value).replace(/[\s"'`<>]/g, '');
}

export function PickerScreen({ connection, recents, demoApps, message, width, height, active, onOpen, onHelp, onQuit }: PickerProps) {
  const theme = useTheme();
  const [store] = useState(() => createStore(pickerReducer, { value: '', selected: -1, error: message }));
  const { value, selected, error } = useStore(store);
  const entries = useMemo<Entry[]>(() => {
    const list: Entry[] = recents.map((r) => ({ uuid: clean(r.uuid), name: r.name ? clean(r.name) : undefined, note: r.openedAt ? `opened ${relativeTime(r.openedAt)}` : 'recent' }));
    for (const a of demoApps ?? []) {
      if (!list.some((e) => e.uuid === a.uuid)) list.push({ uuid: clean(a.uuid), name: clean(a.name), note: a.note ? `demo · ${clean(a.note)}` : 'demo' });
    }
    return list;
  }, [recents, demoApps]);

  const open = () => {
    const { value: typed, selected: at } = store.get();
    const entry = at >= 0 ? entries[at] : undefined;
    // Enter on an empty line opens the first listed application (the most recent one).
    const uuid = entry?.uuid ?? (typed || entries[0]?.uuid || '');
    if (!uuid) {
      store.dispatch({ type: 'error', message: 'Type or paste an application uuid.' });
      return false;
    }
    if (!isAppUuid(uuid)) {
      store.dispatch({ type: 'error', message: `“${truncate(uuid, 40)}” is not an application uuid: use letters, digits, - and _ (up to 64).` });
      return false;
    }
    onOpen(uuid);
    return true;
  };

  useKeys('screen', {
    key: (e) => {
      let later = false;
      const used = runCommand(['picker'], {
        pickerOpen: () => { later = open(); },
        pickerUp: () => store.dispatch({ type: 'move', delta: -1, entries: entries.length }),
        pickerDown: () => store.dispatch({ type: 'move', delta: 1, entries: entries.length }),
        pickerQuit: () => onQuit(),
      }, e.input, e.key);
      return used && later ? 'later' : used;
    },
    // Typed text belongs to the uuid line while it has the focus (ink-text-input reads it).
    text: (run) => (store.get().selected < 0 ? run.length : 0),
  }, active);

  // The list takes the room left under the uuid line: measured once drawn.
  const listRef = useRef<DOMElement>(null);
  const [listRoom, setListRoom] = useState(Math.max(1, height - 1 - 3 - 6 - 1));
  useLayoutEffect(() => {
    const measured = listRef.current ? measureElement(listRef.current).height : 0;
    if (measured > 0 && measured !== listRoom) setListRoom(measured);
  });
  const start = Math.max(0, Math.min(selected, entries.length - listRoom));
  const shown = entries.slice(start, start + listRoom);
  return (
    <Box flexDirection="column" height={height - 1}>
      <Header connection={connection} />
      <Text bold color={theme.ui.title}>Open an application</Text>
      <Box>
        <Text color={selected < 0 ? theme.ui.focus : theme.ui.muted}>{selected < 0 ? '› ' : '  '}uuid: </Text>
        <TextInput
          value={value}
          focus={active && selected < 0}
          // ink-text-input greys its placeholder with chalk, which ignores NO_COLOR: no placeholder then.
          placeholder={theme.colour ? 'type or paste an application uuid' : undefined}
          onChange={(v) => {
            if (v.includes('?')) {
              store.dispatch({ type: 'value', value: tidyUuid(v.replace(/\?/g, '')) });
              onHelp();
              return;
            }
            store.dispatch({ type: 'value', value: tidyUuid(v) });
          }}
        />
      </Box>
      <Text wrap="truncate-end" color={error ? theme.ui.error : theme.ui.muted}>
        {error ? `✗ ${error}` : theme.colour ? ' ' : '  (type or paste an application uuid, then Enter)'}
      </Text>
      <Text color={theme.ui.muted}>{entries.length > 0 ? (demoApps?.length ? 'Recent and demo applications' : 'Recent applications') : 'No recent applications yet.'}</Text>
      <Box ref={listRef} flexDirection="column" flexGrow={1}>
        {shown.map((e, i) => {
          const index = start + i;
          const on = index === selected;
          return (
            <Text key={e.uuid} wrap="truncate-end" color={on ? theme.ui.focus : undefined} bold={on}>
              {on ? '› ' : '  '}{e.uuid}{e.name ? `  ${truncate(e.name, Math.max(8, width - e.uuid.length - 20))}` : ''}
              <Text color={theme.ui.muted}>{`  ${e.note}`}</Text>
            </Text>
          );
        })}
      </Box>
      <Footer screen="picker" />
    </Box>
  );
}
