// `dms deployments APP_UUID --all`: the whole history, read with the whole-history scan
// (search/scan.ts) and printed as it comes, chunk after chunk, never all held: filtered on the way,
// stopping as soon as the answer is complete (--limit reached, or a row older than --since), or
// at Ctrl+C; with --sort, held to the end and printed in order. The progress line (on a terminal) is gone from the screen on every way out. Fewer
// rows than the server counts, or a history that runs past its count, end with exit 12 (scan.ts).
import { LocalValidationError } from '../api/errors.js';
import { pageProblems } from '../api/uuid.js';
import { viewOf, type DeploymentView } from '../model/deployment.js';
import { NO_BRANCHES, asksBranch, beforeSince, isFiltering, matches } from '../model/filter.js';
import { isDefaultSort, sortBy } from '../model/sort.js';
import { scanHistory, scanListOf, ScanStopped, type ScanChunk } from '../search/scan.js';
import type { Deployment } from '../api/schemas/deployment.js';
import { timeDisplayOf, type DeploymentsArgs } from './deployments-args.js';
import { thousands } from '../text/thousands.js';
import type { CommandIO } from './io.js';
import { keepHeapTight, progressLine } from './progress.js';
import { MOVED_WARNING, sayStoppedShort } from './history-window.js';
import { createOutput, createSink, type Row } from './row-output.js';
import { retryBaseMs, type Session } from './connect.js';
import type { Style } from './table.js';
import { nameOfRecords, rememberApp } from './remember.js';

/** Rows the table's columns are chosen and sized by (later rows are printed in the same columns). */
const FIRST_BLOCK = 500;

/**
 * The table's last line with --all: `50,000 deployments; showing all`, `50,000 deployments;
 * showing the newest 7` (--limit, --since), `50,000 deployments; showing 1,200 of the newest
 * 2,000 (filtered)`; without a total from the server, the number read when it read everything.
 */
export function historySummary(o: { total: number | null; read: number; shown: number; filtered: boolean; stoppedEarly: boolean }): string {
  // (Never "all" of a count it did not read: such a scan ends flagged, and this is the line's guard.)
  const whole = o.total !== null ? o.read >= o.total : !o.stoppedEarly;
  const all = o.total ?? (whole ? o.read : null);
  const head = all !== null ? `${thousands(all)} deployment${all === 1 ? '' : 's'}` : 'deployments';
  if (o.shown === o.read && whole) return all === 0 ? 'no deployments' : `${head}; showing all`;
  if (!o.filtered) return `${head}; showing the newest ${thousands(o.shown)}`;
  return `${head}; showing ${thousands(o.shown)} of the newest ${thousands(o.read)} (filtered)`;
}

/** How the reading went, chunk after chunk. */
interface Reading {
  read: number;
  /** The server's count, as it last said it. */
  total: number | null;
  /** Its count in its first answer (--with-total, the summary). */
  firstTotal: number | null;
  answered: boolean;
  /** The application's name, from the first rows that say it (for recents). */
  name: string | undefined;
  gaps: boolean;
  repeated: number;
  stopped: ScanStopped | undefined;
  /** Ctrl+C: the reading stops, what was read is printed, and the line is taken off (a second one ends dms at once). */
  interrupted: boolean;
}

type SettingsChanged = typeof import('../model/settings.js').settingsChanged;

/** Which rows read are printed: the filter, --limit and --since, and with Δ each row held for the one after it. */
class Selection {
  matched = 0;
  /** Nothing more is wanted: --limit reached, or the rows have gone past --since. */
  done = false;
  /** Some row read said its branch (with --branch). */
  branches = false;
  /** With Δ: the row that waits for the one after it (the deployment before it) to be compared with. */
  private pending: Row | undefined;
  private batch: Row[] = [];

  constructor(
    private readonly filter: DeploymentsArgs['filter'],
    private readonly limit: number | undefined,
    private readonly needView: boolean,
    private readonly settingsChanged: SettingsChanged | undefined,
  ) {}

  get filtering(): boolean {
    return isFiltering(this.filter);
  }

  /** A chunk's records, newest first. */
  add(records: readonly Deployment[]): void {
    for (const record of records) {
      const view = this.needView ? viewOf(record) : undefined;
      if (view && beforeSince(view, this.filter)) {
        // Newest first: nothing from here on started after --since.
        if (this.pending) this.release(this.pending, view);
        this.done = true;
        break;
      }
      if (this.settingsChanged) {
        if (this.pending) this.release(this.pending, view);
        this.pending = { record, view };
      } else {
        this.release({ record, view }, undefined);
      }
      if (this.done) break;
    }
    if (this.done) this.pending = undefined;
  }

  /** The reading is over: the row held for the one after it goes without. */
  finish(): void {
    if (this.pending) this.release(this.pending, undefined);
  }

  /** The rows chosen since the last call. */
  take(): Row[] {
    const rows = this.batch;
    this.batch = [];
    return rows;
  }

  private release(row: Row, next: DeploymentView | undefined): void {
    if (row.view && row.view.branch !== '') this.branches = true;
    if (this.done || (this.filtering && !matches(row.view!, this.filter))) return;
    this.batch.push(
      this.settingsChanged ? { ...row, changed: next !== undefined && this.settingsChanged(row.view!.record, next.record) } : row,
    );
    this.matched += 1;
    if (this.limit !== undefined && this.matched >= this.limit) this.done = true;
  }
}

