// The medians of an application's steps over its last finished deployments (model/step-timings.ts),
// read newest first with the whole-history scan (rate budget, 429s, faults retried) until the last
// MEDIAN_RUNS finished deployments are read, or the history ends. Rows with logs weigh ~0.3 MB:
// the requests are small and each row's log is read into its steps and let go at once.
import { viewOf } from '../model/deployment.js';
import { MEDIAN_RUNS, MedianRuns, type StepMedians } from '../model/step-timings.js';
import { scanHistory, ScanStopped, type ScanList } from './scan.js';

export interface MedianReadOptions {
  readonly signal?: AbortSignal;
  /** Told before each wait (a 429, a fault). */
  readonly onPause?: (why: string, ms: number) => void;
  /** Between two rows (a screen hands its thread back to keys and frames here); none: at once. */
  readonly between?: () => Promise<void>;
  /** Told as finished deployments with steps are counted. */
  readonly onProgress?: (counted: number) => void;
  /** Finished deployments wanted (default MEDIAN_RUNS). */
  readonly limit?: number;
}

/** Rows asked for first; later requests are sized by the bytes a row weighs (~3 MB an answer). */
const FIRST_TAKE = 10;
const TARGET_CHARS = 3_000_000;

/** The medians; a scan that stops throws its cause (ScanStopped's reason). */
export async function readStepMedians(list: ScanList, options: MedianReadOptions = {}): Promise<StepMedians> {
  const runs = new MedianRuns(options.limit ?? MEDIAN_RUNS);
  const chunks = scanHistory(list, {
    take: FIRST_TAKE,
    maxTake: 100,
    targetChars: TARGET_CHARS,
    inFlight: 1,
    signal: options.signal,
    onPause: options.onPause,
  });
  try {
    for await (const chunk of chunks) {
      for (const record of chunk.rows) {
        if (options.signal?.aborted) return runs.medians();
        const before = runs.count;
        const full = runs.add(viewOf(record));
        if (runs.count !== before) options.onProgress?.(runs.count);
        if (full) return runs.medians();
        await options.between?.();
      }
    }
  } catch (error) {
    throw error instanceof ScanStopped ? error.reason : error;
  }
  return runs.medians();
}
