// The whole-history scan over an in-memory history (the list call is the scan's only input):
// order, no row twice or missing while deployments arrive, request sizes, concurrency, the
// request budget, faults and 429s, stopping.
import { describe, expect, it } from 'vitest';
import type { DeploymentPage } from '../../src/api/schemas/deployment.js';
import { readDeployment } from '../../src/api/schemas/deployment.js';
import { MiscountError, RateLimitedError, ServerError, UnauthorizedError } from '../../src/api/errors.js';
import { MAX_UNCOUNTED, ScanStopped, scanBound, scanHistory, type ScanChunk, type ScanOptions } from '../../src/search/scan.js';

interface Call {
  skip: number;
  take: number;
}

/** A newest-first history; ids rise with time. */
class History {
  rows: Record<string, unknown>[];
  calls: Call[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Runs before each answer, with the request's number (1: the first asked): new deployments arrive, faults. */
  before?: (call: Call, n: number) => void | Error;
  constructor(
    n: number,
    readonly withTotal = true,
    readonly pad = 0,
  ) {
    this.rows = Array.from({ length: n }, (_, i) => this.row(n - i));
  }
  row(id: number): Record<string, unknown> {
    return { id, status: id % 5 === 0 ? 'failed' : 'finished', ...(this.pad ? { logs: 'x'.repeat(this.pad) } : {}) };
  }
  arrive(k: number): void {
    const top = (this.rows[0]?.id as number | undefined) ?? 0;
    this.rows.unshift(...Array.from({ length: k }, (_, i) => this.row(top + k - i)));
  }
  list = async (skip: number, take: number): Promise<DeploymentPage> => {
    const call = { skip, take };
    this.calls.push(call);
    const index = this.calls.length;
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((r) => setImmediate(r));
      const fault = this.before?.(call, index);
      if (fault) throw fault;
      const slice = this.rows.slice(skip, skip + take);
      return {
        deployments: slice.map(readDeployment),
        total: this.withTotal ? this.rows.length : null,
        chars: JSON.stringify(slice).length,
      };
    } finally {
      this.inFlight -= 1;
    }
  };
}

const noSleep = { sleep: async () => {} };

async function collect(h: History, options: ScanOptions = {}): Promise<{ ids: number[]; chunks: ScanChunk[] }> {
  const chunks: ScanChunk[] = [];
  for await (const c of scanHistory(h.list, { ...noSleep, ...options })) chunks.push(c);
  return { ids: chunks.flatMap((c) => c.rows.map((r) => r.id as number)), chunks };
}

const descending = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i);

describe('reading the whole history', () => {
  it('reads every row once, newest first, with at most two requests in flight', async () => {
    const h = new History(2345);
    const { ids, chunks } = await collect(h);
    expect(ids).toEqual(descending(2345, 2345));
    expect(chunks.at(-1)).toMatchObject({ read: 2345, total: 2345, gaps: false });
    expect(h.maxInFlight).toBe(2);
  });

  it('each request after the first overlaps the last row read by one', async () => {
    const h = new History(250);
    await collect(h, { take: 100, maxTake: 100 });
    expect(h.calls.slice(0, 3)).toEqual([
      { skip: 0, take: 100 },
      { skip: 99, take: 101 },
      { skip: 199, take: 101 },
    ]);
  });

  it('sizes requests by the bytes per row: heavy rows are asked for a few at a time', async () => {
    const h = new History(300, true, 100_000);
    await collect(h, { take: 20, targetChars: 1_000_000 });
    // ~100 KB a row: 10 rows make the 1 MB aimed at.
    expect(h.calls.slice(2).every((c) => c.take <= 11)).toBe(true);
    const light = new History(3000);
    await collect(light, { take: 20 });
    expect(Math.max(...light.calls.map((c) => c.take))).toBe(1001);
  });

  it('an empty history ends at the first answer (the second request was already on its way)', async () => {
    const h = new History(0);
    expect((await collect(h)).ids).toEqual([]);
    expect(h.calls.length).toBeLessThanOrEqual(2);
  });
});

