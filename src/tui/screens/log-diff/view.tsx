// A failed deployment's log against its last green build (D on its detail): the steps in a column
// on the left (a mark on those that differ or failed), the rows of the step shown on the right, the
// two logs interleaved (- the green build's lines, + the failed one's). The room: state.ts (the
// reducer), use-log-diff.ts (finding the green build, comparing), lines.ts (the words), keys.ts.
// This file draws it; Esc back to the detail.
import React, { useLayoutEffect, useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import type { DmsClient } from '../../../api/client.js';
import { viewOf } from '../../../model/deployment.js';
import { useKeys } from '../../input/bus.js';
import { useKeyTable } from '../../input/key-table.js';
import type { ScopeId } from '../../keys.js';
import { useTheme } from '../../theme.js';
import { Footer } from '../../components/footer.js';
import { ScrollView } from '../../components/scroll-view.js';
import { createStore, useStore } from '../../state/store.js';
import type { LogDiffOpen } from '../../browse/state.js';
import { logDiffKeys } from './keys.js';
import { EMPTY_STEP, STEP_LIST, readingText, rowLine, stepHeading, stepListLines, titleText } from './lines.js';
import { initialLogDiff, logDiffReducer } from './state.js';
import { useLogDiff } from './use-log-diff.js';

export interface LogDiffScreenProps {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly open: LogDiffOpen;
  /** The page is as seen before (the cache, the server not answering): its rows keep no logs. */
  readonly stale?: boolean;
  readonly width: number;
  /** Lines this screen may use (below the app's header). */
  readonly height: number;
  readonly active: boolean;
  readonly onBack: () => void;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
}

/** Lines around the body: title, the step's heading, footer. */
const CHROME = 3;

export function LogDiffScreen(props: LogDiffScreenProps) {
  const { client, appUuid, open, stale = false, width, height, active } = props;
  const theme = useTheme();
  const keys = useKeyTable();
  const [store] = useState(() => createStore(logDiffReducer, initialLogDiff()));
  const s = useStore(store);
  useKeys('screen', logDiffKeys(store, props, keys), active);
  useLogDiff({ client, appUuid, open, stale, store });
  const newer = useMemo(() => viewOf(open.record), [open.record]);

  const body = Math.max(1, height - CHROME);
  useLayoutEffect(() => {
    store.dispatch({ type: 'page', rows: body });
  }, [store, body]);

  const found = s.found;
  const step = found?.diff.steps[s.step];
  const rowsWidth = Math.max(10, width - STEP_LIST - 1);
  const rows = useMemo(
    () => (step ? step.rows.slice(s.offset, s.offset + body).map((r, i) => rowLine(r, rowsWidth, theme, s.offset + i === s.change)) : []),
    [step, s.offset, s.change, body, rowsWidth, theme],
  );
  const stepLines = useMemo(() => (found ? stepListLines(found.diff.steps, s.step, theme) : []), [found, s.step, theme]);
  const stepTop = Math.max(0, Math.min(s.step - Math.floor(body / 2), stepLines.length - body));

  let content: React.ReactNode;
  if (s.problem)
    content = (
      <Text wrap="wrap" color={theme.ui.warning}>
        {s.problem}
      </Text>
    );
  else if (!found || !step)
    content = (
      <Text wrap="wrap" color={theme.ui.muted}>
        {readingText(s.reading ?? 0, s.pause, keys)}
      </Text>
    );
  else
    content = (
      <Box flexDirection="row">
        <Box width={STEP_LIST} flexShrink={0} flexDirection="column">
          <ScrollView lines={stepLines} offset={stepTop} height={body} />
        </Box>
        <Box flexDirection="column" flexGrow={1}>
          {rows.length > 0 ? <ScrollView lines={rows} offset={0} height={body} /> : <Text color={theme.ui.muted}>{EMPTY_STEP}</Text>}
        </Box>
      </Box>
    );

  const range =
    step && step.rows.length > body ? `lines ${s.offset + 1}–${Math.min(step.rows.length, s.offset + body)} of ${step.rows.length}` : '';
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate-end" bold color={theme.ui.title}>
        {titleText(found, newer)}
      </Text>
      <Text wrap="truncate-end" color={step?.failed ? theme.ui.error : theme.ui.muted}>
        {found && step ? stepHeading(step, found, s.step, range) : ''}
      </Text>
      <Box flexDirection="column" height={body}>
        {content}
      </Box>
      <Footer screen="logDiff" width={width} />
    </Box>
  );
}
