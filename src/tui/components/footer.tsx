// The keys of the current screen that fit the width, from the key map (the most important first:
// footerRank), or a brief note in their place (a key that does nothing here), wrapped when long.
import React from 'react';
import { Box, Text, useStdout } from 'ink';
import type { Command, CommandId, KeyTable, ScreenId } from '../keys.js';
import { useKeyTable } from '../input/key-table.js';
import { useTheme } from '../theme.js';
import { widthOf } from '../../text/cells.js';

export interface FooterProps {
  /** Screen whose footer keys to show. */
  readonly screen: ScreenId;
  /** Something to show at the right end (e.g. "auto-refresh on"). */
  readonly extra?: string;
  /** Cells the footer may take (the terminal's width by default). */
  readonly width?: number;
  /** Shown instead of the keys, e.g. `x: no action here — ? for help`. */
  readonly note?: string | null;
  /** Commands of the screen's footer left out here (one the screen cannot do as it was started). */
  readonly without?: readonly CommandId[];
}

const GAP = 2;

/** The item's keys and words: `n/N next/prev match` names the first key of each of a pair, in force. */
export function itemText(c: Command, keys: KeyTable): [string, string] {
  const label = c.footerWith ? `${keys.hint(c.id)}/${keys.hint(c.footerWith as CommandId)}` : (c.footerLabel ?? c.label);
  return [label, ` ${c.hint ?? c.description}`];
}

/** The footer's commands that fit `width` cells, in footer order: one that does not fit is left out, the rest still tried. */
export function footerFit(screen: ScreenId, width: number, extra: string, keys: KeyTable, without: readonly CommandId[] = []): Command[] {
  let used = extra ? widthOf(extra) + GAP : 0;
  const out: Command[] = [];
  for (const c of keys.footerOf(screen)) {
    if (without.includes(c.id)) continue;
    const [key, hint] = itemText(c, keys);
    const w = widthOf(key + hint) + (out.length > 0 ? GAP : 0);
    if (used + w > width) continue;
    used += w;
    out.push(c);
  }
  return out;
}

export function Footer({ screen, extra, width, note, without }: FooterProps) {
  const theme = useTheme();
  const keys = useKeyTable();
  const { stdout } = useStdout();
  const room = Math.max(10, (width ?? (stdout.columns > 0 ? stdout.columns : 80)) - 1);
  if (note) {
    // Wrapped, never cut: a note may hold what the user must read or copy (a link no browser could open).
    return (
      <Box>
        <Text wrap="wrap" color={theme.ui.warning}>
          {note}
        </Text>
      </Box>
    );
  }
  const items = footerFit(screen, room, extra ?? '', keys, without);
  return (
    <Box>
      <Text wrap="truncate-end">
        {items.map((c, i) => {
          const [key, hint] = itemText(c, keys);
          return (
            <React.Fragment key={c.id}>
              {i > 0 ? ' '.repeat(GAP) : ''}
              <Text color={theme.ui.key} bold>
                {key}
              </Text>
              <Text color={theme.ui.muted}>{hint}</Text>
            </React.Fragment>
          );
        })}
        {extra ? <Text color={theme.ui.muted}>{`${items.length > 0 ? ' '.repeat(GAP) : ''}${extra}`}</Text> : null}
      </Text>
    </Box>
  );
}
