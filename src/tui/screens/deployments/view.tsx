// The deployments of one application: header, table with a row cursor, message line, footer;
// the filter line and a deployment's detail are modes of the same screen (browse-state.ts), so
// the page, cursor and refresh state survive them. Keys come from the input bus; what they do
// is looked up in the key table for the current mode.
import React, { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, useStdout, type DOMElement } from 'ink';
import type { DmsClient } from '../../../api/client.js';
import type { TuiConnection } from '../../options.js';
import type { Prefetch } from '../../first-page.js';
import { lineKeys, type KeyTable, type ScopeId } from '../../keys.js';
import { useKeyTable } from '../../input/key-table.js';
import { LIST_SCOPES } from './keys.js';
import { DETAIL_SCOPES } from '../detail/keys.js';
import { useKeys, type KeyResult } from '../../input/bus.js';
import { isText, type KeyEvent } from '../../input/keypress.js';
import { cursorParts } from '../../input/line-edit.js';
import { useTheme } from '../../theme.js';
import { clean } from '../../../text/sanitize.js';
import { Header, HEADER_LINES } from '../../components/header.js';
import { Footer } from '../../components/footer.js';
import { DeploymentTable, type TableRow } from '../../components/deployment-table.js';
import { offsetTop } from '../../components/measure.js';
import { useDeployments } from './use-deployments.js';
import { useOlderNeighbour, olderOf } from './use-older.js';
import { useClock } from '../../hooks/use-clock.js';
import { pageGap, rangeLabel, visibleRows, wantsAutoRefresh } from './paging.js';
import type { BrowseAction, BrowseState } from './state.js';
import type { Store } from '../../state/store.js';
import { cellsOf, fitColumns, pageColumns, type Cells, type ColumnKey } from '../../../model/columns.js';
import { widthOf } from '../../../text/cells.js';
import { savePageSize } from '../../../config/page-sizes.js';
import { settingsChanged } from '../../../model/settings.js';
import { activityLine } from '../../../model/page.js';
import { firstApplicationName, viewOf } from '../../../model/deployment.js';
import { DetailView } from '../detail/view.js';
import { StripLine } from './strip.js';
import { useStrip } from './use-strip.js';
import { useHistoryScan } from '../../hooks/use-history-scan.js';
import { useMeasured } from '../../hooks/use-measured.js';
import { resultRows } from './state.js';
import { ESC_STOP, progressText, type SearchState } from './search.js';
import { LogScreen } from '../log.js';
import { copySelected, openSelected, selectedView } from './actions.js';
import { thousands } from '../../../text/thousands.js';

export interface DeploymentsScreenProps {
  readonly client: DmsClient;
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
  /** Auto-refresh period, ms (tests shorten it). */
  readonly refreshMs?: number;
  /** The log viewer's follow period, ms (tests shorten it). */
  readonly followMs?: number;
  /** Deployments the strip at a glance reads back (default 200; 0: no strip). */
  readonly stripRows?: number;
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
}

/** Lines of the table's frame around its rows: top border, heading, separator, bottom border. */
const TABLE_FRAME = 4;
/** Lines around the table: header, message line, footer. */
const CHROME = HEADER_LINES + 1 + 1;
const GUTTER = 2;

type Send = (action: BrowseAction) => void;

