// One deployment: a summary, its commit message, what changed since the one before, then every
// field it carries, grouped; scrolls; y = raw JSON; f = fields not sent; s = reveal secrets (--show-secrets only).
import React, { useMemo, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';
import type { Deployment } from '../../api/schemas/deployment.js';
import { PHASE_MARKS, viewOf } from '../../model/deployment.js';
import { commandFor } from '../keys.js';
import { statusColour, useTheme } from '../theme.js';
import { ScrollView, clampOffset } from '../components/scroll-view.js';
import { detailLines, rawJsonLines, type Older } from '../components/detail-fields.js';
import { maskUrlPasswords } from '../../text/secrets.js';

/** Heading lines are cut to the terminal width: no need to hand Ink (which measures it all) more than this. */
const HEADING_MAX = 500;

export interface DetailProps {
  readonly record: Deployment;
  /** The deployment before this one, for "what changed" (left out: no such section). */
  readonly older?: Older;
  /** The service's base URL, for the web link. */
  readonly baseUrl?: string;
  /** The clock for durations and ages (a running deployment's duration grows with it). */
  readonly now?: number;
  readonly showSecrets: boolean;
  readonly width: number;
  /** Lines available for the title, body and the note line. */
  readonly height: number;
  readonly active: boolean;
  readonly onBack: () => void;
  readonly onHelp: () => void;
  readonly onQuit: () => void;
}

export function DetailView({ record, older, baseUrl, now, showSecrets, width, height, active, onBack, onHelp, onQuit }: DetailProps) {
  const theme = useTheme();
  const [offset, setOffset] = useState(0);
  const [raw, setRaw] = useState(false);
  const [reveal, setReveal] = useState(false);
  const [showAbsent, setShowAbsent] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const lines = useMemo(
    () => (raw
      ? rawJsonLines(record, { reveal, width, theme })
      : detailLines(record, { reveal, width, theme, now, older, baseUrl, showAbsent })),
    [record, raw, reveal, width, theme, now, older, baseUrl, showAbsent],
  );
  const body = Math.max(3, height - 2);

  const latest = useRef({ lines, body });
  latest.current = { lines, body };
  useKeys((input, key) => {
    const { lines, body } = latest.current;
    const scroll = (delta: number) => setOffset((o) => clampOffset(o + delta, lines.length, body));
    const id = commandFor(['detail', 'global'], input, key);
    setNote(null);
    switch (id) {
      case 'back': onBack(); break;
      case 'help': onHelp(); break;
      case 'quit': onQuit(); break;
      case 'scrollUp': scroll(-1); break;
      case 'scrollDown': scroll(1); break;
      case 'pageUp': scroll(-(body - 1)); break;
      case 'pageDown': scroll(body - 1); break;
      case 'top': setOffset(0); break;
      case 'bottom': setOffset(clampOffset(lines.length, lines.length, body)); break;
      case 'rawJson': setRaw((r) => !r); setOffset(0); break;
      case 'absentFields': setShowAbsent((s) => !s); break;
      case 'reveal':
        if (showSecrets) setReveal((r) => !r);
        else setNote('Secrets stay hidden: restart dms with --show-secrets to allow revealing them.');
        break;
      default: break;
    }
  }, { isActive: active });

  const view = useMemo(() => viewOf(record), [record]);
  const start = clampOffset(offset, lines.length, body);
  const end = Math.min(lines.length, start + body);
  // Server strings in the heading: cleaned (by the model), URL passwords masked unless revealed, shortened.
  const shown = (s: string) => (reveal ? s : maskUrlPasswords(s)).slice(0, HEADING_MAX);
  const name = view.id !== null ? `Deployment ${view.id}` : view.uuid ? `Deployment ${shown(view.uuid)}` : 'Deployment (no id)';
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold color={theme.ui.title}>{`${name} · `}</Text>
        <Text bold color={statusColour(theme, view.status)}>{`${PHASE_MARKS[view.phase]} ${shown(view.statusText)}`}</Text>
        <Text bold color={theme.ui.title}>
          {`${view.application ? ` · ${shown(view.application)}` : ''}${raw ? ' · raw JSON' : ''}${reveal ? ' · secrets shown' : ''}`}
        </Text>
        <Text color={theme.ui.muted}>{`  lines ${lines.length === 0 ? 0 : start + 1}–${end} of ${lines.length}`}</Text>
      </Text>
      <ScrollView lines={lines} offset={start} height={body} />
      <Text wrap="truncate-end" color={note ? theme.ui.warning : theme.ui.muted}>
        {note ?? (reveal ? 'Secrets are shown: press s to hide them.' : 'Secrets are masked.')}
      </Text>
    </Box>
  );
}
