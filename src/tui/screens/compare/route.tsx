// Two deployments compared (`=` on the list), as a screen of the browse session: under the
// application's header; Esc goes back to the list (the mark stays).
import React from 'react';
import { UnderHeader, useBrowseSession } from '../../browse/session.js';
import type { CompareOpen } from '../../browse/marks.js';
import { CompareScreen } from './view.js';

export function CompareRoute({ open }: { readonly open: CompareOpen }) {
  const { props, store, now, compareReason } = useBrowseSession();
  return (
    <UnderHeader>
      {(rows) => (
        <CompareScreen
          client={props.client}
          appUuid={props.appUuid}
          open={open}
          width={props.width}
          height={rows}
          active={props.active}
          now={now}
          reasonOf={compareReason}
          onBack={() => store.dispatch({ type: 'closeCompare' })}
          onHelp={props.onHelp}
          onQuit={props.onQuit}
        />
      )}
    </UnderHeader>
  );
}
