// Screen switching, the help overlay, global keys, error boundary. The app's frame is one line
// shorter than the terminal: a frame as tall as the screen makes Ink clear and redraw it all.
import React, { Suspense, lazy, useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import { InputProvider, useKeys, type InputBus } from './input/bus.js';
import { envOf, settingsOf, type TuiOptions } from './options.js';
import type { DemoApp } from '../demo/seed.js';
import { SettingsProvider } from './settings.js';
import type { Prefetch } from './first-page.js';
import { keyTable, type ScopeId } from './keys.js';
import { KeyTableProvider, useKeyTable } from './input/key-table.js';
import { ThemeProvider, themeFor, useTheme } from './theme.js';
import { loadRecents, recentsServer } from '../config/recents.js';
import { contextEntries, errorLine, openContext, type TuiSession } from './connections.js';
import { createHistorySearch } from '../search/history-search.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { FRAME_MIN_HEIGHT } from './take.js';
import { PickerScreen } from './screens/picker/view.js';
import { NO_SAVED_CONTEXTS, firstLine } from './screens/picker/lines.js';
import { BrowseSessionProvider } from './browse/session.js';
import { useCachedPages } from './browse/seen.js';
import { BrowseRoutes } from './routes/browse.js';
import { listMemory, type ListMemory } from './browse/place.js';
import { Help } from './screens/help/view.js';
import { BoardRoute } from './board-route.js';

// The forms (and zod, which they validate with) load when first opened: the first page of
// deployments is drawn without them.
const CreateAppScreen = lazy(async () => ({ default: (await import('./screens/forms/view.js')).CreateAppScreen }));
const CreateDocstoreScreen = lazy(async () => ({ default: (await import('./screens/forms/view.js')).CreateDocstoreScreen }));

export type Route =
  /** `input`: the typed line to give back (an unknown uuid, to fix a typo); `contexts`: open on the context list. */
  | { readonly name: 'picker'; readonly message?: string; readonly input?: string; readonly contexts?: boolean }
  | { readonly name: 'deployments'; readonly appUuid: string }
  | { readonly name: 'board' }
  | { readonly name: 'create-app' | 'create-docstore' };

export interface AppProps {
  readonly options: TuiOptions;
  /** The first page's request, already on the wire. */
  readonly prefetch?: Prefetch;
  /** Called when the user quits (the exit code); run.tsx acts on the first call. */
  readonly onExit: (code: number) => void;
  /** A bug in a screen: the error, for run.tsx to print once the terminal is restored. */
  readonly onCrash?: (error: Error) => void;
  /** The input bus (tests pass theirs to wait on keys being handled). */
  readonly bus?: InputBus;
}

/** The connection in use: the one dms started with, or a context switched to. */
interface Session extends TuiSession {
  /** Numbers each switch: the screens of another connection are new components. */
  readonly id: number;
  /** The demo service's applications (the session dms started with, in demo mode). */
  readonly demoApps?: readonly DemoApp[];
}

interface AppState {
  readonly route: Route;
  /** The deployments shown under a create screen (kept mounted so its page survives). */
  readonly browsing: string | null;
  /** The browsed application's name as the picker knew it (the header shows it before the rows do). */
  readonly browsingName?: string;
  /** The browsed application was just created with instant deploy: its deployment is waited for and followed. */
  readonly following?: boolean;
  /** The browsed application was opened from the board: Esc on its list goes back there. */
  readonly fromBoard?: boolean;
  /** Help is open, over the screen it was opened from. */
  readonly help: ScopeId | null;
  readonly session: Session;
}

/** Esc on the list of an application opened from the board. */
const BACK_TO_BOARD = { type: 'go', route: { name: 'board' } } as const;

/** Applications whose list is kept for the session (the oldest opened is forgotten first). */
const MEMORIES_MAX = 20;

/** The list memory kept under `key` (session and application), made when first asked for. */
function memoryOf(memories: Map<string, ListMemory>, key: string): ListMemory {
  let memory = memories.get(key);
  if (!memory) {
    if (memories.size >= MEMORIES_MAX) memories.delete(memories.keys().next().value!);
    memory = listMemory();
    memories.set(key, memory);
  }
  return memory;
}

type AppAction =
  | { type: 'go'; route: Route }
  | { type: 'open'; appUuid: string; name?: string; follow?: boolean; fromBoard?: boolean }
  | { type: 'picker'; message?: string; input?: string; contexts?: boolean }
  | { type: 'help'; from: ScopeId | null }
  /** Switched to another connection: its picker, with its recents. */
  | { type: 'session'; session: TuiSession; open?: { appUuid: string; name?: string } };

function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'go':
      return { ...state, route: action.route };
    case 'open':
      return {
        ...state,
        browsing: action.appUuid,
        browsingName: action.name,
        following: action.follow === true,
        fromBoard: action.fromBoard === true,
        route: { name: 'deployments', appUuid: action.appUuid },
      };
    case 'picker': {
      const { type: _, ...route } = action;
      return { ...state, browsing: null, browsingName: undefined, route: { ...route, name: 'picker' } };
    }
    case 'help':
      return { ...state, help: action.from };
    case 'session': {
      const session: Session = { ...action.session, id: state.session.id + 1 };
      // From the board: straight to the application of the context switched to.
      if (action.open) return appReducer({ ...state, session, help: null }, { type: 'open', ...action.open, fromBoard: true });
      return {
        ...state,
        session,
        browsing: null,
        browsingName: undefined,
        help: null,
        route: action.session.warning ? { name: 'picker', message: action.session.warning } : { name: 'picker' },
      };
    }
  }
}

