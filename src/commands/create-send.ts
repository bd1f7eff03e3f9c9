// A creation's one request, and its answer on the way out: a signal while the request is on its
// way (SIGINT, SIGTERM, SIGHUP) stops waiting and is said — the resource may have been made — and
// a stdout whose reader went away (`| true`: EPIPE) is noticed, never an unhandled error, so the
// command can say that the answer did not get through.
import { constants } from 'node:os';
import type { CallOptions } from '../api/client.js';
import { lookBeforeSendingAgain } from '../api/errors.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export type Sent<T> = { readonly answer: T } | { readonly signal: NodeJS.Signals };

/**
 * Sends once through `send` (never again). A signal while it waits aborts the wait: the result
 * names the signal instead of an answer. Other failures are thrown as they come.
 */
export async function sendOnce<T>(send: (options: CallOptions) => Promise<T>, signals: NodeJS.EventEmitter = process): Promise<Sent<T>> {
  const stop = new AbortController();
  let by: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    by ??= signal;
    stop.abort();
  };
  for (const s of SIGNALS) signals.on(s, onSignal);
  try {
    return { answer: await send({ signal: stop.signal }) };
  } catch (error) {
    if (by) return { signal: by };
    throw error;
  } finally {
    for (const s of SIGNALS) signals.off(s, onSignal);
  }
}

/** 128 + the signal's number, as a shell reports a process the signal ended: 130, 143, 129. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

/** `dms: stopped by SIGTERM while the request was on its way: the database may have been created. Look for it …` */
export function stoppedLine(signal: NodeJS.Signals, creates: string): string {
  return `dms: stopped by ${signal} while the request was on its way: the ${creates} may have been created. ${lookBeforeSendingAgain(creates)}`;
}

/** stdout for an answer that must not be lost unnoticed. */
export interface CheckedOutput {
  write(text: string): void;
  /** Once every write so far is done: whether all of it was taken (false: the reader went away). */
  delivered(): Promise<boolean>;
}

export function checkedOutput(out: NodeJS.WritableStream): CheckedOutput {
  let failed = false;
  const pending: Promise<void>[] = [];
  // Kept for the rest of the run: an EPIPE may come after the command is done.
  out.on('error', () => {
    failed = true;
  });
  return {
    write(text) {
      if (failed || text === '') return;
      pending.push(
        new Promise((resolve) => {
          out.write(text, (error?: Error | null) => {
            if (error) failed = true;
            resolve();
          });
        }),
      );
    },
    async delivered() {
      await Promise.all(pending);
      return !failed;
    },
  };
}
