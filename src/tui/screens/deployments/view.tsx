// The deployments of one application: header, the strip at a glance, the table with a row cursor,
// the message line, the footer; the filter and go-to lines, a deployment's detail and its log are
// modes of the same screen (state.ts), so the page, cursor and refresh state survive them. Layout
// only: what keys do is keys.ts, the text is lines.ts, the rows and widths use-table.ts.
import React, { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, useStdout, type DOMElement } from 'ink';
import type { DmsClient } from '../../../api/client.js';
import type { HistorySearch } from '../../../search/history-search.js';
import type { TuiConnection } from '../../options.js';
import type { Prefetch } from '../../first-page.js';
import type { ScopeId } from '../../keys.js';
import { useKeyTable } from '../../input/key-table.js';
import { useKeys } from '../../input/bus.js';
import { cursorParts } from '../../input/line-edit.js';
import { useTheme, type Theme } from '../../theme.js';
import { clean } from '../../../text/sanitize.js';
import { Header, HEADER_LINES } from '../../components/header.js';
import { Footer } from '../../components/footer.js';
import { DeploymentTable } from '../../components/deployment-table.js';
import { offsetTop } from '../../components/measure.js';
import { useClock } from '../../hooks/use-clock.js';
import { createStore } from '../../state/store.js';
import { useHistoryScan } from '../../browse/use-history-scan.js';
import { useMeasured } from '../../hooks/use-measured.js';
import { activityLine } from '../../../model/page.js';
import { firstApplicationName, viewOf, type DeploymentView } from '../../../model/deployment.js';
import { reasonOf } from '../../../model/reason.js';
import type { DetailState } from '../../browse/detail.js';
import { DetailView } from '../detail/view.js';
import { footerWithout } from '../detail/lines.js';
import { LogScreen } from '../log/view.js';
import { StatsScreen } from '../stats/view.js';
import { CompareScreen } from '../compare/view.js';
import { listKeys, toggleTime } from './keys.js';
import { bodyNote, headerRange, messageLine, pageStatus, rowsLabels, type MessageLine } from './lines.js';
import { isMarkedRow } from '../../browse/state.js';
import { StripLine } from './strip.js';
import { useDeployments } from '../../browse/use-deployments.js';
import type { ListMemory } from '../../browse/place.js';
import { useOlderNeighbour, olderOf } from '../../browse/use-older.js';
import { useStrip } from './use-strip.js';
import { useListTable } from './use-table.js';
import { useReasons } from '../../browse/use-reasons.js';
import { useResultRow } from '../../browse/use-result-row.js';
import { visibleRows } from '../../browse/paging.js';
import { fittingTake } from '../../take.js';
import { useSettings } from '../../settings.js';

export interface DeploymentsScreenProps {
  readonly client: DmsClient;
  /** The whole-history search over the client's connection (`/` Enter, `:`). */
  readonly search: HistorySearch;
  readonly appUuid: string;
  /** The application's name as the picker knew it (until the rows say it). */
  readonly appName?: string;
  readonly connection: TuiConnection;
  /** What recents are kept under for this connection (config/recents.ts recentsServer). */
  readonly recentsServer?: string;
  readonly configDir?: string;
  readonly showSecrets: boolean;
  readonly width: number;
  readonly height: number;
  /** False while help or a form covers the screen. */
  readonly active: boolean;
  /** The first page's request when it was started before the UI loaded. */
  readonly prefetch?: Prefetch;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
  readonly onCreate: (kind: 'create-app' | 'create-docstore') => void;
  /** Back to the application picker (Esc, or an unknown application: `input` is given back to the typed line). */
  readonly onBack?: (message?: string, input?: string) => void;
  /**
   * `:ctx` on the go-to line: no name lists the contexts (in the picker), a name switches to it.
   * Resolves with an error line, or undefined once switched.
   */
  readonly onContext?: (name?: string) => Promise<string | undefined>;
  /**
   * The application was just created with instant deploy: wait for its deployment to be listed
   * (polling, a 404 included), put the cursor on it and open its log, which follows it to its end.
   */
  readonly followNewest?: boolean;
  /** A note for the footer when the screen first shows (a keys.json warning). */
  readonly startNote?: string;
  /** What the list of this application keeps for the session: pages read, where it was left (place.ts). */
  readonly memory?: ListMemory;
}