/** The saved context a connection is, or null (DEMO, or a URL and token from the environment or flags). */
function contextOf(connection: TuiOptions['connection']): string | null {
  return connection.demo || connection.label === 'env' || connection.label === 'flags' ? null : connection.label;
}

function firstSession(options: TuiOptions): Session {
  const { client, connection, demoApps } = options;
  return { id: 0, client, search: options.search ?? createHistorySearch({ client }), connection, context: contextOf(connection), demoApps };
}

function firstState(options: TuiOptions): AppState {
  const route: Route =
    options.screen === 'create-app' || options.screen === 'create-docstore'
      ? { name: options.screen }
      : options.appUuid
        ? { name: 'deployments', appUuid: options.appUuid }
        : options.screen === 'board'
          ? { name: 'board' }
          : { name: 'picker', message: options.keys?.warning };
  return { route, browsing: options.appUuid ?? null, help: null, session: firstSession(options) };
}

export function App({ options, onExit, onCrash, prefetch, bus }: AppProps) {
  // Intervals, sizes and the environment, for every screen below (settings.ts).
  const settings = useMemo(() => settingsOf(options), [options]);
  const theme = useMemo(() => themeFor(options.noColor, settings.env), [options.noColor, settings.env]);
  // The key map in force (keys.json laid over the defaults), for every screen below.
  const keys = useMemo(() => keyTable(options.keys?.commands), [options.keys]);
  return (
    <SettingsProvider value={settings}>
      <ThemeProvider value={theme}>
        <KeyTableProvider table={keys}>
          <ErrorBoundary
            onCrash={(error) => {
              onCrash?.(error);
              onExit(1);
            }}
          >
            <InputProvider bus={bus}>
              <Screens options={options} onExit={onExit} prefetch={prefetch} />
            </InputProvider>
          </ErrorBoundary>
        </KeyTableProvider>
      </ThemeProvider>
    </SettingsProvider>
  );
}

