// One line of history at a glance: a mark per recent deployment (oldest left, newest right),
// shaped by status so it reads without colour, then the success rate, the median duration of
// the finished ones, and how long ago the last success and the last failure were.
import React from 'react';
import { Text } from 'ink';
import { PHASE_MARKS, type Phase } from '../../../model/deployment.js';
import { formatDuration } from '../../../model/duration.js';
import { stripStats } from '../../../model/history.js';
import { relativeAt } from '../../../text/format.js';
import { phaseColour, useTheme } from '../../theme.js';
import type { Strip } from './use-strip.js';

export interface StripLineProps {
  readonly strip: Strip;
  readonly width: number;
  readonly now: number;
}

export function StripLine({ strip, width, now }: StripLineProps) {
  const theme = useTheme();
  const { views } = strip;
  const stats = stripStats(views, now);
  const reach = strip.complete ? `all ${views.length}` : `last ${views.length}${strip.loading ? '…' : ''}`;
  const facts = [
    stats.successRate === null ? '' : `${Math.round(stats.successRate * 100)}% finished`,
    stats.medianMs === null ? '' : `median ${formatDuration(stats.medianMs)}`,
    stats.lastSuccess === null ? '' : `last ${PHASE_MARKS.finished} ${relativeAt(stats.lastSuccess, now)}`,
    stats.lastFailure === null ? '' : `last ${PHASE_MARKS.failed} ${relativeAt(stats.lastFailure, now)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const label = `${reach} `;
  // Marks first: at least half the line is theirs; the figures after them are cut when short of room.
  const room = Math.max(
    0,
    Math.min(views.length, Math.max(width - label.length - facts.length - 3, Math.floor((width - label.length) / 2))),
  );
  // Oldest on the left, newest on the right; runs of one status drawn as one Text.
  const shown = views.slice(0, room).reverse();
  const runs: { phase: Phase; n: number }[] = [];
  for (const v of shown) {
    const last = runs[runs.length - 1];
    if (last && last.phase === v.phase) last.n += 1;
    else runs.push({ phase: v.phase, n: 1 });
  }
  return (
    <Text wrap="truncate-end">
      <Text color={theme.ui.muted}>{label}</Text>
      {runs.map((r, i) => (
        <Text key={i} color={phaseColour(theme, r.phase)}>
          {PHASE_MARKS[r.phase].repeat(r.n)}
        </Text>
      ))}
      <Text color={theme.ui.muted}>{facts ? `  ${facts}` : ''}</Text>
    </Text>
  );
}
