// The few keys that matter on the current screen, from the key map.
import React from 'react';
import { Box, Text } from 'ink';
import { footerOf, type ScreenId } from '../keys.js';
import { useTheme } from '../theme.js';

export interface FooterProps {
  /** Screen whose footer keys to show. */
  readonly screen: ScreenId;
  /** Something to show at the right end (e.g. "auto-refresh on"). */
  readonly extra?: string;
}

export function Footer({ screen, extra }: FooterProps) {
  const theme = useTheme();
  const items = footerOf(screen);
  return (
    <Box>
      <Text wrap="truncate-end">
        {items.map((c, i) => (
          <React.Fragment key={c.id}>
            {i > 0 ? '  ' : ''}
            <Text color={theme.ui.key} bold>{c.label}</Text>
            <Text color={theme.ui.muted}> {c.hint ?? c.description}</Text>
          </React.Fragment>
        ))}
        {extra ? <Text color={theme.ui.muted}>{`  ${extra}`}</Text> : null}
      </Text>
    </Box>
  );
}