function Screens({ options, onExit, prefetch }: AppProps) {
  const { width, height } = useTerminalSize();
  const [state, dispatch] = useReducer(appReducer, options, firstState);
  const { route, browsing, help, session } = state;
  const quit = useCallback(() => onExit(0), [onExit]);
  const server = recentsServer(session.connection);
  const first = useRef(state.session);
  // Each application's list as it was left, for this session: reopened from the picker, it comes back to it.
  const [memories] = useState(() => new Map<string, ListMemory>());
  const memory = useMemo(
    () => (browsing === null ? undefined : memoryOf(memories, `${session.id}:${browsing}`)),
    [memories, session.id, browsing],
  );
  // The pages of the application seen in earlier runs (the page cache), by the connection's server.
  const seen = useCachedPages(options.cache, session.connection.server, browsing, state.browsingName);

  // Contexts: listed from config.json when the switcher opens; switching makes a new client.
  const contexts = useCallback(
    () => contextEntries(options.configDir, session.context, { ...first.current.connection, context: first.current.context }),
    [options.configDir, session.context],
  );
  const switchTo = useCallback(
    async (name: string | null, signal?: AbortSignal): Promise<string | undefined> => {
      if (name === null) {
        dispatch({ type: 'session', session: first.current });
        return undefined;
      }
      try {
        const next = await openContext(options.configDir, name, envOf(options), options.clientOptions, signal);
        if (!signal?.aborted) dispatch({ type: 'session', session: next });
        return undefined;
      } catch (error) {
        return errorLine(error);
      }
    },
    [options],
  );
  // `:ctx` on the deployments screen: the list (no name), or straight to a context. With none
  // saved (or config.json unreadable) it says why and the screen stays.
  const onContext = useCallback(
    (name?: string): Promise<string | undefined> => {
      if (name === undefined) {
        let why: string | undefined;
        try {
          if (!contexts().some((c) => c.name !== null)) why = NO_SAVED_CONTEXTS;
        } catch (error) {
          why = firstLine(error);
        }
        if (why === undefined) dispatch({ type: 'picker', contexts: true });
        return Promise.resolve(why);
      }
      return switchTo(name);
    },
    [switchTo, contexts],
  );

  // Ctrl+C quits from anywhere, text fields included (the screens handle `?` and `q` where they mean them).
  const keys = useKeyTable();
  useKeys('global', { key: (e) => keys.run(['app'], { interrupt: () => quit() }, e.input, e.key) });

  const recents = useMemo(
    () => (route.name === 'picker' ? loadRecents(options.configDir, server) : []),
    [route, options.configDir, server],
  );
  const openDeployments = useCallback((appUuid: string, name?: string) => dispatch({ type: 'open', appUuid, name }), []);
  const onHelp = useCallback((from: ScopeId) => dispatch({ type: 'help', from }), []);
  // Leaving a form returns to the deployments it was opened from, else (`dms create …` started
  // on the form) to the picker: Esc never quits.
  const afterCreate = useCallback(() => {
    if (browsing) dispatch({ type: 'go', route: { name: 'deployments', appUuid: browsing } });
    else dispatch({ type: 'picker' });
  }, [browsing]);

  const creating = route.name === 'create-app' || route.name === 'create-docstore';
  const CreateScreen = route.name === 'create-docstore' ? CreateDocstoreScreen : CreateAppScreen;
  const showBrowser = browsing !== null && (route.name === 'deployments' || creating);
  const frameHeight = Math.max(FRAME_MIN_HEIGHT, height);

  return (
    <Box flexDirection="column" width={width}>
      {help ? (
        <Help from={help} width={width} height={frameHeight - 1} onClose={() => dispatch({ type: 'help', from: null })} onQuit={quit} />
      ) : null}
      {showBrowser ? (
        <Box display={help || creating ? 'none' : 'flex'} flexDirection="column">
          <BrowseSessionProvider
            key={`${session.id}:${browsing}`}
            client={session.client}
            search={session.search}
            appUuid={browsing}
            appName={state.browsingName}
            connection={session.connection}
            recentsServer={server}
            configDir={options.configDir}
            showSecrets={options.showSecrets}
            width={width}
            height={frameHeight}
            active={!help && !creating}
            prefetch={session.id === 0 && prefetch?.appUuid === browsing && !memory?.place ? prefetch : undefined}
            memory={memory}
            seen={seen}
            onHelp={onHelp}
            onQuit={quit}
            onCreate={(kind) => dispatch({ type: 'go', route: { name: kind } })}
            onBack={(message, input) => dispatch(state.fromBoard && !message ? BACK_TO_BOARD : { type: 'picker', message, input })}
            onContext={onContext}
            startNote={session.id === 0 && browsing === options.appUuid ? options.keys?.warning : undefined}
            followNewest={state.following === true}
          >
            <BrowseRoutes />
          </BrowseSessionProvider>
        </Box>
      ) : null}
      {route.name === 'picker' ? (
        <Box display={help ? 'none' : 'flex'} flexDirection="column">
          <PickerScreen
            key={session.id}
            connection={session.connection}
            recents={recents}
            demoApps={session.demoApps}
            message={route.message}
            input={route.input}
            showContexts={route.contexts}
            contexts={contexts}
            onSwitch={switchTo}
            width={width}
            height={frameHeight}
            active={!help}
            onOpen={openDeployments}
            onHelp={() => onHelp('picker')}
            onQuit={quit}
            onBoard={() => dispatch({ type: 'go', route: { name: 'board' } })}
            client={session.client}
          />
        </Box>
      ) : null}
      {route.name === 'board' ? <BoardRoute {...{ options, session, dispatch, width, help, quit, onHelp }} height={frameHeight} /> : null}
      {creating ? (
        <Box display={help ? 'none' : 'flex'} flexDirection="column">
          <Suspense fallback={<Text>Loading the form…</Text>}>
            <CreateScreen
              key={`${session.id}:${route.name}`}
              client={session.client}
              configDir={options.configDir}
              from={options.screen === route.name ? options.from : undefined}
              suggestions={session.connection.demo ? options.demoSuggestions : undefined}
              showSecrets={options.showSecrets}
              onExit={afterCreate}
              onOpenDeployments={(appUuid, follow) => dispatch({ type: 'open', appUuid, follow })}
              onQuit={quit}
              onHelp={() => onHelp('form')}
              isActive={!help}
              connection={session.connection}
              height={frameHeight}
            />
          </Suspense>
        </Box>
      ) : null}
    </Box>
  );
}

interface BoundaryProps {
  readonly children: React.ReactNode;
  readonly onCrash: (error: Error) => void;
}
interface BoundaryState {
  readonly error: Error | null;
}

/** A bug in a screen shows one line and quits (exit 1); run.tsx restores the terminal and prints it. */
export class ErrorBoundary extends React.Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  override componentDidCatch(error: Error) {
    this.props.onCrash(error);
  }
  override render() {
    if (this.state.error) return <Crash error={this.state.error} />;
    return this.props.children;
  }
}

function Crash({ error }: { error: Error }) {
  const theme = useTheme();
  return <Text color={theme.ui.error}>{`dms hit a bug and stopped: ${error.message.split('\n')[0] ?? ''}`}</Text>;
}
