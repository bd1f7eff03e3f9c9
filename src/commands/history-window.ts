// The whole-history read of `dms stats` and `dms reasons`: the scan `--all` uses (rate budget,
// 429s, the progress line, Ctrl+C), newest first, stopping at the first deployment created before
// `since`; and what a reading that stopped short says on stderr (with `--all`'s), and its exit code.
import type { Deployment } from '../api/schemas/deployment.js';
import { MiscountError } from '../api/errors.js';
import { viewOf, type DeploymentView } from '../model/deployment.js';
import { scanHistory, scanListOf, ScanStopped } from '../search/scan.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { thousands } from '../text/thousands.js';
import { EXIT, exitCodeFor } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { errorLines } from './output.js';
import { progressLine } from './progress.js';
import { retryBaseMs, type Session } from './connect.js';

/** What a reading of the history got to. */
export interface HistoryRead {
  /** The application's name, from the first row that has one (URL passwords masked). */
  name: string | undefined;
  read: number;
  total: number | null;
  /** The history moved in a way the reading could not follow. */
  gaps: boolean;
  /** It reached a deployment older than `since`: the window is whole. */
  done: boolean;
  stopped: ScanStopped | undefined;
  interrupted: boolean;
}

/** The warning when the history moved under the reading. */
export const MOVED_WARNING = 'dms: warning: the history moved in a way the reading could not follow; some deployments may be missing.\n';

/**
 * Reads `app`'s history newest first, handing each deployment created at or after `since` to
 * `visit`. `counted`: the number (and its word) the progress line shows beside the rows read.
 */
export async function readHistoryWindow(
  app: string,
  since: number | undefined,
  io: CommandIO,
  session: Session,
  visit: (view: DeploymentView, record: Deployment) => void,
  counted?: () => readonly [number, string],
): Promise<HistoryRead> {
  const progress = progressLine(io.stderr, (io.stderr as NodeJS.WriteStream).isTTY === true);
  const stop = new AbortController();
  const r: HistoryRead = { name: undefined, read: 0, total: null, gaps: false, done: false, stopped: undefined, interrupted: false };
  const onSigint = () => {
    r.interrupted = true;
    stop.abort();
  };
  process.once('SIGINT', onSigint);
  try {
    for await (const chunk of scanHistory(scanListOf(session.client, app), {
      signal: stop.signal,
      onPause: progress.pause,
      retryMs: retryBaseMs(io.env),
    })) {
      r.read = chunk.read;
      r.total = chunk.total;
      r.gaps ||= chunk.gaps;
      for (const record of chunk.rows) {
        const view = viewOf(record);
        // Newest first: nothing from here on was created in the window.
        if (since !== undefined && view.startedAt !== null && view.startedAt < since) {
          r.done = true;
          break;
        }
        if (r.name === undefined && view.application !== '') r.name = maskUrlPasswords(view.application);
        visit(view, record);
      }
      const [n, word] = counted?.() ?? [undefined, undefined];
      progress.update(r.read, r.total, n, word);
      if (r.done) break;
    }
  } catch (error) {
    if (!(error instanceof ScanStopped)) throw error;
    r.stopped = error;
  } finally {
    process.off('SIGINT', onSigint);
    progress.end();
  }
  return r;
}

/**
 * Why a reading stopped short, said on stderr: a fault after `stopped.read` rows (a miscount says
 * how far it got itself), or Ctrl+C (`interrupted`: and the reading was not already done). Its exit
 * code; undefined when it did not stop short.
 */
export function sayStoppedShort(
  r: { readonly read: number; readonly total: number | null; readonly stopped: ScanStopped | undefined; readonly interrupted: boolean },
  io: CommandIO,
  redact: (s: string) => string,
): number | undefined {
  const stoppedAfter = (n: number, why: string) =>
    `dms: stopped after ${thousands(n)}${r.total !== null ? ` of ${thousands(r.total)}` : ''} deployments: ${why}\n`;
  if (r.stopped) {
    const why = errorLines(r.stopped.reason, redact)[0] ?? '';
    io.stderr.write(r.stopped.reason instanceof MiscountError ? `${why}\n` : stoppedAfter(r.stopped.read, why.replace(/^dms: /, '')));
    return exitCodeFor(r.stopped.reason);
  }
  if (r.interrupted) {
    io.stderr.write(stoppedAfter(r.read, 'interrupted (Ctrl+C).'));
    return EXIT.interrupted;
  }
  return undefined;
}
