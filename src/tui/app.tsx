// Screen switching, global keys, help overlay, error boundary.
import React, { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import { KeysProvider, useKeys } from './hooks/use-keys.js';
import type { TuiOptions } from './options.js';
import type { DeploymentPage } from '../api/schemas/deployment.js';
import type { ScreenId } from './keys.js';
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
  /** Called once when the user quits (the exit code). */
  readonly onExit: (code: number) => void;
  /** Auto-refresh period, ms (tests shorten it). */
  readonly refreshMs?: number;
}

function firstRoute(options: TuiOptions): Route {
  if (options.screen === 'create-app' || options.screen === 'create-docstore') return { name: options.screen };
  return options.appUuid ? { name: 'deployments', appUuid: options.appUuid } : { name: 'picker' };
}

export function App({ options, onExit, refreshMs, prefetch }: AppProps) {
  const theme = useMemo(() => themeFor(options.noColor), [options.noColor]);
  return (
    <ThemeProvider value={theme}>
      <ErrorBoundary onCrash={() => onExit(1)}>
        <KeysProvider>
          <Screens options={options} onExit={onExit} refreshMs={refreshMs} prefetch={prefetch} />
        </KeysProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}

function Screens({ options, onExit, refreshMs, prefetch }: AppProps) {
  const { width, height } = useTerminalSize();
  const [route, setRoute] = useState<Route>(() => firstRoute(options));
  /** The deployments shown under a create screen (kept mounted so its page survives). */
  const [browsing, setBrowsing] = useState<string | null>(options.appUuid ?? null);
  const [help, setHelp] = useState<ScreenId | null>(null);
  const exited = useRef(false);
  const quit = useCallback(() => {
    if (exited.current) return;
    exited.current = true;
    onExit(0);
  }, [onExit]);

  // Ctrl+C quits from anywhere, text inputs included.
  useKeys((input, key) => { if (key.ctrl && input === 'c') quit(); });

  const recents = useMemo(() => (route.name === 'picker' ? loadRecents(options.configDir) : []), [route, options.configDir]);
  const openDeployments = useCallback((appUuid: string) => {
    setBrowsing(appUuid);
    setRoute({ name: 'deployments', appUuid });
  }, []);
  const onHelp = useCallback((from: ScreenId) => setHelp(from), []);
  // Leaving a form returns to the deployments it was opened from; `dms create …` started on
  // the form, so leaving it quits.
  const afterCreate = useCallback(() => {
    if (browsing) setRoute({ name: 'deployments', appUuid: browsing });
    else if (options.screen !== 'browse') quit();
    else setRoute({ name: 'picker' });
  }, [browsing, options.screen, quit]);

  const creating = route.name === 'create-app' || route.name === 'create-docstore';
  const CreateScreen = route.name === 'create-docstore' ? CreateDocstoreScreen : CreateAppScreen;
  const showBrowser = browsing !== null && (route.name === 'deployments' || creating);
  const frameHeight = Math.max(10, height);

  return (
    <Box flexDirection="column" width={width}>
      {help ? <Help from={help} width={width} height={frameHeight - 1} onClose={() => setHelp(null)} onQuit={quit} /> : null}
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
            prefetch={prefetch?.appUuid === browsing ? prefetch : undefined}
            onHelp={onHelp}
            onQuit={quit}
            onCreate={(kind) => setRoute({ name: kind })}
            onBack={(message) => { setBrowsing(null); setRoute(message ? { name: 'picker', message } : { name: 'picker' }); }}
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
            onHelp={() => setHelp('picker')}
            onQuit={quit}
          />
        </Box>
      ) : null}
      {route.name === 'create-app' || route.name === 'create-docstore' ? (
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
              isActive={!help}
              connection={options.connection}
            />
          </Suspense>
        </Box>
      ) : null}
    </Box>
  );
}

interface BoundaryProps { readonly children: React.ReactNode; readonly onCrash: (error: Error) => void }
interface BoundaryState { readonly error: Error | null }

/** A bug in a screen shows one line and quits (exit 1); main.tsx restores the terminal and prints it. */
export class ErrorBoundary extends React.Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  override componentDidCatch(error: Error) {
    crashed.error = error;
    this.props.onCrash(error);
  }
  override render() {
    if (this.state.error) return <Crash error={this.state.error} />;
    return this.props.children;
  }
}

/** The last error caught by a boundary, for main.tsx to print after the terminal is restored. */
export const crashed: { error: Error | null } = { error: null };

function Crash({ error }: { error: Error }) {
  const theme = useTheme();
  return <Text color={theme.ui.error}>{`dms hit a bug and stopped: ${error.message.split('\n')[0] ?? ''}`}</Text>;
}
