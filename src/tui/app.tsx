// Screen switching, the help overlay, global keys, error boundary. The app's frame is one line
// shorter than the terminal: a frame as tall as the screen makes Ink clear and redraw it all.
import React, { Suspense, lazy, useCallback, useMemo, useReducer } from 'react';
import { Box, Text } from 'ink';
import { InputProvider, useKeys, type InputBus } from './input/bus.js';
import type { TuiOptions } from './options.js';
import type { DeploymentPage } from '../api/schemas/deployment.js';
import { runCommand, type ScopeId } from './keys.js';
import { ThemeProvider, themeFor, useTheme } from './theme.js';
import { loadRecents } from '../config/recents.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { PickerScreen } from './screens/picker.js';
import { DeploymentsScreen } from './screens/deployments.js';
import { Help } from './screens/help.js';

// The forms (and zod, which they validate with) load when first opened: the first page of
// deployments is drawn without them.
const CreateAppScreen = lazy(async () => ({ default: (await import('./screens/create-app.js')).CreateAppScreen }));
const CreateDocstoreScreen = lazy(async () => ({ default: (await import('./screens/create-docstore.js')).CreateDocstoreScreen }));

export type Route =
  | { readonly name: 'picker'; readonly message?: string }
  | { readonly name: 'deployments'; readonly appUuid: string }
  | { readonly name: 'create-app' | 'create-docstore' };

/** The first page, requested before Ink was loaded (main.tsx). */
export interface Prefetch {
  readonly appUuid: string;
  readonly skip: number;
  readonly take: number;
  readonly page: Promise<DeploymentPage>;
  /** The answer, when it came before the UI was drawn. */
  readonly result?: DeploymentPage;
  readonly abort: () => void;
}

export interface AppProps {
  readonly options: TuiOptions;
  /** The first page's request, already on the wire. */
  readonly prefetch?: Prefetch;
  /** Called when the user quits (the exit code); run.tsx acts on the first call. */
  readonly onExit: (code: number) => void;
  /** A bug in a screen: the error, for run.tsx to print once the terminal is restored. */
  readonly onCrash?: (error: Error) => void;
  /** Auto-refresh period, ms (tests shorten it). */
  readonly refreshMs?: number;
  /** The log viewer's follow period, ms (tests shorten it). */
  readonly followMs?: number;
  /** Deployments the strip at a glance reads back (default 200; 0: no strip). */
  readonly stripRows?: number;
  /** The input bus (tests pass theirs to wait on keys being handled). */
  readonly bus?: InputBus;
}

interface AppState {
  readonly route: Route;
  /** The deployments shown under a create screen (kept mounted so its page survives). */
  readonly browsing: string | null;
  /** Help is open, over the screen it was opened from. */
  readonly help: ScopeId | null;
}

type AppAction =
  | { type: 'go'; route: Route }
  | { type: 'open'; appUuid: string }
  | { type: 'picker'; message?: string }
  | { type: 'help'; from: ScopeId | null };

function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'go': return { ...state, route: action.route };
    case 'open': return { ...state, browsing: action.appUuid, route: { name: 'deployments', appUuid: action.appUuid } };
    case 'picker': return { ...state, browsing: null, route: action.message ? { name: 'picker', message: action.message } : { name: 'picker' } };
    case 'help': return { ...state, help: action.from };
  }
}

function firstState(options: TuiOptions): AppState {
  const route: Route = options.screen === 'create-app' || options.screen === 'create-docstore'
    ? { name: options.screen }
    : options.appUuid ? { name: 'deployments', appUuid: options.appUuid } : { name: 'picker' };
  return { route, browsing: options.appUuid ?? null, help: null };
}

