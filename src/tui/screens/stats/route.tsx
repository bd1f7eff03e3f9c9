// The stats of the application open, as a screen of the browse session (Esc goes back to the list).
import React from 'react';
import { useBrowseSession } from '../../browse/session.js';
import { StatsScreen } from './view.js';

export function StatsRoute() {
  const { props, store, appName } = useBrowseSession();
  return (
    <StatsScreen
      client={props.client}
      appUuid={props.appUuid}
      appName={appName}
      width={props.width}
      height={props.height - 1}
      active={props.active}
      onBack={() => store.dispatch({ type: 'closeStats' })}
      onHelp={props.onHelp}
      onQuit={props.onQuit}
    />
  );
}