export async function runAll(args: DeploymentsArgs, io: CommandIO, session: Session, style: Style): Promise<number> {
  keepHeapTight();
  // A uuid the client would refuse: said once, before the scan would try it again and again.
  const problems = pageProblems(args.app, {});
  if (problems.length > 0) throw new LocalValidationError(problems);

  const stdout = io.stdout as NodeJS.WriteStream;
  const onTerminal = (io.stderr as NodeJS.WriteStream).isTTY === true;
  const progress = progressLine(io.stderr, onTerminal);
  // The progress line steps aside for output on the same terminal.
  const aside = onTerminal && stdout.isTTY === true ? { before: progress.hide, after: progress.show } : {};
  const stop = new AbortController();
  const output = createOutput(io.stdout, { ...aside, onClosed: () => stop.abort() });
  const stderr = {
    write: (text: string) => {
      progress.hide();
      io.stderr.write(text);
      progress.show();
    },
  };
  const reading: Reading = {
    read: 0,
    total: null,
    firstTotal: null,
    answered: false,
    name: undefined,
    gaps: false,
    repeated: 0,
    stopped: undefined,
    interrupted: false,
  };
  const sink = await createSink({
    format: args.output,
    out: output,
    stderr,
    style,
    show: args.showSecrets,
    width: stdout.isTTY && stdout.columns ? stdout.columns : Infinity,
    firstBlock: FIRST_BLOCK,
    now: Date.now(),
    time: timeDisplayOf(args.time, io.stdout),
    // --with-total: the server's count of the whole history, as its first answer gives it (rows
    // that arrive while reading are not read, so they are not counted either).
    countOf: args.withTotal ? () => reading.firstTotal : undefined,
    redact: session.client.redact,
    streamed: true,
  });
  // Sorted, every match is held to the end (then --limit keeps the first of the order).
  const sorting = !isDefaultSort(args.sort);
  const held: Row[] = [];
  const needView = isFiltering(args.filter) || sink.needsView || sorting;
  const settingsChanged = sink.needsChanged ? (await import('../model/settings.js')).settingsChanged : undefined;
  const selection = new Selection(args.filter, sorting ? undefined : args.limit, needView, settingsChanged);
  const write = async (rows: Row[]) => {
    if (sorting) held.push(...rows);
    else if (rows.length > 0) await sink.write(rows);
  };

  const onSigint = () => {
    reading.interrupted = true;
    stop.abort();
  };
  process.once('SIGINT', onSigint);
  try {
    for await (const chunk of scanHistory(scanListOf(session.client, args.app), {
      signal: stop.signal,
      onPause: progress.pause,
      retryMs: retryBaseMs(io.env),
    })) {
      noteChunk(reading, chunk);
      selection.add(chunk.rows);
      progress.update(reading.read, reading.total, selection.filtering ? selection.matched : undefined);
      await write(selection.take());
      if (selection.done || output.closed) break;
    }
  } catch (error) {
    if (!(error instanceof ScanStopped)) throw error;
    reading.stopped = error;
  } finally {
    process.off('SIGINT', onSigint);
    progress.end();
  }
  // Nothing read at all: the plain error (a wrong token, an unknown application).
  if (reading.stopped && reading.stopped.read === 0) throw reading.stopped.reason;
  selection.finish();
  await write(selection.take());
  const shown = sorting ? sortBy(held, (r) => r.view!, args.sort, Date.now()).slice(0, args.limit) : [];
  if (shown.length > 0) await sink.write(shown);
  await sink.end(reading.stopped === undefined && !reading.interrupted);
  if (reading.answered) rememberApp(session, io, args.app, reading.name);
  if (output.closed) return 0;
  const code = sayEnd(reading, selection, args, io, session.client.redact);
  if (code === undefined && args.output === 'table') {
    // The total on stdout's last line, under the table it counts.
    const { read, firstTotal } = reading;
    await output.write(
      `${historySummary({ total: firstTotal, read, shown: sorting ? shown.length : selection.matched, filtered: selection.filtering, stoppedEarly: selection.done })}\n`,
    );
  }
  return code ?? 0;
}

function noteChunk(reading: Reading, chunk: ScanChunk): void {
  reading.read = chunk.read;
  reading.total = chunk.total;
  if (!reading.answered) reading.firstTotal = chunk.total;
  reading.answered = true;
  reading.name ??= nameOfRecords(chunk.rows);
  reading.gaps ||= chunk.gaps;
  reading.repeated = chunk.repeated;
}

/** The warnings on stderr after the rows, and why the reading stopped short: its exit code (undefined: it did not). */
function sayEnd(
  reading: Reading,
  selection: Selection,
  args: DeploymentsArgs,
  io: CommandIO,
  redact: (s: string) => string,
): number | undefined {
  const { read, total, gaps, repeated, stopped } = reading;
  if (asksBranch(args.filter) && !selection.branches && read > 0) io.stderr.write(`dms: warning: ${NO_BRANCHES}\n`);
  if (gaps) io.stderr.write(MOVED_WARNING);
  if (repeated > 0)
    io.stderr.write(
      `dms: warning: left out ${thousands(repeated)} deployment${repeated === 1 ? '' : 's'} the server sent more than once.\n`,
    );
  return sayStoppedShort({ read, total, stopped, interrupted: reading.interrupted && !selection.done }, io, redact);
}
