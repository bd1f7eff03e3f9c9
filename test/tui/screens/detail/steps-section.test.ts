// The detail's Steps section without Ink: each step against the medians (over 50, or fewer), the
// failed step marked in the error colour, the open step grown to the clock, the medians being read
// or failed, and why there are no steps (no logs, unreadable, no step lines); keys named as bound.
import { describe, expect, it } from 'vitest';
import { readDeployment } from '../../../../src/api/schemas/deployment.js';
import { viewOf } from '../../../../src/model/deployment.js';
import { NO_LOGS } from '../../../../src/model/log.js';
import { stepsOfRecord, type StepMedians } from '../../../../src/model/step-timings.js';
import { DEFAULT_KEYS } from '../../../../src/tui/keys.js';
import { colourTheme, plainTheme } from '../../../../src/tui/theme.js';
import { detailLines } from '../../../../src/tui/screens/detail/lines.js';
import { NOT_KEPT_STEPS, stepsSection, type DetailSteps } from '../../../../src/tui/screens/detail/steps-lines.js';
import type { MedianState } from '../../../../src/tui/browse/use-step-medians.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const entry = (s: number, output: string, stderr = false) => ({
  command: null,
  output,
  type: stderr ? 'stderr' : 'stdout',
  timestamp: new Date(T0 + s * 1000).toISOString(),
  hidden: false,
});
const record = (status: string, entries: unknown[]) =>
  readDeployment({ id: 7, status, created_at: new Date(T0).toISOString(), logs: JSON.stringify(entries) });

const FINISHED = record('finished', [
  entry(0, 'Starting deployment of a to b.'),
  entry(2, 'Building docker image started.'),
  entry(132, 'Rolling update started.'),
  entry(140, 'Rolling update completed.'),
]);
const FAILED = record('failed', [
  entry(0, 'Starting deployment of a to b.'),
  entry(2, 'Building docker image started.'),
  entry(44, 'Deployment failed: Command execution failed (exit code 1)', true),
]);
const RUNNING = record('in_progress', [entry(0, 'Starting deployment of a to b.'), entry(2, 'Building docker image started.')]);

const done = (runs: number): MedianState => ({
  kind: 'done',
  medians: {
    byStep: new Map([
      ['build', 82_000],
      ['start', 2_000],
    ]) as StepMedians['byStep'],
    runs,
  },
});
const steps = (d: ReturnType<typeof record>, medians: MedianState, now = T0): DetailSteps => ({
  read: stepsOfRecord(d, viewOf(d), now),
  medians,
});
const shown = (d: ReturnType<typeof record>, s: DetailSteps, now = T0 + 60_000) =>
  detailLines(d, { reveal: false, width: 100, theme: colourTheme, now, steps: s });
const text = (lines: readonly { text: string; label?: string }[]) => lines.map((l) => `${l.label ?? ''}${l.text}`);

describe('the detail: Steps', () => {
  it('each step against the median of the last 50 finished deployments, after the summary; the keys of the log named', () => {
    const lines = text(shown(FINISHED, steps(FINISHED, done(50))));
    const at = lines.indexOf('Steps · median of the last 50 finished deployments');
    expect(at).toBeGreaterThan(lines.indexOf('Summary'));
    expect(lines.slice(at + 1, at + 5)).toEqual([
      '  start      2s (±0s vs median)',
      '  build      2m 10s (+48s vs median)',
      '  rollout    8s',
      '  l opens the log; ]/[ there go from step to step.',
    ]);
    expect(text(shown(FINISHED, steps(FINISHED, done(12))))).toContain('Steps · median of 12 finished deployments');
  });

  it('the step a deployment failed in: marked, in the error colour, with the median', () => {
    const lines = shown(FAILED, steps(FAILED, done(50)));
    const build = lines.find((l) => l.label?.trim() === 'build')!;
    expect(build.text).toBe('42s (failed here · median 1m 22s)');
    expect(build.colour).toBe(colourTheme.ui.error);
  });

  it('a running deployment: the open step grows with the clock', () => {
    const s = steps(RUNNING, done(50), T0 + 10_000);
    const buildAt = (now: number) => text(shown(RUNNING, s, now)).find((l) => l.startsWith('  build'));
    expect(buildAt(T0 + 62_000)).toBe('  build    1m 00s so far (running · median 1m 22s)');
    expect(buildAt(T0 + 63_000)).toBe('  build    1m 01s so far (running · median 1m 22s)');
  });

  it('while the medians are read, and when they could not be', () => {
    expect(stepsSection(steps(FINISHED, { kind: 'reading', counted: 0 }), T0, DEFAULT_KEYS).title).toBe(
      'Steps · reading the last 50 finished deployments for medians…',
    );
    expect(stepsSection(steps(FINISHED, { kind: 'reading', counted: 20 }), T0, DEFAULT_KEYS).title).toMatch(/\(20 so far\)…$/);
    const failed = stepsSection(steps(FINISHED, { kind: 'failed', message: 'Rate limited (429).' }), T0, DEFAULT_KEYS);
    expect(failed.title).toBe('Steps · no medians');
    expect(failed.note).toEqual({ text: 'The medians could not be read: Rate limited (429).', warning: true });
    expect(failed.rows.map((r) => r.value)).toEqual(['2s', '2m 10s', '8s']);
  });

  it('why there are no steps: no logs (the token), a log that cannot be read, no step lines; not read yet', () => {
    const none = readDeployment({ id: 7, status: 'finished' });
    expect(text(shown(none, steps(none, { kind: 'idle' })))).toEqual(expect.arrayContaining(['Steps', `  ${NO_LOGS}`]));
    // A page seen before keeps no logs in its rows: that, not the token.
    expect(stepsSection({ ...steps(none, { kind: 'idle' }), stale: true }, T0, DEFAULT_KEYS).note?.text).toBe(NOT_KEPT_STEPS);
    const bad = readDeployment({ id: 7, status: 'finished', logs: '[{' });
    expect(stepsSection(steps(bad, { kind: 'idle' }), T0, DEFAULT_KEYS).note).toEqual({
      text: 'The log could not be read: the logs field is not JSON.',
      warning: true,
    });
    const plain = record('finished', [entry(0, 'hello')]);
    expect(stepsSection(steps(plain, { kind: 'idle' }), T0, DEFAULT_KEYS).note?.text).toMatch(/^No step lines in this log: /);
    const queued = record('queued', []);
    expect(stepsSection({ ...steps(queued, { kind: 'idle' }), active: true }, T0, DEFAULT_KEYS).note?.text).toBe(
      'No step yet: they show here as the deployment runs.',
    );
    expect(stepsSection({ read: undefined, medians: { kind: 'idle' } }, T0, DEFAULT_KEYS).note?.text).toBe('Reading the log…');
    // No section at all without steps given (the raw JSON, other screens).
    expect(text(detailLines(FINISHED, { reveal: false, width: 100, theme: plainTheme }))).not.toContain('Steps');
  });
});
