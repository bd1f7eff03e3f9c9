// The detail's "Steps" section as words: each step of the log with its duration against the
// application's median (`build  2m 10s (+48s vs median)`), the step it failed in marked, the open
// step of a running deployment grown to now; or why there are no steps. Pure: lines.ts draws it.
import { NO_LOGS } from '../../../model/log.js';
import { MEDIAN_RUNS, NO_STEPS, grownTo, mediansText, stepTimings, stepValue, type StepsRead } from '../../../model/step-timings.js';
import { thousands } from '../../../text/thousands.js';
import type { MedianState } from '../../browse/use-step-medians.js';
import type { KeyTable } from '../../keys.js';

/** What the section is drawn from: the steps read from the record (undefined until read, after the frame), the medians. */
export interface DetailSteps {
  readonly read: StepsRead | undefined;
  readonly medians: MedianState;
  /** The row is of a page seen before (the cache keeps no logs in its rows). */
  readonly stale?: boolean;
  /** The deployment is queued or running: no step line yet is no surprise. */
  readonly active?: boolean;
}

/** A row of a page seen before has no log: not the token's doing. */
export const NOT_KEPT_STEPS = 'This page is as seen before and keeps no logs: the steps show once the server answers.';

export type StepTone = 'plain' | 'failed' | 'open';

export interface StepsSection {
  readonly title: string;
  /** Why there are no rows, or a word on them (muted; `warning`: something went wrong). */
  readonly note?: { readonly text: string; readonly warning?: boolean };
  readonly rows: readonly { readonly label: string; readonly value: string; readonly tone: StepTone }[];
  /** After the rows: where the log's keys go from step to step. */
  readonly hint?: string;
}

/** The title's words on the medians: over how many, still reading, or why not. */
function mediansWords(m: MedianState): string {
  switch (m.kind) {
    case 'idle':
      return '';
    case 'reading':
      return ` · reading the last ${MEDIAN_RUNS} finished deployments for medians${m.counted > 0 ? ` (${thousands(m.counted)} so far)` : ''}…`;
    case 'done':
      return ` · ${mediansText(m.medians)}`;
    case 'failed':
      return ' · no medians';
  }
}

export function stepsSection(steps: DetailSteps, now: number, keys: KeyTable): StepsSection {
  const { read, medians } = steps;
  const title = `Steps${mediansWords(medians)}`;
  if (read === undefined) return { title, note: { text: 'Reading the log…' }, rows: [] };
  if (read.kind === 'absent') return { title: 'Steps', note: { text: steps.stale ? NOT_KEPT_STEPS : NO_LOGS }, rows: [] };
  if (read.kind === 'unreadable')
    return { title: 'Steps', note: { text: `The log could not be read: ${read.reason}.`, warning: true }, rows: [] };
  if (read.steps.length === 0)
    return { title: 'Steps', note: { text: steps.active ? 'No step yet: they show here as the deployment runs.' : NO_STEPS }, rows: [] };
  const timings = stepTimings(grownTo(read.steps, now), medians.kind === 'done' ? medians.medians : undefined);
  const rows = timings.map((t) => ({
    label: t.step,
    value: stepValue(t),
    tone: t.failed ? ('failed' as const) : t.open ? ('open' as const) : ('plain' as const),
  }));
  const failed = medians.kind === 'failed' ? { text: `The medians could not be read: ${medians.message}`, warning: true } : undefined;
  return {
    title,
    ...(failed ? { note: failed } : {}),
    rows,
    hint: `${keys.hint('logs')} opens the log; ${keys.hint('logNextStep')}/${keys.hint('logPrevStep')} there go from step to step.`,
  };
}
