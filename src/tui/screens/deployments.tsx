// The deployments of one application: header, table with a row cursor, error/notice line, footer.
// The detail view opens inside this screen so the page, cursor and refresh state survive it.
import React, { useMemo, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';
import type { DmsClient } from '../../api/client.js';
import type { TuiConnection } from '../options.js';
import type { Prefetch } from '../app.js';
import { commandFor, type ScreenId } from '../keys.js';
import { useTheme } from '../theme.js';
import { clean } from '../../text/sanitize.js';
import { Header, HEADER_LINES } from '../components/header.js';
import { Footer } from '../components/footer.js';
import { DeploymentTable, type TableRow } from '../components/deployment-table.js';
import { useDeployments } from '../hooks/use-deployments.js';
import { useOlderNeighbour, olderOf } from '../hooks/use-older.js';
import { useClock } from '../hooks/use-clock.js';
import { rangeLabel, visibleRows, wantsAutoRefresh } from '../hooks/paging.js';
import { cellsOf, fitColumns, pageColumns } from '../../model/columns.js';
import { settingsChanged } from '../../model/settings.js';
import { activityLine } from '../../model/page.js';
import type { Deployment } from '../../api/schemas/deployment.js';
import { DetailView } from './detail.js';

export interface DeploymentsScreenProps {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly connection: TuiConnection;
  readonly configDir?: string;
  readonly showSecrets: boolean;
  readonly width: number;
  readonly height: number;
  /** False while help covers the screen. */
  readonly active: boolean;
  /** Auto-refresh period, ms (tests shorten it). */
  readonly refreshMs?: number;
  /** The first page's request when it was started before the UI loaded. */
  readonly prefetch?: Prefetch;
  readonly onHelp: (from: ScreenId) => void;
  readonly onQuit: () => void;
  readonly onCreate: (kind: 'create-app' | 'create-docstore') => void;
  /** Back to the application picker (Esc, or an unknown application). */
  readonly onBack?: (message?: string) => void;
}

/** Lines around the table rows: header, table frame (top, heading, separator, bottom), message line, footer. */
const CHROME = HEADER_LINES + 4 + 1 + 1;
const GUTTER = 2;

export function DeploymentsScreen(props: DeploymentsScreenProps) {
  const { client, appUuid, connection, configDir, width, height, active } = props;
  const theme = useTheme();
  const [state, dispatch] = useDeployments({ client, appUuid, configDir, refreshMs: props.refreshMs, prefetch: props.prefetch });
  const [filtering, setFiltering] = useState(false);
  /** The deployment whose detail is open: its key, and its record when opened. */
  const [detail, setDetail] = useState<{ readonly key: string; readonly record: Deployment } | null>(null);
  const neighbours = useOlderNeighbour({ client, appUuid, state });
  const now = useClock(state.rows.some((d) => d.active), state.updatedAt);

  const visible = useMemo(() => visibleRows(state), [state.rows, state.filter]);
  const maxRows = Math.max(1, height - 1 - CHROME);

  // Keep the cursor inside a window of maxRows rows.
  const offsetRef = useRef(0);
  let offset = offsetRef.current;
  if (state.cursor < offset) offset = state.cursor;
  if (state.cursor >= offset + maxRows) offset = state.cursor - maxRows + 1;
  offset = Math.max(0, Math.min(offset, Math.max(0, visible.length - maxRows)));
  offsetRef.current = offset;

  // Δ: the row's settings differ from the deployment before it (the next row, or the fetched neighbour).
  const changed = useMemo(() => state.rows.map((_, i) => {
    const older = olderOf(state, i, neighbours);
    return older?.kind === 'record' && settingsChanged(state.rows[i]!.record, older.record);
  }), [state.rows, neighbours]);
  const pageCells = useMemo(() => state.rows.map((d, i) => cellsOf(d, now, { changed: changed[i] })), [state.rows, now, changed]);
  const page = useMemo(() => pageColumns(pageCells), [pageCells]);
  const columns = useMemo(() => fitColumns(page.columns, pageCells, width - GUTTER), [page, pageCells, width]);
  const tableRows = useMemo<TableRow[]>(() => visible.slice(offset, offset + maxRows).map((d) => {
    const i = state.rows.indexOf(d);
    const key = state.keys[i] ?? '';
    return { key, cells: pageCells[i]!, status: d.status, flash: state.changed.has(key) };
  }), [visible, offset, maxRows, pageCells, state.changed, state.rows, state.keys]);

  const onBack = props.onBack;
  const notFoundFirst = state.error?.kind === 'not_found' && !state.everLoaded;
  const bouncedRef = useRef(false);
  if (notFoundFirst && onBack && !bouncedRef.current) {
    bouncedRef.current = true;
    queueMicrotask(() => onBack(`No application with uuid ${clean(appUuid)} (404). Check the uuid.`));
  }

  // Key handlers read the latest render through refs: a key that arrives before Ink re-subscribes
  // the handler must still see the rows that are on screen.
  const latest = useRef({ state, visible, filtering });
  latest.current = { state, visible, filtering };

  // Keys typed together (`/abc`) are handled before the next render: the mode changes at once.
  const filterMode = (on: boolean) => {
    latest.current = { ...latest.current, filtering: on };
    setFiltering(on);
  };

  useKeys((input, key) => {
    const { state, visible, filtering } = latest.current;
    if (filtering) {
      // The filter line is edited here (not ink-text-input) so the first key after `/` is never lost.
      if (key.escape) {
        dispatch({ type: 'filter', text: '' });
        filterMode(false);
      } else if (key.return) filterMode(false);
      else if (key.upArrow) dispatch({ type: 'cursor', delta: -1 });
      else if (key.downArrow) dispatch({ type: 'cursor', delta: 1 });
      else if (key.backspace || key.delete) dispatch({ type: 'filterBackspace' });
      else if (key.ctrl && input === 'u') dispatch({ type: 'filter', text: '' });
      else if (input && !key.ctrl && !key.meta && !key.tab) {
        const typed = clean(input);
        if (typed) dispatch({ type: 'filterType', text: typed });
      }
      return;
    }
    const id = commandFor(['deployments', 'global'], input, key);
    switch (id) {
      case 'quit': props.onQuit(); break;
      case 'help': props.onHelp('deployments'); break;
      case 'createApp': props.onCreate('create-app'); break;
      case 'createDocstore': props.onCreate('create-docstore'); break;
      case 'cursorUp': dispatch({ type: 'cursor', delta: -1 }); break;
      case 'cursorDown': dispatch({ type: 'cursor', delta: 1 }); break;
      case 'open': {
        const d = visible[state.cursor];
        if (d) setDetail({ key: state.keys[state.rows.indexOf(d)] ?? '', record: d.record });
        break;
      }
      case 'nextPage': dispatch({ type: 'next' }); break;
      case 'prevPage': dispatch({ type: 'prev' }); break;
      case 'firstPage': dispatch({ type: 'first' }); break;
      case 'takeMore': dispatch({ type: 'takeMore' }); break;
      case 'takeLess': dispatch({ type: 'takeLess' }); break;
      case 'refresh': dispatch({ type: 'refresh' }); break;
      case 'autoRefresh': dispatch({ type: 'toggleAuto' }); break;
      case 'filter': filterMode(true); break;
      case 'back':
        if (state.filter) dispatch({ type: 'filter', text: '' });
        else if (onBack) onBack();
        break;
      default: break;
    }
  }, { isActive: active && detail === null });

  const auto = state.autoRefresh ? (wantsAutoRefresh(state) ? 'auto-refresh on' : 'auto-refresh on (idle)') : 'auto-refresh off (a)';
  const about = [page.header.build, page.header.server, page.header.domains].filter(Boolean).join(' · ');
  const header = (
    <Header
      connection={connection}
      appUuid={appUuid}
      appName={page.header.application}
      about={about}
      activity={activityLine(state.rows, state.shown?.skip === 0, now)}
      range={rangeLabel(state)}
      updatedAt={state.updatedAt}
      loading={state.loading}
      status={`${state.want.take} per page · ${auto}`}
    />
  );

  // The open deployment as of the latest refresh (a running one's status and duration move on);
  // as opened, once a refresh no longer has it on this page.
  const detailIndex = detail === null ? -1 : state.keys.indexOf(detail.key);
  if (detail) {
    return (
      <Box flexDirection="column">
        {header}
        <DetailView
          record={detailIndex >= 0 ? state.rows[detailIndex]!.record : detail.record}
          older={detailIndex >= 0 ? olderOf(state, detailIndex, neighbours) : undefined}
          baseUrl={connection.origin}
          now={now}
          showSecrets={props.showSecrets}
          width={width}
          height={height - 1 - HEADER_LINES - 1}
          active={active}
          onBack={() => setDetail(null)}
          onHelp={() => props.onHelp('detail')}
          onQuit={props.onQuit}
        />
        <Footer screen="detail" />
      </Box>
    );
  }

  const gutter: string[] = ['', '', ''];
  tableRows.forEach((_, i) => gutter.push(offset + i === state.cursor ? '›' : ' '));
  gutter.push('');

  let body: React.ReactNode;
  if (!state.everLoaded && state.rows.length === 0) {
    body = <Text color={theme.ui.muted}>{state.loading ? 'Loading deployments…' : ' '}</Text>;
  } else if (state.rows.length === 0) {
    body = <Text color={theme.ui.muted}>No deployments for this application yet.</Text>;
  } else if (visible.length === 0) {
    body = <Text color={theme.ui.muted}>{`No deployment on this page matches “${clean(state.filter)}”. Esc clears the filter.`}</Text>;
  } else {
    body = (
      <Box>
        <Box flexDirection="column" width={GUTTER}>
          {gutter.map((g, i) => <Text key={i} color={theme.ui.focus} bold>{g || ' '}</Text>)}
        </Box>
        <DeploymentTable rows={tableRows} columns={columns} />
      </Box>
    );
  }

  let message: React.ReactNode;
  if (filtering) {
    message = (
      <Text wrap="truncate-end">
        <Text color={theme.ui.focus}>/ </Text>
        <Text>{state.filter}</Text>
        <Text inverse> </Text>
        {state.filter ? null : <Text color={theme.ui.muted}> status, source, commit, subject, branch, server or id</Text>}
      </Text>
    );
  } else if (state.error) {
    message = <Text wrap="truncate-end" color={theme.ui.error}>{`✗ ${state.error.message}`}</Text>;
  } else if (state.notice) {
    message = <Text wrap="truncate-end" color={theme.ui.warning}>{state.notice}</Text>;
  } else if (state.filter) {
    message = <Text wrap="truncate-end" color={theme.ui.muted}>{`filter: ${clean(state.filter)} (${visible.length} of ${state.rows.length} rows) · Esc clears`}</Text>;
  } else if (visible.length > maxRows) {
    const from = (state.shown?.skip ?? 0) + offset + 1;
    message = <Text wrap="truncate-end" color={theme.ui.muted}>{`showing ${from}–${from + tableRows.length - 1}; ↑/↓ scroll the rest of this page`}</Text>;
  } else if (columns.some((c) => c.key === 'changed')) {
    message = <Text wrap="truncate-end" color={theme.ui.muted}>Δ settings changed since the deployment before · Enter shows what changed</Text>;
  } else {
    message = <Text> </Text>;
  }

  return (
    <Box flexDirection="column">
      {header}
      {body}
      {message}
      <Footer screen={filtering ? 'filter' : 'deployments'} />
    </Box>
  );
}
