// The detail's steps: read from the open deployment's log after the frame, and again only when a
// refresh brings its row with another status or a longer log (a refresh of a finished one reads
// nothing again), with the application's medians, which the session reads once
// (browse/use-step-medians.ts) when the detail first shows a log with steps.
import { useEffect, useMemo, useState } from 'react';
import type { Deployment } from '../../../api/schemas/deployment.js';
import { textLength } from '../../../api/scrub.js';
import { viewOf } from '../../../model/deployment.js';
import { stepsOfRecord, type StepsRead } from '../../../model/step-timings.js';
import type { MedianState } from '../../browse/use-step-medians.js';
import type { DetailSteps } from './steps-lines.js';

/** What the steps depend on: which deployment, its status, its log's length as sent. */
function stepsKey(record: Deployment): string {
  const v = viewOf(record);
  return `${v.uuid}|${v.id ?? ''}|${v.status}|${textLength(record, 'logs') ?? typeof (record as Record<string, unknown>).logs}`;
}

export function useDetailSteps(record: Deployment, medians: MedianState, wantMedians: () => void, stale: boolean): DetailSteps {
  // The steps last read stay shown until the row's new ones are (no "reading" between two refreshes).
  const [read, setRead] = useState<{ readonly key: string; readonly read: StepsRead } | undefined>(undefined);
  const key = stepsKey(record);
  const current = read?.key;
  useEffect(() => {
    if (key === current) return undefined;
    const timer = setTimeout(() => setRead({ key, read: stepsOfRecord(record, viewOf(record)) }), 0);
    return () => clearTimeout(timer);
  }, [key, current, record]);
  // The medians only for a log with steps to set beside them.
  const hasSteps = read?.read.kind === 'steps' && read.read.steps.length > 0;
  useEffect(() => {
    if (hasSteps) wantMedians();
  }, [hasSteps, wantMedians]);
  const active = viewOf(record).active;
  return useMemo(() => ({ read: read?.read, medians, stale, active }), [read, medians, stale, active]);
}
