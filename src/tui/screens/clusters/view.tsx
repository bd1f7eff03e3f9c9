// The failure clusters, opened over the deployments list (F): a title, how far the reading got,
// one line a cluster (the cursor's highlighted), the footer. Layout only: the words are lines.ts,
// the keys keys.ts, the reading use-clusters.ts, the state state.ts.
import React, { useLayoutEffect, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import type { DmsClient } from '../../../api/client.js';
import type { Cluster } from '../../../model/clusters.js';
import type { Summary } from '../../../model/history.js';
import { thousands } from '../../../text/thousands.js';
import { useKeys } from '../../input/bus.js';
import { useKeyTable } from '../../input/key-table.js';
import type { ScopeId } from '../../keys.js';
import { useTheme } from '../../theme.js';
import { Footer } from '../../components/footer.js';
import { useMeasured } from '../../hooks/use-measured.js';
import { useClock } from '../../hooks/use-clock.js';
import { createStore, useStore } from '../../state/store.js';
import { clustersKeys } from './keys.js';
import { clusterText, emptyText, progressText, titleText } from './lines.js';
import { clustersReducer, initialClusters } from './state.js';
import { useClusters } from './use-clusters.js';

export interface ClustersScreenProps {
  readonly client: DmsClient;
  readonly appUuid: string;
  /** The application's name, when the list knows it. */
  readonly appName?: string;
  readonly width: number;
  /** Lines the view may use. */
  readonly height: number;
  readonly active: boolean;
  readonly onBack: () => void;
  readonly onShow: (cluster: Cluster<Summary>) => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

/** Lines around the body: title, progress, footer. */
const CHROME = 3;

export function ClustersScreen(props: ClustersScreenProps) {
  const { client, appUuid, width, height, active } = props;
  const theme = useTheme();
  const keys = useKeyTable();
  const [store] = useState(() => createStore(clustersReducer, initialClusters(Math.max(1, height - CHROME))));
  const s = useStore(store);
  useClusters({ client, appUuid, store });
  useKeys('screen', clustersKeys(store, props, keys), active);

  const bodyRef = useRef<DOMElement>(null);
  const rows = useMeasured(
    () => {
      const measured = bodyRef.current ? measureElement(bodyRef.current).height : 0;
      return measured > 0 ? measured : undefined;
    },
    Math.max(1, height - CHROME),
  );
  useLayoutEffect(() => {
    store.dispatch({ type: 'page', rows });
  }, [store, rows]);

  // Ages as of opening: a cluster's `last 1d` does not tick while it is read.
  const now = useClock(false, null);
  const countWidth = thousands(s.clusters.reduce((n, c) => Math.max(n, c.count), 0)).length;
  return (
    <Box flexDirection="column" height={height}>
      <Text bold wrap="truncate-end" color={theme.ui.title}>
        {titleText(s, props.appName)}
      </Text>
      <Text wrap="truncate-end" color={s.error ? theme.ui.error : theme.ui.muted}>
        {progressText(s, keys)}
      </Text>
      <Box ref={bodyRef} flexDirection="column" flexGrow={1} flexBasis={0} overflow="hidden">
        {s.clusters.length === 0 ? (
          <Text color={theme.ui.muted}>{emptyText(s)}</Text>
        ) : (
          s.clusters.slice(s.top, s.top + rows).map((c, i) => {
            const at = s.top + i === s.cursor;
            return (
              <Text key={`${c.kind}:${c.reason}`} wrap="truncate-end" inverse={at} color={c.kind === 'reason' ? undefined : theme.ui.muted}>
                {`${at ? '›' : ' '} ${clusterText(c, now, countWidth)}`}
              </Text>
            );
          })
        )}
      </Box>
      <Footer screen="clusters" width={width} />
    </Box>
  );
}
