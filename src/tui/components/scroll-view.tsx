// A window of pre-wrapped lines (each exactly one terminal line), scrolled by offset.
import React from 'react';
import { Box, Text } from 'ink';

export interface Line {
  readonly text: string;
  readonly colour?: string;
  readonly bold?: boolean;
  readonly dim?: boolean;
  /** Label part drawn before the text in its own colour. */
  readonly label?: string;
  readonly labelColour?: string;
}

export interface ScrollViewProps {
  readonly lines: readonly Line[];
  readonly offset: number;
  readonly height: number;
}

export function clampOffset(offset: number, lines: number, height: number): number {
  return Math.max(0, Math.min(offset, Math.max(0, lines - height)));
}

export function ScrollView({ lines, offset, height }: ScrollViewProps) {
  const start = clampOffset(offset, lines.length, height);
  const shown = lines.slice(start, start + height);
  return (
    <Box flexDirection="column" height={Math.min(height, Math.max(1, shown.length))}>
      {shown.map((l, i) => (
        <Text key={start + i} wrap="truncate-end">
          {l.label !== undefined ? <Text color={l.labelColour}>{l.label}</Text> : null}
          <Text color={l.colour} bold={l.bold} dimColor={l.dim}>{l.text === '' && l.label === undefined ? ' ' : l.text}</Text>
        </Text>
      ))}
    </Box>
  );
}
