// The board's data: its connections (the one in use; with --all-contexts every saved context,
// opened once), and a row per application read by the page scheduler (page-scheduler.ts: at most
// BOARD_LIMIT requests in flight, a pause after a 429). It reads every application again each
// period while the board shows: every few seconds while any deployment runs, ten times slower
// when none does. A deployment that ran on the board and has ended is handed to `onEnded`.
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { RateLimitedError } from '../../../api/errors.js';
import { firstSource, otherSources, type BoardSource, type SourcesInput } from '../../../commands/board-sources.js';
import {
  BOARD_LIMIT,
  BOARD_TAKE,
  boardKey,
  boardProblem,
  boardProblemRow,
  boardRowOf,
  endedBetween,
  type BoardApp,
  type BoardRow,
  type Ended,
} from '../../../model/board.js';
import { createPageScheduler } from '../../page-scheduler.js';

/** The period while a deployment runs on the board (ms); ten times it when none does. */
export const BOARD_RUNNING_MS = 3000;
const IDLE_FACTOR = 10;
/**
 * The rate budget: a period is never shorter than this per application, so the board sends at most
 * 150 requests a minute however many applications it shows (a service's limit is per minute: the
 * demo's is 200).
 */
export const BUDGET_GAP_MS = 400;

export interface BoardEntry {
  readonly key: string;
  readonly app: BoardApp;
  /** The connection's label (the context's name, `DEMO`, `env`). */
  readonly label: string;
  readonly client: DmsClient;
}

export interface BoardData {
  readonly entries: readonly BoardEntry[];
  readonly rows: ReadonlyMap<string, BoardRow>;
  /** The period in force (ms). */
  readonly periodMs: number;
  /** The other contexts are being opened. */
  readonly opening: boolean;
  /** Contexts left out, one line each. */
  readonly warnings: readonly string[];
}

export interface BoardOptions extends Omit<SourcesInput, 'onWarning'> {
  readonly active: boolean;
  readonly runningMs?: number;
  /** A deployment that was running on the board has ended. */
  readonly onEnded?: (ended: Ended) => void;
}

/** A value the scheduler's callbacks read when an answer comes (set after each render). */
function holder<T>(value: T) {
  let held = value;
  return {
    get: () => held,
    set(next: T) {
      held = next;
    },
  };
}

function entriesOf(sources: readonly BoardSource[]): BoardEntry[] {
  return sources.flatMap((s) => s.apps.map((app) => ({ key: boardKey(app), app, label: s.label, client: s.client })));
}

export function useBoard(options: BoardOptions): BoardData {
  const { active, runningMs = BOARD_RUNNING_MS } = options;
  const [first] = useState(() => firstSource(options));
  const [others, setOthers] = useState<readonly BoardSource[]>([]);
  const [opening, setOpening] = useState(options.allContexts);
  const [warnings, setWarnings] = useState<readonly string[]>([]);
  // What the scheduler's callbacks read when an answer comes: the options and entries in force.
  const [latest] = useState(() => holder({ options, byKey: new Map<string, BoardEntry>() }));
  useLayoutEffect(() => latest.set({ ...latest.get(), options }));

  // The other contexts, opened once (a token command may take a while).
  useEffect(() => {
    if (!latest.get().options.allContexts) return undefined;
    let gone = false;
    const said: string[] = [];
    void otherSources({ ...latest.get().options, onWarning: (l) => said.push(l) })
      .catch((error: unknown) => {
        said.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
        return [];
      })
      .then((found) => {
        if (gone) return;
        setOthers(found);
        setWarnings(said);
        setOpening(false);
      });
    return () => {
      gone = true;
    };
  }, [latest]);

  const entries = useMemo(() => entriesOf([first, ...others]), [first, others]);
  useLayoutEffect(() => {
    latest.set({ ...latest.get(), byKey: new Map(entries.map((e) => [e.key, e])) });
  }, [latest, entries]);

  const [scheduler] = useState(() =>
    createPageScheduler<BoardRow>({
      fetch: (key, signal) => {
        const e = latest.get().byKey.get(key);
        if (!e) return Promise.reject(new Error('not on the board'));
        return e.client.listDeployments(e.app.uuid, { skip: 0, take: BOARD_TAKE }, { signal });
      },
      read: (page, key, before) => {
        const e = latest.get().byKey.get(key)!;
        const row = boardRowOf(e.app, page, { redact: e.client.redact });
        for (const ended of endedBetween(before, row)) latest.get().options.onEnded?.(ended);
        return row;
      },
      // A 429 leaves the row as it was (the scheduler pauses); another failure says why.
      fail: (error, key, before) =>
        before && error instanceof RateLimitedError
          ? before
          : boardProblemRow(latest.get().byKey.get(key)!.app, boardProblem(error), before),
      limit: BOARD_LIMIT,
      periodMs: runningMs * IDLE_FACTOR,
    }),
  );
  useEffect(() => () => scheduler.close(), [scheduler]);
  useEffect(() => scheduler.setActive(active), [scheduler, active]);
  const keys = entries.map((e) => e.key).join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `keys` stands for the entries.
  useEffect(() => scheduler.show(entries.map((e) => e.key)), [scheduler, keys]);
  const rows = useSyncExternalStore(scheduler.subscribe, scheduler.get, scheduler.get);

  const running = [...rows.values()].some((r) => r.running);
  const periodMs = Math.max(running ? runningMs : runningMs * IDLE_FACTOR, entries.length * BUDGET_GAP_MS);
  useEffect(() => scheduler.setPeriod(periodMs), [scheduler, periodMs]);
  return { entries, rows, periodMs, opening, warnings };
}
