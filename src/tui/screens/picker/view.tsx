// No APP_UUID given: type or paste a uuid, or pick a recent (or, in demo mode, a seeded)
// application; what is typed also filters the list by name or uuid. Ctrl+X lists the saved
// contexts to switch to. The room: state.ts (the reducer, the entries and their filter), keys.ts
// (keys to its actions, the switch), lines.ts (the words), use-overview.ts and overview-cell.tsx
// (each entry's newest deployment). This file draws it. The typed line is the project's line
// editor (input/line-edit.ts): grapheme-safe, with Ctrl+A/E/U/K.
import React, { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useMeasured } from '../../hooks/use-measured.js';
import type { RecentApp } from '../../../config/recents.js';
import type { TuiConnection } from '../../options.js';
import type { DemoApp } from '../../../demo/seed.js';
import { useKeys } from '../../input/bus.js';
import { useKeyTable } from '../../input/key-table.js';
import { createStore, useStore } from '../../state/store.js';
import { useTheme } from '../../theme.js';
import { useSettings } from '../../settings.js';
import { cursorParts } from '../../input/line-edit.js';
import { Header } from '../../components/header.js';
import { Footer } from '../../components/footer.js';
import { truncate, widthOf } from '../../../text/cells.js';
import type { DmsClient } from '../../../api/client.js';
import { useClock } from '../../hooks/use-clock.js';
import { createSwitch, pickerKeys, type PickerKeyProps } from './keys.js';
import { entriesOf, filterEntries, initialPicker, pickerReducer, tidyUuid, typedAddress, windowStart } from './state.js';
import {
  PICKER_TITLE,
  PLACEHOLDER,
  UUID_PROMPT,
  addressHint,
  busyText,
  contextsTitle,
  errorText,
  firstMatchHint,
  listTitle,
  typeHint,
} from './lines.js';
import { useOverview } from './use-overview.js';
import { OverviewCell } from './overview-cell.js';
import { ContextTable } from './context-table.js';

export interface PickerProps extends PickerKeyProps {
  readonly connection: TuiConnection;
  readonly recents: readonly RecentApp[];
  readonly demoApps?: readonly DemoApp[];
  /** Shown under the typed line (e.g. "No application with uuid …"). */
  readonly message?: string;
  /** The typed line to start with (kept after an error), its cursor at the end. */
  readonly input?: string;
  /** Open on the context list (`:ctx` on the deployments screen). */
  readonly showContexts?: boolean;
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
  /** Reads each listed application's newest deployment (the overview). */
  readonly client: DmsClient;
}

export function PickerScreen(props: PickerProps) {
  const { connection, recents, demoApps, width, height, active } = props;
  const theme = useTheme();
  const { overviewMs } = useSettings();
  const [store] = useState(() => createStore(pickerReducer, initialPicker(props.input, props.message)));
  const state = useStore(store);
  const { line, selected, error, mode } = state;
  // Ages ("opened 3h ago", "3m ago") at a clock that ticks while the picker shows, never Date.now() in render.
  const now = useClock(active, null, 5000);
  const entries = useMemo(() => entriesOf(recents, demoApps, now), [recents, demoApps, now]);
  const shown = useMemo(() => filterEntries(entries, line.value), [entries, line.value]);
  const [switching] = useState(createSwitch);
  const table = useKeyTable();
  const keys = pickerKeys(store, entries, props, switching, table, connection.host);
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
  const listRoom = useMeasured(
    () => {
      const measured = listRef.current ? measureElement(listRef.current).height : 0;
      return measured > 0 ? measured : undefined;
    },
    Math.max(1, height - 1 - 3 - 6 - 1),
  );

  const focused = active && mode === 'apps' && selected < 0;
  const [before, at, after] = cursorParts(line);
  const typed = line.value.trim() !== '';
  // A pasted page address that reads (on this connection's host): the uuid Enter opens.
  const address = useMemo(() => typedAddress(line.value, connection.host), [line.value, connection.host]);
  let hint: React.ReactNode;
  if (state.busy) {
    hint = (
      <Text wrap="truncate-end" color={theme.ui.muted}>
        {busyText(state.busy, table)}
      </Text>
    );
  } else if (error) {
    // Wrapped, never cut: on a narrow terminal the status (404) and the hint are the point.
    hint = (
      <Text wrap="wrap" color={theme.ui.error}>
        {errorText(error)}
      </Text>
    );
  } else if (state.note) {
    hint = <Text wrap="wrap" color={theme.ui.muted}>{`  ${state.note}`}</Text>;
  } else if (mode === 'apps' && address) {
    hint = (
      <Text wrap="truncate-end" color={theme.ui.muted}>
        {addressHint(address, table)}
      </Text>
    );
  } else if (mode === 'apps' && typed && selected < 0 && shown.length > 0 && !entries.some((e) => e.uuid === tidyUuid(line.value))) {
    const first = shown[0]!;
    hint = (
      <Text wrap="truncate-end" color={theme.ui.muted}>
        {firstMatchHint(first.name ?? first.uuid, table)}
      </Text>
    );
  } else {
    hint = (
      <Text wrap="truncate-end" color={theme.ui.muted}>
        {theme.colour && !typed ? ' ' : typeHint(table)}
      </Text>
    );
  }

  // The entries in view, and the newest deployment of each (use-overview.ts).
  const start = windowStart(selected, shown.length, listRoom);
  const inView = mode === 'apps' ? shown.slice(start, start + listRoom) : [];
  const overview = useOverview(
    props.client,
    inView.map((e) => e.uuid),
    { active, periodMs: overviewMs },
  );

  let list: React.ReactNode;
  let title: string;
  if (mode === 'contexts') {
    title = contextsTitle(table);
    list = <ContextTable contexts={state.contexts} cursor={state.contextCursor} room={listRoom} width={width} />;
  } else {
    title = listTitle(entries.length, shown.length, line.value.trim(), Boolean(demoApps?.length));
    list = inView.map((e, i) => {
      const on = start + i === selected;
      const name = e.name ? `  ${truncate(e.name, Math.max(8, width - e.uuid.length - 20))}` : '';
      return (
        <Text key={e.uuid} wrap="truncate-end" color={on ? theme.ui.focus : undefined} bold={on} inverse={on}>
          {on ? '› ' : '  '}
          <OverviewCell part="mark" overview={overview.get(e.uuid)} />
          {e.uuid}
          {name}
          <OverviewCell
            part="tail"
            overview={overview.get(e.uuid)}
            room={width - 4 - widthOf(e.uuid) - widthOf(name)}
            now={now}
            note={e.note}
          />
        </Text>
      );
    });
  }

  return (
    <Box flexDirection="column" height={height - 1}>
      <Header connection={connection} />
      <Text bold color={theme.ui.title}>
        {PICKER_TITLE}
      </Text>
      <Text wrap="truncate-end">
        <Text color={focused ? theme.ui.focus : theme.ui.muted}>
          {focused ? '› ' : '  '}
          {UUID_PROMPT}
        </Text>
        <Text>{before}</Text>
        {focused ? <Text inverse>{at || ' '}</Text> : <Text>{at}</Text>}
        <Text>{after}</Text>
        {line.value === '' && theme.colour ? <Text color={theme.ui.muted}>{PLACEHOLDER}</Text> : null}
      </Text>
      {hint}
      <Text wrap="truncate-end" color={theme.ui.muted}>
        {title}
      </Text>
      <Box ref={listRef} flexDirection="column" flexGrow={1}>
        {list}
      </Box>
      <Footer screen={mode === 'contexts' ? 'contexts' : 'picker'} width={width} />
    </Box>
  );
}
