// Failure clusters (src/model/clusters.ts): reasons folded to one form per cause, with the
// demo's failure scripts' reasons and deployed-shape rows; rows without logs counted as such.
import { describe, expect, it } from 'vitest';
import { readDeployment, type Deployment } from '../../src/api/schemas/deployment.js';
import { viewOf } from '../../src/model/deployment.js';
import { reasonOf } from '../../src/model/reason.js';
import { NO_REASON_LABEL, createClusters, foldReason } from '../../src/model/clusters.js';
import { setUpDemoService } from '../support/demo.js';

describe('foldReason', () => {
  it('keeps a quoted name: a missing module is a cause of its own', () => {
    expect(foldReason("Module not found: Can't resolve '@/lib/analytics'")).toBe("Module not found: Can't resolve '@/lib/analytics'");
    expect(foldReason("Module not found: Can't resolve '@/lib/cart'")).not.toBe(
      foldReason("Module not found: Can't resolve '@/lib/analytics'"),
    );
  });

  it('drops the BuildKit step and its time, keeps the exit code', () => {
    const a = foldReason('#16 ERROR: process "/bin/sh -c next build" did not complete successfully: exit code: 137');
    const b = foldReason('#9 41.220 ERROR: process "/bin/sh -c next build" did not complete successfully: exit code: 137');
    expect(a).toBe('ERROR: process "/bin/sh -c next build" did not complete successfully: exit code: 137');
    expect(b).toBe(a);
    expect(foldReason('Command execution failed (exit code 1): npm ci')).toBe('Command execution failed (exit code 1): npm ci');
    expect(foldReason('@acme/api#test: command (/work/apps/api) /usr/bin/pnpm run test exited (1)')).toBe(
      '@acme/api#test: command (<path>) <path> run test exited (1)',
    );
  });

  it('folds counts, ports and versions but keeps an HTTP status', () => {
    expect(
      foldReason('Health check failed: the new container did not become healthy after 3 attempts (GET http://localhost:3000/api/health).'),
    ).toBe('Health check failed: the new container did not become healthy after <n> attempts (GET http://localhost:<n>/api/health).');
    expect(
      foldReason(
        'unexpected status from HEAD request to https://registry-1.docker.io/v2/library/node/manifests/20-alpine: 429 Too Many Requests',
      ),
    ).toBe(
      'unexpected status from HEAD request to https://registry-1.docker.io/v2/library/node/manifests/20-alpine: 429 Too Many Requests',
    );
    expect(foldReason('The requested URL returned error: 502')).toBe('The requested URL returned error: 502');
  });

  it('folds uuids, hashes, times and unquoted paths', () => {
    const one = foldReason(
      'Error: ENOENT: no such file /app/build-8812/dist/index.js:9:11 at 2026-11-28T10:00:01Z after 12.5s (image sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08, commit 4f2a9c1, id 0b5e8a2c-1f3d-4a6b-9c7e-2d4f6a8b0c1e)',
    );
    const two = foldReason(
      'Error: ENOENT: no such file /app/build-9913/dist/main.js at 2026-11-27T22:13:45.123456Z after 450ms (image sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae, commit 88aa01f, id 6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b)',
    );
    expect(one).toBe('Error: ENOENT: no such file <path> at <time> after <time> (image <hash>, commit <hash>, id <uuid>)');
    expect(two).toBe(one);
  });

  it('folds what varies inside a quoted name, not the name', () => {
    expect(foldReason("cannot open '/tmp/build-2231/out.log': permission denied")).toBe(
      "cannot open '/tmp/build-<n>/out.log': permission denied",
    );
    expect(foldReason('Missing required environment variable "DATABASE_URL"')).toBe('Missing required environment variable "DATABASE_URL"');
  });

  it('folds a deployed server’s 24-character deployment id', () => {
    expect(foldReason('deployment k3j9x0a8b7c6d5e4f3g2h1i0 timed out')).toBe('deployment <hash> timed out');
  });
});

type Entry = Record<string, unknown>;
let order = 0;
const entry = (output: string, type = 'stderr', extra: Entry = {}): Entry => ({
  command: null,
  output,
  type,
  hidden: false,
  batch: 1,
  order: ++order,
  ...extra,
});
/** A deployed server's queue row: its log a JSON string, as the service sends it. */
const queueRow = (id: number, status: string, at: string, message: string | undefined): Deployment =>
  readDeployment({
    id,
    deployment_uuid: `k3j9x0a8b7c6d5e4f3g2h${String(id).padStart(3, '0')}`,
    status,
    created_at: at,
    ...(message === undefined
      ? {}
      : {
          logs: JSON.stringify([
            entry('Starting deployment of acme/shop:main to edge-fra-1.', 'stdout'),
            entry('========================================'),
            entry(`Deployment failed: ${message}`),
            entry('Error type: RuntimeException', 'stderr', { hidden: true }),
            entry('========================================'),
            entry('Deployment failed. Removing the new version of your application.'),
          ]),
        }),
  });

