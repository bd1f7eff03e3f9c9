// A window of pre-wrapped lines (each exactly one terminal line), scrolled by offset; what a
// search matched shown in inverse video, the match the view is on as the log shows it.
import React from 'react';
import { Box, Text } from 'ink';
import { matchRanges } from '../../model/log.js';
import { useTheme, type Theme } from '../theme.js';

export interface Line {
  readonly text: string;
  readonly colour?: string;
  readonly bold?: boolean;
  readonly dim?: boolean;
  /** Label part drawn before the text in its own colour. */
  readonly label?: string;
  readonly labelColour?: string;
}

/** A search to show: its query (smart case, as model/log.ts matchRanges) and the line of the match the view is on (-1: none). */
export interface ScrollMark {
  readonly query: string;
  readonly current: number;
}

export interface ScrollViewProps {
  readonly lines: readonly Line[];
  readonly offset: number;
  readonly height: number;
  readonly mark?: ScrollMark;
}

export function clampOffset(offset: number, lines: number, height: number): number {
  return Math.max(0, Math.min(offset, Math.max(0, lines - height)));
}

/** The text of a line as searched: its label and its text. */
export function lineText(l: Line): string {
  return `${l.label ?? ''}${l.text}`;
}

/** `text` (which starts at `from` in the line) cut where the ranges start and end: the parts inside them marked. */
function pieces(text: string, from: number, ranges: readonly [number, number][]): { text: string; marked: boolean }[] {
  const out: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    const s = Math.max(0, start - from);
    const e = Math.min(text.length, end - from);
    if (e <= s) continue;
    if (s > at) out.push({ text: text.slice(at, s), marked: false });
    out.push({ text: text.slice(s, e), marked: true });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false });
  return out;
}

function MarkedLine({ line, ranges, current, theme }: { line: Line; ranges: readonly [number, number][]; current: boolean; theme: Theme }) {
  const label = line.label ?? '';
  const part = (text: string, from: number, colour: string | undefined, key: string, plain: { bold?: boolean; dim?: boolean }) =>
    pieces(text, from, ranges).map((p, i) =>
      p.marked ? (
        <Text
          key={`${key}${i}`}
          color={current && theme.colour ? 'black' : colour}
          backgroundColor={current && theme.colour ? 'yellow' : undefined}
          bold={current || plain.bold}
          inverse={!(current && theme.colour)}
        >
          {p.text}
        </Text>
      ) : (
        <Text key={`${key}${i}`} color={colour} bold={plain.bold} dimColor={plain.dim}>
          {p.text}
        </Text>
      ),
    );
  return (
    <>
      {part(label, 0, line.labelColour, 'l', {})}
      {part(line.text, label.length, line.colour, 't', { bold: line.bold, dim: line.dim })}
    </>
  );
}

export function ScrollView({ lines, offset, height, mark }: ScrollViewProps) {
  const theme = useTheme();
  const start = clampOffset(offset, lines.length, height);
  const shown = lines.slice(start, start + height);
  return (
    <Box flexDirection="column" height={Math.min(height, Math.max(1, shown.length))}>
      {shown.map((l, i) => {
        const ranges = mark && mark.query !== '' ? matchRanges(lineText(l), mark.query) : [];
        return (
          <Text key={start + i} wrap="truncate-end">
            {ranges.length > 0 ? (
              <MarkedLine line={l} ranges={ranges} current={mark!.current === start + i} theme={theme} />
            ) : (
              <>
                {l.label !== undefined ? <Text color={l.labelColour}>{l.label}</Text> : null}
                <Text color={l.colour} bold={l.bold} dimColor={l.dim}>
                  {l.text === '' && l.label === undefined ? ' ' : l.text}
                </Text>
              </>
            )}
          </Text>
        );
      })}
    </Box>
  );
}
