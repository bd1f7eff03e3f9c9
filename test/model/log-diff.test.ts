// A log against the last green build's, step by step: what always differs folded away, steps of
// one log only, the first step that differs or failed, masked lines; on the demo's own logs
// (demo/logs.ts) and on logs shaped as deployed servers write them.
import { describe, expect, it } from 'vitest';
import { logEntries } from '../../src/demo/logs.js';
import type { DemoApp, DemoDeployment } from '../../src/demo/model.js';
import { readLog, maskerFor, type LogEntry } from '../../src/model/log.js';
import { foldLine } from '../../src/model/log-fold.js';
import { hunkRows, logDiff, logParts, stepStateText } from '../../src/model/log-diff.js';
import { seqDiff } from '../../src/model/seq-diff.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
let seq = 0;
const entry = (s: number, output: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  command: null,
  output,
  stderr: false,
  hidden: false,
  timestamp: new Date(T0 + s * 1000).toISOString(),
  at: T0 + s * 1000,
  batch: null,
  order: ++seq,
  ...extra,
});
const plain = (s: string) => s;

/** A deployed server's log: the phases, a build whose output names this run's sha, times and paths. */
function deployed(run: { sha: string; dir: string; secs: number; fail?: string; extra?: string[] }): LogEntry[] {
  const t = (n: number) => n * run.secs;
  const out: LogEntry[] = [
    entry(t(0), `Starting deployment of shop to edge-1.`),
    entry(t(1), `Preparing container with helper image: ghcr.io/acme/helper:1.`),
    entry(t(2), `Importing acme/shop:main (commit sha ${run.sha}) to /artifacts/${run.dir}.`),
    entry(t(3), 'Building docker image started.'),
    entry(t(4), `#5 [build 3/6] RUN npm ci`, { command: 'docker build' }),
    entry(t(5), `#5 ${(run.secs * 1.234).toFixed(3)} added 812 packages in ${run.secs * 3}s`),
    ...(run.extra ?? []).map((l) => entry(t(5), l)),
    entry(t(6), `#9 writing image sha256:${run.sha}${run.sha} done`),
  ];
  if (run.fail) {
    out.push(entry(t(7), run.fail, { stderr: true }));
    out.push(entry(t(7), '========================================', { stderr: true }));
    out.push(entry(t(7), `Deployment failed: ${run.fail}`, { stderr: true }));
    return out;
  }
  out.push(
    entry(t(7), 'Building docker image completed.'),
    entry(t(8), 'Rolling update started.'),
    entry(t(9), 'Rolling update completed.'),
    entry(t(9), 'New container started.'),
  );
  return out;
}

describe('foldLine', () => {
  it('folds times, durations, shas, ids, temp paths and run numbers; keeps words and exit codes', () => {
    const a = foldLine('2026-08-22T15:22:50.123456Z #12 3.456 took 900ms in /tmp/build-x1/a, sha 3f0c2a9e7b1d app-123456');
    const b = foldLine('2026-08-23T09:01:02.000001Z #14 0.010 took 4.2s in /tmp/q/zz, sha 9e8d7c6b5a4 app-987654');
    expect(a).toBe(b);
    expect(foldLine('exit code 1')).not.toBe(foldLine('exit code 2'));
    expect(foldLine('Failed to compile.')).toBe('Failed to compile.');
  });
});

describe('seqDiff', () => {
  it('keeps order: removed and added around what both hold', () => {
    const ops = seqDiff(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e']);
    expect(ops.map((o) => o.op).join('')).toBe('=-+==+');
  });

  it('past the plain table, anchors on keys that occur once and still finds every common one', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `line ${i}`);
    const b = [...a.slice(0, 1000), 'new', ...a.slice(1000, 2500), ...a.slice(2600)];
    const ops = seqDiff(a, b);
    expect(ops.filter((o) => o.op === '+').length).toBe(1);
    expect(ops.filter((o) => o.op === '-').length).toBe(100);
    expect(ops.filter((o) => o.op === '=').length).toBe(2900);
  });
});