describe('a history that changes while it is read', () => {
  for (const withTotal of [true, false]) {
    it(`deployments arriving between requests: no row twice, none missing (${withTotal ? 'with' : 'without'} a count)`, async () => {
      const h = new History(1000, withTotal);
      h.before = (_call, n) => {
        if (n % 2 === 0) h.arrive(3);
      };
      const { ids, chunks } = await collect(h, { take: 50, maxTake: 50 });
      expect(ids).toEqual(descending(1000, 1000));
      expect(chunks.at(-1)!.gaps).toBe(false);
    });
  }

  it('many arriving at once (more than a request holds), with a count: still every row once', async () => {
    const h = new History(600);
    h.before = (_call, n) => {
      if (n === 3) h.arrive(120);
    };
    const { ids } = await collect(h, { take: 50, maxTake: 50 });
    expect(ids).toEqual(descending(600, 600));
  });

  it('a history that shrank under it (rows removed, no count to follow) ends flagged, not silently', async () => {
    const h = new History(150, false);
    h.before = (_call, n) => {
      if (n === 2) h.rows = h.rows.slice(0, 60);
    };
    const { ids, chunks } = await collect(h, { take: 100, maxTake: 100, inFlight: 1 });
    expect(ids).toEqual(descending(150, 100));
    expect(chunks.at(-1)).toMatchObject({ rows: [], read: 100, gaps: true });
  });

  it('a last answer that lost the row read last and brings nothing older ends flagged', async () => {
    const h = new History(150, false);
    h.before = (_call, n) => {
      if (n === 2) h.rows.splice(99, Infinity, h.row(70), h.row(69));
    };
    const { ids, chunks } = await collect(h, { take: 100, maxTake: 100, inFlight: 1 });
    expect(ids).toEqual(descending(150, 100));
    expect(chunks.at(-1)).toMatchObject({ rows: [], read: 100, gaps: true });
  });

  it('a count that moves with every answer while the row read last is gone: asked again twice, then read on by id, flagged; it ends', async () => {
    const h = new History(3000);
    const list = h.list;
    let n = 0;
    // Each answer loses its last row, and says a count that is never the same twice.
    h.list = async (skip: number, take: number) => {
      const page = await list(skip, take);
      n += 1;
      const last = page.deployments.at(-1);
      if (last) h.rows = h.rows.filter((r) => r.id !== last.id);
      return { ...page, total: h.rows.length + 2 * n };
    };
    // A clock of its own: the request budget's waits pass at once.
    let clock = 0;
    const { ids, chunks } = await collect(h, {
      take: 100,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    expect(h.calls.length).toBeLessThan(60);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.length).toBeGreaterThan(2000);
    expect(chunks.at(-1)!.gaps).toBe(true);
  });

  it('answers that never bring the row read last, nor any older one, end the scan after a few requests, flagged', async () => {
    const h = new History(3000);
    const list = h.list;
    let n = 0;
    // After the first page: the same 50 newest rows every time, with a count that keeps moving.
    h.list = async (skip: number, take: number) => {
      n += 1;
      const page = await list(n === 1 ? skip : 0, n === 1 ? take : 50);
      return { ...page, total: 3000 + n };
    };
    const { ids, chunks } = await collect(h, { take: 100, maxTake: 100, inFlight: 1 });
    expect(ids).toEqual(descending(3000, 100));
    expect(chunks.at(-1)).toMatchObject({ rows: [], read: 100, gaps: true });
    expect(h.calls.length).toBeLessThanOrEqual(5);
  });

  it('a server that ignores skip (the same rows every time) ends the scan, flagged', async () => {
    const h = new History(300);
    const list = h.list;
    h.list = (_skip, take) => list(0, take);
    const { ids, chunks } = await collect(h, { take: 100, maxTake: 100 });
    expect(ids).toEqual(descending(300, ids.length));
    expect(ids.length).toBeLessThanOrEqual(101);
    expect(chunks.at(-1)!.gaps).toBe(true);
    expect(h.calls.length).toBeLessThan(10);
  });
});

describe('rows sent more than once', () => {
  it('a row repeated inside a page, or the same row in every page, is delivered once and counted', async () => {
    for (const where of ['inside', 'every'] as const) {
      const h = new History(1000);
      const list = h.list;
      h.list = async (skip: number, take: number) => {
        const page = await list(skip, take);
        const rows = [...page.deployments];
        if (where === 'inside' && rows.length > 1) rows.splice(1, 0, rows[0]!);
        if (where === 'every') rows.splice(Math.min(3, rows.length), 0, readDeployment(h.rows[5]!));
        return { ...page, deployments: rows };
      };
      const { ids, chunks } = await collect(h, { take: 100, maxTake: 100, inFlight: 1 });
      // (A row sent ahead of its place is delivered there.)
      expect(
        [...ids].sort((a, b) => b - a),
        where,
      ).toEqual(descending(1000, 1000));
      // Once in each of the ten pages.
      expect(chunks.at(-1)!.repeated, where).toBeGreaterThanOrEqual(10);
      expect(chunks.at(-1)!.gaps, where).toBe(false);
    }
  });
});

describe('faults, limits and stopping', () => {
  it("a 5xx that outlasts the client's retries is asked again where the scan stopped, and says so", async () => {
    const h = new History(500);
    let failures = 2;
    h.before = (c, n) => (n >= 3 && failures-- > 0 ? new ServerError(503, 'Service Unavailable') : undefined);
    const pauses: string[] = [];
    const { ids } = await collect(h, { take: 100, maxTake: 100, onPause: (why) => pauses.push(why) });
    expect(ids).toEqual(descending(500, 500));
    expect(pauses.length).toBeGreaterThan(0);
    expect(pauses[0]).toMatch(/^Server error \(503\): Service Unavailable; going on from where it stopped$/);
  });

  it('a 429 waits as long as the server asks, then goes on', async () => {
    const h = new History(300);
    let once = true;
    h.before = (_c, n) => (n === 2 && once ? ((once = false), new RateLimitedError(7)) : undefined);
    const waits: number[] = [];
    const { ids } = await collect(h, {
      take: 100,
      maxTake: 100,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(ids).toEqual(descending(300, 300));
    expect(waits).toContain(7000);
  });

  it('a 429 asking for longer than dms waits stops the scan at once, without waiting', async () => {
    for (const error of [new RateLimitedError(3600), new RateLimitedError(99_999_999_999), new RateLimitedError(3, 2000)]) {
      const h = new History(300);
      h.before = (_c, n) => (n === 2 ? error : undefined);
      const waits: number[] = [];
      await expect(
        collect(h, {
          take: 100,
          maxTake: 100,
          sleep: async (ms) => {
            waits.push(ms);
          },
        }),
      ).rejects.toThrow(ScanStopped);
      expect(waits).toEqual([]);
    }
  });

  it('a 429 without Retry-After waits the longest wait dms honours, and says so first', async () => {
    const h = new History(300);
    h.before = (_c, n) => (n === 2 ? new RateLimitedError(undefined) : undefined);
    const told: [string, number][] = [];
    const waits: number[] = [];
    await collect(h, {
      take: 100,
      maxTake: 100,
      onPause: (why, ms) => told.push([why, ms]),
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(waits).toEqual([10_000]);
    expect(told).toEqual([['the server asks to slow down (429); going on from where it stopped', 10_000]]);
  });

  it("the list is given the scan's onPause, so the client's own waits are told too", async () => {
    const h = new History(300);
    const given: unknown[] = [];
    const onPause = () => {};
    for await (const _ of scanHistory(
      (skip, take, _signal, onWait) => {
        given.push(onWait);
        return h.list(skip, take);
      },
      { ...noSleep, onPause },
    )) {
      /* read */
    }
    expect(given.length).toBeGreaterThan(0);
    expect(given.every((g) => g === onPause)).toBe(true);
  });

  it('a fault that does not pass stops the scan with how far it got', async () => {
    const h = new History(500);
    h.before = (_c, n) => (n >= 3 ? new ServerError(500, 'Server Error') : undefined);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const c of scanHistory(h.list, { ...noSleep, take: 100, maxTake: 100, inFlight: 1 })) seen.push(c.read);
      })(),
    ).rejects.toThrow(ScanStopped);
    expect(seen.at(-1)).toBe(200);
  });

  it('waits after faults double and are never a round second: 5–25 % more, at random', async () => {
    for (const [r, want] of [
      [0, [1050, 2100, 4200]],
      [0.999_999, [1250, 2500, 5000]],
    ] as const) {
      const h = new History(500);
      h.before = (_c, n) => (n >= 3 ? new ServerError(500, 'Server Error') : undefined);
      const waits: number[] = [];
      const sleep = async (ms: number) => {
        waits.push(ms);
      };
      await expect(collect(h, { take: 100, maxTake: 100, inFlight: 1, random: () => r, sleep })).rejects.toThrow(ScanStopped);
      expect(waits).toEqual(want);
    }
  });

  it('a 401 stops at once (asking again cannot help)', async () => {
    const h = new History(500);
    h.before = (_c, n) => (n === 2 ? new UnauthorizedError() : undefined);
    await expect(collect(h, { take: 100, maxTake: 100 })).rejects.toThrow(/stopped after 100 deployments/);
  });

  it('starts no more requests in a minute than its budget', async () => {
    const h = new History(1200);
    let clock = 0;
    const waits: number[] = [];
    const { ids } = await collect(h, {
      take: 100,
      maxTake: 100,
      perMinute: 5,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    expect(ids).toHaveLength(1200);
    // 13 requests at 5 a minute: two waits for the window to move.
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(clock).toBeGreaterThanOrEqual(120_000);
  });

  it('waits when the server says few requests remain this minute', async () => {
    const h = new History(300);
    const list = h.list;
    let n = 0;
    h.list = async (skip: number, take: number) => ({ ...(await list(skip, take)), rateRemaining: n++ === 0 ? 10 : 150 });
    const pauses: string[] = [];
    await collect(h, { take: 100, maxTake: 100, inFlight: 1, onPause: (why) => pauses.push(why) });
    expect(pauses).toContain('the server allows few more requests this minute');
  });

  it('an abort stops it: no more requests, the generator ends', async () => {
    const h = new History(5000);
    const ac = new AbortController();
    let chunks = 0;
    for await (const _ of scanHistory(h.list, { ...noSleep, take: 100, maxTake: 100, signal: ac.signal })) {
      chunks += 1;
      if (chunks === 3) ac.abort();
    }
    expect(chunks).toBe(3);
    expect(h.calls.length).toBeLessThanOrEqual(5);
  });
});

describe('going on after rows already read', () => {
  it('starts after the first page on screen, overlapping its last row', async () => {
    const h = new History(300);
    const first = (await h.list(0, 10)).deployments;
    h.calls = [];
    const ids: number[] = [];
    for await (const c of scanHistory(h.list, { ...noSleep, take: 100, maxTake: 100, after: { read: 10, last: first[9]!, total: 300 } })) {
      ids.push(...c.rows.map((r) => r.id as number));
    }
    expect(h.calls[0]).toEqual({ skip: 9, take: 101 });
    expect(ids).toEqual(descending(290, 290));
  });
});

describe('a reading that does not come to the count', () => {
  /** Collects until the scan ends or stops; the ScanStopped it stopped with, if any. */
  async function until(list: ScanOptions & { list: History['list'] }): Promise<{ ids: number[]; stopped?: ScanStopped }> {
    const ids: number[] = [];
    try {
      for await (const c of scanHistory(list.list, { ...noSleep, perMinute: Infinity, ...list }))
        ids.push(...c.rows.map((r) => r.id as number));
    } catch (error) {
      if (!(error instanceof ScanStopped)) throw error;
      return { ids, stopped: error };
    }
    return { ids };
  }

  it('pages that stop short of the count: asked on once, then stopped with how many of the count were read', async () => {
    const h = new History(39);
    const list = h.list;
    h.list = async (skip, take) => {
      const page = await list(skip, take);
      return skip === 0 ? { ...page, deployments: page.deployments.slice(0, 10) } : { ...page, deployments: [] };
    };
    const { ids, stopped } = await until({ list: h.list, inFlight: 1 });
    expect(ids).toEqual(descending(39, 10));
    expect(stopped?.read).toBe(10);
    expect(stopped?.reason).toBeInstanceOf(MiscountError);
    expect(stopped?.reason).toMatchObject({ read: 10, counted: 39, past: false });
    expect(h.calls.map((c) => c.skip)).toEqual([0, 9]);
  });

  it('a first answer that counts 50 and sends none stops at once, read 0', async () => {
    const h = new History(50);
    const list = h.list;
    h.list = async (skip, take) => ({ ...(await list(skip, take)), deployments: [] });
    const { ids, stopped } = await until({ list: h.list });
    expect(ids).toEqual([]);
    expect(stopped?.reason).toMatchObject({
      kind: 'miscount',
      read: 0,
      counted: 50,
      message: 'The server counts 50 deployments but sent none.',
    });
  });

  it('a server that sends at most 10 rows an answer (its count right): every row, read on from where each answer stopped', async () => {
    const h = new History(95);
    const list = h.list;
    h.list = (skip, take) => list(skip, Math.min(take, 10));
    const { ids, stopped } = await until({ list: h.list });
    expect(stopped).toBeUndefined();
    expect(ids).toEqual(descending(95, 95));
  });

  it('deployments arriving while it reads move the count, not the end: no miscount', async () => {
    const h = new History(500);
    h.before = (_call, n) => {
      if (n % 2 === 0) h.arrive(7);
    };
    const { ids, stopped } = await until({ list: h.list, take: 50, maxTake: 50 });
    expect(stopped).toBeUndefined();
    expect(ids).toEqual(descending(500, 500));
  });

  it('a history that runs past its first count (a count always ahead): stopped at the count and a margin', async () => {
    let calls = 0;
    const list = async (skip: number, take: number): Promise<DeploymentPage> => {
      calls += 1;
      const rows = Array.from({ length: take }, (_, i) => readDeployment({ id: 1e9 - skip - i, status: 'finished' }));
      return { deployments: rows, total: skip + take + 5000, chars: 30 * take };
    };
    const { ids, stopped } = await until({ list: list as History['list'] });
    // 5,100 counted first; a tenth more.
    expect(ids).toHaveLength(5610);
    expect(new Set(ids).size).toBe(5610);
    expect(stopped?.reason).toMatchObject({ kind: 'miscount', read: 5610, counted: 5100, past: true });
    expect(calls).toBeLessThan(15);
  });

  it('a history without a count that never ends: stopped at the most it reads without one', async () => {
    const list = async (skip: number, take: number): Promise<DeploymentPage> => ({
      deployments: Array.from({ length: take }, (_, i) => readDeployment({ id: 1e9 - skip - i, status: 'finished' })),
      total: null,
      chars: 30 * take,
    });
    const { ids, stopped } = await until({ list: list as History['list'], maxUncounted: 2500 });
    expect(ids).toHaveLength(2500);
    expect(stopped?.reason).toMatchObject({ kind: 'miscount', read: 2500, counted: null, past: true });
    expect(stopped?.reason).toHaveProperty(
      'message',
      'Read 2,500 deployments and the server kept sending more (it sends no count): the reading stopped there, the most dms reads without one.',
    );
  });

  it('the bound: the first count and a tenth of it, at least 300 more; without a count, a million', () => {
    expect(scanBound(39)).toBe(339);
    expect(scanBound(50_000)).toBe(55_000);
    expect(scanBound(null)).toBe(MAX_UNCOUNTED);
    expect(MAX_UNCOUNTED).toBe(1_000_000);
  });
});
