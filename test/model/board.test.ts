// The board's rows (src/model/board.ts): a row per application from its newest page, on both
// row shapes (the seed's settings snapshots and deployed servers' queue rows with logs); the
// strip, the last deployment, the why-line, what ended between two reads.
import { describe, expect, it } from 'vitest';
import { readDeployment, type DeploymentPage } from '../../src/api/schemas/deployment.js';
import { boardApps, boardProblemRow, boardRowOf, endedBetween, stripText, type BoardApp } from '../../src/model/board.js';

const app: BoardApp = { uuid: 'a1', name: 'shop-api', context: null };
const page = (...rows: Record<string, unknown>[]): DeploymentPage => ({ total: rows.length, deployments: rows.map(readDeployment) });
const failedLog = JSON.stringify([
  { command: null, output: '========================================', type: 'stderr', hidden: false, batch: 9, order: 1 },
  { command: null, output: 'Deployment failed: Error: npm ci exited with 1', type: 'stderr', hidden: false, batch: 9, order: 2 },
]);

describe('boardRowOf', () => {
  it('settings snapshots: the strip newest first, the last deployment, no why-line for a finished one', () => {
    const row = boardRowOf(
      app,
      page(
        { id: 3, deployment_uuid: 'd3', status: 'finished', created_at: '2026-11-01T10:00:00Z', commit_message: 'Fix cart\nbody' },
        { id: 2, status: 'failed' },
        { id: 1, status: 'finished' },
      ),
    );
    expect(row.strip).toEqual(['finished', 'failed', 'finished']);
    expect(stripText(row.strip)).toBe('✓✗✓');
    expect(row.last).toMatchObject({
      id: 3,
      uuid: 'd3',
      phase: 'finished',
      startedAt: Date.parse('2026-11-01T10:00:00Z'),
      subject: 'Fix cart',
    });
    expect(row.why).toBe('');
    expect(row.running).toBe(false);
    expect(row.name).toBe('shop-api');
  });

  it('queue rows with logs: the failed one says why, cleaned; the name comes from the rows when not known', () => {
    const row = boardRowOf(
      { uuid: 'a2', context: 'prod' },
      page({ id: 9, status: 'failed', application_name: 'web\u001b[31m', logs: failedLog }, { id: 8, status: 'in_progress' }),
    );
    expect(row.why).toBe('npm ci exited with 1');
    expect(row.name).toBe('web');
    expect(row.running).toBe(true);
    expect(stripText(row.strip)).toBe('●✗');
  });

  it('an empty history: no last deployment, an empty strip', () => {
    const row = boardRowOf(app, page());
    expect(row.last).toBeNull();
    expect(row.strip).toEqual([]);
  });

  it('a URL password in the subject is masked', () => {
    const row = boardRowOf(app, page({ id: 1, status: 'finished', commit_message: 'from https://u:hunter2@git.example/x' }));
    expect(row.last?.subject).not.toContain('hunter2');
  });
});

describe('endedBetween', () => {
  const running = boardRowOf(app, page({ id: 5, status: 'in_progress' }));
  it('the running deployment, final in the next read: ended, with the why-line of the newest', () => {
    const after = boardRowOf(app, page({ id: 5, status: 'failed', logs: failedLog }));
    expect(endedBetween(running, after)).toMatchObject([
      { name: 'shop-api', last: { id: 5, phase: 'failed' }, why: 'npm ci exited with 1' },
    ]);
  });
  it('found again below newer deployments; two that ran both end', () => {
    const two = boardRowOf(app, page({ id: 6, status: 'queued' }, { id: 5, status: 'in_progress' }));
    const after = boardRowOf(app, page({ id: 7, status: 'in_progress' }, { id: 6, status: 'cancelled' }, { id: 5, status: 'finished' }));
    expect(endedBetween(two, after).map((e) => [e.last.id, e.last.phase, e.why])).toEqual([
      [6, 'cancelled', ''],
      [5, 'finished', ''],
    ]);
  });
  it('still running, gone from the page, a first read or a failed read: nothing', () => {
    expect(endedBetween(running, running)).toEqual([]);
    expect(endedBetween(running, boardRowOf(app, page({ id: 6, status: 'finished' })))).toEqual([]);
    expect(endedBetween(undefined, boardRowOf(app, page({ id: 5, status: 'finished' })))).toEqual([]);
    expect(endedBetween(running, boardProblemRow(app, 'unreachable', running))).toEqual([]);
  });
  it('a finished one read again: nothing', () => {
    const done = boardRowOf(app, page({ id: 5, status: 'finished' }));
    expect(endedBetween(done, done)).toEqual([]);
  });
});

describe('boardApps and boardProblemRow', () => {
  it('each application once per context, in the order given', () => {
    const a = { uuid: 'x', context: null };
    const b = { uuid: 'x', context: 'prod' };
    expect(boardApps([[a, b], [{ ...a, name: 'again' }]])).toEqual([a, b]);
  });
  it('a failed read keeps what the row showed, not running, with the problem', () => {
    const before = boardRowOf(app, page({ id: 5, status: 'in_progress' }));
    const row = boardProblemRow(app, 'rate limited', before);
    expect(row).toMatchObject({ problem: 'rate limited', running: false, strip: ['running'] });
    expect(boardProblemRow(app, 'not found')).toMatchObject({ last: null, strip: [], problem: 'not found' });
  });
});
