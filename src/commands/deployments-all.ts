// `dms deployments APP_UUID --all`: the whole history, read with the whole-history scan
// (model/scan.ts) and printed as it comes, chunk after chunk, never all held: filtered on the way,
// stopping as soon as the answer is complete (--limit reached, or a row older than --since), or
// at Ctrl+C. The progress line (on a terminal) is gone from the screen on every way out. Fewer
// rows than the server counts, or a history that runs past its count, end with exit 12 (scan.ts).
import { LocalValidationError, MiscountError } from '../api/errors.js';
import { pageProblems } from '../api/uuid.js';
import { viewOf, type DeploymentView } from '../model/deployment.js';
import { NO_BRANCHES, beforeSince, isFiltering, matches } from '../model/filter.js';
import { scanHistory, scanListOf, ScanStopped } from '../model/scan.js';
import { timeDisplayOf, type DeploymentsArgs } from './deployments-args.js';
import { thousands } from '../text/thousands.js';
import { EXIT, exitCodeFor } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { errorLines } from './output.js';
import { keepHeapTight, progressLine } from './progress.js';
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
  const stderr = { write: (text: string) => { progress.hide(); io.stderr.write(text); progress.show(); } };
  let total: number | null = null;
  const sink = await createSink({
    format: args.output, out: output, stderr, style, show: args.showSecrets,
    width: stdout.isTTY && stdout.columns ? stdout.columns : Infinity, firstBlock: FIRST_BLOCK, now: Date.now(),
    time: timeDisplayOf(args.time, io.stdout),
    // --with-total: the server's count of the whole history, as its first answer gives it (rows
    // that arrive while reading are not read, so they are not counted either).
    countOf: args.withTotal ? () => firstTotal : undefined,
    redact: session.client.redact, streamed: true,
  });
  const { filter, limit } = args;
  const filtering = isFiltering(filter);
  const needView = filtering || sink.needsView;
  const settingsChanged = sink.needsChanged ? (await import('../model/settings.js')).settingsChanged : undefined;

  let matched = 0;
  let read = 0;
  let firstTotal: number | null = null;
  let answered = false;
  /** The application's name, from the first rows that say it (for recents). */
  let name: string | undefined;
  let gaps = false;
  /** Nothing more is wanted: --limit reached, or the rows have gone past --since. */
  let done = false;
  /** With Δ: the row that waits for the one after it (the deployment before it) to be compared with. */
  let pending: Row | undefined;
  let batch: Row[] = [];
  /** Some row read said its branch (with --branch). */
  let branches = false;
  const release = (row: Row, next: DeploymentView | undefined) => {
    if (filter.branch !== undefined && row.view!.branch !== '') branches = true;
    if (done || (filtering && !matches(row.view!, filter))) return;
    batch.push(settingsChanged ? { ...row, changed: next !== undefined && settingsChanged(row.view!.record, next.record) } : row);
    matched += 1;
    if (limit !== undefined && matched >= limit) done = true;
  };

  let stopped: ScanStopped | undefined;
  let repeated = 0;
  // Ctrl+C: the reading stops, what was read is printed, and the line is taken off (a second one ends dms at once).
  let interrupted = false;
  const onSigint = () => { interrupted = true; stop.abort(); };
  process.once('SIGINT', onSigint);
  try {
    for await (const chunk of scanHistory(scanListOf(session.client, args.app), { signal: stop.signal, onPause: progress.pause, retryMs: retryBaseMs(io.env) })) {
      read = chunk.read;
      total = chunk.total;
      if (!answered) firstTotal = chunk.total;
      answered = true;
      name ??= nameOfRecords(chunk.rows);
      gaps ||= chunk.gaps;
      repeated = chunk.repeated;
      for (const record of chunk.rows) {
        const view = needView ? viewOf(record) : undefined;
        if (view && beforeSince(view, filter)) {
          // Newest first: nothing from here on started after --since.
          if (pending) release(pending, view);
          done = true;
          break;
        }
        if (settingsChanged) {
          if (pending) release(pending, view);
          pending = { record, view };
        } else {
          release({ record, view }, undefined);
        }
        if (done) break;
      }
      if (done) pending = undefined;
      progress.update(read, total, filtering ? matched : undefined);
      if (batch.length > 0) {
        const rows = batch;
        batch = [];
        await sink.write(rows);
      }
      if (done || output.closed) break;
    }
  } catch (error) {
    if (!(error instanceof ScanStopped)) throw error;
    stopped = error;
  } finally {
    process.off('SIGINT', onSigint);
    progress.end();
  }
  // Nothing read at all: the plain error (a wrong token, an unknown application).
  if (stopped && stopped.read === 0) throw stopped.reason;
  if (pending) release(pending, undefined);
  if (batch.length > 0) await sink.write(batch);
  await sink.end(stopped === undefined && !interrupted);
  if (answered) rememberApp(session, io, args.app, name);
  if (output.closed) return 0;

  if (filter.branch !== undefined && !branches && read > 0) io.stderr.write(`dms: warning: ${NO_BRANCHES}\n`);
  if (gaps) io.stderr.write('dms: warning: the history moved in a way the reading could not follow; some deployments may be missing.\n');
  if (repeated > 0) io.stderr.write(`dms: warning: left out ${thousands(repeated)} deployment${repeated === 1 ? '' : 's'} the server sent more than once.\n`);
  const stoppedAfter = (n: number, why: string) => `dms: stopped after ${thousands(n)}${total !== null ? ` of ${thousands(total)}` : ''} deployments: ${why}\n`;
  if (stopped) {
    const why = errorLines(stopped.reason, session.client.redact)[0] ?? '';
    // A count the reading did not match says how far it got itself.
    io.stderr.write(stopped.reason instanceof MiscountError ? `${why}\n` : stoppedAfter(stopped.read, why.replace(/^dms: /, '')));
    return exitCodeFor(stopped.reason);
  }
  if (interrupted && !done) {
    io.stderr.write(stoppedAfter(read, 'interrupted (Ctrl+C).'));
    return EXIT.interrupted;
  }
  if (args.output === 'table') {
    // The total on stdout's last line, under the table it counts.
    await output.write(`${historySummary({ total: firstTotal, read, shown: matched, filtered: filtering, stoppedEarly: done })}\n`);
  }
  return 0;
}