/** What a key does on the screen, by mode; reads the store, so keys read together see each other. */
function keyListener(store: Store<BrowseState, BrowseAction>, props: DeploymentsScreenProps, terminal: { write(data: string): unknown }, keys: KeyTable) {
  const send: Send = (a) => store.dispatch(a);
  // Copy (OSC 52, to the terminal) and open (the browser, else the link copied): what happened goes to the footer's note.
  const note = (text: string) => send({ type: 'keyNote', note: text });
  const write = (d: string) => terminal.write(d);
  const copy = (what: 'uuid' | 'commit') => { void copySelected(selectedView(store.get()), what, note, { write }); };
  const openWeb = () => { void openSelected(selectedView(store.get()), props.connection.origin, note, { copy: { write } }); };
  const leave = (go: () => void): KeyResult => { go(); return 'later'; };
  // The page size chosen with +/- is remembered for the application (a file write: after the frame).
  const rememberTake = () => {
    const { configDir, appUuid } = props;
    if (!configDir) return;
    setTimeout(() => savePageSize(configDir, appUuid, store.get().paging.want.take), 0);
  };
  // `:ctx` / `:ctx NAME` on the go-to line: contexts, not a deployment.
  const jumpGo = (): KeyResult => {
    const ctx = /^ctx(?:\s+(\S+))?$/.exec(store.get().jumpLine.value.trim());
    if (!ctx || !props.onContext) {
      send({ type: 'jumpEnd', go: true });
      return true;
    }
    send({ type: 'jumpEnd', go: false });
    const name = ctx[1];
    if (name === undefined) return leave(() => { void props.onContext!(); });
    send({ type: 'notice', message: `Switching to context ${clean(name)}…` });
    void props.onContext(name).then((error) => { if (error) send({ type: 'notice', message: `✗ ${error}` }); });
    return true;
  };
  const list = (e: KeyEvent): boolean | KeyResult => {
    let result: KeyResult = true;
    // While a search of the whole history is shown, moving and opening act on its results.
    const results = () => store.get().search !== null;
    const opened = () => { if (store.get().mode !== 'list') result = 'later'; };
    const used = keys.run(LIST_SCOPES.list, {
      help: () => { result = leave(() => props.onHelp('deployments')); },
      quit: () => props.onQuit(),
      createApp: () => { result = leave(() => props.onCreate('create-app')); },
      createDocstore: () => { result = leave(() => props.onCreate('create-docstore')); },
      cursorUp: () => send(results() ? { type: 'resultCursor', delta: -1 } : { type: 'cursor', delta: -1 }),
      cursorDown: () => send(results() ? { type: 'resultCursor', delta: 1 } : { type: 'cursor', delta: 1 }),
      open: () => { send(results() ? { type: 'openResult', then: 'detail' } : { type: 'open' }); opened(); },
      logs: () => { send(results() ? { type: 'openResult', then: 'log' } : { type: 'openLog' }); opened(); },
      nextPage: () => send(results() ? { type: 'resultPage', to: 'next' } : { type: 'next' }),
      prevPage: () => send(results() ? { type: 'resultPage', to: 'prev' } : { type: 'prev' }),
      firstPage: () => send(results() ? { type: 'resultPage', to: 'first' } : { type: 'first' }),
      lastPage: () => send(results() ? { type: 'resultPage', to: 'last' } : { type: 'last' }),
      takeMore: () => { send({ type: 'takeMore' }); rememberTake(); },
      takeLess: () => { send({ type: 'takeLess' }); rememberTake(); },
      refresh: () => send({ type: 'refresh' }),
      autoRefresh: () => send({ type: 'toggleAuto' }),
      filter: () => send({ type: 'filterStart' }),
      statusFilter: () => send({ type: 'statusCycle' }),
      jump: () => send({ type: 'jumpStart' }),
      copyUuid: () => copy('uuid'),
      copyCommit: () => copy('commit'),
      openLink: () => openWeb(),
      listBack: () => {
        const s = store.get();
        if (s.search?.scanning) send({ type: 'searchStop' });
        else if (s.search) send({ type: 'searchClose' });
        else if (s.paging.filter) send({ type: 'filter', text: '' });
        else if (props.onBack) result = leave(() => props.onBack!());
      },
    }, e.input, e.key);
    return used ? result : false;
  };
  const filter = (e: KeyEvent): boolean => keys.run(LIST_SCOPES.filter, {
    filterApply: () => send({ type: 'filterSearch' }),
    filterClear: () => send({ type: 'filterEnd', keep: false }),
    filterCursorUp: () => send({ type: 'cursor', delta: -1 }),
    filterCursorDown: () => send({ type: 'cursor', delta: 1 }),
    ...lineKeys((command) => send({ type: 'filterLine', command })),
  }, e.input, e.key);
  const jump = (e: KeyEvent): boolean | KeyResult => {
    let result: KeyResult = true;
    const used = keys.run(LIST_SCOPES.jump, {
    jumpGo: () => { result = jumpGo(); },
    jumpCancel: () => send({ type: 'jumpEnd', go: false }),
    ...lineKeys((command) => send({ type: 'jumpLine', command })),
  }, e.input, e.key);
    return used ? result : false;
  };
  const detail = (e: KeyEvent): boolean | KeyResult => {
    let result: KeyResult = true;
    const used = keys.run(DETAIL_SCOPES.detail, {
      help: () => { result = leave(() => props.onHelp('detail')); },
      quit: () => props.onQuit(),
      detailBack: () => send({ type: 'close' }),
      logs: () => { send({ type: 'openLog' }); result = 'later'; },
      scrollUp: () => send({ type: 'scroll', to: 'up' }),
      scrollDown: () => send({ type: 'scroll', to: 'down' }),
      pageUp: () => send({ type: 'scroll', to: 'pageUp' }),
      pageDown: () => send({ type: 'scroll', to: 'pageDown' }),
      top: () => send({ type: 'scroll', to: 'top' }),
      bottom: () => send({ type: 'scroll', to: 'bottom' }),
      rawJson: () => send({ type: 'toggle', what: 'raw' }),
      absentFields: () => send({ type: 'toggle', what: 'absent' }),
      reveal: () => send({ type: 'reveal', allowed: props.showSecrets }),
      copyUuid: () => copy('uuid'),
      copyCommit: () => copy('commit'),
      openLink: () => openWeb(),
    }, e.input, e.key);
    return used ? result : false;
  };
  return {
    key(e: KeyEvent): KeyResult {
      const mode = store.get().mode;
      // The log viewer has listeners of its own.
      if (mode === 'log') return false;
      // A note about the key before goes with this one.
      if (store.get().keyNote !== null) send({ type: 'keyNote', note: null });
      // In the filter and go-to lines every printable key is text; other screens' keys (q, ?) do not apply.
      if (mode === 'filter') return filter(e) || isText(e);
      if (mode === 'jump') return jump(e) || isText(e);
      const used = mode === 'detail' ? detail(e) : list(e);
      if (used !== false) return used;
      // A key that does nothing here says so (Ctrl+C, which quits from anywhere, passes on).
      const name = keyName(e);
      if (name === undefined || keys.commandFor(['app'], e.input, e.key) !== undefined) return false;
      send({ type: 'keyNote', note: `${name}: no action here — ${keys.hint('help')} for help` });
      return true;
    },
    text(run: string): number {
      const mode = store.get().mode;
      if (mode === 'filter') send({ type: 'filterText', text: run });
      else if (mode === 'jump') send({ type: 'jumpText', text: run });
      else return 0;
      return run.length;
    },
  };
}