export function App({ options, onExit, onCrash, refreshMs, followMs, stripRows, prefetch, bus }: AppProps) {
  const theme = useMemo(() => themeFor(options.noColor), [options.noColor]);
  return (
    <ThemeProvider value={theme}>
      <ErrorBoundary onCrash={(error) => { onCrash?.(error); onExit(1); }}>
        <InputProvider bus={bus}>
          <Screens options={options} onExit={onExit} refreshMs={refreshMs} followMs={followMs} stripRows={stripRows} prefetch={prefetch} />
        </InputProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}

function Screens({ options, onExit, refreshMs, followMs, stripRows, prefetch }: AppProps) {
  const { width, height } = useTerminalSize();
  const [state, dispatch] = useReducer(appReducer, options, firstState);
  const { route, browsing, help } = state;
  const quit = useCallback(() => onExit(0), [onExit]);

  // Ctrl+C quits from anywhere, text fields included (the screens handle `?` and `q` where they mean them).
  useKeys('global', { key: (e) => runCommand(['app'], { interrupt: () => quit() }, e.input, e.key) });

  const recents = useMemo(() => (route.name === 'picker' ? loadRecents(options.configDir) : []), [route, options.configDir]);
  const openDeployments = useCallback((appUuid: string) => dispatch({ type: 'open', appUuid }), []);
  const onHelp = useCallback((from: ScopeId) => dispatch({ type: 'help', from }), []);
  // Leaving a form returns to the deployments it was opened from; `dms create …` started on
  // the form, so leaving it quits.
  const afterCreate = useCallback(() => {
    if (browsing) dispatch({ type: 'go', route: { name: 'deployments', appUuid: browsing } });
    else if (options.screen !== 'browse') quit();
    else dispatch({ type: 'picker' });
  }, [browsing, options.screen, quit]);

  const creating = route.name === 'create-app' || route.name === 'create-docstore';
  const CreateScreen = route.name === 'create-docstore' ? CreateDocstoreScreen : CreateAppScreen;
  const showBrowser = browsing !== null && (route.name === 'deployments' || creating);
  const frameHeight = Math.max(10, height);

  return (
    <Box flexDirection="column" width={width}>
      {help ? <Help from={help} width={width} height={frameHeight - 1} onClose={() => dispatch({ type: 'help', from: null })} onQuit={quit} /> : null}
      {showBrowser ? (
        <Box display={help || creating ? 'none' : 'flex'} flexDirection="column">
          <DeploymentsScreen
            key={browsing}
            client={options.client}
            appUuid={browsing}
            connection={options.connection}
            configDir={options.configDir}
            showSecrets={options.showSecrets}
            width={width}
            height={frameHeight}
            active={!help && !creating}
            refreshMs={refreshMs}
            followMs={followMs}
            stripRows={stripRows}
            prefetch={prefetch?.appUuid === browsing ? prefetch : undefined}
            onHelp={onHelp}
            onQuit={quit}
            onCreate={(kind) => dispatch({ type: 'go', route: { name: kind } })}
            onBack={(message) => dispatch({ type: 'picker', message })}
          />
        </Box>
      ) : null}
      {route.name === 'picker' ? (
        <Box display={help ? 'none' : 'flex'} flexDirection="column">
          <PickerScreen
            connection={options.connection}
            recents={recents}
            demoApps={options.demoApps}
            message={route.message}
            width={width}
            height={frameHeight}
            active={!help}
            onOpen={openDeployments}
            onHelp={() => onHelp('picker')}
            onQuit={quit}
          />
        </Box>
      ) : null}
      {creating ? (
        <Box display={help ? 'none' : 'flex'} flexDirection="column">
          <Suspense fallback={<Text>Loading the form…</Text>}>
            <CreateScreen
              key={route.name}
              client={options.client}
              configDir={options.configDir}
              from={options.screen === route.name ? options.from : undefined}
              suggestions={options.demoSuggestions}
              showSecrets={options.showSecrets}
              onExit={afterCreate}
              onOpenDeployments={openDeployments}
              onHelp={() => onHelp('form')}
              isActive={!help}
              connection={options.connection}
              height={frameHeight}
            />
          </Suspense>
        </Box>
      ) : null}
    </Box>
  );
}

interface BoundaryProps { readonly children: React.ReactNode; readonly onCrash: (error: Error) => void }
interface BoundaryState { readonly error: Error | null }

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
