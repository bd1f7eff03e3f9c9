// The browse session: one application's pages, their requests and everything its screens share
// (the list, a deployment's detail, its log, the stats, a comparison), held above them so that a
// page, its cursor and its refreshes survive going into a deployment and back. app.tsx provides it
// while an application is open; the screens read it with useBrowseSession().
import React, { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { DmsClient } from '../../api/client.js';
import type { HistorySearch } from '../../search/history-search.js';
import type { TuiConnection } from '../options.js';
import type { Prefetch } from '../first-page.js';
import type { ScopeId } from '../keys.js';
import { useKeyTable } from '../input/key-table.js';
import { Box } from 'ink';
import { Header, HEADER_LINES } from '../components/header.js';
import { useClock } from '../hooks/use-clock.js';
import { createStore, type Store } from '../state/store.js';
import type { Later } from '../hooks/use-later-writes.js';
import { useSettings } from '../settings.js';
import { fittingTake } from '../take.js';
import { clean } from '../../text/sanitize.js';
import { activityLine } from '../../model/page.js';
import { firstApplicationName, viewOf, type DeploymentView } from '../../model/deployment.js';
import { reasonOf, type Reason, type ReasonAt } from '../../model/reason.js';
import type { DetailState } from './detail.js';
import type { PageAsk } from './paging.js';
import type { ListMemory } from './place.js';
import { visibleRows } from './paging.js';
import type { BrowseAction, BrowseState } from './state.js';
import { asOfLabel, headerRange, pageStatus, progressLabel } from './page-lines.js';
import { useDeployments } from './use-deployments.js';
import { useHistoryScan } from './use-history-scan.js';
import { useOlderNeighbour, type Older } from './use-older.js';
import { useReasons } from './use-reasons.js';
import { useSeenWrite, type SeenStore } from './seen.js';
import { useStepMedians, type MedianState } from './use-step-medians.js';
import { useResultRow } from './use-result-row.js';
import { useListTable, type ListTable } from './use-table.js';

export interface BrowseSessionProps {
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
  /** False while help or a form covers the screens. */
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
  /** A note for the footer when the list first shows (a keys.json warning). */
  readonly startNote?: string;
  /** What the list of this application keeps for the session: pages read, where it was left (place.ts). */
  readonly memory?: ListMemory;
  /** The pages of this application seen in earlier runs (the cache on disk; none when it is off). */
  readonly seen?: SeenStore;
}

/** The row the keys and the message line are about: the open detail's, the cursor's, or a search result's. */
export interface Focus {
  readonly key: string;
  readonly view: DeploymentView;
}

export interface BrowseSession {
  readonly props: BrowseSessionProps;
  readonly browse: BrowseState;
  readonly store: Store<BrowseState, BrowseAction>;
  /** Asks for another page: applied to the store, its request started (requests.ts). */
  readonly page: (ask: PageAsk) => void;
  /** File writes after the frame (use-later-writes.ts). */
  readonly later: Later;
  readonly now: number;
  /** The deployments just older than the page's rows, read for the Δ column and the detail. */
  readonly neighbours: ReadonlyMap<string, Older>;
  readonly focus: Focus | null;
  readonly focusReason: Reason | undefined;
  /** Where the open detail's reason stands in its log: `l` there opens the log at that line. */
  readonly reasonAt: (detail: DetailState) => ReasonAt | undefined;
  /** A comparison's side's reason, in words. */
  readonly compareReason: (view: DeploymentView) => string | undefined;
  /**
   * The open detail's lines as drawn, which its `/` searches: handed over after each draw and read
   * by the keys, in a store nothing subscribes to (a running deployment's lines change every
   * second; nothing is drawn from them again).
   */
  readonly detailText: Store<readonly string[], readonly string[]>;
  /** The page as the list draws it (its rows, columns and what they share: the header says it). */
  readonly table: ListTable;
  /** The application's name: as the page's rows say it, else as the list was opened with it. */
  readonly appName: string | undefined;
  /** The header every screen of the application shows. */
  readonly header: React.ReactElement;
  /** The medians of the application's steps over its last finished deployments (read once a screen asks). */
  readonly stepMedians: MedianState;
  /** Asks for them (the detail and the log do when they open); read once a session. */
  readonly wantMedians: () => void;
  /** The rows the list's table last had room for (null before it was laid out): its first frame back from another screen uses it. */
  readonly tableRoom: number | null;
  readonly setTableRoom: (rows: number | null) => void;
}

/** Columns the list's gutter takes (the cursor's `›` and the mark's `*`). */
export const GUTTER = 2;
/** Lines of the table's frame around its rows: top border, heading, separator, bottom border. */
export const TABLE_FRAME = 4;
/** Lines around the table: header, message line, footer. */
const CHROME = HEADER_LINES + 1 + 1;

const SessionContext = createContext<BrowseSession | null>(null);

/** The session of the application open; only under a BrowseSessionProvider. */
export function useBrowseSession(): BrowseSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useBrowseSession outside a BrowseSessionProvider');
  return session;
}

