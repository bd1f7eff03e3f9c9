// Help, generated from the key map: every command of every scope, the section of the screen it
// was opened from first. An overlay on the input bus: it takes every key while open.
import React, { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useKeys } from '../input/bus.js';
import { HELP_SECTIONS, commandsOf, runCommand, type ScopeId } from '../keys.js';
import { PHASE_MARKS } from '../../model/deployment.js';
import { useTheme, type Theme } from '../theme.js';
import { ScrollView, clampOffset, type Line } from '../components/scroll-view.js';
import { wrapCells } from '../../text/cells.js';

export interface HelpProps {
  /** The scope help was opened from: its section comes first. */
  readonly from: ScopeId;
  readonly width: number;
  readonly height: number;
  readonly onClose: () => void;
  readonly onQuit: () => void;
}

/** What the table's marks mean (they read without colour too). */
export const LEGEND: readonly (readonly [string, string])[] = [
  [`${PHASE_MARKS.finished} ${PHASE_MARKS.failed}`, 'finished · failed'],
  [`${PHASE_MARKS.running} ${PHASE_MARKS.queued}`, 'in progress (duration counts up) · queued (waiting)'],
  [`${PHASE_MARKS.cancelled} ${PHASE_MARKS.unknown}`, 'cancelled · a status dms does not know (shown as sent)'],
  ['Δ', 'settings changed since the deployment before it (Enter: what changed)'],
  ['source', 'how it started: webhook, API, manual, rollback, PR #n (a pull-request preview)'],
];

const LABEL = 14;

/** Help as lines, wrapped to `width` (descriptions continue under themselves). */
export function helpLines(from: ScopeId, theme: Theme, width = 200): Line[] {
  const order = [...HELP_SECTIONS].sort((a, b) => rank(a.screen, from) - rank(b.screen, from));
  const lines: Line[] = [];
  const entry = (label: string, text: string) => {
    wrapCells(text, Math.max(10, width - LABEL - 3)).forEach((piece, i) => {
      lines.push({ label: i === 0 ? `  ${label.padEnd(LABEL)} ` : ' '.repeat(LABEL + 3), labelColour: theme.ui.key, text: piece });
    });
  };
  for (const section of order) {
    const cmds = commandsOf(section.screen);
    if (cmds.length === 0) continue;
    if (lines.length > 0) lines.push({ text: '' });
    lines.push({ text: section.title, bold: true, colour: theme.ui.title });
    for (const c of cmds) entry(c.label, c.description);
    if (section.screen === 'deployments') {
      lines.push({ text: '' }, { text: 'Marks in the deployments table', bold: true, colour: theme.ui.title });
      for (const [mark, meaning] of LEGEND) entry(mark, meaning);
    }
  }
  return lines;
}

function rank(screen: ScopeId, from: ScopeId): number {
  if (screen === from) return 0;
  if (screen === 'app' || screen === 'global') return 1;
  if (from === 'deployments' && (screen === 'filter' || screen === 'jump')) return 2;
  if (from === 'log' && (screen === 'logSearch' || screen === 'logSave')) return 2;
  if (screen === 'help') return 3;
  if (screen.startsWith('form') || screen === 'line') return 9;
  return 5;
}

export function Help({ from, width, height, onClose, onQuit }: HelpProps) {
  const theme = useTheme();
  const lines = useMemo(() => helpLines(from, theme, width), [from, theme, width]);
  const [offset, setOffset] = useState(0);
  const bodyRef = useRef<DOMElement>(null);
  const [body, setBody] = useState(Math.max(3, height - 3));
  useLayoutEffect(() => {
    const measured = bodyRef.current ? measureElement(bodyRef.current).height : 0;
    if (measured > 0 && measured !== body) setBody(measured);
  });
  // Every key stops here while help is open: the screen under it sees none.
  useKeys('overlay', {
    key: (e) => {
      const scroll = (delta: number) => setOffset((o) => clampOffset(o + delta, lines.length, body));
      runCommand(['help', 'global'], {
        helpClose: () => onClose(),
        help: () => onClose(),
        quit: () => onQuit(),
        scrollUp: () => scroll(-1),
        scrollDown: () => scroll(1),
        pageUp: () => scroll(-body),
        pageDown: () => scroll(body),
        top: () => setOffset(0),
        bottom: () => setOffset(clampOffset(lines.length, lines.length, body)),
      }, e.input, e.key);
      return true;
    },
  });
  const more = lines.length > body;
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color={theme.ui.title} wrap="truncate-end">Help — keys{more ? ' (↑/↓ scroll)' : ''}</Text>
      <Box ref={bodyRef} flexDirection="column" flexGrow={1}>
        <ScrollView lines={lines} offset={clampOffset(offset, lines.length, body)} height={body} />
      </Box>
      <Text color={theme.ui.muted} wrap="truncate-end">Esc or ? closes help · q quits</Text>
    </Box>
  );
}
