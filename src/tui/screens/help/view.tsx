// Help, an overlay for the screen it was opened from (its text: lines.ts; its keys: keys.ts).
import React, { useMemo, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useMeasured } from '../../hooks/use-measured.js';
import { useKeys } from '../../input/bus.js';
import type { ScopeId } from '../../keys.js';
import { useKeyTable } from '../../input/key-table.js';
import { useTheme } from '../../theme.js';
import { ScrollView, clampOffset } from '../../components/scroll-view.js';
import { helpKeys, type HelpScroll } from './keys.js';
import { helpFooter, helpLines, helpTitle } from './lines.js';

export interface HelpProps {
  /** The scope help was opened from: its section comes first. */
  readonly from: ScopeId;
  readonly width: number;
  readonly height: number;
  readonly onClose: () => void;
  readonly onQuit: () => void;
}

export function Help({ from, width, height, onClose, onQuit }: HelpProps) {
  const theme = useTheme();
  const keys = useKeyTable();
  const lines = useMemo(() => helpLines(from, theme, width, keys), [from, theme, width, keys]);
  const [offset, setOffset] = useState(0);
  const bodyRef = useRef<DOMElement>(null);
  const body = useMeasured(
    () => {
      const measured = bodyRef.current ? measureElement(bodyRef.current).height : 0;
      return measured > 0 ? measured : undefined;
    },
    Math.max(3, height - 3),
  );
  const scroll = (to: HelpScroll) => {
    const by = (delta: number) => setOffset((o) => clampOffset(o + delta, lines.length, body));
    if (to === 'up') by(-1);
    else if (to === 'down') by(1);
    else if (to === 'pageUp') by(-body);
    else if (to === 'pageDown') by(body);
    else if (to === 'top') setOffset(0);
    else setOffset(clampOffset(lines.length, lines.length, body));
  };
  useKeys('overlay', helpKeys({ onClose, onQuit, scroll }, keys));
  const more = lines.length > body;
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color={theme.ui.title} wrap="truncate-end">
        {helpTitle(more, keys)}
      </Text>
      <Box ref={bodyRef} flexDirection="column" flexGrow={1}>
        <ScrollView lines={lines} offset={clampOffset(offset, lines.length, body)} height={body} />
      </Box>
      <Text color={theme.ui.muted} wrap="truncate-end">
        {helpFooter(keys)}
      </Text>
    </Box>
  );
}
