// The detail's steps: read from the open deployment's log after the frame (and again when a
// refresh brings its row longer), with the application's medians, which the session reads once
// (browse/use-step-medians.ts) when the detail first asks.
import { useEffect, useMemo, useState } from 'react';
import type { Deployment } from '../../../api/schemas/deployment.js';
import { viewOf } from '../../../model/deployment.js';
import { stepsOfRecord, type StepsRead } from '../../../model/step-timings.js';
import type { MedianState } from '../../browse/use-step-medians.js';
import type { DetailSteps } from './steps-lines.js';

export function useDetailSteps(record: Deployment, medians: MedianState, wantMedians: () => void): DetailSteps {
  // The steps last read stay shown until the row's new ones are (no "reading" between two refreshes).
  const [read, setRead] = useState<StepsRead | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setRead(stepsOfRecord(record, viewOf(record))), 0);
    return () => clearTimeout(timer);
  }, [record]);
  // The medians only for a log with steps to set beside them.
  const hasSteps = read?.kind === 'steps' && read.steps.length > 0;
  useEffect(() => {
    if (hasSteps) wantMedians();
  }, [hasSteps, wantMedians]);
  return useMemo(() => ({ read, medians }), [read, medians]);
}
