// The failure clusters' keys: its scope (the clash check of keys.json reads it too) and its listener.
// Esc stops a reading under way (what was read stays), then goes back to the list; Enter goes back
// showing only the cluster's deployments.
import type { KeyListener, KeyResult } from '../../input/bus.js';
import type { KeyTable, ScopeId } from '../../keys.js';
import type { Store } from '../../state/store.js';
import type { ClustersAction, ClustersState } from './state.js';
import type { Cluster } from '../../../model/clusters.js';
import type { Summary } from '../../../model/history.js';

export const CLUSTERS_SCOPES = {
  clusters: ['clusters', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;

export interface ClustersKeyProps {
  readonly onBack: () => void;
  /** Enter: the list, showing this cluster's deployments. */
  readonly onShow: (cluster: Cluster<Summary>) => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

export function clustersKeys(store: Store<ClustersState, ClustersAction>, props: ClustersKeyProps, keys: KeyTable): KeyListener {
  return {
    key(e): KeyResult {
      let result: KeyResult = true;
      const used = keys.run(
        CLUSTERS_SCOPES.clusters,
        {
          help: () => {
            props.onHelp('clusters');
            result = 'later';
          },
          quit: () => props.onQuit(),
          clusterUp: () => store.dispatch({ type: 'move', delta: -1 }),
          clusterDown: () => store.dispatch({ type: 'move', delta: 1 }),
          clusterShow: () => {
            const s = store.get();
            const cluster = s.clusters[s.cursor];
            if (!cluster) return false;
            store.dispatch({ type: 'stop' });
            props.onShow(cluster);
            result = 'later';
          },
          clustersBack: () => {
            if (store.get().scanning) store.dispatch({ type: 'stop' });
            else {
              props.onBack();
              result = 'later';
            }
          },
        },
        e.input,
        e.key,
      );
      return used ? result : false;
    },
  };
}