describe('logDiff on deployed-shape logs', () => {
  it('two green runs of different commits and times compare the same in every step', () => {
    const older = logParts(deployed({ sha: 'a1b2c3d4e5f6', dir: 'q1w2e3r4t5y6u7i8o9p0a1s2', secs: 2 }), plain);
    const newer = logParts(deployed({ sha: '0f9e8d7c6b5a', dir: 'z9x8c7v6b5n4m3l2k1j0h9g8', secs: 3 }), plain);
    const d = logDiff(older, newer);
    expect(d.steps.map((s) => [s.name, s.state])).toEqual([
      ['start', 'same'],
      ['prepare', 'same'],
      ['import', 'same'],
      ['build', 'same'],
      ['rollout', 'same'],
    ]);
    expect(d.opening).toBe(0);
  });

  it('a failure in the build: the build differs, shows the real text, is where it opens; rollout is in the green one only', () => {
    const older = logParts(deployed({ sha: 'a1b2c3d4e5f6', dir: 'd1', secs: 2 }), plain);
    const newer = logParts(
      deployed({ sha: '0f9e8d7c6b5a', dir: 'd2', secs: 2, extra: ['npm warn deprecated glob@7'], fail: 'Type error: no totalCents' }),
      plain,
    );
    const d = logDiff(older, newer);
    expect(d.steps.map((s) => [s.name, s.state, s.failed])).toEqual([
      ['start', 'same', false],
      ['prepare', 'same', false],
      ['import', 'same', false],
      ['build', 'differs', true],
      ['rollout', 'older', false],
    ]);
    expect(d.opening).toBe(3);
    const build = d.steps[3]!;
    expect(build.rows.filter((r) => r.kind === '+').map((r) => r.line.text)).toEqual([
      'npm warn deprecated glob@7',
      'Type error: no totalCents',
      '========================================',
      'Deployment failed: Type error: no totalCents',
    ]);
    expect(build.rows.filter((r) => r.kind === '-').map((r) => r.line.text)).toEqual(['Building docker image completed.']);
    // The import line is the same once folded, and shown with this run's sha.
    expect(d.steps[2]!.rows[0]!.line.text).toContain('0f9e8d7c6b5a');
    expect(stepStateText(build, { older: 'deployment 1', newer: 'deployment 2' })).toBe(
      'differs: 1 removed, 4 added · deployment 2 failed here',
    );
    expect(stepStateText(d.steps[4]!, { older: 'deployment 1', newer: 'deployment 2' })).toBe('only in deployment 1');
  });

  it('a log naming no step is one part; lines before the first step are a part of their own; debug lines are left out', () => {
    expect(logParts([entry(0, 'hello'), entry(1, 'world')], plain).map((p) => [p.name, p.lines.length])).toEqual([['log', 2]]);
    const parts = logParts(
      [entry(0, 'queued behind 2'), entry(1, 'Starting deployment of a to b.'), entry(2, 'secret debug', { hidden: true })],
      plain,
    );
    expect(parts.map((p) => [p.name, p.lines.map((l) => l.text)])).toEqual([
      ['before', ['queued behind 2']],
      ['start', ['Starting deployment of a to b.']],
    ]);
  });

  it("secrets stay masked on both sides: the record's secret values and URL passwords", () => {
    const record = { http_basic_auth_password: 'hunter2hunter2', logs: '' };
    const mask = maskerFor(record);
    const log = (pw: string) => [
      entry(0, 'Starting deployment of a to b.'),
      entry(1, `using hunter2hunter2 and postgres://u:${pw}@db/app`),
    ];
    const d = logDiff(logParts(log('one'), mask), logParts(log('two'), mask));
    const texts = d.steps.flatMap((s) => s.rows.map((r) => r.line.text)).join('\n');
    expect(texts).not.toContain('hunter2hunter2');
    expect(texts).not.toContain(':one@');
    expect(texts).not.toContain(':two@');
  });
});

describe("logDiff on the demo service's logs", () => {
  const app = {
    uuid: 'a1',
    name: 'unit',
    server: { id: 1, uuid: 's', name: 'edge-1', ip: '203.0.113.1' },
    fields: { git_repository: 'https://github.com/acme/unit', build_pack: 'nixpacks', health_check_enabled: true },
  } as unknown as DemoApp;
  const deployment = (id: number, status: string): DemoDeployment =>
    ({
      id,
      uuid: `u${id}`,
      deploymentUuid: `q${id}x0x0x0x0x0x0x0x0x0x0x0`,
      appUuid: 'a1',
      status,
      commitSha: String(id).repeat(40).slice(0, 40),
      branch: 'main',
      commitMessage: 'Fix it',
      pullRequestId: 0,
      isWebhook: false,
      isApi: true,
      rollback: false,
      forceRebuild: false,
      restartOnly: false,
      configHash: '',
      createdAt: T0 + id * 3_600_000,
      updatedAt: T0 + id * 3_600_000 + 200_000,
      finishedAt: T0 + id * 3_600_000 + 200_000,
      newer: true,
    }) as DemoDeployment;
  const partsOf = (d: DemoDeployment) => {
    const read = readLog({ logs: JSON.stringify(logEntries(app, d, { now: T0 + 1e9, stepMs: 1000 })) });
    if (read.kind !== 'entries') throw new Error('no entries');
    return logParts(read.entries, maskerFor({}));
  };

  it('a failed build against a finished one: the steps it reached pair up, it opens at the first that differs or failed', () => {
    const older = partsOf(deployment(1, 'finished'));
    for (const id of [2, 3, 4, 5, 6, 7]) {
      const newer = partsOf(deployment(id, 'failed'));
      const d = logDiff(older, newer);
      const failedAt = d.steps.findIndex((s) => s.failed);
      expect(failedAt, `deployment ${id} failed in a step`).toBeGreaterThanOrEqual(0);
      expect(d.opening).toBeLessThanOrEqual(failedAt);
      // Before the opening every step is the same; the start is the same whatever the commit.
      expect(d.steps.slice(0, d.opening).every((s) => s.state === 'same')).toBe(true);
      expect(d.steps[0]).toMatchObject({ name: 'start', state: 'same' });
      // Every line of both logs is in the diff once: removed or same from the older, added or same from the newer.
      const count = (parts: typeof older) => parts.reduce((n, p) => n + p.lines.length, 0);
      const rows = d.steps.flatMap((s) => s.rows);
      expect(rows.filter((r) => r.kind !== '+').length).toBe(count(older));
      expect(rows.filter((r) => r.kind !== '-').length).toBe(count(newer));
      // A step the failed one never reached is in the green one only.
      expect(d.steps.slice(failedAt + 1).every((s) => s.state === 'older')).toBe(true);
    }
  });
});

describe('hunkRows', () => {
  it('the rows that differ with two of context, a gap where rows were left out', () => {
    const line = (text: string) => ({ kind: 'out', text, spans: null, hidden: false, at: null, timestamp: '', entry: 0 }) as const;
    const rows = 'a b c d e f g h i j'.split(' ').map((t) => ({ kind: t === 'f' ? ('+' as const) : ('=' as const), line: line(t) }));
    expect(hunkRows(rows).map((r) => (r ? r.line.text : '…'))).toEqual(['…', 'd', 'e', 'f', 'g', 'h', '…']);
  });
});