/** A key as the footer names it (`x`, `Tab`, `Ctrl+X`); undefined for what has no name (an unknown sequence). */
export function keyName(e: KeyEvent): string | undefined {
  const k = e.key;
  const named: [boolean, string][] = [
    [k.tab, k.shift ? 'Shift+Tab' : 'Tab'], [k.upArrow, '↑'], [k.downArrow, '↓'], [k.leftArrow, '←'], [k.rightArrow, '→'],
    [k.pageUp, 'PgUp'], [k.pageDown, 'PgDn'], [k.home, 'Home'], [k.end, 'End'], [k.return, 'Enter'], [k.escape, 'Esc'],
    [k.backspace, 'Backspace'], [k.delete, 'Delete'],
  ];
  const found = named.find(([on]) => on);
  if (found) return found[1];
  const [first] = [...e.input];
  if (first === undefined || /[\u0000-\u001f\u007f-\u009f]/.test(first)) return undefined;
  const shown = first === ' ' ? 'Space' : clean(first);
  if (shown === '') return undefined;
  return k.ctrl ? `Ctrl+${shown.toUpperCase()}` : k.meta ? `Alt+${shown}` : shown;
}

/** The widest each column has been on this screen (pages and refreshes of one application), so widths do not jump. */
/** The widest each column has been: `seen` itself when no cell of `rows` is wider. */
function widest(seen: ReadonlyMap<ColumnKey, number>, rows: readonly Cells[]): ReadonlyMap<ColumnKey, number> {
  let wider: Map<ColumnKey, number> | undefined;
  for (const r of rows) {
    for (const key of Object.keys(r) as ColumnKey[]) {
      const w = widthOf(r[key]);
      if (w > ((wider ?? seen).get(key) ?? 0)) (wider ??= new Map(seen)).set(key, w);
    }
  }
  return wider ?? seen;
}

