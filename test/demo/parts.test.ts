// The demo service's parts on their own: seed, deployer timing, rate limiter, replies.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeployer } from '../../src/demo/deployer.js';
import type { DemoDeployment } from '../../src/demo/model.js';
import { createRandom } from '../../src/demo/random.js';
import { createRateLimiter } from '../../src/demo/rate-limit.js';
import { frameworkError, phpJson, send, wantsJson } from '../../src/demo/reply.js';
import { createSeed, DEMO_SEED, describeDemo } from '../../src/demo/seed.js';
import { RECORD_FIELDS, timestamp } from '../../src/demo/records.js';
import { DEPLOYMENT_FIELDS } from '../../src/api/schemas/deployment.js';

const NOW = Date.parse('2026-08-22T15:22:50Z');

describe('seed', () => {
  it('is the same on every start for the same clock', () => {
    expect(createSeed(NOW)).toEqual(createSeed(NOW));
  });

  it('moves its timestamps with the clock at start', () => {
    const a = createSeed(NOW).deployments.map((d) => d.createdAt);
    const b = createSeed(NOW + 3_600_000).deployments.map((d) => d.createdAt);
    expect(b).toEqual(a.map((t) => t + 3_600_000));
  });

  // 8 applications: monorepo-ci (50,000 deployments made on demand, for reading a whole history)
  // was added last, after the seven the picker listed before, so their order is unchanged.
  it('has 2 projects, 2 servers, production and staging per project, 8 applications', () => {
    expect(DEMO_SEED.projects).toHaveLength(2);
    expect(DEMO_SEED.servers).toHaveLength(2);
    for (const p of DEMO_SEED.projects) {
      expect(
        DEMO_SEED.environments
          .filter((e) => e.project_uuid === p.uuid)
          .map((e) => e.name)
          .sort(),
      ).toEqual(['production', 'staging']);
    }
    expect(DEMO_SEED.applications.map((a) => a.name)).toEqual([
      'shop-frontend',
      'shop-api',
      'admin-stack',
      'docs-site',
      'landing-page',
      'orders-worker',
      'status-page',
      'monorepo-ci',
    ]);
    expect(DEMO_SEED.applications.map((a) => a.shape)).toEqual([
      'snapshot',
      'snapshot',
      'snapshot',
      'snapshot',
      'snapshot',
      'queue',
      'mixed',
      'queue',
    ]);
    expect(DEMO_SEED.applications.filter((a) => a.bigHistory).map((a) => a.name)).toEqual(['monorepo-ci']);
    for (const a of DEMO_SEED.applications) expect(a.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('records list exactly the fields of interface.md §2.1', () => {
    expect([...RECORD_FIELDS].sort()).toEqual([...DEPLOYMENT_FIELDS].sort());
  });

  it('describeDemo prints URL, token, project, server, environment and app, one per line', () => {
    const lines = describeDemo({ url: 'http://127.0.0.1:1/api/v1', token: '1|demo_x', seed: DEMO_SEED });
    expect(lines).toEqual([
      'DMS_URL=http://127.0.0.1:1/api/v1',
      'DMS_TOKEN=1|demo_x',
      'PROJECT=0b6e4f2a-1c3d-4e5f-8a9b-7c6d5e4f3a21 storefront',
      'SERVER=2c8e4a6f-9b1d-4f3e-a5c7-8d0b2e4f6a13 edge-fra-1',
      'ENVIRONMENT=production',
      'APP=3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07 shop-frontend',
      'APP_QUEUE_ROWS=4b7e0d2c-91a6-4f3b-8c5d-2e1f0a9b7c63 orders-worker',
      'APP_MIXED=a92f5c17-3d8e-4b60-9f21-c4e7b8d05a39 status-page',
      // The application with 50,000 deployments; it is not named as another APP_QUEUE_ROWS.
      'APP_BIG_HISTORY=6f3d8b2a-4c1e-4a97-b5d0-e2c9a7f41b86 monorepo-ci',
    ]);
  });

  it('timestamps look like 2026-08-22T15:22:50.000000Z', () => {
    expect(timestamp(NOW + 999)).toBe('2026-08-22T15:22:50.000000Z');
  });
});

describe('deployer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const deployment = (): DemoDeployment => ({
    id: 1,
    uuid: 'u',
    deploymentUuid: 'q',
    appUuid: 'a',
    status: 'queued',
    commitSha: '0'.repeat(40),
    branch: 'main',
    commitMessage: '',
    pullRequestId: 0,
    isWebhook: false,
    isApi: false,
    rollback: false,
    forceRebuild: false,
    restartOnly: false,
    configHash: '',
    createdAt: 0,
    updatedAt: 0,
    finishedAt: null,
    newer: true,
  });

  it('with 1 s steps, queued lasts 2–4 s and the whole run 10–20 s; about 1 in 5 fail', () => {
    vi.useFakeTimers();
    const random = createRandom(42);
    const outcomes: string[] = [];
    for (let run = 0; run < 200; run++) {
      const deployer = createDeployer({ stepMs: 1000, now: () => Date.now(), random });
      const d = deployment();
      deployer.run(d);
      const start = Date.now();
      vi.advanceTimersByTime(1999);
      expect(d.status).toBe('queued');
      vi.advanceTimersByTime(2001);
      expect(d.status).toBe('in_progress');
      expect(d.updatedAt - start).toBeGreaterThanOrEqual(2000);
      vi.advanceTimersByTime(5999);
      expect(d.status).toBe('in_progress');
      vi.advanceTimersByTime(10_001);
      expect(['finished', 'failed']).toContain(d.status);
      expect(d.finishedAt).toBe(d.updatedAt);
      expect(d.updatedAt - start).toBeGreaterThanOrEqual(10_000);
      expect(d.updatedAt - start).toBeLessThanOrEqual(20_000);
      outcomes.push(d.status);
    }
    const failed = outcomes.filter((s) => s === 'failed').length / outcomes.length;
    expect(failed).toBeGreaterThan(0.1);
    expect(failed).toBeLessThan(0.3);
  });

  it('close() clears every pending timer', () => {
    vi.useFakeTimers();
    const deployer = createDeployer({ stepMs: 1000, now: () => Date.now(), random: createRandom(1) });
    const d = deployment();
    deployer.run(d);
    deployer.run({ ...deployment(), status: 'in_progress' });
    expect(vi.getTimerCount()).toBe(2);
    deployer.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(d.status).toBe('queued');
  });

  it('a cancelled deployment is left alone', () => {
    vi.useFakeTimers();
    const deployer = createDeployer({ stepMs: 1000, now: () => Date.now(), random: createRandom(1) });
    const d = deployment();
    deployer.run(d);
    d.status = 'cancelled-by-user';
    vi.advanceTimersByTime(60_000);
    expect(d.status).toBe('cancelled-by-user');
  });
  it('holdUntilSeen: each status lasts until a listing has shown it, however long that takes; then time runs as usual', () => {
    vi.useFakeTimers();
    const deployer = createDeployer({ stepMs: 1000, now: () => Date.now(), random: createRandom(7), holdUntilSeen: true });
    const d = deployment();
    deployer.run(d, 'finished');
    vi.advanceTimersByTime(60_000);
    expect(d.status).toBe('queued');
    deployer.shown([d]);
    vi.advanceTimersByTime(0);
    expect(d.status).toBe('in_progress');
    vi.advanceTimersByTime(60_000);
    expect(d.status).toBe('in_progress');
    deployer.shown([d]);
    vi.advanceTimersByTime(0);
    expect(d.status).toBe('finished');
    // Seen in time: it moves on when its step is due, not before.
    const e = deployment();
    deployer.run(e, 'failed');
    deployer.shown([e]);
    vi.advanceTimersByTime(1999);
    expect(e.status).toBe('queued');
    vi.advanceTimersByTime(2001);
    expect(e.status).toBe('in_progress');
    deployer.close();
  });

  it('without holdUntilSeen a listing changes nothing: time alone moves a deployment on', () => {
    vi.useFakeTimers();
    const deployer = createDeployer({ stepMs: 1000, now: () => Date.now(), random: createRandom(7) });
    const d = deployment();
    deployer.run(d, 'finished');
    vi.advanceTimersByTime(60_000);
    expect(d.status).toBe('finished');
    deployer.shown([d]);
    expect(d.status).toBe('finished');
  });
});

