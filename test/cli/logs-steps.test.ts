// `dms logs APP ID --steps [-o table|json]`: the built binary against small servers on 127.0.0.1
// that serve crafted histories: each step against the median over the last 50 finished
// deployments, a running deployment's open step, the step a failure ended, fewer than 50, a row
// without logs, and the usage mistakes (nothing sent).
import { afterEach, describe, expect, it } from 'vitest';
import { runBin } from '../support/run-bin.js';
import { json, serversClosedAfterEach, type Handler, type HostileServer } from '../support/hostile.js';
import { NO_LOGS } from '../../src/model/log.js';

const APP = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
const TOKEN = '7|stepsTestSecretToken1234';
const LIST = `/api/v1/deployments/applications/${APP}`;
const serve = serversClosedAfterEach(afterEach);

type Row = Record<string, unknown>;
const T0 = Date.parse('2026-08-22T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '123Z');

/** A log written at `t` (ms): a line per [seconds after t, text, stderr?]. */
function log(t: number, lines: readonly (readonly [number, string, boolean?])[]): string {
  return JSON.stringify(
    lines.map(([s, output, stderr], i) => ({
      command: null,
      output,
      type: stderr ? 'stderr' : 'stdout',
      timestamp: iso(t + s * 1000),
      hidden: false,
      batch: 1,
      order: i + 1,
    })),
  );
}

/** A finished deployment whose build took `build` seconds (start 2 s, rollout 10 s). */
function finished(id: number, build: number): Row {
  const t = T0 - id * 3_600_000;
  return {
    id,
    deployment_uuid: `dep${id}abcdefghijklmnopq`,
    status: 'finished',
    created_at: iso(t),
    finished_at: iso(t + (build + 12) * 1000),
    logs: log(t, [
      [0, 'Starting deployment of acme/shop:main to edge-1.'],
      [2, 'Building docker image started.'],
      [2 + build, 'Building docker image completed. Rolling update started.'],
      [12 + build, 'Rolling update completed.'],
    ]),
  };
}

/** Serves the rows by skip/take, with a count. */
function lister(rows: readonly Row[]): Handler {
  return (req, res) => {
    if (req.path !== LIST) return json(404, { message: 'Application not found' })(req, res, undefined as never);
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    return json(200, { count: rows.length, deployments: rows.slice(skip, skip + take) })(req, res, undefined as never);
  };
}

const env = (s: HostileServer) => ({ DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: TOKEN });

/** `n` finished deployments, 1000 (newest) down, builds of 100 + (id % 20) s; a failed one among them. */
function history(n = 70): Row[] {
  const rows: Row[] = [];
  for (let id = 1000; id > 1000 - n; id--) rows.push(finished(id, 100 + (id % 20)));
  rows.splice(3, 0, { ...finished(999_0, 1), id: 9990, status: 'failed' });
  return rows;
}

/** The median build of the 50 newest finished deployments of history(): ids 1000 … 951. */
function expectedMedianBuild(): number {
  const builds = Array.from({ length: 50 }, (_, k) => 100 + ((1000 - k) % 20)).sort((a, b) => a - b);
  return ((builds[24]! + builds[25]!) / 2) * 1000;
}

describe('dms logs --steps', () => {
  it('-o json: [{step, startedAt, durationMs, medianMs}] against the medians of the last 50 finished deployments', async () => {
    const rows = history(600);
    const s = await serve(lister(rows));
    const r = await runBin(['logs', APP, '990', '--steps', '-o', 'json'], { env: env(s) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const t = T0 - 990 * 3_600_000;
    expect(JSON.parse(r.stdout)).toEqual([
      { step: 'start', startedAt: new Date(t).toISOString(), durationMs: 2000, medianMs: 2000 },
      { step: 'build', startedAt: new Date(t + 2000).toISOString(), durationMs: 110_000, medianMs: expectedMedianBuild() },
      { step: 'rollout', startedAt: new Date(t + 112_000).toISOString(), durationMs: 10_000, medianMs: 10_000 },
    ]);
    // Read until the 50th finished deployment (the failed one not counted), not the whole history.
    const asked = s.requests.filter((q) => q.path === LIST).map((q) => Number(q.query.get('skip')) + Number(q.query.get('take')));
    expect(Math.max(...asked)).toBeLessThanOrEqual(200);
  });

  it('the table: step, started, duration, vs median; the last line says over what', async () => {
    const s = await serve(lister(history()));
    const r = await runBin(['logs', APP, '990', '--steps'], { env: env(s) });
    expect(r.code).toBe(0);
    const t = new Date(T0 - 990 * 3_600_000).toISOString().slice(0, 19);
    const median = expectedMedianBuild() / 1000;
    const delta = 110 - Math.round(median);
    expect(r.stdout.split('\n')).toEqual([
      'STEP     STARTED               DURATION  VS MEDIAN',
      `start    ${t}Z  2s        ±0s vs median`,
      expect.stringMatching(new RegExp(`^build    \\S+Z  1m 50s    ${delta > 0 ? '\\+' : '-'}${Math.abs(delta)}s vs median$`)),
      expect.stringMatching(/^rollout {2}\S+Z {2}10s {7}±0s vs median$/),
      'median of the last 50 finished deployments',
      '',
    ]);
  });

  it('a running deployment: its last step is open, says so and its median; a failed one marks the step it ended in', async () => {
    const now = Date.now();
    const running: Row = {
      id: 2000,
      status: 'in_progress',
      created_at: iso(now - 60_000),
      logs: log(now - 60_000, [
        [0, 'Starting deployment of acme/shop:main to edge-1.'],
        [5, 'Building docker image started.'],
      ]),
    };
    const failed: Row = {
      id: 1999,
      status: 'failed',
      created_at: iso(now - 120_000),
      logs: log(now - 120_000, [
        [0, 'Starting deployment of acme/shop:main to edge-1.'],
        [5, 'Building docker image started.'],
        [47, 'Deployment failed: Command execution failed (exit code 1)', true],
      ]),
    };
    const rows = [running, failed, finished(1000, 100), finished(999, 120), finished(998, 110)];
    const s = await serve(lister(rows));
    const r = await runBin(['logs', APP, '2000', '--steps'], { env: env(s) });
    expect(r.code).toBe(0);
    const out = r.stdout.split('\n');
    expect(out[2]).toMatch(/^build \(running\) +\S+Z +(5\ds|\dm \d\ds) so far +median 1m 50s$/);
    expect(out.at(-2)).toBe('median of 3 finished deployments');
    const f = await runBin(['logs', APP, '1999', '--steps'], { env: env(s) });
    expect(f.stdout.split('\n')[2]).toMatch(/^build \(failed here\) +\S+Z +42s +median 1m 50s$/);
  });

  it('a row without logs: the line that says why, exit 0 as dms logs; a log that cannot be read: exit 1', async () => {
    const s = await serve(
      lister([
        { id: 5, status: 'finished' },
        { ...finished(4, 10), logs: '[{"output": "cut' },
      ]),
    );
    const r = await runBin(['logs', APP, '5', '--steps'], { env: env(s) });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `${NO_LOGS}\n` });
    const bad = await runBin(['logs', APP, '4', '--steps', '-o', 'json'], { env: env(s) });
    expect(bad).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'dms: the log of deployment 4 could not be read: the logs field is not JSON\n',
    });
  });

  it('a log without step lines: says so on stderr; -o json prints []', async () => {
    const s = await serve(lister([{ id: 7, status: 'finished', logs: log(T0, [[0, 'hello']]) }]));
    const r = await runBin(['logs', APP, '7', '--steps', '--json'], { env: env(s) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('[]\n');
    expect(r.stderr).toMatch(/^dms: the log of deployment 7 has no step lines: steps are read from the lines the service writes/);
  });

  it.each([
    [['-o', 'json'], /^dms: -o\/--output goes with --steps/],
    [['--steps', '-o', 'csv'], /^dms: -o\/--output takes table or json, not 'csv'\.$/],
    [['--steps', '--follow'], /^dms: --steps prints the steps' timings and takes no --follow/],
    [['--steps', '--reason'], /^dms: --steps prints the steps' timings and takes no --reason/],
    [['--steps', '--json', '-o', 'table'], /^dms: --json is -o json; it cannot go with -o table/],
  ])('dms logs APP 1 %j exits 2 with one line and sends nothing', async (args, message) => {
    const s = await serve(lister(history()));
    const r = await runBin(['logs', APP, '1', ...args], { env: env(s) });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(s.total()).toBe(0);
  });
});
