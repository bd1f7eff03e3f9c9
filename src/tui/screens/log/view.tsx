// A deployment's log: one line per output line, newest at the bottom, opened at the end; stderr
// and commands marked so they read without colour; search, only matching lines, error lines,
// debug lines, timestamps, wrap (or cut, scrolled sideways), save.
// A running deployment is followed (one row polled, new entries appended) until it is final.
// The room: state.ts (the reducer), keys.ts (keys to its actions), lines.ts (the words),
// rows.ts (a line as rows), use-follow.ts (the poll). This file draws it.
import React, { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useMeasured } from '../../hooks/use-measured.js';
import type { DmsClient } from '../../../api/client.js';
import type { Deployment } from '../../../api/schemas/deployment.js';
import { durationOf } from '../../../model/duration.js';
import type { Located } from '../../../model/follow.js';
import { matchRanges, maskerFor, type LogLine } from '../../../model/log.js';
import { cursorParts } from '../../input/line-edit.js';
import { useKeys } from '../../input/bus.js';
import type { ScopeId } from '../../keys.js';
import { useKeyTable } from '../../input/key-table.js';
import { statusColour, useTheme, type Theme } from '../../theme.js';
import { useSettings } from '../../settings.js';
import { Footer } from '../../components/footer.js';
import { createStore, useStore } from '../../state/store.js';
import { useClock } from '../../hooks/use-clock.js';
import type { TimeMode } from '../../../text/format.js';
import { logKeys } from './keys.js';
import { initialLog, logReducer, prefixWidth, type LogState } from './state.js';
import { lineRows, shiftRow, type Row } from './rows.js';
import { useLogFollow } from './use-follow.js';
import { stepHere } from './steps.js';
import { useNotify } from '../../hooks/use-notify.js';
import type { ReasonAt } from '../../../model/reason.js';
import type { DeploymentView } from '../../../model/deployment.js';
import {
  FILTER_PROMPT,
  SAVE_PROMPT,
  SEARCH_PROMPT,
  emptyText,
  filterFound,
  followedEnded,
  followStatus,
  noteIsTrouble,
  noteText,
  outcomeText,
  rangeText,
  searchFound,
  searchStatus,
  stampOf,
  startedText,
  statusText,
  titleName,
} from './lines.js';

export interface LogScreenProps {
  readonly client: DmsClient;
  readonly appUuid: string;
  /** The deployment's row, and where it stands in the history. */
  readonly start: Located;
  /** Open at this line (the reason of a failure) instead of at the end. */
  readonly startAt?: ReasonAt;
  readonly width: number;
  /** Lines this screen may use (below the app's header), until it has measured itself. */
  readonly height: number;
  readonly active: boolean;
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
  /** Times as `3d 4h ago` or as the local time (T): the title's start, the lines' times. */
  readonly time: TimeMode;
  /** T pressed here: the deployments screen keeps the mode (and remembers it). */
  readonly onTimeMode: () => void;
  /** What the body says when the row has no log, instead of "the server sent none" (a page seen before keeps no logs). */
  readonly absent?: string;
}

/** Lines around the body: title, message line, footer. */
const CHROME = 3;

function Marker({ line, theme, stopped }: { line: LogLine; theme: Theme; stopped: 'error' | 'step' | null }) {
  // The error line e/E stopped at, the step line ]/[ stopped at.
  if (stopped)
    return (
      <Text color={stopped === 'error' ? theme.ui.error : theme.ui.focus} bold inverse>
        ›
      </Text>
    );
  if (line.kind === 'cmd')
    return (
      <Text color={theme.ui.focus} bold>
        ${' '}
      </Text>
    );
  if (line.kind === 'err')
    return (
      <Text color={theme.ui.error} bold>
        !{' '}
      </Text>
    );
  if (line.hidden) return <Text color={theme.ui.muted}>· </Text>;
  return <Text>{'  '}</Text>;
}

