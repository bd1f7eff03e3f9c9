// The stats view, opened over the deployments list (S): a title, how far the reading got, the
// figures and pictures of the history (scrolling), the footer. Layout only: the words are
// lines.ts, the keys keys.ts, the reading use-stats.ts, the state state.ts.
import React, { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import type { DmsClient } from '../../../api/client.js';
import { useKeys } from '../../input/bus.js';
import { useKeyTable } from '../../input/key-table.js';
import type { ScopeId } from '../../keys.js';
import { useTheme } from '../../theme.js';
import { Footer } from '../../components/footer.js';
import { useMeasured } from '../../hooks/use-measured.js';
import { createStore, useStore } from '../../state/store.js';
import { statsKeys } from './keys.js';
import { bodyLines, progressText, titleText } from './lines.js';
import { initialStats, statsReducer } from './state.js';
import { useStats } from './use-stats.js';

export interface StatsScreenProps {
  readonly client: DmsClient;
  readonly appUuid: string;
  /** The application's name, when the list knows it. */
  readonly appName?: string;
  readonly width: number;
  /** Lines the view may use. */
  readonly height: number;
  readonly active: boolean;
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

/** Lines around the body: title, progress, footer. */
const CHROME = 3;

export function StatsScreen(props: StatsScreenProps) {
  const { client, appUuid, width, height, active } = props;
  const theme = useTheme();
  const keys = useKeyTable();
  const [store] = useState(() => createStore(statsReducer, initialStats(Math.max(1, height - CHROME))));
  const s = useStore(store);
  useStats({ client, appUuid, store });
  const lines = useMemo(() => bodyLines(s, width - 1, height), [s.stats, s.scanning, width, height]); // eslint-disable-line react-hooks/exhaustive-deps -- the body reads only these of the state
  useKeys('screen', statsKeys(store, props, keys), active);

  const bodyRef = useRef<DOMElement>(null);
  const rows = useMeasured(
    () => {
      const measured = bodyRef.current ? measureElement(bodyRef.current).height : 0;
      return measured > 0 ? measured : undefined;
    },
    Math.max(1, height - CHROME),
  );
  useLayoutEffect(() => {
    store.dispatch({ type: 'page', rows, lines: lines.length });
  }, [store, rows, lines.length]);

  const colour = { title: theme.ui.title, muted: theme.ui.muted, plain: undefined };
  return (
    <Box flexDirection="column" height={height}>
      <Text bold wrap="truncate-end" color={theme.ui.title}>
        {titleText(s, props.appName)}
      </Text>
      <Text wrap="truncate-end" color={s.failed ? theme.ui.error : theme.ui.muted}>
        {progressText(s, keys)}
      </Text>
      <Box ref={bodyRef} flexDirection="column" flexGrow={1} flexBasis={0} overflow="hidden">
        {lines.slice(s.top, s.top + rows).map((l, i) => (
          <Text key={s.top + i} wrap="truncate-end" bold={l.tone === 'title'} color={colour[l.tone]}>
            {l.text || ' '}
          </Text>
        ))}
      </Box>
      <Footer screen="stats" width={width} />
    </Box>
  );
}