export function DeploymentsScreen(props: DeploymentsScreenProps) {
  const { client, appUuid, connection, configDir, width, height, active } = props;
  const theme = useTheme();
  const guessRows = Math.max(1, height - 1 - CHROME - TABLE_FRAME);
  const { state: browse, store } = useDeployments({
    client, appUuid, configDir, refreshMs: props.refreshMs, prefetch: props.prefetch, rows: guessRows, recentsServer: props.recentsServer,
    awaitFirst: props.followNewest === true,
  });
  // Until the new application's deployment is listed (followNewest): browse-state.ts selects it then.
  const awaiting = browse.awaitingNewest;
  const state = browse.paging;
  const neighbours = useOlderNeighbour({ client, appUuid, state });
  const now = useClock(state.rows.some((d) => d.active), state.updatedAt);

  const { stdout } = useStdout();
  const keys = useKeyTable();
  useKeys('screen', keyListener(store, props, stdout, keys), active);
  const startNote = props.startNote;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the screen first shows.
  useEffect(() => { if (startNote) store.dispatch({ type: 'keyNote', note: startNote }); }, []);
  useHistoryScan({ client, appUuid, store });
  const strip = useStrip({ client, appUuid, paging: state, rows: props.stripRows });

  // An application that does not exist: back to the picker, saying why.
  const onBack = props.onBack;
  const notFound = state.error?.kind === 'not_found' && !state.everLoaded && !awaiting;
  useEffect(() => {
    if (notFound && onBack) onBack(`No application with uuid ${clean(appUuid)} (404). Check the uuid.`, appUuid);
  }, [notFound, onBack, appUuid]);

  const { rows: pageRows, filter } = state;
  const visible = useMemo(() => visibleRows({ rows: pageRows, filter }), [pageRows, filter]);
  const { start: offset, rows: maxRows } = state.window;

  // Δ: the row's settings differ from the deployment before it (the next row, or the fetched neighbour).
  const { keys: pageKeys } = state;
  const changed = useMemo(() => pageRows.map((_, i) => {
    const older = olderOf({ rows: pageRows, keys: pageKeys }, i, neighbours);
    return older?.kind === 'record' && settingsChanged(pageRows[i]!.record, older.record);
  }), [pageRows, pageKeys, neighbours]);
  const pageCells = useMemo(() => state.rows.map((d, i) => cellsOf(d, now, { changed: changed[i] })), [state.rows, now, changed]);
  const page = useMemo(() => pageColumns(pageCells), [pageCells]);

  // A search of the whole history shows its results instead of the page, paged the same way.
  const search = browse.search?.kind === 'search' ? browse.search : null;
  const perPage = resultRows(browse);
  const found = search?.results;
  const foundStart = search?.pageStart ?? 0;
  const results = useMemo(() => (found ? found.slice(foundStart, foundStart + perPage) : null), [found, foundStart, perPage]);
  const resultCells = useMemo(() => results?.map((v) => cellsOf(v, now)) ?? null, [results, now]);
  const shownCells = resultCells ?? pageCells;
  const shownColumns = useMemo(() => (resultCells ? pageColumns(resultCells).columns : page.columns), [resultCells, page]);
  // Widths stay as wide as a column has been for this application (pages, refreshes, results), so they do not jump.
  const [seenWidths, setSeenWidths] = useState<ReadonlyMap<ColumnKey, number>>(() => new Map());
  const stable = useMemo(() => widest(seenWidths, shownCells), [seenWidths, shownCells]);
  // A column grew: kept for the next renders (React renders again at once, before drawing).
  if (stable !== seenWidths) setSeenWidths(stable);
  const columns = useMemo(() => fitColumns(shownColumns, shownCells, width - GUTTER, undefined, stable), [shownColumns, shownCells, width, stable]);
  const tableRows = useMemo<TableRow[]>(() => {
    if (results && resultCells) return results.map((v, i) => ({ key: `r:${v.index}`, cells: resultCells[i]!, status: v.status, flash: false }));
    return visible.slice(offset, offset + maxRows).map((d) => {
      const i = state.rows.indexOf(d);
      const key = state.keys[i] ?? '';
      return { key, cells: pageCells[i]!, status: d.status, flash: state.changed.has(key) };
    });
  }, [results, resultCells, visible, offset, maxRows, pageCells, state.changed, state.rows, state.keys]);

  // The table takes the room the screen leaves it: measured once drawn. Its rows are that room
  // less the lines of its frame, and the cursor marks line up with where its rows start.
  const tableArea = useRef<DOMElement>(null);
  const tableBox = useRef<DOMElement>(null);
  const tableBody = useRef<DOMElement>(null);
  const viewport = useMeasured(() => {
    if (!tableArea.current) return undefined;
    const frameLines = tableBox.current ? measureElement(tableBox.current).height - tableRows.length : TABLE_FRAME;
    const rows = measureElement(tableArea.current).height - frameLines;
    return rows > 0 ? rows : undefined;
  }, 0);
  useLayoutEffect(() => { if (viewport > 0) store.dispatch({ type: 'viewport', rows: viewport }); }, [viewport, store]);
  const gutterTop = useMeasured(() => offsetTop(tableBody.current, tableBox.current), 3);

  const auto = state.autoRefresh ? (wantsAutoRefresh(state) ? 'auto-refresh on' : 'auto-refresh on (idle)') : 'auto-refresh off (a)';
  const about = [page.header.build, page.header.server, page.header.domains].filter(Boolean).join(' · ');
  const header = (
    <Header
      connection={connection}
      appUuid={appUuid}
      appName={page.header.application ?? firstApplicationName(state.rows) ?? props.appName}
      about={about}
      activity={browse.mode === 'log' ? undefined : activityLine(state.rows, state.shown?.skip === 0, now)}
      range={search ? resultRange(search, perPage) : rangeLabel(state)}
      updatedAt={state.updatedAt}
      loading={state.loadingShown}
      status={`${state.want.take} per page · ${auto}`}
    />
  );

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
          width={width}
          height={height - 1 - HEADER_LINES}
          active={active}
          followMs={props.followMs}
          // The page was not polled while the log was open: it catches up at once.
          onBack={() => { store.dispatch({ type: 'closeLog' }); store.dispatch({ type: 'refresh', auto: true }); }}
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
          baseUrl={connection.origin}
          now={now}
          width={width}
          bodyLines={Math.max(3, height - 1 - HEADER_LINES - 1 - 2)}
          onSize={(max, lines) => store.dispatch({ type: 'detailSize', max, page: lines })}
        />
        <Footer screen="detail" width={width} note={browse.keyNote} />
      </Box>
    );
  }

  const gutter: string[] = Array.from({ length: gutterTop }, () => '');
  const cursorRow = search ? search.cursor - search.pageStart : state.cursor - offset;
  tableRows.forEach((_, i) => gutter.push(i === cursorRow ? '›' : ' '));

  // A page that holds fewer rows than the server's count says it should.
  const gap = pageGap(state);
  let body: React.ReactNode;
  if (search && search.results.length === 0) {
    body = <Text color={theme.ui.muted}>{search.scanning ? `Searching the whole history for ${queryLabel(search)}…` : `No deployment matches ${queryLabel(search)}.`}</Text>;
  } else if (search) {
    body = undefined;
  } else if (!state.everLoaded && state.rows.length === 0) {
    body = <Text color={theme.ui.muted}>{state.loading ? 'Loading deployments…' : ' '}</Text>;
  } else if (state.rows.length === 0 && awaiting) {
    body = <Text color={theme.ui.muted}>Waiting for the deployment the creation started: its log opens here once the server lists it. Esc goes back.</Text>;
  } else if (state.rows.length === 0) {
    // An empty page of a history the server counts is not an empty history.
    body = <Text color={gap ? theme.ui.warning : theme.ui.muted}>{gap ?? 'No deployments for this application yet.'}</Text>;
  } else if (visible.length === 0) {
    body = <Text color={theme.ui.muted}>{`No deployment on this page matches “${clean(state.filter)}”. Esc clears the filter.`}</Text>;
  }
  if (body === undefined) {
    // The table is never shrunk by the layout: its measured height is its own (frame lines + rows),
    // and the rows are what the area left for it holds less that frame.
    body = (
      <Box flexShrink={0}>
        <Box flexDirection="column" width={GUTTER} flexShrink={0}>
          {gutter.map((g, i) => <Text key={i} color={theme.ui.focus} bold>{g || ' '}</Text>)}
        </Box>
        <Box ref={tableBox} flexShrink={0}>
          <DeploymentTable rows={tableRows} columns={columns} bodyRef={tableBody} cursor={cursorRow} />
        </Box>
      </Box>
    );
  }

  const filtering = browse.mode === 'filter';
  const jumping = browse.mode === 'jump';
  let message: React.ReactNode;
  if (jumping) {
    const [before, at, after] = cursorParts(browse.jumpLine);
    message = (
      <Text wrap="truncate-end">
        <Text color={theme.ui.focus}>go to: </Text>
        <Text>{before}</Text>
        <Text inverse>{at || ' '}</Text>
        <Text>{after}</Text>
        {browse.jumpLine.value ? null : <Text color={theme.ui.muted}> an id, a uuid or the start of a commit</Text>}
      </Text>
    );
  } else if (filtering) {
    const [before, at, after] = cursorParts({ value: state.filter, cursor: state.filterCursor });
    message = (
      <Text wrap="truncate-end">
        <Text color={theme.ui.focus}>/ </Text>
        <Text>{before}</Text>
        <Text inverse>{at || ' '}</Text>
        <Text>{after}</Text>
        {state.filter ? null : <Text color={theme.ui.muted}> status, source, commit, subject, branch, server or id</Text>}
      </Text>
    );
  } else if (browse.fetching) {
    const v = browse.fetching.summary;
    message = <Text wrap="truncate-end" color={theme.ui.muted}>{`Opening deployment ${v.id ?? v.uuid}…`}</Text>;
  } else if (browse.search && (browse.search.kind === 'search' || browse.search.scanning || !state.notice)) {
    const line = searchLine(browse.search);
    message = <Text wrap="truncate-end" color={line.bad ? theme.ui.warning : theme.ui.muted}>{line.text}</Text>;
  } else if (state.error) {
    // Wrapped, never cut: what to do (check the context's token, the URL) is at the end.
    message = <Text wrap="wrap" color={theme.ui.error}>{`✗ ${state.error.message}`}</Text>;
  } else if (state.notice) {
    message = <Text wrap="truncate-end" color={theme.ui.warning}>{state.notice}</Text>;
  } else if (state.filter) {
    message = <Text wrap="truncate-end" color={theme.ui.muted}>{`filter: ${clean(state.filter)} (${visible.length} of ${state.rows.length} rows) · Esc clears`}</Text>;
  } else if (gap && state.rows.length > 0) {
    message = <Text wrap="wrap" color={theme.ui.warning}>{gap}</Text>;
  } else if (visible.length > maxRows) {
    const from = (state.shown?.skip ?? 0) + offset + 1;
    message = <Text wrap="truncate-end" color={theme.ui.muted}>{`showing ${from}–${from + tableRows.length - 1}; ↑/↓ scroll the rest of this page`}</Text>;
  } else if (columns.some((c) => c.key === 'changed')) {
    message = <Text wrap="truncate-end" color={theme.ui.muted}>Δ settings changed since the deployment before · Enter shows what changed</Text>;
  } else {
    message = <Text> </Text>;
  }

  return (
    <Box flexDirection="column" height={height - 1}>
      {header}
      {strip ? <StripLine strip={strip} width={width} now={now} /> : null}
      <Box ref={tableArea} flexDirection="column" flexGrow={1} flexBasis={0}>{body}</Box>
      {message}
      <Footer screen={filtering ? 'filter' : jumping ? 'jump' : 'deployments'} width={width} note={browse.keyNote} />
    </Box>
  );
}