export function BrowseSessionProvider({ children, ...props }: BrowseSessionProps & { readonly children: React.ReactNode }) {
  const { client, appUuid, connection, configDir, width, height } = props;
  const keys = useKeyTable();
  const settings = useSettings();
  const guessRows = Math.max(1, height - 1 - CHROME - TABLE_FRAME);
  // As many rows a page as the table has room for, unless a size was chosen for the application.
  const fit = settings.pageRows ?? fittingTake(height, { strip: settings.stripRows !== 0 });
  const {
    state: browse,
    store,
    page,
    later,
  } = useDeployments({
    client,
    appUuid,
    configDir,
    refreshMs: settings.refreshMs,
    prefetch: props.prefetch,
    rows: guessRows,
    fit,
    recentsServer: props.recentsServer,
    awaitFirst: props.followNewest === true,
    memory: props.memory,
    seen: props.seen,
  });
  useSeenWrite(browse.paging, props.seen, later, client.redact);
  const state = browse.paging;
  // Today, for the day of a page seen before (`as of 14:02`, `as of Nov 27 14:02`).
  const [openedAt] = useState(() => Date.now());
  const neighbours = useOlderNeighbour({ client, appUuid, state });
  const now = useClock(
    state.rows.some((d) => d.active),
    state.updatedAt,
  );

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
  const readReason = useReasons({ rows: state.rows, keys: state.keys, focus, redact: client.redact });
  // A page seen before keeps no logs: its failed rows' reasons as read when it was seen.
  const seenReasons = state.asOf?.reasons;
  const reasonFor = useCallback(
    (key: string, view: DeploymentView) => seenReasons?.[key] ?? readReason(key, view),
    [seenReasons, readReason],
  );
  const focusReason = focus ? reasonFor(focus.key, focus.view) : undefined;
  // `l` in the detail: at the reason's line (read now when the timer has not read it yet).
  const reasonAt = useCallback(
    (d: DetailState) => {
      const at = state.keys.indexOf(d.key);
      const view = at >= 0 ? state.rows[at]! : viewOf(d.record);
      const r = reasonFor(d.key, view) ?? reasonOf(view.record, { redact: client.redact });
      return r.kind === 'reason' ? r.at : undefined;
    },
    [state, reasonFor, client],
  );
  // The comparison says each side's reason (a side read again from the history has its own record).
  const compareReason = useCallback(
    (v: DeploymentView) => {
      const r = reasonOf(v.record, { redact: client.redact });
      return r.kind === 'reason' ? r.text : undefined;
    },
    [client],
  );
  const [detailText] = useState(() => createStore((_: readonly string[], lines: readonly string[]) => lines, [] as readonly string[]));
  const [tableRoom, setTableRoom] = useState<number | null>(null);

  const startNote = props.startNote;
  useEffect(
    () => {
      if (startNote) store.dispatch({ type: 'keyNote', note: startNote });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the session starts.
    [],
  );
  useHistoryScan({ client, search: props.search, appUuid, store });
  const { medians: stepMedians, wantMedians } = useStepMedians({ client, appUuid });

  // An application that does not exist: back to the picker, saying why.
  const onBack = props.onBack;
  const notFound = state.error?.kind === 'not_found' && !state.everLoaded && !browse.awaitingNewest;
  useEffect(() => {
    if (notFound && onBack) onBack(`No application with uuid ${clean(appUuid)} (404). Check the uuid.`, appUuid);
  }, [notFound, onBack, appUuid]);

  const table = useListTable(browse, { now, neighbours, width: width - GUTTER, time: browse.time });
  const about = [table.header.build, table.header.server, table.header.domains].filter(Boolean).join(' · ');
  const appName = table.header.application ?? firstApplicationName(state.rows) ?? props.appName;
  const header = (
    <Header
      connection={connection}
      appUuid={appUuid}
      appName={appName}
      about={about}
      activity={browse.mode === 'log' ? undefined : activityLine(state.rows, state.shown?.skip === 0, now)}
      range={headerRange(browse)}
      updatedAt={state.updatedAt}
      loading={state.loadingShown}
      status={pageStatus(state, keys)}
      asOf={asOfLabel(state, openedAt)}
      progress={progressLabel(state)}
    />
  );

  const value: BrowseSession = {
    props,
    browse,
    store,
    page,
    later,
    now,
    neighbours,
    focus,
    focusReason,
    reasonAt,
    compareReason,
    detailText,
    table,
    appName,
    header,
    stepMedians,
    wantMedians,
    tableRoom,
    setTableRoom,
  };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * A screen of the session under the application's header (the detail, the log, a comparison):
 * `children` gets the lines left below the header.
 */
export function UnderHeader({ children }: { readonly children: (rows: number) => React.ReactNode }) {
  const { props, header } = useBrowseSession();
  return (
    <Box flexDirection="column" height={props.height - 1}>
      {header}
      {children(props.height - 1 - HEADER_LINES)}
    </Box>
  );
}
