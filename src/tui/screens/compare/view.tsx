// Two deployments compared (`=` on the list): the newer and the older in columns, what lies between
// them, why each failed, the settings that differ. The room: state.ts (what `=` asks, the screen's
// reducer), use-compare.ts (reading the history between them), lines.ts (the words), keys.ts.
// This file draws it; scrollable; Esc back to the list.
import React, { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import type { DmsClient } from '../../../api/client.js';
import { compareDeployments } from '../../../model/compare.js';
import type { DeploymentView } from '../../../model/deployment.js';
import { useMeasured } from '../../hooks/use-measured.js';
import { useKeys } from '../../input/bus.js';
import { useKeyTable } from '../../input/key-table.js';
import type { ScopeId } from '../../keys.js';
import { useTheme } from '../../theme.js';
import { Footer } from '../../components/footer.js';
import { ScrollView, clampOffset } from '../../components/scroll-view.js';
import { createStore, useStore } from '../../state/store.js';
import { compareKeys } from './keys.js';
import { choiceNote } from '../../../model/compare-choice.js';
import { compareLines, readingText, titleText } from './lines.js';
import { compareReducer, initialCompare } from './state.js';
import type { CompareOpen } from '../../browse/marks.js';
import { useCompare } from './use-compare.js';

export interface CompareScreenProps {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly open: CompareOpen;
  readonly width: number;
  /** Lines this screen may use (below the app's header), until it has measured itself. */
  readonly height: number;
  readonly active: boolean;
  /** The clock durations and ages are shown at. */
  readonly now: number;
  /** Why a failed or cancelled deployment ended, one line, read from its record (none when not given). */
  readonly reasonOf?: (view: DeploymentView) => string | undefined;
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

/** Lines around the body: title, footer. */
const CHROME = 2;

export function CompareScreen(props: CompareScreenProps) {
  const { client, appUuid, open, width, height, active, now, reasonOf } = props;
  const theme = useTheme();
  const keys = useKeyTable();
  const [store] = useState(() => createStore(compareReducer, initialCompare()));
  const s = useStore(store);
  useKeys('screen', compareKeys(store, props, keys), active);
  useCompare({ client, appUuid, open, store });

  const pair = s.pair;
  const comparison = useMemo(
    () =>
      pair
        ? compareDeployments({
            a: { view: pair.newer.view, index: pair.newer.index, reason: reasonOf?.(pair.newer.view) },
            b: { view: pair.older.view, index: pair.older.index, reason: reasonOf?.(pair.older.view) },
            between: pair.between,
            now,
          })
        : null,
    [pair, reasonOf, now],
  );
  // With no mark, how the older one was chosen (the last good one of the newer one's branch, or the best there was).
  const choice = useMemo(
    () =>
      pair ? { likeness: open.b === null ? (pair.likeness ?? 'sameLine') : null, newer: pair.newer.view, older: pair.older.view } : null,
    [pair, open.b],
  );
  const lines = useMemo(
    () => (comparison && choice ? compareLines(comparison, { width, theme, now, note: choiceNote(comparison, choice) }) : []),
    [comparison, choice, width, theme, now],
  );

  const bodyRef = useRef<DOMElement>(null);
  const body = useMeasured(
    () => {
      const measured = bodyRef.current ? measureElement(bodyRef.current).height : 0;
      return measured > 0 ? measured : undefined;
    },
    Math.max(1, height - CHROME),
  );
  useLayoutEffect(() => {
    store.dispatch({ type: 'size', max: Math.max(0, lines.length - body), page: body });
  }, [store, lines.length, body]);
  const start = clampOffset(s.offset, lines.length, body);

  let content: React.ReactNode;
  if (s.problem)
    content = (
      <Text wrap="wrap" color={theme.ui.warning}>
        {s.problem}
      </Text>
    );
  else if (!comparison)
    content = (
      <Text wrap="wrap" color={theme.ui.muted}>
        {readingText(s.reading ?? 0, s.pause, keys)}
      </Text>
    );
  else content = <ScrollView lines={lines} offset={start} height={body} />;

  const range = lines.length > body ? `  lines ${start + 1}–${Math.min(lines.length, start + body)} of ${lines.length}` : '';
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate-end">
        <Text bold color={theme.ui.title}>
          {comparison && choice ? titleText(comparison, choice) : 'Comparing two deployments'}
        </Text>
        <Text color={theme.ui.muted}>{range}</Text>
      </Text>
      <Box ref={bodyRef} flexDirection="column" flexGrow={1} flexBasis={0}>
        {content}
      </Box>
      <Footer screen="compare" width={width} />
    </Box>
  );
}
