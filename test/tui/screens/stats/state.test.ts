// The stats view's reducer (src/tui/screens/stats/state.ts), without Ink: what Esc does to a
// reading, that rows arriving after it change nothing but the final figures, and scrolling bounds.
import { describe, expect, it } from 'vitest';
import { createStats, statsOf } from '../../../../src/model/stats.js';
import { initialStats, statsReducer, type StatsAction, type StatsState } from '../../../../src/tui/screens/stats/state.js';

const stats = (n: number) => {
  const acc = createStats();
  for (let i = 0; i < n; i++)
    acc.add({ phase: 'finished', startedAt: Date.UTC(2026, 0, 1) + i * 60_000, finishedAt: null, source: 'API', branch: '' });
  return statsOf(acc, {}, Date.UTC(2026, 0, 2));
};
const run = (actions: StatsAction[], from: StatsState = initialStats(10)) => actions.reduce(statsReducer, from);

describe('the stats view state', () => {
  it('Esc stops the reading: later rows are dropped, the final figures of all that was read are kept', () => {
    const s = run([
      { type: 'rows', read: 100, total: 500, stats: stats(100), gaps: false },
      { type: 'stop' },
      { type: 'rows', read: 200, total: 500, stats: stats(200), gaps: false },
      { type: 'done', stats: stats(200) },
      { type: 'final', stats: stats(150) },
    ]);
    expect([s.scanning, s.stoppedByUser, s.read, s.stats?.deployments, s.failed]).toEqual([false, true, 100, 150, null]);
  });

  it('a fault ends the reading with why; a wait is shown until the next rows', () => {
    const waiting = run([{ type: 'wait', why: 'waiting 3 s: the server asks to slow down (429)' }]);
    expect(waiting.waiting).toMatch(/429/);
    expect(run([{ type: 'rows', read: 5, total: null, stats: stats(5), gaps: false }], waiting).waiting).toBeNull();
    const failed = run([{ type: 'done', stats: null, failed: 'The server stopped sending.' }], waiting);
    expect([failed.scanning, failed.failed, failed.waiting]).toEqual([false, 'The server stopped sending.', null]);
  });

  it('scrolling stays within the body: a page at a time, to the top and the bottom', () => {
    const s = run([{ type: 'page', rows: 10, lines: 35 }]);
    expect(run([{ type: 'scroll', to: 'bottom' }], s).top).toBe(25);
    expect(
      run(
        [
          { type: 'scroll', to: 'pageDown' },
          { type: 'scroll', to: 'pageDown' },
          { type: 'scroll', to: 'pageDown' },
        ],
        s,
      ).top,
    ).toBe(25);
    expect(
      run(
        [
          { type: 'scroll', to: 'down' },
          { type: 'scroll', to: 'up' },
          { type: 'scroll', to: 'up' },
        ],
        s,
      ).top,
    ).toBe(0);
    // A taller terminal (or a shorter body) pulls the top back.
    expect(
      run(
        [
          { type: 'scroll', to: 'bottom' },
          { type: 'page', rows: 30, lines: 35 },
        ],
        s,
      ).top,
    ).toBe(5);
  });
});