function RowText({ row, line, theme }: { row: Row; line: LogLine; theme: Theme }) {
  return (
    <>
      {row.map((seg, i) => {
        const st = seg.style;
        const match = seg.mark === 'match' || seg.mark === 'current';
        const colour = theme.colour ? (st.fg ?? (line.kind === 'err' ? theme.ui.error : undefined)) : undefined;
        return (
          <Text
            key={i}
            color={seg.mark === 'more' ? theme.ui.muted : seg.mark === 'current' && theme.colour ? 'black' : colour}
            backgroundColor={seg.mark === 'current' && theme.colour ? 'yellow' : theme.colour ? st.bg : undefined}
            bold={st.bold || line.kind === 'cmd' || seg.mark === 'current'}
            dimColor={st.dim || (line.hidden && !match)}
            italic={st.italic}
            underline={st.underline}
            inverse={(st.inverse ?? false) !== (seg.mark === 'match' || (seg.mark === 'current' && !theme.colour))}
          >
            {seg.text}
          </Text>
        );
      })}
    </>
  );
}

/** The rows on screen: from the top line down until the body is full. */
function Body({ s, rows, theme, time }: { s: LogState; rows: number; theme: Theme; time: TimeMode }) {
  const textWidth = s.size.width - prefixWidth(s.timestamps);
  const query = s.search.line.value;
  const current = s.search.current >= 0 ? s.search.matches[s.search.current] : undefined;
  const out: React.ReactNode[] = [];
  for (let pos = s.top; pos < s.order.length && out.length < rows; pos++) {
    const line = s.lines[s.order[pos]!]!;
    const ranges = query === '' ? [] : matchRanges(line.text, query);
    const made = lineRows(line, textWidth, s.wrap, ranges, pos === current, s.saveKey);
    const lineRowsOf = s.wrap || s.left === 0 ? made : made.map((row) => shiftRow(row, s.left));
    const stopped = line === s.errorLine ? 'error' : line === s.stepLine ? 'step' : null;
    lineRowsOf.forEach((row, r) => {
      if (out.length >= rows) return;
      out.push(
        <Text key={`${pos}:${r}`} wrap="truncate-end">
          {s.timestamps ? (
            <Text color={theme.ui.muted}>{r === 0 ? `${stampOf(line.at, time, s.view.startedAt)} ` : '         '}</Text>
          ) : null}
          {r === 0 ? (
            <>
              <Marker line={line} theme={theme} stopped={stopped} />
              {stopped ? ' ' : null}
            </>
          ) : (
            <Text>{'  '}</Text>
          )}
          <RowText row={row} line={line} theme={theme} />
        </Text>,
      );
    });
  }
  return <>{out}</>;
}

