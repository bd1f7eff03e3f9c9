// One deployment, every field, grouped; scrolls; y = raw JSON; s = reveal secrets (--show-secrets only).
import React, { useMemo, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';
import type { Deployment } from '../../api/schemas/deployment.js';
import { commandFor } from '../keys.js';
import { useTheme } from '../theme.js';
import { ScrollView, clampOffset } from '../components/scroll-view.js';
import { detailLines, rawJsonLines } from '../components/detail-fields.js';
import { absoluteTime, relativeTime, statusLabel } from '../../text/format.js';
import { clean } from '../../text/sanitize.js';
import { maskUrlPasswords } from '../../text/secrets.js';

/** Heading lines are cut to the terminal width: no need to hand Ink (which measures it all) more than this. */
const HEADING_MAX = 500;

export interface DetailProps {
  readonly record: Deployment;
  readonly showSecrets: boolean;
  readonly width: number;
  /** Lines available for the title, body and the note line. */
  readonly height: number;
  readonly active: boolean;
  readonly onBack: () => void;
  readonly onHelp: () => void;
  readonly onQuit: () => void;
}

export function DetailView({ record, showSecrets, width, height, active, onBack, onHelp, onQuit }: DetailProps) {
  const theme = useTheme();
  const [offset, setOffset] = useState(0);
  const [raw, setRaw] = useState(false);
  const [reveal, setReveal] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const lines = useMemo(
    () => (raw ? rawJsonLines(record, { reveal, width, theme }) : detailLines(record, { reveal, width, theme })),
    [record, raw, reveal, width, theme],
  );
  const body = Math.max(3, height - 3);

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
      case 'reveal':
        if (showSecrets) setReveal((r) => !r);
        else setNote('Secrets stay hidden: restart dms with --show-secrets to allow revealing them.');
        break;
      default: break;
    }
  }, { isActive: active });

  const start = clampOffset(offset, lines.length, body);
  const end = Math.min(lines.length, start + body);
  // Server strings in the heading: cleaned, then URL passwords masked unless revealed, then shortened.
  const shown = (s: string) => (reveal ? clean(s) : maskUrlPasswords(clean(s))).slice(0, HEADING_MAX);
  const title = `Deployment ${record.id ?? '(no id)'} · ${shown(statusLabel(record.status))}${record.name ? ` · ${shown(record.name)}` : ''}${raw ? ' · raw JSON' : ''}${reveal ? ' · secrets shown' : ''}`;
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold color={theme.ui.title}>{title}</Text>
        <Text color={theme.ui.muted}>{`  lines ${lines.length === 0 ? 0 : start + 1}–${end} of ${lines.length}`}</Text>
      </Text>
      <Text wrap="truncate-end">
        <Text color={theme.ui.muted}>commit </Text>
        <Text>{record.git_commit_sha ? shown(record.git_commit_sha) : '—'}</Text>
        {record.git_branch ? <><Text color={theme.ui.muted}> on </Text><Text>{shown(record.git_branch)}</Text></> : null}
        {record.created_at ? <Text color={theme.ui.muted}>{`  created ${absoluteTime(record.created_at)} (${relativeTime(record.created_at)})`}</Text> : null}
      </Text>
      <ScrollView lines={lines} offset={start} height={body} />
      <Text wrap="truncate-end" color={note ? theme.ui.warning : theme.ui.muted}>
        {note ?? (reveal ? 'Secrets are shown: press s to hide them.' : 'Secrets are masked.')}
      </Text>
    </Box>
  );
}
