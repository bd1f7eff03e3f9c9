// The medians of an application's steps read over real HTTP: against the demo service (the same
// figures as the model makes of the newest 50 finished rows, read in small requests that stop
// there), a server that refuses (its error, not ScanStopped), and a reading stopped half-way.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { UnauthorizedError } from '../../src/api/errors.js';
import { viewOf } from '../../src/model/deployment.js';
import { MedianRuns } from '../../src/model/step-timings.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { readStepMedians } from '../../src/search/step-medians.js';
import { scanListOf } from '../../src/search/scan.js';
import { setUpDemoService } from '../support/demo.js';
import { json, serversClosedAfterEach } from '../support/hostile.js';

const demo = setUpDemoService();
const serve = serversClosedAfterEach(afterEach);

describe('readStepMedians', () => {
  it("the demo's shop-frontend: the medians of its newest 50 finished deployments, read in requests that stop there", async () => {
    const expected = new MedianRuns();
    const all = await demo.client.listDeployments(SHOP_FRONTEND, { skip: 0, take: 80 });
    for (const d of all.deployments) if (expected.add(viewOf(d))) break;
    expect(expected.full).toBe(true);
    const before = demo.requests.length;
    let turns = 0;
    const counted: number[] = [];
    const medians = await readStepMedians(scanListOf(demo.client, SHOP_FRONTEND), {
      between: async () => {
        turns += 1;
      },
      onProgress: (n) => counted.push(n),
    });
    expect(medians.runs).toBe(50);
    expect([...medians.byStep]).toEqual([...expected.medians().byStep]);
    expect(medians.byStep.get('build')).toBeGreaterThan(0);
    expect(counted.at(-1)).toBe(50);
    expect(turns).toBeGreaterThanOrEqual(49);
    // Rows with logs weigh hundreds of KB: the first request asks for 10, and none reads the whole history.
    const asked = demo.requests.slice(before).map((r) => new URLSearchParams(r.query));
    expect(asked[0]?.get('take')).toBe('10');
    const end = Math.max(...asked.map((q) => Number(q.get('skip')) + Number(q.get('take'))));
    expect(end).toBeLessThan(all.total!);
  });

  it('fewer finished deployments than 50: the medians of those there are', async () => {
    const row = (id: number, build: number) => ({
      id,
      status: 'finished',
      logs: JSON.stringify([
        { command: null, output: 'Building docker image started.', type: 'stdout', timestamp: '2026-11-01T10:00:00Z', hidden: false },
        { command: null, output: 'Rolling update completed.', type: 'stdout', timestamp: `2026-11-01T10:0${build}:00Z`, hidden: false },
      ]),
    });
    const s = await serve(json(200, [row(3, 1), row(2, 3), { id: 1, status: 'failed' }]));
    const client = createClient({ baseUrl: `${s.url}/api/v1`, token: '1|t' });
    const medians = await readStepMedians(scanListOf(client, SHOP_FRONTEND));
    expect(medians.runs).toBe(2);
    expect(medians.byStep.get('build')).toBe(120_000);
  });

  it('a server that refuses: its error, as the client words it; stopped half-way: what was read', async () => {
    const s = await serve(json(401, { message: 'Unauthenticated.' }));
    const client = createClient({ baseUrl: `${s.url}/api/v1`, token: '1|t' });
    await expect(readStepMedians(scanListOf(client, SHOP_FRONTEND))).rejects.toBeInstanceOf(UnauthorizedError);

    const stop = new AbortController();
    const medians = await readStepMedians(scanListOf(demo.client, SHOP_FRONTEND, stop.signal), {
      signal: stop.signal,
      onProgress: (n) => {
        if (n === 5) stop.abort();
      },
    });
    expect(medians.runs).toBe(5);
  });
});
