// DemoService.requests keeps the most recent requests only, with long paths cut: a long-running
// `dms demo --serve` (or a client in a loop) must not grow the demo's memory without end.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_REQUESTS_KEPT, REQUEST_TEXT_KEPT, startDemoService, type DemoService } from '../../src/demo/server.js';

let demo: DemoService | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

describe('DemoService.requests', () => {
  it('keeps 10,000 by default', () => {
    expect(MAX_REQUESTS_KEPT).toBe(10_000);
  });

  it('keeps the most recent ones, in order, with long paths and queries cut', async () => {
    demo = await startDemoService({ requestsKept: 50, rateLimitPerMinute: 0 });
    const long = 'x'.repeat(6000);
    for (let i = 0; i < 120; i++) {
      const res = await fetch(`${demo.url}/deployments/applications/${long}?n=${i}&pad=${'q'.repeat(2000)}`, {
        headers: { accept: 'application/json' },
      });
      await res.arrayBuffer();
    }
    expect(demo.requests).toHaveLength(50);
    expect(demo.requests.map((r) => new URLSearchParams(r.query).get('n'))).toEqual(Array.from({ length: 50 }, (_, i) => String(70 + i)));
    const last = demo.requests.at(-1)!;
    expect(last.path).toHaveLength(REQUEST_TEXT_KEPT + 1);
    expect(last.path.endsWith('…')).toBe(true);
    expect(last.path.startsWith('/api/v1/deployments/applications/xxx')).toBe(true);
    expect(last.query.length).toBe(REQUEST_TEXT_KEPT + 1);
  });

  it('short paths and queries are kept whole', async () => {
    demo = await startDemoService();
    const app = demo.seed.applications[0]!.uuid;
    await (
      await fetch(`${demo.url}/deployments/applications/${app}?skip=0&take=2`, {
        headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
      })
    ).arrayBuffer();
    expect(demo.requests.at(-1)).toEqual({ method: 'GET', path: `/api/v1/deployments/applications/${app}`, query: 'skip=0&take=2' });
  });
});