describe('rate limiter', () => {
  it('counts a rolling minute per key and says when the oldest request leaves it', () => {
    const limiter = createRateLimiter(3);
    expect(limiter.hit('t', 0)).toEqual({ allowed: true, remaining: 2 });
    expect(limiter.hit('t', 10_000)).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.hit('t', 20_000)).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.hit('t', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.hit('other', 30_000)).toEqual({ allowed: true, remaining: 2 });
    expect(limiter.hit('t', 60_001)).toEqual({ allowed: true, remaining: 0 });
  });
});

describe('replies', () => {
  it('JSON is written like PHP writes it: \\/ and \\uXXXX', () => {
    expect(phpJson({ url: 'https://a/b', text: 'Café 🛒' })).toBe('{"url":"https:\\/\\/a\\/b","text":"Caf\\u00e9 \\ud83d\\uded2"}');
    expect(JSON.parse(phpJson({ url: 'https://a/b', text: 'Café 🛒' }))).toEqual({ url: 'https://a/b', text: 'Café 🛒' });
  });

  it('wants JSON for application/json and +json types only', () => {
    expect(wantsJson('application/json')).toBe(true);
    expect(wantsJson('text/html, application/vnd.api+json')).toBe(true);
    expect(wantsJson('*/*')).toBe(false);
    expect(wantsJson(undefined)).toBe(false);
  });

  it('a 500 is {"message":"Server Error"} with the JSON Accept header, an HTML page without', async () => {
    const server = createServer((req, res) => send(res, frameworkError(500, 'Server Error'), wantsJson(req.headers.accept), 'http://x'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const json = await fetch(url, { headers: { accept: 'application/json' } });
      expect(json.status).toBe(500);
      expect(await json.json()).toEqual({ message: 'Server Error' });
      const html = await fetch(url);
      expect(html.status).toBe(500);
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await html.text()).toContain('Server Error');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
