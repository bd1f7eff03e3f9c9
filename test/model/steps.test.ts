// The steps of a build log: the service's phase lines, their durations, missing steps, a running
// deployment's open step, the step a failure ended, and the medians over finished deployments.
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/model/log.js';
import { stepMedians, stepsOf } from '../../src/model/steps.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const entry = (s: number, output: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  command: null,
  output,
  stderr: false,
  hidden: false,
  timestamp: new Date(T0 + s * 1000).toISOString(),
  at: T0 + s * 1000,
  batch: null,
  order: null,
  ...extra,
});

const FULL = [
  entry(0, 'Starting deployment of acme/shop:main to edge-1.'),
  entry(2, 'Preparing container with helper image: ghcr.io/acme/helper:1.'),
  entry(5, 'Importing acme/shop:main (commit sha abc) to /artifacts/x.'),
  entry(9, 'Generating nixpacks configuration with: nixpacks plan'),
  entry(10, 'Building docker image started.'),
  entry(40, 'npm run build', { command: 'npm run build' }),
  entry(130, 'Building docker image completed.'),
  entry(131, 'Pushing image to docker registry (registry/x:abc).'),
  entry(140, 'Rolling update started.'),
  entry(145, 'Waiting for healthcheck to pass on the new container.'),
  entry(160, '\x1b[32mNew container is healthy.\x1b[0m'),
  entry(161, 'Removing old containers.'),
  entry(170, 'Rolling update completed.'),
  entry(171, 'New container started.'),
];

describe('stepsOf', () => {
  it('reads every phase line, each lasting to the next; the last ends at "Rolling update completed."', () => {
    const steps = stepsOf(FULL);
    expect(steps.map((s) => [s.name, s.durationMs! / 1000])).toEqual([
      ['start', 2],
      ['prepare', 3],
      ['import', 4],
      ['plan', 1],
      ['build', 121],
      ['push', 9],
      ['rollout', 5],
      ['healthcheck', 16],
      ['cleanup', 9],
    ]);
    expect(steps.every((s) => !s.open && !s.failed)).toBe(true);
    expect(steps[4]!.entry).toBe(4);
    expect(steps[0]!.startedAt).toBe(T0);
  });

  it('missing phases are left out; two markers in one line start two steps; colour codes do not hide a marker', () => {
    const steps = stepsOf([
      entry(0, '\x1b[1mStarting deployment of acme/site:main (abc1234) to edge-1.\x1b[0m'),
      entry(3, 'Building docker image started.'),
      entry(20, 'Building docker image completed. Rolling update started.'),
      entry(26, 'New container started.'),
    ]);
    expect(steps.map((s) => [s.name, s.durationMs! / 1000])).toEqual([
      ['start', 3],
      ['build', 17],
      ['rollout', 6],
    ]);
  });

  it('a skipped build is a step of its own, marked skipped', () => {
    const steps = stepsOf([
      entry(0, 'Starting deployment of a to b.'),
      entry(1, 'Image found (registry/x:abc) with the same Git Commit SHA. Build step skipped.'),
      entry(2, 'Rolling update started.'),
      entry(4, 'Rolling update completed.'),
    ]);
    expect(steps.find((s) => s.name === 'build')).toMatchObject({ skipped: true, durationMs: 1000 });
  });

  it('a running deployment: the last step is open and grows to now', () => {
    const running = FULL.slice(0, 6);
    const steps = stepsOf(running, { running: true, now: T0 + 100_000 });
    expect(steps.at(-1)).toMatchObject({ name: 'build', open: true, durationMs: 90_000 });
    expect(stepsOf(running, { running: true, now: T0 + 200_000 }).at(-1)!.durationMs).toBe(190_000);
    // Not running (cut short): the last step ends at the last timestamp.
    expect(stepsOf(running).at(-1)).toMatchObject({ open: false, durationMs: 30_000 });
  });

  it('a failure ends the step it happened in, marked failed; the epilogue is not a step', () => {
    const steps = stepsOf([
      ...FULL.slice(0, 6),
      entry(50, 'npm ERR! Module not found', { stderr: true }),
      entry(51, '========================================', { stderr: true }),
      entry(52, 'Deployment failed: Command execution failed (exit code 1)', { stderr: true }),
      entry(53, 'Removing old containers.', { stderr: true }),
    ]);
    expect(steps.at(-1)).toMatchObject({ name: 'build', failed: true, durationMs: 42_000 });
    expect(steps.filter((s) => s.failed)).toHaveLength(1);
    expect(steps.map((s) => s.name)).not.toContain('cleanup');
  });

  it('no phase lines, no entries, no timestamps: no steps, or steps without durations', () => {
    expect(stepsOf([])).toEqual([]);
    expect(stepsOf([entry(0, 'hello'), entry(1, 'world')])).toEqual([]);
    const steps = stepsOf([entry(0, 'Starting deployment of a to b.', { at: null, timestamp: '' }), entry(1, 'Rolling update started.')]);
    expect(steps[0]!.durationMs).toBeNull();
    expect(steps[1]!.durationMs).toBe(0);
  });

  it('a marker only in the middle of a sentence is not a step', () => {
    expect(stepsOf([entry(0, 'echo Rolling update started in a script')])).toEqual([]);
  });
});

describe('stepMedians', () => {
  it('the median per step over finished runs; open steps and steps without a clock are left out', () => {
    const run = (build: number) =>
      stepsOf([
        entry(0, 'Building docker image started.'),
        entry(build, 'Rolling update started.'),
        entry(build + 10, 'Rolling update completed.'),
      ]);
    const open = stepsOf([entry(0, 'Building docker image started.')], { running: true, now: T0 + 999_000 });
    const medians = stepMedians([run(100), run(60), run(80), open]);
    expect(medians.get('build')).toBe(80_000);
    expect(medians.get('rollout')).toBe(10_000);
    expect(stepMedians([run(100), run(60)]).get('build')).toBe(80_000);
    expect(medians.has('push')).toBe(false);
  });
});
