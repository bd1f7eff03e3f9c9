// The context switcher's list (Ctrl+X in the picker, `:ctx` on the deployments screen): an
// ink-table, through its public props, of the contexts in view: name, server, and what each is
// (in use, current in config.json), under a heading. Its skeleton draws nothing: ink-table puts a
// rule between every two rows, which no prop turns off, and a frame would double the list's
// height. The cursor is a bar drawn over the table (inverse video, which reads without colour
// too), so the table itself is memoised on the page and a cursor move redraws one line.
// ink-table counts widths in UTF-16 units, not terminal cells: the values here are ASCII (context
// names are; hosts come from URL, punycoded), so its columns and the bar line up.
import React, { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import { Table, type CellProps } from '@alcalzone/ink-table';
import { clean } from '../../../text/sanitize.js';
import { truncate } from '../../../text/cells.js';
import { useTheme } from '../../theme.js';

/** A context as the switcher lists it (the picker's ContextEntry: never its token). */
export interface ContextRow {
  /** The context's name; null for the connection dms was started with. */
  readonly name: string | null;
  /** What the list shows: the context's name, or `DEMO` / `env` / `flags`. */
  readonly label: string;
  /** Where it connects (the server's host), or what it is. */
  readonly detail: string;
  readonly inUse: boolean;
  readonly current: boolean;
}

export interface ContextTableProps {
  readonly contexts: readonly ContextRow[];
  /** The context under the cursor. */
  readonly cursor: number;
  /** Lines the table may take, its heading included. */
  readonly room: number;
  readonly width: number;
}

const COLUMNS = ['context', 'server', ''] as const;
type Row = Record<(typeof COLUMNS)[number], string>;
/** ink-table's padding: one space each side of a value. */
const PADDING = 1;
/** What is kept of the server when the width is short: 16 characters before the notes are cut, 8 after. */
const CUTS = [
  ['server', 16],
  ['', 0],
  ['server', 8],
] as const;

/** The rows in view and their column widths as ink-table computes them, cut to fit `width` (after a one-cell gutter). */
export function contextLayout(contexts: readonly ContextRow[], width: number): { rows: Row[]; widths: number[] } {
  const rows: Row[] = contexts.map((c) => {
    const marks = [c.inUse ? 'in use' : '', c.current ? 'current in config.json' : ''].filter(Boolean).join(' · ');
    return { context: clean(c.label), server: clean(c.detail), '': marks ? `(${marks})` : '' };
  });
  const widthsOf = () => COLUMNS.map((k) => Math.max(k.length, ...rows.map((r) => r[k].length)) + 2 * PADDING);
  let widths = widthsOf();
  // Too wide: the server is cut, then the notes, then the server again (the name is what one picks by).
  for (const [key, keep] of CUTS) {
    const over = 1 + widths.reduce((a, b) => a + b, 0) - width;
    if (over <= 0) break;
    const i = COLUMNS.indexOf(key);
    const room = Math.max(keep, widths[i]! - 2 * PADDING - over);
    for (const r of rows) r[key] = truncate(r[key], room, room);
    widths = widthsOf();
  }
  return { rows, widths };
}

export function ContextTable({ contexts, cursor, room, width }: ContextTableProps) {
  const theme = useTheme();
  const shown = Math.max(1, room - 1);
  const start = Math.max(0, Math.min(cursor, contexts.length - shown));
  const { rows, widths } = useMemo(() => contextLayout(contexts.slice(start, start + shown), width), [contexts, start, shown, width]);
  const on = rows[cursor - start];
  return (
    <Box flexDirection="column">
      <Box paddingLeft={1}>
        <Page rows={rows} />
      </Box>
      {on ? (
        // The row under the cursor, cell for cell as ink-table lays it out (left-aligned, padded), over it.
        <Box position="absolute" marginTop={1 + cursor - start}>
          <Text color={theme.ui.focus} bold inverse wrap="truncate-end">
            {`›${COLUMNS.map((k, i) => ` ${on[k].padEnd(widths[i]! - 2 * PADDING)} `).join('')}`}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** The table of the page in view: re-rendered only when its rows change (ink-table hashes each one). */
const Page = memo(function Page({ rows }: { rows: Row[] }) {
  return <Table data={rows} columns={[...COLUMNS]} padding={PADDING} header={Heading} cell={Cell} skeleton={Nothing} />;
});

/** Column names in the theme's title colour (none without colour). */
function Heading({ children }: { children?: React.ReactNode }) {
  const theme = useTheme();
  return (
    <Text bold color={theme.ui.title}>
      {children}
    </Text>
  );
}

/** The name as it is; the server and the notes muted. */
function Cell({ children, column }: CellProps) {
  const theme = useTheme();
  return <Text color={column === 0 ? undefined : theme.ui.muted}>{children}</Text>;
}

/** No frame, no rules: ink-table's rows without its skeleton. */
function Nothing() {
  return null as unknown as React.JSX.Element;
}
