// One deployment: a summary, its commit message, what changed since the one before, then every
// field it carries, grouped (lines.ts). Layout only: its scroll position, toggles and search are
// its state (state.ts), kept in the deployments screen's store and driven by its keys (keys.ts); it
// reports how tall it came out, and hands over its lines' text for the search.
import React, { useLayoutEffect, useMemo, useRef } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useMeasured } from '../../hooks/use-measured.js';
import type { Deployment } from '../../../api/schemas/deployment.js';
import { PHASE_MARKS, viewOf } from '../../../model/deployment.js';
import { statusColour, useTheme } from '../../theme.js';
import { ScrollView, clampOffset, lineText } from '../../components/scroll-view.js';
import { cursorParts } from '../../input/line-edit.js';
import { SEARCH_PROMPT } from '../log/lines.js';
import { NO_SEARCH, searchFound } from '../../state/line-search.js';
import { detailLines, detailName, linesRange, rawJsonLines, searchLine, secretsLine } from './lines.js';
import type { Older } from '../../browse/use-older.js';
import { detailMatches, type DetailState } from '../../browse/detail.js';
import { useKeyTable } from '../../input/key-table.js';
import { maskUrlPasswords } from '../../../text/secrets.js';
import type { TimeMode } from '../../../text/format.js';
import type { Reason } from '../../../model/reason.js';
import type { DetailSteps } from './steps-lines.js';

/** Heading lines are cut to the terminal width: no need to hand Ink (which measures it all) more than this. */
const HEADING_MAX = 500;

export interface DetailProps {
  readonly record: Deployment;
  /** Scroll position and toggles (state.ts). */
  readonly view: Pick<DetailState, 'offset' | 'raw' | 'reveal' | 'showAbsent' | 'note'> &
    Partial<Pick<DetailState, 'search' | 'searchNote'>>;
  /** The deployment before this one, for "what changed" (left out: no such section). */
  readonly older?: Older;
  /** A failed or cancelled deployment's reason, once read (the list reads it after the frame). */
  readonly reason?: Reason;
  /** The service's base URL, for the web link. */
  readonly baseUrl?: string;
  /** The clock for durations and ages (a running deployment's duration grows with it). */
  readonly now?: number;
  /** Which of a time's two forms comes first (T). */
  readonly time?: TimeMode;
  readonly width: number;
  /** Lines for the body when it has not been measured yet (the first frame). */
  readonly bodyLines: number;
  /** The largest scroll offset and the lines of one page, once drawn. */
  readonly onSize?: (max: number, page: number) => void;
  /** Gets the text of the lines drawn (label and value) after each change, for `/` to search. */
  readonly onLines?: (texts: readonly string[]) => void;
  /** Its steps against the application's medians (the Steps section; none when left out). */
  readonly steps?: DetailSteps;
}

export function DetailView({ record, view, older, reason, baseUrl, now, time, width, bodyLines, onSize, onLines, steps }: DetailProps) {
  const theme = useTheme();
  const keys = useKeyTable();
  const { offset, raw, reveal, showAbsent } = view;
  const lines = useMemo(
    () =>
      raw
        ? rawJsonLines(record, { reveal, width, theme, keys })
        : detailLines(record, { reveal, width, theme, now, time, older, baseUrl, showAbsent, keys, reason, steps }),
    [record, raw, reveal, width, theme, now, time, older, baseUrl, showAbsent, keys, reason, steps],
  );
  // The body takes the room the screen leaves it; measured once drawn.
  const bodyRef = useRef<DOMElement>(null);
  const body = useMeasured(() => {
    const measured = bodyRef.current ? measureElement(bodyRef.current).height : bodyLines;
    return measured > 0 ? measured : undefined;
  }, bodyLines);
  useLayoutEffect(() => {
    onSize?.(Math.max(0, lines.length - body), body);
  }, [onSize, lines.length, body]);
  const texts = useMemo(() => lines.map(lineText), [lines]);
  useLayoutEffect(() => {
    onLines?.(texts);
  }, [onLines, texts]);
  const bottom: Shown = { note: view.note, reveal: view.reveal, search: view.search ?? NO_SEARCH, searchNote: view.searchNote ?? null };
  const { search } = bottom;
  const matches = useMemo(() => detailMatches(texts, search.line.value), [texts, search.line.value]);
  const mark =
    search.line.value === ''
      ? undefined
      : { query: search.line.value, current: search.current >= 0 ? search.matches[search.current]! : -1 };

  const viewOfRecord = useMemo(() => viewOf(record), [record]);
  const start = clampOffset(offset, lines.length, body);
  const end = Math.min(lines.length, start + body);
  // Server strings in the heading: cleaned (by the model), URL passwords masked unless revealed, shortened.
  const shown = (s: string) => (reveal ? s : maskUrlPasswords(s)).slice(0, HEADING_MAX);
  const v = viewOfRecord;
  const name = detailName(v, shown);
  return (
    <Box flexDirection="column" flexGrow={1} flexBasis={0}>
      <Text wrap="truncate-end">
        <Text bold color={theme.ui.title}>{`${name} · `}</Text>
        <Text bold color={statusColour(theme, v.status)}>{`${PHASE_MARKS[v.phase]} ${shown(v.statusText)}`}</Text>
        <Text bold color={theme.ui.title}>
          {`${v.application ? ` · ${shown(v.application)}` : ''}${raw ? ' · raw JSON' : ''}${reveal ? ' · secrets shown' : ''}`}
        </Text>
        <Text color={theme.ui.muted}>{linesRange(start, end, lines.length)}</Text>
      </Text>
      <Box ref={bodyRef} flexGrow={1} flexDirection="column">
        <ScrollView lines={lines} offset={start} height={body} mark={mark} />
      </Box>
      {search.editing ? <SearchPrompt view={bottom} matches={matches} /> : <BottomLine view={bottom} matches={matches} />}
    </Box>
  );
}

type Shown = Pick<DetailState, 'note' | 'reveal' | 'search' | 'searchNote'>;

/** The query being typed, its cursor, and how many lines hold it. */
function SearchPrompt({ view, matches }: { view: Shown; matches: readonly number[] }) {
  const theme = useTheme();
  const [before, at, after] = cursorParts(view.search.line);
  const on = view.search.current >= 0 ? matches.indexOf(view.search.matches[view.search.current]!) : -1;
  return (
    <Text wrap="truncate-end">
      <Text color={theme.ui.focus}>{SEARCH_PROMPT}</Text>
      <Text>{before}</Text>
      <Text inverse>{at || ' '}</Text>
      <Text>{after}</Text>
      <Text color={theme.ui.muted}>{searchFound({ ...view.search, matches, current: on })}</Text>
    </Text>
  );
}

/** The secrets note, a search's note or the search kept, else whether secrets are shown. */
function BottomLine({ view, matches }: { view: Shown; matches: readonly number[] }) {
  const theme = useTheme();
  const keys = useKeyTable();
  const searching = view.note ? undefined : searchLine(view, matches, keys);
  const warn = view.note !== null || view.searchNote !== null;
  return (
    <Text wrap="truncate-end" color={warn ? theme.ui.warning : theme.ui.muted}>
      {searching ?? secretsLine(view, keys)}
    </Text>
  );
}
