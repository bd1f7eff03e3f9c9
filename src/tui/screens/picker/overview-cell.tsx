// An application's newest deployment, as the picker shows it beside the entry: the status mark
// (the table's marks) before the uuid, and after the name its age and commit subject — or, when
// it could not be read, why in a word; then the entry's note (`opened 3h ago`, `demo`) in what
// is left. Narrow rows drop the note first, then the subject, then the age.
import React from 'react';
import { Text } from 'ink';
import { PHASE_MARKS } from '../../../model/deployment.js';
import { relativeAt } from '../../../text/format.js';
import { truncate, widthOf } from '../../../text/cells.js';
import { statusColour, useTheme } from '../../theme.js';
import type { Overview } from './use-overview.js';

/** Narrowest subject worth showing (cells, its `…` included). */
const SUBJECT_MIN = 8;
/** Widest subject: the rest of the row is left to the entry's note. */
const SUBJECT_MAX = 50;

/** The mark: `✓ ` and the like; `! ` for a failed read; `· ` with no deployments; blank while asked. */
export function overviewMark(overview: Overview | undefined): string {
  if (!overview) return ' ';
  if (overview.kind === 'failed') return '!';
  return overview.newest ? PHASE_MARKS[overview.newest.phase] : '·';
}

/** `truncate`, without a space before its `…`. */
function cut(s: string, width: number): string {
  return truncate(s, width).replace(/\s+…$/, '…');
}

export interface OverviewTail {
  /** The age, the problem word, `no deployments` or `…`; '' when it does not fit. */
  readonly word: string;
  /** The commit subject, cut to fit; '' when dropped. */
  readonly subject: string;
  /** The entry's note, cut to fit; '' when dropped. */
  readonly note: string;
}

/** Narrowest note worth showing. */
const NOTE_MIN = 6;

/** What fits in `room` cells after the name (each part with its two leading spaces counted). */
export function overviewTail(overview: Overview | undefined, room: number, now: number, note = ''): OverviewTail {
  const newest = overview?.kind === 'ok' ? overview.newest : null;
  const wanted = !overview
    ? '…'
    : overview.kind === 'failed'
      ? overview.problem
      : !newest
        ? 'no deployments'
        : newest.startedAt === null
          ? ''
          : relativeAt(newest.startedAt, now, 1);
  // Nothing after a word that does not fit: a note in its place would read as the status.
  if (wanted && 2 + widthOf(wanted) > room) return { word: '', subject: '', note: '' };
  let left = room - (wanted ? 2 + widthOf(wanted) : 0) - 2;
  const subject = newest?.subject && left >= SUBJECT_MIN ? cut(newest.subject, Math.min(left, SUBJECT_MAX)) : '';
  left -= subject ? 2 + widthOf(subject) : 0;
  return { word: wanted, subject, note: note && left >= Math.min(NOTE_MIN, widthOf(note)) ? cut(note, left) : '' };
}

export interface OverviewCellProps {
  readonly overview: Overview | undefined;
  /** `mark`: the status mark (before the uuid); `tail`: age and subject (after the name). */
  readonly part: 'mark' | 'tail';
  /** Cells the tail may take. */
  readonly room?: number;
  /** The time ages are counted to (the screen's clock). */
  readonly now?: number;
  /** The entry's note, shown last (muted) in what is left. */
  readonly note?: string;
}

export function OverviewCell({ overview, part, room = 0, now = 0, note }: OverviewCellProps) {
  const theme = useTheme();
  if (part === 'mark') {
    const colour =
      overview?.kind === 'failed' ? theme.ui.warning : overview?.newest ? statusColour(theme, overview.newest.status) : theme.ui.muted;
    return <Text color={colour}>{`${overviewMark(overview)} `}</Text>;
  }
  const tail = overviewTail(overview, room, now, note);
  return (
    <>
      {tail.word ? <Text color={overview?.kind === 'failed' ? theme.ui.warning : theme.ui.muted}>{`  ${tail.word}`}</Text> : null}
      {tail.subject ? <Text>{`  ${tail.subject}`}</Text> : null}
      {tail.note ? <Text color={theme.ui.muted}>{`  ${tail.note}`}</Text> : null}
    </>
  );
}
