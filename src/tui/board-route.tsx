// The board as the app's route, and what app.tsx hands it: its connections' input (the session in use, the config folder,
// --all-contexts), and what Enter on a row does: the application of the connection in use opens
// at once; another context's switches to that context first (as Ctrl+X would), then opens it.
import React from 'react';
import { Box } from 'ink';
import type { SourcesInput } from '../commands/board-sources.js';
import type { ScopeId } from './keys.js';
import { BoardScreen } from './screens/board/view.js';
import type { BoardApp } from '../model/board.js';
import { errorLine, openContext, type TuiSession } from './connections.js';
import { envOf, type TuiOptions } from './options.js';

/** The app's actions the board sends (a part of app.tsx's AppAction). */
export type BoardOpenAction =
  | { type: 'open'; appUuid: string; name?: string; fromBoard: true }
  | { type: 'session'; session: TuiSession; open: { appUuid: string; name?: string } }
  | { type: 'picker'; message?: string };

function boardInput(
  options: TuiOptions,
  session: Pick<TuiSession, 'client' | 'connection'> & { readonly demoApps?: SourcesInput['demoApps'] },
): Omit<SourcesInput, 'onWarning'> {
  const { searchWorker: _, ...clientOptions } = options.clientOptions ?? {};
  return {
    dir: options.configDir,
    env: envOf(options),
    client: session.client,
    connection: session.connection,
    demoApps: session.demoApps,
    allContexts: options.allContexts === true,
    clientOptions,
  };
}

function openFromBoard(app: BoardApp, options: TuiOptions, dispatch: (action: BoardOpenAction) => void): void {
  const open = { appUuid: app.uuid, ...(app.name ? { name: app.name } : {}) };
  if (app.context === null) {
    dispatch({ type: 'open', ...open, fromBoard: true });
    return;
  }
  openContext(options.configDir, app.context, envOf(options), options.clientOptions).then(
    (session) => dispatch({ type: 'session', session, open }),
    (error: unknown) => dispatch({ type: 'picker', message: errorLine(error) }),
  );
}

export interface BoardRouteProps {
  readonly options: TuiOptions;
  readonly session: Pick<TuiSession, 'client' | 'connection'> & { readonly id: number; readonly demoApps?: SourcesInput['demoApps'] };
  readonly dispatch: (action: BoardOpenAction) => void;
  readonly width: number;
  readonly height: number;
  /** Help is open over the board. */
  readonly help: ScopeId | null;
  readonly quit: () => void;
  readonly onHelp: (from: ScopeId) => void;
}

/** The board as a route of the app (hidden, not gone, while help is open over it). */
export function BoardRoute({ options, session, dispatch, width, height, help, quit, onHelp }: BoardRouteProps) {
  return (
    <Box display={help ? 'none' : 'flex'} flexDirection="column">
      <BoardScreen
        key={session.id}
        {...boardInput(options, session)}
        connection={session.connection}
        width={width}
        height={height}
        active={!help}
        onOpen={(app) => openFromBoard(app, options, dispatch)}
        onBack={() => dispatch({ type: 'picker' })}
        onHelp={() => onHelp('board')}
        onQuit={quit}
      />
    </Box>
  );
}
