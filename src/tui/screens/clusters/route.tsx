// The failure clusters of the application open, as a screen of the browse session (Esc goes back
// to the list; Enter goes back showing one cluster's deployments).
import React from 'react';
import { useBrowseSession } from '../../browse/session.js';
import { ClustersScreen } from './view.js';

export function ClustersRoute() {
  const { props, store, appName } = useBrowseSession();
  return (
    <ClustersScreen
      client={props.client}
      appUuid={props.appUuid}
      appName={appName}
      width={props.width}
      height={props.height - 1}
      active={props.active}
      onBack={() => store.dispatch({ type: 'closeClusters' })}
      onShow={(c) => store.dispatch({ type: 'showCluster', reason: c.reason, results: c.members })}
      onHelp={props.onHelp}
      onQuit={props.onQuit}
    />
  );
}
