// The medians of the application's steps over its last finished deployments (search/step-medians.ts),
// read for the session once a screen asks (the detail, the log) and kept: those rows carry their
// logs (~0.3 MB each), so they are read once, after the frame, a row per timer turn so keys and
// frames go on between them. Leaving the application stops the reading.
import { useCallback, useEffect, useState } from 'react';
import type { DmsClient } from '../../api/client.js';
import type { StepMedians } from '../../model/step-timings.js';
import { readStepMedians } from '../../search/step-medians.js';
import { scanListOf } from '../../search/scan.js';
import { describeError } from '../errors.js';

export type MedianState =
  | { readonly kind: 'idle' }
  /** `counted` finished deployments with a log read so far. */
  | { readonly kind: 'reading'; readonly counted: number }
  | { readonly kind: 'done'; readonly medians: StepMedians }
  | { readonly kind: 'failed'; readonly message: string };

/** Progress is told every this many deployments counted (each tells the detail to draw again). */
const PROGRESS_EVERY = 10;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The medians as far as read, and what asks for them (idempotent: read once a session). */
export function useStepMedians({ client, appUuid }: { client: DmsClient; appUuid: string }): {
  readonly medians: MedianState;
  readonly wantMedians: () => void;
} {
  const [wanted, setWanted] = useState(false);
  const [medians, setMedians] = useState<MedianState>({ kind: 'idle' });
  const wantMedians = useCallback(() => setWanted(true), []);
  useEffect(() => {
    if (!wanted) return undefined;
    const ac = new AbortController();
    // After the frame that asked.
    const timer = setTimeout(() => {
      setMedians({ kind: 'reading', counted: 0 });
      readStepMedians(scanListOf(client, appUuid, ac.signal), {
        signal: ac.signal,
        between: nextTurn,
        onProgress: (counted) => {
          if (counted % PROGRESS_EVERY === 0) setMedians({ kind: 'reading', counted });
        },
      }).then(
        (m) => {
          if (!ac.signal.aborted) setMedians({ kind: 'done', medians: m });
        },
        (error: unknown) => {
          if (!ac.signal.aborted) setMedians({ kind: 'failed', message: describeError(error, client.redact).message });
        },
      );
    }, 0);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [wanted, client, appUuid]);
  return { medians, wantMedians };
}
