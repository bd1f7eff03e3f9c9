// The board (Ctrl+T in the picker, `dms board` on a terminal): a row per recent application — its
// last deployment's mark and status, how long ago it started, its history strip (oldest left),
// its name and why its last deployment failed — kept up to date while anything runs. Enter opens
// the application, Esc goes back to the picker. Layout only: the words are lines.ts, the keys
// keys.ts, the reading use-board.ts, the notifications use-notify.ts.
import React, { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import type { BoardApp, Ended } from '../../../model/board.js';
import { BOARD_TAKE, stripText } from '../../../model/board.js';
import { PHASE_MARKS, type Phase } from '../../../model/deployment.js';
import { padCells, truncate, widthOf } from '../../../text/cells.js';
import { Footer } from '../../components/footer.js';
import { Header } from '../../components/header.js';
import { useClock } from '../../hooks/use-clock.js';
import { useMeasured } from '../../hooks/use-measured.js';
import { useKeys } from '../../input/bus.js';
import { useKeyTable } from '../../input/key-table.js';
import type { TuiConnection } from '../../options.js';
import { useSettings } from '../../settings.js';
import { createStore, useStore } from '../../state/store.js';
import { phaseColour, statusColour, useTheme } from '../../theme.js';
import { boardKeys } from './keys.js';
import { BOARD_TITLE, NO_APPS, ageCell, boardStatus, endedWords, lastCell } from './lines.js';
import { boardReducer, boardWindow, initialBoard } from './state.js';
import { useBoard, type BoardOptions } from './use-board.js';
import { useNotify } from '../../hooks/use-notify.js';

export interface BoardScreenProps extends Omit<BoardOptions, 'active' | 'onEnded' | 'runningMs'> {
  readonly connection: TuiConnection;
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
  /** Opens an application of the board (its context's, when it is another's). */
  readonly onOpen: (app: BoardApp) => void;
  readonly onBack: () => void;
  readonly onHelp: () => void;
  readonly onQuit: () => void;
}

/** Cells of the columns before the name: mark, status, age, strip. */
const STATUS_W = 17;
const AGE_W = 9;

export function BoardScreen(props: BoardScreenProps) {
  const { width, height, active } = props;
  const theme = useTheme();
  const keys = useKeyTable();
  const settings = useSettings();
  const notify = useNotify();
  const onEnded = useCallback(
    (ended: Ended) => {
      const { title, body } = endedWords(ended);
      notify(title, body);
    },
    [notify],
  );
  const board = useBoard({ ...props, active, runningMs: settings.boardMs ?? settings.followMs, onEnded });
  const [store] = useState(() => createStore(boardReducer, initialBoard));
  const { cursor } = useStore(store);
  // The keys read how many rows there are from the store, as they are when pressed.
  const count = board.entries.length;
  useLayoutEffect(() => store.dispatch({ type: 'rows', rows: count }), [store, count]);
  const open = (i: number) => {
    const entry = board.entries[i];
    if (entry) props.onOpen(entry.app);
  };
  useKeys('screen', boardKeys(store, { ...props, onOpen: open }, keys), active);
  const now = useClock(active, null, 5000);

  const listRef = useRef<DOMElement>(null);
  const room = useMeasured(
    () => {
      const measured = listRef.current ? measureElement(listRef.current).height : 0;
      return measured > 0 ? measured : undefined;
    },
    Math.max(1, height - 8),
  );
  const several = new Set(board.entries.map((e) => e.label)).size > 1;
  const labelW = several ? Math.min(16, Math.max(...board.entries.map((e) => widthOf(e.label)))) : 0;
  const start = boardWindow(cursor, board.entries.length, room);
  const shown = board.entries.slice(start, start + room);

  return (
    <Box flexDirection="column" height={height - 1}>
      <Header connection={props.connection} />
      <Text bold color={theme.ui.title}>
        {BOARD_TITLE}
      </Text>
      <Text wrap="truncate-end" color={theme.ui.muted}>
        {boardStatus([...board.rows.values()], board.entries.length, board.periodMs, board.opening)}
      </Text>
      {board.warnings.map((w) => (
        <Text key={w} wrap="truncate-end" color={theme.ui.warning}>{`  ${w}`}</Text>
      ))}
      <Box ref={listRef} flexDirection="column" flexGrow={1}>
        {board.entries.length === 0 && !board.opening ? <Text color={theme.ui.muted}>{NO_APPS}</Text> : null}
        {shown.map((e, i) => {
          const on = start + i === cursor;
          const row = board.rows.get(e.key);
          const last = lastCell(row);
          const colour = row?.problem ? theme.ui.warning : row?.last ? statusColour(theme, row.last.status) : theme.ui.muted;
          const name = row?.name || e.app.name || e.app.uuid;
          const lead = `${on ? '› ' : '  '}${several ? `${padCells(e.label, labelW)}  ` : ''}`;
          const fixed = widthOf(lead) + STATUS_W + 2 + AGE_W + 10;
          const rest = Math.max(0, width - fixed - 2);
          const nameCell = truncate(name, Math.min(30, rest));
          const why = row?.why ? truncate(row.why, Math.max(0, rest - widthOf(nameCell) - 2)) : '';
          return (
            <Text key={e.key} wrap="truncate-end" inverse={on} bold={on}>
              {lead}
              <Text color={colour}>{`${last.mark} ${padCells(last.text, STATUS_W - 2)}`}</Text>
              {`  ${padCells(ageCell(row, now), AGE_W)}`}
              <StripMarks strip={row?.strip ?? []} />
              {`  ${nameCell}`}
              {why ? <Text color={theme.ui.error}>{`  ${why}`}</Text> : null}
            </Text>
          );
        })}
      </Box>
      <Footer screen="board" width={width} />
    </Box>
  );
}

/** The strip, oldest on the left, each run of one phase in its colour, padded to BOARD_TAKE cells. */
function StripMarks({ strip }: { readonly strip: readonly Phase[] }) {
  const theme = useTheme();
  const runs: { phase: Phase; n: number }[] = [];
  for (const p of [...strip].reverse()) {
    const last = runs[runs.length - 1];
    if (last?.phase === p) last.n += 1;
    else runs.push({ phase: p, n: 1 });
  }
  return (
    <>
      {runs.map((r, i) => (
        <Text key={i} color={phaseColour(theme, r.phase)}>
          {PHASE_MARKS[r.phase].repeat(r.n)}
        </Text>
      ))}
      {' '.repeat(Math.max(0, BOARD_TAKE - stripText(strip).length))}
    </>
  );
}
