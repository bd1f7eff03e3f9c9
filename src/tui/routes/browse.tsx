// The screens of the application open, as a back stack over the list: Enter opens a deployment's
// detail over it, `l` its log (over the list or the detail), `S` the stats, `F` the failure clusters, `=` a comparison; Esc
// takes the top one off. The stack is the browse session's state (browse/state.ts: its mode and
// what is open), so keys read together each see the screen the ones before them opened; the top
// screen is drawn. The session's one key listener is registered here (browse-keys.ts).
import React from 'react';
import { useStdout } from 'ink';
import { useKeys } from '../input/bus.js';
import { useKeyTable } from '../input/key-table.js';
import { useSettings } from '../settings.js';
import { useBrowseSession } from '../browse/session.js';
import type { BrowseState } from '../browse/state.js';
import { ListScreen } from '../screens/deployments/view.js';
import { DetailRoute } from '../screens/detail/route.js';
import { LogRoute } from '../screens/log/route.js';
import { StatsRoute } from '../screens/stats/route.js';
import { CompareRoute } from '../screens/compare/route.js';
import { ClustersRoute } from '../screens/clusters/route.js';
import { browseKeys } from './browse-keys.js';

/** The screens of the session from the bottom (the list) to the top (the one drawn). */
export type BrowseRoute = 'list' | 'detail' | 'log' | 'stats' | 'clusters' | 'compare';

export function browseStack(browse: Pick<BrowseState, 'mode' | 'detail' | 'log'>): BrowseRoute[] {
  switch (browse.mode) {
    case 'detail':
      return ['list', 'detail'];
    case 'log':
      return browse.log?.from === 'detail' ? ['list', 'detail', 'log'] : ['list', 'log'];
    case 'stats':
      return ['list', 'stats'];
    case 'clusters':
      return ['list', 'clusters'];
    case 'compare':
      return ['list', 'compare'];
    default:
      return ['list'];
  }
}

export function BrowseRoutes() {
  const session = useBrowseSession();
  const { props, browse, store, page, later, reasonAt, detailText } = session;
  const keys = useKeyTable();
  const { env } = useSettings();
  const { stdout } = useStdout();
  useKeys(
    'screen',
    browseKeys(keys, props, { store, page, terminal: stdout, reasonAt, later, env, detailLines: detailText.get }),
    props.active,
  );
  const top = browseStack(browse).at(-1);
  if (top === 'stats') return <StatsRoute />;
  if (top === 'clusters') return <ClustersRoute />;
  if (top === 'log' && browse.log) return <LogRoute log={browse.log} />;
  if (top === 'compare' && browse.compare) return <CompareRoute open={browse.compare} />;
  if (top === 'detail' && browse.detail) return <DetailRoute detail={browse.detail} />;
  return <ListScreen />;
}
