// The page scheduler the board reads with (src/tui/page-scheduler.ts; the picker's overview tests
// cover its queue, its pause after a 429 and its close): a new period from now on, and what a
// read or a failure makes of the entry's previous result. The board's cursor (screens/board/state.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeploymentPage } from '../../src/api/schemas/deployment.js';
import { createPageScheduler } from '../../src/tui/page-scheduler.js';
import { boardReducer, boardWindow, initialBoard } from '../../src/tui/screens/board/state.js';

afterEach(() => {
  vi.useRealTimers();
});

const page: DeploymentPage = { deployments: [], total: 0 };

describe('createPageScheduler', () => {
  it('setPeriod: reads every new period from then on (the board while a deployment runs)', async () => {
    vi.useFakeTimers();
    const keys: string[] = [];
    const s = createPageScheduler<number>({
      fetch: (key) => (keys.push(key), Promise.resolve(page)),
      read: (_p, _k, before) => (before ?? 0) + 1,
      fail: () => -1,
      limit: 4,
      periodMs: 30_000,
    });
    s.setActive(true);
    s.show(['a']);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.get().get('a')).toBe(1);
    s.setPeriod(3_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(s.get().get('a')).toBe(2);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(s.get().get('a')).toBe(4);
    s.setPeriod(30_000);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(keys).toHaveLength(4);
    s.close();
  });

  it('a failure is handed the previous result (the board keeps a row through a 429)', async () => {
    const befores: (string | undefined)[] = [];
    let fail = false;
    const s = createPageScheduler<string>({
      fetch: () => (fail ? Promise.reject(new Error('x')) : Promise.resolve(page)),
      read: () => 'read',
      fail: (_e, _k, before) => (befores.push(before), before ?? 'failed'),
      limit: 1,
      periodMs: 10,
    });
    s.setActive(true);
    s.show(['a']);
    await vi.waitFor(() => expect(s.get().get('a')).toBe('read'));
    fail = true;
    await vi.waitFor(() => expect(befores).toContain('read'));
    expect(s.get().get('a')).toBe('read');
    s.close();
  });
});

describe('the board cursor', () => {
  it('moves within the rows, stays on the last when rows go, and the window keeps it in view', () => {
    let s = boardReducer(initialBoard, { type: 'rows', rows: 5 });
    s = boardReducer(s, { type: 'move', delta: 10 });
    expect(s.cursor).toBe(4);
    s = boardReducer(s, { type: 'rows', rows: 2 });
    expect(s.cursor).toBe(1);
    s = boardReducer(s, { type: 'move', delta: -5 });
    expect(s.cursor).toBe(0);
    expect(boardWindow(0, 3, 10)).toBe(0);
    expect(boardWindow(50, 100, 10)).toBe(45);
    expect(boardWindow(99, 100, 10)).toBe(90);
  });
});
