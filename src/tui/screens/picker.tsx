// No APP_UUID given: type or paste a uuid, or pick a recent (or, in demo mode, a seeded) application.
import React, { useMemo, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';
import TextInput from 'ink-text-input';
import { isAppUuid } from '../../api/uuid.js';
import type { RecentApp } from '../../config/recents.js';
import type { DemoApp, TuiConnection } from '../options.js';
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

/** What a pasted uuid becomes: whitespace, quotes and control characters dropped. */
export function tidyUuid(value: string): string {
  return clean(value).replace(/[\s"'`<>]/g, '');
}

export function PickerScreen({ connection, recents, demoApps, message, width, height, active, onOpen, onHelp, onQuit }: PickerProps) {
  const theme = useTheme();
  const [value, setValue] = useState('');
  const [selected, setSelected] = useState(-1);
  const [error, setError] = useState<string | undefined>(message);
  const entries = useMemo<Entry[]>(() => {
    const list: Entry[] = recents.map((r) => ({ uuid: clean(r.uuid), name: r.name ? clean(r.name) : undefined, note: r.openedAt ? `opened ${relativeTime(r.openedAt)}` : 'recent' }));
    for (const a of demoApps ?? []) {
      if (!list.some((e) => e.uuid === a.uuid)) list.push({ uuid: clean(a.uuid), name: clean(a.name), note: a.note ? `demo · ${clean(a.note)}` : 'demo' });
    }
    return list;
  }, [recents, demoApps]);

  const open = (uuid: string) => {
    // Enter on an empty line opens the first listed application (the most recent one).
    const first = latest.current.entries[0];
    if (!uuid && first) {
      onOpen(first.uuid);
      return;
    }
    if (!uuid) {
      setError('Type or paste an application uuid.');
      return;
    }
    if (!isAppUuid(uuid)) {
      setError(`“${truncate(uuid, 40)}” is not an application uuid: use letters, digits, - and _ (up to 64).`);
      return;
    }
    onOpen(uuid);
  };

  const latest = useRef({ selected, entries });
  latest.current = { selected, entries };
  useKeys((input, key) => {
    const { selected, entries } = latest.current;
    if (key.escape || (key.ctrl && input === 'c')) onQuit();
    else if (key.downArrow) setSelected((s) => Math.min(entries.length - 1, s + 1));
    else if (key.upArrow) setSelected((s) => Math.max(-1, s - 1));
    else if (key.return && selected >= 0) {
      const e = entries[selected];
      if (e) open(e.uuid);
    }
  }, { isActive: active });

  const listRoom = Math.max(1, height - 1 - 3 - 6 - 1);
  const start = Math.max(0, Math.min(selected, entries.length - listRoom));
  const shown = entries.slice(start, start + listRoom);
  return (
    <Box flexDirection="column">
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
              setValue(tidyUuid(v.replace(/\?/g, '')));
              onHelp();
              return;
            }
            setValue(tidyUuid(v));
            setError(undefined);
          }}
          onSubmit={(v) => open(tidyUuid(v))}
        />
      </Box>
      <Text wrap="truncate-end" color={error ? theme.ui.error : theme.ui.muted}>
        {error ? `✗ ${error}` : theme.colour ? ' ' : '  (type or paste an application uuid, then Enter)'}
      </Text>
      <Text color={theme.ui.muted}>{entries.length > 0 ? (demoApps?.length ? 'Recent and demo applications' : 'Recent applications') : 'No recent applications yet.'}</Text>
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
      <Text> </Text>
      <Footer screen="picker" />
    </Box>
  );
}
