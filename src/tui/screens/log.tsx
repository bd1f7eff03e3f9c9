// A deployment's log: one line per output line, newest at the bottom, opened at the end; stderr
// and commands marked so they read without colour; search, debug lines, timestamps, wrap, save.
// A running deployment is followed (one row polled, new entries appended) until it is final.
// State lives in log-state.ts; this file turns keys into its actions and draws it.
import React, { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useMeasured } from '../hooks/use-measured.js';
import { resolve } from 'node:path';
import type { DmsClient } from '../../api/client.js';
import type { Deployment } from '../../api/schemas/deployment.js';
import { PHASE_MARKS } from '../../model/deployment.js';
import { durationOf } from '../../model/duration.js';
import type { Located } from '../../model/follow.js';
import { NO_LOGS, matchRanges, maskerFor, plainLine, type LogLine } from '../../model/log.js';
import { writeNewFile } from '../../config/private-file.js';
import { cursorParts } from '../input/line-edit.js';
import { useKeys, type KeyResult } from '../input/bus.js';
import { isText, type KeyEvent } from '../input/keypress.js';
import { lineKeys, type KeyTable, type ScopeId } from '../keys.js';
import { useKeyTable } from '../input/key-table.js';
import { LOG_SCOPES } from './log/keys.js';
import { statusColour, useTheme, type Theme } from '../theme.js';
import { Footer } from '../components/footer.js';
import { lineRows, type Row } from '../components/log-rows.js';
import { createStore, useStore, type Store } from '../state/store.js';
import { useClock } from '../hooks/use-clock.js';
import { initialLog, logReducer, prefixWidth, type LogAction, type LogState } from '../hooks/log-state.js';
import { useLogFollow } from '../hooks/use-log-follow.js';
import { thousands } from '../../text/thousands.js';