describe('createClusters', () => {
  it('groups deployed rows by folded reason, newest cluster first, with first and last seen and the ids', () => {
    const acc = createClusters<number>();
    const rows = [
      queueRow(
        9,
        'failed',
        '2026-11-28T10:00:00.000000Z',
        'Command execution failed (exit code 1): npm ci\nError: npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fui - Not found',
      ),
      queueRow(8, 'finished', '2026-11-27T10:00:00.000000Z', undefined),
      queueRow(
        7,
        'failed',
        '2026-11-26T10:00:00.000000Z',
        'Command execution failed (exit code 1): docker build\nError: Missing required environment variable DATABASE_URL',
      ),
      queueRow(
        6,
        'failed',
        '2026-11-20T09:00:00.000000Z',
        'Command execution failed (exit code 1): npm ci\nError: npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fui - Not found',
      ),
      queueRow(5, 'failed', '2026-11-18T09:00:00.000000Z', undefined),
      queueRow(4, 'cancelled-by-user', '2026-11-17T09:00:00.000000Z', 'cancelled'),
    ];
    for (const r of rows) {
      const v = viewOf(r);
      acc.add(v, reasonOf(r), v.id!);
    }
    expect(acc.failed).toBe(4);
    const cs = acc.clusters();
    expect(cs.map((c) => [c.reason, c.count, c.members])).toEqual([
      ['npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme%2fui - Not found', 2, [9, 6]],
      ['Missing required environment variable DATABASE_URL', 1, [7]],
      [NO_REASON_LABEL['no logs'], 1, [5]],
    ]);
    expect(cs[0]!.first).toBe(Date.parse('2026-11-20T09:00:00Z'));
    expect(cs[0]!.last).toBe(Date.parse('2026-11-28T10:00:00Z'));
    expect(cs[2]!.kind).toBe('no logs');
  });

  it('keeps the newest reason as read for a cluster of varying ones', () => {
    const acc = createClusters<string>();
    const at = (t: string) => ({ phase: 'failed' as const, startedAt: Date.parse(t) });
    acc.add(at('2026-11-01T00:00:00Z'), { kind: 'reason', text: 'took 4 attempts', at: { fromEnd: 0, line: 0 }, source: 'message' }, 'a');
    acc.add(at('2026-11-03T00:00:00Z'), { kind: 'reason', text: 'took 9 attempts', at: { fromEnd: 0, line: 0 }, source: 'message' }, 'b');
    acc.add({ phase: 'failed', startedAt: null }, { kind: 'none', why: 'unreadable' }, 'c');
    const [c, none] = acc.clusters();
    expect(c).toMatchObject({ reason: 'took <n> attempts', count: 2, example: 'took 9 attempts', members: ['a', 'b'] });
    expect(none).toMatchObject({ kind: 'unreadable', first: null, last: null });
  });
});

describe('the demo’s failures', () => {
  const demo = setUpDemoService();
  it('fold to one cluster per cause: each reason of the scripts, whatever its step, time or count', async () => {
    const rows = (await demo.client.listDeployments(demo.app('shop-frontend'), { skip: 0, take: 400 })).deployments;
    const acc = createClusters<number>();
    for (const r of rows) {
      const v = viewOf(r);
      acc.add(v, reasonOf(r), v.id!);
    }
    const reasons = acc.clusters().map((c) => c.reason);
    expect(acc.failed).toBeGreaterThan(5);
    expect(reasons).toContain("Module not found: Can't resolve '@/lib/analytics'");
    expect(reasons.filter((r) => r.startsWith('Health check failed'))).toHaveLength(1);
    expect(reasons.every((r) => !/^#\d/.test(r))).toBe(true);
    expect(acc.clusters().reduce((n, c) => n + c.count, 0)).toBe(acc.failed);
    // Folding a folded reason changes nothing.
    for (const r of reasons) expect(foldReason(r)).toBe(r);
  });

  it('count rows of a token that may not read logs as "no log"', async () => {
    const { createClient } = await import('../../src/api/client.js');
    const client = createClient({ baseUrl: demo.url, token: demo.tokenNoLogs });
    const rows = (await client.listDeployments(demo.app('shop-frontend'), { skip: 0, take: 400 })).deployments;
    const acc = createClusters<number>();
    for (const r of rows) acc.add(viewOf(r), reasonOf(r), 0);
    expect(acc.clusters().map((c) => [c.kind, c.count])).toEqual([['no logs', acc.failed]]);
  });
});
