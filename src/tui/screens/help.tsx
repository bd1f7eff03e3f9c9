// Help, generated from the key map. Esc or ? closes it; ↑/↓ scroll when it is taller than the screen.
import React, { useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';
import { HELP_SECTIONS, commandsOf, matches, type ScreenId } from '../keys.js';
import { PHASE_MARKS } from '../../model/deployment.js';
import { useTheme, type Theme } from '../theme.js';
import { ScrollView, clampOffset, type Line } from '../components/scroll-view.js';

export interface HelpProps {
  /** The screen help was opened from: its section comes first. */
  readonly from: ScreenId;
  readonly width: number;
  readonly height: number;
  readonly onClose: () => void;
  readonly onQuit: () => void;
  readonly active?: boolean;
}

export function helpLines(from: ScreenId, theme: Theme): Line[] {
  const order = [...HELP_SECTIONS].sort((a, b) => rank(a.screen, from) - rank(b.screen, from));
  const lines: Line[] = [];
  for (const section of order) {
    const cmds = commandsOf(section.screen);
    if (cmds.length === 0) continue;
    if (lines.length > 0) lines.push({ text: '' });
    lines.push({ text: section.title, bold: true, colour: theme.ui.title });
    for (const c of cmds) {
      lines.push({ label: `  ${c.label.padEnd(12)} `, labelColour: theme.ui.key, text: c.description });
    }
    if (section.screen === 'deployments') {
      lines.push({ text: '' }, { text: 'Marks in the deployments table', bold: true, colour: theme.ui.title });
      for (const [mark, meaning] of LEGEND) lines.push({ label: `  ${mark.padEnd(12)} `, labelColour: theme.ui.key, text: meaning });
    }
  }
  return lines;
}

/** What the table's marks mean (they read without colour too). */
export const LEGEND: readonly (readonly [string, string])[] = [
  [`${PHASE_MARKS.finished} ${PHASE_MARKS.failed}`, 'finished · failed'],
  [`${PHASE_MARKS.running} ${PHASE_MARKS.queued}`, 'in progress (duration counts up) · queued (waiting)'],
  [`${PHASE_MARKS.cancelled} ${PHASE_MARKS.unknown}`, 'cancelled · a status dms does not know (shown as sent)'],
  ['Δ', 'settings changed since the deployment before it (Enter: what changed)'],
  ['source', 'how it started: webhook, API, manual, rollback, PR #n (a pull-request preview)'],
];

function rank(screen: ScreenId, from: ScreenId): number {
  if (screen === from) return 0;
  if (screen === 'global') return 1;
  if (from === 'deployments' && screen === 'filter') return 2;
  if (screen === 'form') return 9;
  return 5;
}

export function Help({ from, height, onClose, onQuit, active = true }: HelpProps) {
  const theme = useTheme();
  const lines = useMemo(() => helpLines(from, theme), [from, theme]);
  const [offset, setOffset] = useState(0);
  const body = Math.max(3, height - 2);
  useKeys((input, key) => {
    if (matches('back', input, key) || matches('help', input, key)) onClose();
    else if (input === 'q' || (key.ctrl && input === 'c')) onQuit();
    else if (key.upArrow || input === 'k') setOffset((o) => clampOffset(o - 1, lines.length, body));
    else if (key.downArrow || input === 'j') setOffset((o) => clampOffset(o + 1, lines.length, body));
    else if (key.pageUp) setOffset((o) => clampOffset(o - body, lines.length, body));
    else if (key.pageDown || input === ' ') setOffset((o) => clampOffset(o + body, lines.length, body));
  }, { isActive: active });
  const more = lines.length > body;
  return (
    <Box flexDirection="column">
      <Text bold color={theme.ui.title} wrap="truncate-end">Help — keys{more ? ' (↑/↓ scroll)' : ''}</Text>
      <ScrollView lines={lines} offset={offset} height={body} />
      <Text color={theme.ui.muted} wrap="truncate-end">Esc or ? closes help · q quits</Text>
    </Box>
  );
}