export interface LogScreenProps {
  readonly client: DmsClient;
  readonly appUuid: string;
  /** The deployment's row, and where it stands in the history. */
  readonly start: Located;
  readonly width: number;
  /** Lines this screen may use (below the app's header), until it has measured itself. */
  readonly height: number;
  readonly active: boolean;
  /** Follow poll period (tests shorten it). */
  readonly followMs?: number;
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

/** Lines around the body: title, message line, footer. */
const CHROME = 3;

/** A file name for the saved log: the application and deployment, nothing a shell or a path would read. */
function defaultPath(s: LogState): string {
  const v = s.view;
  const name = [v.application || 'deployment', v.id !== null ? String(v.id) : v.uuid].filter(Boolean).join('-');
  return `${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'deployment'}.log`;
}

/** Writes the log as shown (debug lines when on, timestamps when on), plain and masked. */
function save(s: LogState): string {
  const path = resolve(s.saving?.value.trim() || defaultPath(s));
  const text = s.order.map((i) => plainLine(s.lines[i]!, { timestamps: s.timestamps })).join('\n');
  const problem = writeNewFile(path, text === '' ? '' : `${text}\n`);
  return problem ? `Not saved: ${problem}` : `Saved ${thousands(s.order.length)} lines to ${path} (mode 0600).`;
}

function keyListener(store: Store<LogState, LogAction>, props: LogScreenProps, keys: KeyTable) {
  const send = (a: LogAction) => store.dispatch(a);
  const line = (target: 'search' | 'save') => lineKeys((command) => send({ type: target === 'search' ? 'searchLine' : 'saveLine', command }));
  return {
    key(e: KeyEvent): KeyResult {
      const s = store.get();
      if (s.saving) {
        return keys.run(LOG_SCOPES.save, {
          saveConfirm: () => {
            const note = save(store.get());
            if (note.startsWith('Saved')) send({ type: 'saveEnd' });
            send({ type: 'note', text: note });
          },
          saveCancel: () => send({ type: 'saveEnd' }),
          ...line('save'),
        }, e.input, e.key) || isText(e);
      }
      if (s.search.editing) {
        return keys.run(LOG_SCOPES.search, {
          searchApply: () => send({ type: 'searchEnd', keep: true }),
          searchCancel: () => send({ type: 'searchEnd', keep: false }),
          ...line('search'),
        }, e.input, e.key) || isText(e);
      }
      let result: KeyResult = true;
      const used = keys.run(LOG_SCOPES.log, {
        help: () => { props.onHelp('log'); result = 'later'; },
        quit: () => props.onQuit(),
        logBack: () => {
          if (store.get().search.line.value !== '') send({ type: 'searchClear' });
          else { props.onBack(); result = 'later'; }
        },
        scrollUp: () => send({ type: 'scroll', to: 'up' }),
        scrollDown: () => send({ type: 'scroll', to: 'down' }),
        pageUp: () => send({ type: 'scroll', to: 'pageUp' }),
        pageDown: () => send({ type: 'scroll', to: 'pageDown' }),
        top: () => send({ type: 'scroll', to: 'top' }),
        bottom: () => send({ type: 'scroll', to: 'bottom' }),
        logSearch: () => send({ type: 'searchStart' }),
        logNext: () => send({ type: 'searchNext', direction: 1 }),
        logPrev: () => send({ type: 'searchNext', direction: -1 }),
        logFollow: () => send({ type: 'toggle', what: 'follow' }),
        logDebug: () => send({ type: 'toggle', what: 'debug' }),
        logTimestamps: () => send({ type: 'toggle', what: 'timestamps' }),
        logWrap: () => send({ type: 'toggle', what: 'wrap' }),
        logSave: () => send({ type: 'saveStart', path: defaultPath(store.get()) }),
      }, e.input, e.key);
      return used ? result : false;
    },
    text(run: string): number {
      const s = store.get();
      if (s.saving) send({ type: 'saveText', text: run });
      else if (s.search.editing) send({ type: 'searchText', text: run });
      else return 0;
      return run.length;
    },
  };
}

/** `15:22:50` (UTC) for a line's time, blank when it has none. */
function clockOf(at: number | null): string {
  return at === null ? '        ' : new Date(at).toISOString().slice(11, 19);
}

function Marker({ line, theme }: { line: LogLine; theme: Theme }) {
  if (line.kind === 'cmd') return <Text color={theme.ui.focus} bold>$ </Text>;
  if (line.kind === 'err') return <Text color={theme.ui.error} bold>! </Text>;
  if (line.hidden) return <Text color={theme.ui.muted}>· </Text>;
  return <Text>  </Text>;
}

function RowText({ row, line, theme }: { row: Row; line: LogLine; theme: Theme }) {
  return (
    <>
      {row.map((seg, i) => {
        const st = seg.style;
        const match = seg.mark === 'match' || seg.mark === 'current';
        const colour = theme.colour ? st.fg ?? (line.kind === 'err' ? theme.ui.error : undefined) : undefined;
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
function Body({ s, rows, theme }: { s: LogState; rows: number; theme: Theme }) {
  const textWidth = s.size.width - prefixWidth(s.timestamps);
  const query = s.search.line.value;
  const current = s.search.current >= 0 ? s.search.matches[s.search.current] : undefined;
  const out: React.ReactNode[] = [];
  for (let pos = s.top; pos < s.order.length && out.length < rows; pos++) {
    const line = s.lines[s.order[pos]!]!;
    const ranges = query === '' ? [] : matchRanges(line.text, query);
    const lineRowsOf = lineRows(line, textWidth, s.wrap, ranges, pos === current);
    lineRowsOf.forEach((row, r) => {
      if (out.length >= rows) return;
      out.push(
        <Text key={`${pos}:${r}`} wrap="truncate-end">
          {s.timestamps ? <Text color={theme.ui.muted}>{r === 0 ? `${clockOf(line.at)} ` : '         '}</Text> : null}
          {r === 0 ? <Marker line={line} theme={theme} /> : <Text>  </Text>}
          <RowText row={row} line={line} theme={theme} />
        </Text>,
      );
    });
  }
  return <>{out}</>;
}

function emptyText(s: LogState): string {
  if (s.source === 'absent') return NO_LOGS;
  if (s.source === 'unreadable') return `This deployment's log could not be read: ${s.reason}. dms logs says the same; the rows themselves are fine.`;
  if (s.lines.length > 0) return `Only debug lines here (${thousands(s.counts.hidden)}): d shows them.`;
  if (s.view.phase === 'queued') return 'Waiting for the deployment to start: its log appears here as it runs.';
  if (s.view.active) return 'No output yet: new lines appear here as the deployment runs.';
  return 'The log is empty.';
}

export function LogScreen(props: LogScreenProps) {
  const { client, appUuid, start, width, height, active } = props;
  const theme = useTheme();
  const mask = useMemo(() => maskerFor(start.view.record, client.redact), [start.view.record, client]);
  const [store] = useState(() => createStore(logReducer, initialLog(start.view.record as Deployment, mask, {
    rows: Math.max(1, height - CHROME), width,
  })));
  const s = useStore(store);
  const keys = useKeyTable();
  useKeys('screen', keyListener(store, props, keys), active);
  const following = s.follow && s.view.active;
  useLogFollow({ client, appUuid, store, start, mask, intervalMs: props.followMs, active: following });
  const now = useClock(s.view.active, null);
  // A big log was opened from its end: the earlier lines are made a part at a time, after each frame.
  useEffect(() => {
    if (s.built === 0) return undefined;
    const t = setTimeout(() => store.dispatch({ type: 'buildEarlier' }), 0);
    return () => clearTimeout(t);
  }, [s.built, store]);

  // The body takes the room the screen leaves it: measured once drawn.
  const bodyRef = useRef<DOMElement>(null);
  const bodyRows = useMeasured(() => {
    const measured = bodyRef.current ? measureElement(bodyRef.current).height : 0;
    return measured > 0 ? measured : undefined;
  }, Math.max(1, height - CHROME));
  useLayoutEffect(() => { store.dispatch({ type: 'size', rows: bodyRows, width }); }, [store, bodyRows, width]);

  const v = s.view;
  const duration = durationOf(v, now);
  const name = v.id !== null ? String(v.id) : v.uuid ? v.uuid.slice(0, 40) : '(no id)';
  const state = v.active
    ? `${duration.text ? ` ${duration.text}` : ''} · ${s.follow ? 'following' : 'paused'}`
    : duration.text ? ` after ${duration.text}` : '';
  const counts = s.counts;
  const shownLines = s.order.length;
  const lastShown = Math.min(shownLines, s.top + bodyRows);
  const title = (
    <Text wrap="truncate-end">
      <Text bold color={theme.ui.title}>{`Log ${name} · `}</Text>
      <Text bold color={statusColour(theme, v.status)}>{`${PHASE_MARKS[v.phase]} ${v.statusText}`}</Text>
      <Text color={theme.ui.title}>{state}</Text>
      {s.source === 'entries' && counts.lines > 0 ? (
        <Text color={theme.ui.muted}>
          {`  ${shownLines === 0 ? 0 : s.top + 1}–${lastShown} of ${thousands(shownLines)}${s.built > 0 ? '… (reading the start)' : ''}`}
          {counts.hidden > 0 ? ` · ${thousands(counts.hidden)} debug ${s.debug ? 'shown' : 'hidden (d)'}` : ''}
          {counts.stderr > 0 ? ` · ${thousands(counts.stderr)} stderr` : ''}
          {s.skipped > 0 ? ` · ${s.skipped} unreadable entries skipped` : ''}
          {s.wrap ? '' : ' · cut (w wraps)'}
        </Text>
      ) : null}
    </Text>
  );

  let message: React.ReactNode;
  const query = s.search.line.value;
  if (s.saving) {
    const [before, at, after] = cursorParts(s.saving);
    // A refusal goes on its own lines under the prompt, whole: it names the path, which can be long.
    message = (
      <Box flexDirection="column" flexShrink={0}>
        <Text wrap="truncate-end">
          <Text color={theme.ui.focus}>Save the log to: </Text>
          <Text>{before}</Text><Text inverse>{at || ' '}</Text><Text>{after}</Text>
        </Text>
        {s.note ? <Text wrap="wrap" color={theme.ui.error}>{s.note}</Text> : null}
      </Box>
    );
  } else if (s.search.editing) {
    const [before, at, after] = cursorParts(s.search.line);
    const found = query === '' ? '' : s.search.matches.length === 0 ? '  no match' : `  ${s.search.current + 1} of ${thousands(s.search.matches.length)} matching lines`;
    message = (
      <Text wrap="truncate-end">
        <Text color={theme.ui.focus}>/ </Text>
        <Text>{before}</Text><Text inverse>{at || ' '}</Text><Text>{after}</Text>
        <Text color={theme.ui.muted}>{found}</Text>
      </Text>
    );
  } else if (s.note) {
    const bad = s.note.startsWith('Not saved') || s.note.startsWith('Lost') || s.note.startsWith('Could not');
    // Whole, on as many lines as it takes: "Saved 73 lines to PATH" names a path to be read.
    message = (
      <Box flexShrink={0}>
        <Text wrap="wrap" color={bad ? theme.ui.error : theme.ui.warning}>{s.note}</Text>
      </Box>
    );
  } else if (query !== '') {
    message = (
      <Text wrap="truncate-end" color={theme.ui.muted}>
        {`“${query}”: line ${s.search.current + 1} of ${thousands(s.search.matches.length)} matching · n/N move · Esc clears`}
      </Text>
    );
  } else if (!v.active && (v.phase === 'finished' || v.phase === 'failed' || v.phase === 'cancelled')) {
    const outcome = v.phase === 'finished' ? 'finished' : v.phase === 'failed' ? 'failed' : 'was cancelled';
    message = <Text wrap="truncate-end" color={statusColour(theme, v.status)}>{`${PHASE_MARKS[v.phase]} The deployment ${outcome}${duration.text ? ` after ${duration.text}` : ''}.`}</Text>;
  } else {
    message = <Text> </Text>;
  }

  const scope: ScopeId = s.saving ? 'logSave' : s.search.editing ? 'logSearch' : 'log';
  return (
    <Box flexDirection="column" flexGrow={1}>
      {title}
      <Box ref={bodyRef} flexDirection="column" flexGrow={1}>
        {shownLines === 0
          ? <Text color={theme.ui.muted}>{emptyText(s)}</Text>
          : <Body s={s} rows={bodyRows} theme={theme} />}
      </Box>
      {message}
      <Footer screen={scope} />
    </Box>
  );
}
