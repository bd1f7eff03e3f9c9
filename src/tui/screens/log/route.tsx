// A deployment's log, as a screen of the browse session: under the application's header; Esc goes
// back to where it was opened from (the list or the detail), and the page catches up at once.
import React from 'react';
import { UnderHeader, useBrowseSession } from '../../browse/session.js';
import type { LogOpen } from '../../browse/state.js';
import { toggleTime } from '../../browse/time-mode.js';
import { viewOf } from '../../../model/deployment.js';
import { LogScreen } from './view.js';

export function LogRoute({ log }: { readonly log: LogOpen }) {
  const { props, browse, store, page, later } = useBrowseSession();
  return (
    <UnderHeader>
      {(rows) => (
        <LogScreen
          key={log.key}
          client={props.client}
          appUuid={props.appUuid}
          start={{ view: viewOf(log.record), index: log.index, total: log.total }}
          startAt={log.at}
          width={props.width}
          height={rows}
          active={props.active}
          // The page was not polled while the log was open: it catches up at once.
          onBack={() => {
            store.dispatch({ type: 'closeLog' });
            page({ type: 'refresh', auto: true });
          }}
          onHelp={props.onHelp}
          onQuit={props.onQuit}
          time={browse.time}
          onTimeMode={() => toggleTime(store, props.configDir, later)}
        />
      )}
    </UnderHeader>
  );
}