export function LogScreen(props: LogScreenProps) {
  const { client, appUuid, start, width, height, active } = props;
  const theme = useTheme();
  const { followMs } = useSettings();
  const keys = useKeyTable();
  const mask = useMemo(() => maskerFor(start.view.record, client.redact), [start.view.record, client]);
  const [store] = useState(() =>
    createStore(
      logReducer,
      initialLog(
        start.view.record as Deployment,
        mask,
        {
          rows: Math.max(1, height - CHROME),
          width,
        },
        keys.hint('logSave'),
        props.startAt,
      ),
    ),
  );
  const s = useStore(store);
  useKeys('screen', logKeys(store, props, keys), active);
  const following = s.follow && s.view.active;
  const notify = useNotify();
  const onEnded = (v: DeploymentView) => notify(...followedEnded(v));
  useLogFollow({ client, appUuid, store, start, mask, intervalMs: followMs, active: following, onEnded });
  const now = useClock(s.view.active, null);
  // A big log was opened from its end: the earlier lines are made a part at a time, after each frame.
  useEffect(() => {
    if (s.built === 0) return undefined;
    const t = setTimeout(() => store.dispatch({ type: 'buildEarlier' }), 0);
    return () => clearTimeout(t);
  }, [s.built, store]);

  // The body takes the room the screen leaves it: measured once drawn.
  const bodyRef = useRef<DOMElement>(null);
  const bodyRows = useMeasured(
    () => {
      const measured = bodyRef.current ? measureElement(bodyRef.current).height : 0;
      return measured > 0 ? measured : undefined;
    },
    Math.max(1, height - CHROME),
  );
  useLayoutEffect(() => {
    store.dispatch({ type: 'size', rows: bodyRows, width });
  }, [store, bodyRows, width]);

  const v = s.view;
  const duration = durationOf(v, now).text;
  const shownLines = s.order.length;
  const title = (
    <Text wrap="truncate-end">
      <Text bold color={theme.ui.title}>
        {titleName(v)}
      </Text>
      <Text bold color={statusColour(theme, v.status)}>
        {statusText(v)}
      </Text>
      <Text color={theme.ui.title}>{followStatus(v, s.follow, duration)}</Text>
      <Text color={theme.ui.title}>{startedText(v, now, props.time)}</Text>
      {s.source === 'entries' && s.counts.lines > 0 ? (
        <Text color={theme.ui.muted}>{rangeText(s, Math.min(shownLines, s.top + bodyRows), keys, stepHere(s)?.name)}</Text>
      ) : null}
    </Text>
  );

  let message: React.ReactNode;
  const outcome = outcomeText(v, duration);
  if (s.saving) {
    const [before, at, after] = cursorParts(s.saving);
    // A refusal goes on its own lines under the prompt, whole: it names the path, which can be long.
    message = (
      <Box flexDirection="column" flexShrink={0}>
        <Text wrap="truncate-end">
          <Text color={theme.ui.focus}>{SAVE_PROMPT}</Text>
          <Text>{before}</Text>
          <Text inverse>{at || ' '}</Text>
          <Text>{after}</Text>
        </Text>
        {s.note ? (
          <Text wrap="wrap" color={theme.ui.error}>
            {noteText(s.note, keys)}
          </Text>
        ) : null}
      </Box>
    );
  } else if (s.search.editing) {
    const [before, at, after] = cursorParts(s.search.line);
    message = (
      <Text wrap="truncate-end">
        <Text color={theme.ui.focus}>{SEARCH_PROMPT}</Text>
        <Text>{before}</Text>
        <Text inverse>{at || ' '}</Text>
        <Text>{after}</Text>
        <Text color={theme.ui.muted}>{searchFound(s)}</Text>
      </Text>
    );
  } else if (s.filter.editing) {
    const [before, at, after] = cursorParts(s.filter.line);
    message = (
      <Text wrap="truncate-end">
        <Text color={theme.ui.focus}>{FILTER_PROMPT}</Text>
        <Text>{before}</Text>
        <Text inverse>{at || ' '}</Text>
        <Text>{after}</Text>
        <Text color={theme.ui.muted}>{filterFound(s)}</Text>
      </Text>
    );
  } else if (s.note) {
    // Whole, on as many lines as it takes: "Saved 73 lines to PATH" names a path to be read.
    message = (
      <Box flexShrink={0}>
        <Text wrap="wrap" color={noteIsTrouble(s.note) ? theme.ui.error : theme.ui.warning}>
          {noteText(s.note, keys)}
        </Text>
      </Box>
    );
  } else if (s.search.line.value !== '') {
    message = (
      <Text wrap="truncate-end" color={theme.ui.muted}>
        {searchStatus(s, keys)}
      </Text>
    );
  } else if (outcome) {
    message = (
      <Text wrap="truncate-end" color={statusColour(theme, v.status)}>
        {outcome}
      </Text>
    );
  } else {
    message = <Text> </Text>;
  }

  const scope: ScopeId = s.saving ? 'logSave' : s.search.editing ? 'logSearch' : s.filter.editing ? 'logFilter' : 'log';
  return (
    <Box flexDirection="column" flexGrow={1}>
      {title}
      <Box ref={bodyRef} flexDirection="column" flexGrow={1}>
        {shownLines === 0 ? (
          <Text color={theme.ui.muted}>{s.source === 'absent' && props.absent ? props.absent : emptyText(s, keys)}</Text>
        ) : (
          <Body s={s} rows={bodyRows} theme={theme} time={props.time} />
        )}
      </Box>
      {message}
      <Footer screen={scope} note={s.keyNote} />
    </Box>
  );
}
