// A deployment's log, as a screen of the browse session: under the application's header; Esc goes
// back to where it was opened from (the list or the detail), and the page catches up at once.
import React, { useEffect, useState } from 'react';
import { hasLogField, readLog } from '../../../model/log.js';
import { UnderHeader, useBrowseSession } from '../../browse/session.js';
import type { LogOpen } from '../../browse/state.js';
import { toggleTime } from '../../browse/time-mode.js';
import { viewOf } from '../../../model/deployment.js';
import { LogScreen } from './view.js';

/** What the log screen says of a row with no log on a page seen before whose log was not kept. */
export const NOT_KEPT = 'This page is as seen before and keeps no logs: a log opened while the server answers is kept for reading offline.';

export function LogRoute({ log }: { readonly log: LogOpen }) {
  const { props, browse, store, page, later } = useBrowseSession();
  const { seen } = props;
  const stale = browse.paging.asOf !== null;
  const uuid = viewOf(log.record).uuid || undefined;
  // A row of a page seen before has no log: the one kept when it was opened, if any.
  const [record] = useState(() => {
    if (!stale || !seen || !uuid || hasLogField(log.record)) return log.record;
    const logs = seen.readLog(uuid);
    return logs === undefined ? log.record : { ...log.record, logs };
  });
  // A log opened with the server answering is kept (its end, masked), after the frame.
  useEffect(() => {
    if (!seen || !uuid || stale || !hasLogField(log.record)) return;
    later(() => {
      const read = readLog(log.record);
      if (read.kind === 'entries' && read.entries.length > 0) seen.writeLog(uuid, read.entries);
    });
  }, [seen, uuid, stale, log.record, later]);
  return (
    <UnderHeader>
      {(rows) => (
        <LogScreen
          key={log.key}
          client={props.client}
          appUuid={props.appUuid}
          start={{ view: viewOf(record), index: log.index, total: log.total }}
          absent={stale ? NOT_KEPT : undefined}
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