/** `“rollback”`, `failed deployments`, `“api” among failed deployments`. */
function queryLabel(s: SearchState): string {
  const text = s.text ? `“${clean(s.text)}”` : '';
  const status = s.status === 'all' ? '' : `${s.status} deployments`;
  return text && status ? `${text} among ${status}` : text || status || 'everything';
}

/** `results 1–10 of 37+` while the search still reads. */
function resultRange(s: SearchState, perPage: number): string {
  const n = s.results.length;
  if (n === 0) return s.scanning ? 'searching…' : 'no results';
  return `results ${s.pageStart + 1}–${Math.min(n, s.pageStart + perPage)} of ${thousands(n)}${s.scanning ? '+' : ''}`;
}

/** The line under the table while a search or a jump reads, and once it is done. */
function searchLine(s: SearchState): { text: string; bad: boolean } {
  const what = queryLabel(s);
  const progress = progressText(s);
  const waiting = s.pause ? ` · waiting: ${s.pause}` : '';
  const gaps = s.gaps ? ' · the history changed while it was read: some may be missing' : '';
  if (s.kind === 'jump') {
    if (s.scanning) return { text: `Looking for ${what}: ${progress} — Esc stops${waiting}`, bad: false };
    return { text: `No deployment has the id, uuid or commit ${what} (${progress}${s.stopped ? `, ${s.stopped}` : ''}). Esc clears this.`, bad: true };
  }
  const found = `${thousands(s.results.length)} found`;
  if (s.scanning) return { text: `${what}: ${found} · ${progress} — Esc stops${waiting}${gaps}`, bad: false };
  if (s.stopped === ESC_STOP) return { text: `${what}: ${found} · ${progress}, stopped with Esc · Esc back to the page${gaps}`, bad: false };
  if (s.stopped) return { text: `${what}: ${found} · ${progress}, stopped: ${s.stopped} · Esc back to the page${gaps}`, bad: true };
  return { text: `${what}: ${found} · ${progress} · Enter opens · Esc back to the page${gaps}`, bad: false };
}