/** Lines of the table's frame around its rows: top border, heading, separator, bottom border. */
const TABLE_FRAME = 4;
/** Lines around the table: header, message line, footer. */
const CHROME = HEADER_LINES + 1 + 1;
const GUTTER = 2;

export function DeploymentsScreen(props: DeploymentsScreenProps) {
  const { client, appUuid, connection, configDir, width, height, active } = props;
  const theme = useTheme();
  const keys = useKeyTable();
  const settings = useSettings();
  const guessRows = Math.max(1, height - 1 - CHROME - TABLE_FRAME);
  // As many rows a page as the table has room for, unless a size was chosen for the application.
  const fit = settings.pageRows ?? fittingTake(height, { strip: settings.stripRows !== 0 });
  const { state: browse, store, page, later } = useDeployments({
    client, appUuid, configDir, refreshMs: settings.refreshMs, prefetch: props.prefetch, rows: guessRows, fit, recentsServer: props.recentsServer,
    awaitFirst: props.followNewest === true, memory: props.memory,
  });
  const state = browse.paging;
  const neighbours = useOlderNeighbour({ client, appUuid, state });
  const now = useClock(state.rows.some((d) => d.active), state.updatedAt);

  // The reasons of the page's failed and cancelled rows, read after the frame (use-reasons.ts).
  // A search's results are slim summaries (no logs): the cursor's is read whole (use-result-row.ts).
  const resultRow = useResultRow({ client, appUuid, search: browse.search, paging: state });
  const focus = useMemo(() => {
    if (browse.detail) {
      const at = state.keys.indexOf(browse.detail.key);
      return { key: browse.detail.key, view: at >= 0 ? state.rows[at]! : viewOf(browse.detail.record) };
    }
    if (browse.search?.kind === 'search') return resultRow;
    const row = visibleRows(state)[state.cursor];
    return row ? { key: state.keys[state.rows.indexOf(row)] ?? '', view: row } : null;
  }, [browse.detail, browse.search, state, resultRow]);
  const reasonFor = useReasons({ rows: state.rows, keys: state.keys, focus, redact: client.redact });
  const focusReason = focus ? reasonFor(focus.key, focus.view) : undefined;
  // `l` in the detail: at the reason's line (read now when the timer has not read it yet).
  const reasonAt = useCallback((d: DetailState) => {
    const at = state.keys.indexOf(d.key);
    const view = at >= 0 ? state.rows[at]! : viewOf(d.record);
    const r = reasonFor(d.key, view) ?? reasonOf(view.record, { redact: client.redact });
    return r.kind === 'reason' ? r.at : undefined;
  }, [state, reasonFor, client]);
  // The comparison says each side's reason (a side read again from the history has its own record).
  const compareReason = useCallback((v: DeploymentView) => {
    const r = reasonOf(v.record, { redact: client.redact });
    return r.kind === 'reason' ? r.text : undefined;
  }, [client]);

  const { stdout } = useStdout();
  // The open detail's lines as drawn, which its `/` searches: handed over after each draw and read
  // by the keys, in a store nothing subscribes to (a running deployment's lines change every
  // second; nothing is drawn from them again).
  const [detailText] = useState(() => createStore((_: readonly string[], lines: readonly string[]) => lines, [] as readonly string[]));
  useKeys('screen', listKeys(keys, props, { store, page, terminal: stdout, reasonAt, later, env: settings.env, detailLines: detailText.get }), active);
  const startNote = props.startNote;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the screen first shows.
  useEffect(() => { if (startNote) store.dispatch({ type: 'keyNote', note: startNote }); }, []);
  useHistoryScan({ client, search: props.search, appUuid, store });
  const strip = useStrip({ client, appUuid, paging: state, rows: settings.stripRows });

  // An application that does not exist: back to the picker, saying why.
  const onBack = props.onBack;
  const notFound = state.error?.kind === 'not_found' && !state.everLoaded && !browse.awaitingNewest;
  useEffect(() => {
    if (notFound && onBack) onBack(`No application with uuid ${clean(appUuid)} (404). Check the uuid.`, appUuid);
  }, [notFound, onBack, appUuid]);

  const table = useListTable(browse, { now, neighbours, width: width - GUTTER, time: browse.time });
  // The wide view's scroll limit, from the table as drawn.
  const columnMax = table.wide?.maxStart ?? 0;
  useLayoutEffect(() => { store.dispatch({ type: 'columnRoom', max: columnMax }); }, [columnMax, store]);

  // The table takes the room the screen leaves it: measured once drawn. Its rows are that room
  // less the lines of its frame, and the cursor marks line up with where its rows start. The
  // lines above and below it never give up room; when they grow (a note of several lines), the
  // table's rows are cut in that frame, its borders kept, until the next frame holds fewer rows.
  const tableArea = useRef<DOMElement>(null);
  const tableBox = useRef<DOMElement>(null);
  const tableBody = useRef<DOMElement>(null);
  const drawn = table.rows.length;
  // Rows the area has room for (0 or less: none, when the lines under the table take it all); null before it is laid out.
  const room = useMeasured<number | null>(() => (tableArea.current ? measureElement(tableArea.current).height - TABLE_FRAME : undefined), null);
  useLayoutEffect(() => { if (room !== null) store.dispatch({ type: 'viewport', rows: Math.max(1, room) }); }, [room, store]);
  // More rows on the page than shown: the table's bottom border says which (a search's results are paged to fit).
  const results = browse.search?.kind === 'search';
  const visibleCount = table.visible.length;
  const shown = room === null ? drawn : Math.max(0, Math.min(drawn, room));
  const footLabels = useMemo(() => (results ? [] : rowsLabels({ visible: visibleCount, offset: state.window.start, drawn: shown }, keys)),
    [results, visibleCount, state.window.start, shown, keys]);
  const gutterTop = useMeasured(() => offsetTop(tableBody.current, tableBox.current), 3);

  const about = [table.header.build, table.header.server, table.header.domains].filter(Boolean).join(' · ');
  const header = (
    <Header
      connection={connection}
      appUuid={appUuid}
      appName={table.header.application ?? firstApplicationName(state.rows) ?? props.appName}
      about={about}
      activity={browse.mode === 'log' ? undefined : activityLine(state.rows, state.shown?.skip === 0, now)}
      range={headerRange(browse)}
      updatedAt={state.updatedAt}
      loading={state.loadingShown}
      status={pageStatus(state, keys)}
    />
  );

  if (browse.mode === 'stats') {
    return (
      <StatsScreen
        client={client}
        appUuid={appUuid}
        appName={table.header.application ?? firstApplicationName(state.rows) ?? props.appName}
        width={width}
        height={height - 1}
        active={active}
        onBack={() => store.dispatch({ type: 'closeStats' })}
        onHelp={props.onHelp}
        onQuit={props.onQuit}
      />
    );
  }

  const log = browse.log;
  if (log) {
    return (
      <Box flexDirection="column" height={height - 1}>
        {header}
        <LogScreen
          key={log.key}
          client={client}
          appUuid={appUuid}
          start={{ view: viewOf(log.record), index: log.index, total: log.total }}
          startAt={log.at}
          width={width}
          height={height - 1 - HEADER_LINES}
          active={active}
          // The page was not polled while the log was open: it catches up at once.
          onBack={() => { store.dispatch({ type: 'closeLog' }); page({ type: 'refresh', auto: true }); }}
          onHelp={props.onHelp}
          onQuit={props.onQuit}
          time={browse.time}
          onTimeMode={() => toggleTime(store, configDir, later)}
        />
      </Box>
    );
  }

  const compare = browse.compare;
  if (compare) {
    return (
      <Box flexDirection="column" height={height - 1}>
        {header}
        <CompareScreen
          client={client}
          appUuid={appUuid}
          open={compare}
          width={width}
          height={height - 1 - HEADER_LINES}
          active={active}
          now={now}
          reasonOf={compareReason}
          onBack={() => store.dispatch({ type: 'closeCompare' })}
          onHelp={props.onHelp}
          onQuit={props.onQuit}
        />
      </Box>
    );
  }

  const detail = browse.detail;
  if (detail) {
    // The open deployment as of the latest refresh (a running one's status and duration move on);
    // as opened, once a refresh no longer has it on this page.
    const index = state.keys.indexOf(detail.key);
    return (
      <Box flexDirection="column" height={height - 1}>
        {header}
        <DetailView
          record={index >= 0 ? state.rows[index]!.record : detail.record}
          view={detail}
          older={index >= 0 ? olderOf(state, index, neighbours) : undefined}
          reason={focusReason}
          baseUrl={connection.origin}
          now={now}
          time={browse.time}
          width={width}
          bodyLines={Math.max(3, height - 1 - HEADER_LINES - 1 - 2)}
          onSize={(max, lines) => store.dispatch({ type: 'detailSize', max, page: lines })}
          onLines={detailText.dispatch}
        />
        <Footer screen={detail.search.editing ? 'detailSearch' : 'detail'} width={width} note={browse.keyNote} without={footerWithout(props.showSecrets)} />
      </Box>
    );
  }

  const note = bodyNote(browse, table.visible.length, keys);
  let body: React.ReactNode;
  if (note) {
    body = <Text color={theme.ui[note.tone]}>{note.text}</Text>;
  } else {
    // The table is as tall as its area at most: more rows than that lose the last ones (the
    // table's own body cuts them, and the gutter's beside them), never its bottom border.
    // The cursor's `›`, and `*` on the row marked for `=` (Space).
    const gutter = table.rows.map((r, i) => `${i === table.cursor ? '›' : ' '}${isMarkedRow(browse, r.key) ? '*' : ' '}`);
    body = (
      <Box minHeight={0} overflowY="hidden">
        <Box flexDirection="column" width={GUTTER} flexShrink={0}>
          <Box height={gutterTop} flexShrink={0} />
          <Box flexDirection="column" flexShrink={1} minHeight={0} overflowY="hidden">
            {gutter.map((g, i) => <Text key={i} color={theme.ui.focus} bold>{g}</Text>)}
          </Box>
          <Box height={1} flexShrink={0} />
        </Box>
        <Box ref={tableBox} flexShrink={0}>
          <DeploymentTable rows={table.rows} columns={table.columns} bodyRef={tableBody} cursor={table.cursor} footLabels={footLabels} />
        </Box>
      </Box>
    );
  }

  const message = messageLine(browse, {
    visible: table.visible.length, offset: state.window.start, drawn, changedColumn: table.columns.some((c) => c.key === 'changed'),
    wide: table.wide,
    reason: focus && focusReason ? { phase: focus.view.phase, reason: focusReason, width: width - 1 } : null,
  }, keys);
  return (
    <Box flexDirection="column" height={height - 1}>
      <Box flexDirection="column" flexShrink={0}>
        {header}
        {strip ? <StripLine strip={strip} width={width} now={now} /> : null}
      </Box>
      <Box ref={tableArea} flexDirection="column" flexGrow={1} flexBasis={0} minHeight={0} overflowY="hidden">{body}</Box>
      <Box flexDirection="column" flexShrink={0}>
        <Message line={message} theme={theme} />
        <Footer screen={browse.mode === 'filter' ? 'filter' : browse.mode === 'jump' ? 'jump' : 'deployments'} width={width} note={browse.keyNote} />
      </Box>
    </Box>
  );
}

/** The message line: a line being typed with its cursor, or a line of text in its tone. */
function Message({ line, theme }: { readonly line: MessageLine; readonly theme: Theme }) {
  if (line.kind === 'blank') return <Text> </Text>;
  if (line.kind === 'text') return <Text wrap={line.wrap ? 'wrap' : 'truncate-end'} color={theme.ui[line.tone]}>{line.text}</Text>;
  const [before, at, after] = cursorParts(line.line);
  return (
    <Text wrap="truncate-end">
      <Text color={theme.ui.focus}>{line.prompt}</Text>
      <Text>{before}</Text>
      <Text inverse>{at || ' '}</Text>
      <Text>{after}</Text>
      {line.line.value ? null : <Text color={theme.ui.muted}>{line.placeholder}</Text>}
    </Text>
  );
}
