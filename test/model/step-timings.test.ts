// Step timings: steps beside their medians in words, the open step grown to now, the medians
// gathered over the last 50 finished deployments (those without a log or steps passed over but
// counted, a row sent twice counted once), and a row's log read or why not.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { viewOf } from '../../src/model/deployment.js';
import {
  MEDIAN_RUNS,
  MedianRuns,
  deltaText,
  grownTo,
  mediansText,
  stepTimings,
  stepValue,
  stepsOfRecord,
  type StepMedians,
} from '../../src/model/step-timings.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

/** A row whose log builds for `build` seconds (start 2 s, rollout 10 s); a running one's log stops at the rollout. */
function row(id: number, build: number, status = 'finished', extra: Record<string, unknown> = {}): Deployment {
  const lines: [number, string][] = [
    [0, 'Starting deployment of a to b.'],
    [2, 'Building docker image started.'],
    [2 + build, 'Rolling update started.'],
    ...(status === 'in_progress' ? [] : ([[12 + build, 'Rolling update completed.']] as [number, string][])),
  ];
  return {
    id,
    deployment_uuid: `d${id}`,
    status,
    logs: JSON.stringify(lines.map(([s, output]) => ({ command: null, output, type: 'stdout', timestamp: at(s), hidden: false }))),
    ...extra,
  } as Deployment;
}

const medians = (entries: [string, number][], runs = 50): StepMedians => ({ byStep: new Map(entries) as StepMedians['byStep'], runs });

describe('step timings in words', () => {
  it('a finished step against its median; the failed and open ones say the median itself', () => {
    const read = stepsOfRecord(row(1, 130), { active: false });
    if (read.kind !== 'steps') throw new Error(read.kind);
    const timings = stepTimings(
      read.steps,
      medians([
        ['build', 82_000],
        ['start', 2_000],
      ]),
    );
    expect(timings.map(stepValue)).toEqual(['2s (±0s vs median)', '2m 10s (+48s vs median)', '10s']);
    expect(stepValue({ ...timings[1]!, failed: true })).toBe('2m 10s (failed here · median 1m 22s)');
    expect(stepValue({ ...timings[1]!, open: true })).toBe('2m 10s so far (running · median 1m 22s)');
    expect(stepValue({ ...timings[1]!, durationMs: null, medianMs: null })).toBe('?');
    expect(stepValue({ ...timings[1]!, skipped: true, medianMs: null })).toBe('2m 10s (skipped (same commit built before))');
  });

  it('deltas in whole seconds, either way', () => {
    expect(deltaText(130_000, 82_000)).toBe('+48s');
    expect(deltaText(60_000, 122_400)).toBe('-1m 02s');
    expect(deltaText(10_400, 9_600)).toBe('±0s');
  });

  it('over what the medians were taken: 50, fewer, none', () => {
    expect(mediansText(medians([], 50))).toBe('median of the last 50 finished deployments');
    expect(mediansText(medians([], 12))).toBe('median of 12 finished deployments');
    expect(mediansText(medians([], 1))).toBe('median of 1 finished deployment');
    expect(mediansText(medians([], 0))).toBe('no finished deployment with a log to take medians from');
  });

  it('the open step grows to now; finished steps are left as they were', () => {
    const read = stepsOfRecord(row(1, 130, 'in_progress'), { active: true }, T0 + 200_000);
    if (read.kind !== 'steps') throw new Error(read.kind);
    expect(read.steps.at(-1)).toMatchObject({ name: 'rollout', open: true, durationMs: 68_000 });
    const later = grownTo(read.steps, T0 + 250_000);
    expect(later.at(-1)!.durationMs).toBe(118_000);
    expect(later.slice(0, -1)).toEqual(read.steps.slice(0, -1));
    const done = stepsOfRecord(row(2, 10), { active: false });
    if (done.kind !== 'steps') throw new Error(done.kind);
    expect(grownTo(done.steps, T0 + 999_000)).toBe(done.steps);
  });

  it('a row without logs, or with logs that are not JSON', () => {
    expect(stepsOfRecord({ id: 1, status: 'finished' } as Deployment, { active: false })).toEqual({ kind: 'absent' });
    expect(stepsOfRecord({ id: 1, logs: '[{' } as Deployment, { active: false })).toMatchObject({ kind: 'unreadable' });
  });
});

describe('MedianRuns', () => {
  it('the newest 50 finished deployments: others, repeats and rows without a log are not runs; the reading is bounded', () => {
    const runs = new MedianRuns();
    expect(runs.add(viewOf(row(999, 5, 'failed')))).toBe(false);
    expect(runs.add(viewOf(row(998, 5, 'in_progress')))).toBe(false);
    expect(runs.add(viewOf({ id: 997, deployment_uuid: 'd997', status: 'finished' } as Deployment))).toBe(false);
    let full = false;
    for (let id = 100; id > 0 && !full; id--) {
      full = runs.add(viewOf(row(id, id)));
      if (id === 100) expect(runs.add(viewOf(row(100, 1)))).toBe(false); // the same row again
    }
    expect(full).toBe(true);
    // 997 (no log) was one of the 50: 49 runs, builds 100 … 52.
    expect(runs.count).toBe(MEDIAN_RUNS - 1);
    expect(runs.medians()).toEqual({
      byStep: new Map([
        ['start', 2000],
        ['build', 76_000],
        ['rollout', 10_000],
      ]),
      runs: 49,
    });
    expect(runs.add(viewOf(row(1, 1)))).toBe(true);
    expect(runs.count).toBe(49);
  });
});
