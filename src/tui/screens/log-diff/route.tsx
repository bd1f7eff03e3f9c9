// A failed deployment's log against its last green build, as a screen of the browse session: under
// the application's header, over the deployment's detail; Esc goes back to the detail.
import React from 'react';
import { UnderHeader, useBrowseSession } from '../../browse/session.js';
import type { LogDiffOpen } from '../../browse/state.js';
import { LogDiffScreen } from './view.js';

export function LogDiffRoute({ open }: { readonly open: LogDiffOpen }) {
  const { props, store, browse } = useBrowseSession();
  return (
    <UnderHeader>
      {(rows) => (
        <LogDiffScreen
          key={open.key}
          client={props.client}
          appUuid={props.appUuid}
          open={open}
          stale={browse.paging.asOf !== null}
          width={props.width}
          height={rows}
          active={props.active}
          onBack={() => store.dispatch({ type: 'closeLogDiff' })}
          onHelp={props.onHelp}
          onQuit={props.onQuit}
        />
      )}
    </UnderHeader>
  );
}
