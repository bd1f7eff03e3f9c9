// `dms reasons APP`, run as the BUILT binary: against the demo service (both row shapes, a token
// without logs, the 50,000-deployment history's window) and small servers on 127.0.0.1 whose
// failures are known row by row; faults, usage errors, and what the command loads.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../support/bin.js';
import { json, respondWith, type HostileServer } from '../support/hostile.js';
import { runBin, scriptsRun } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let env: Record<string, string>;
let shop: string;
let queue: string;
let big: string;

beforeAll(() => {
  env = demo.env;
  shop = demo.app();
  queue = demo.app('orders-worker');
  big = demo.seed.applications.find((a) => a.bigHistory)!.uuid;
});
const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const listRequests = (from: number, app: string) => demo.requests.slice(from).filter((r) => r.path.endsWith(`/applications/${app}`));

interface ClusterJson {
  reason: string;
  count: number;
  first: string | null;
  last: string | null;
  deployments: (number | string)[];
  kind: string;
  example: string;
}

async function failedSince(app: string, since: number, token = demo.token): Promise<{ id: number; created_at: string }[]> {
  const res = await fetch(`${demo.url}/deployments/applications/${app}?take=100000`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const rows = ((await res.json()) as { deployments: { id: number; status: string; created_at: string }[] }).deployments;
  return rows.filter((r) => r.status === 'failed' && Date.parse(r.created_at) >= since);
}

describe('dms reasons against the demo service', () => {
  it('-o json: every failed deployment of the window in exactly one cluster, the one seen last first', async () => {
    const since = '2026-01-01';
    const r = await runBin(['reasons', shop, '--since', since, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const clusters = JSON.parse(r.stdout) as ClusterJson[];
    const failed = await failedSince(shop, Date.parse(since));
    const ids = clusters.flatMap((c) => c.deployments);
    expect(new Set(ids).size).toBe(ids.length);
    // The demo's history moves on while it runs: within a few deployments of the listing.
    expect(Math.abs(ids.length - failed.length)).toBeLessThanOrEqual(2);
    for (const c of clusters) expect(c.count).toBe(c.deployments.length);
    const lasts = clusters.map((c) => Date.parse(c.last!));
    expect(lasts).toEqual([...lasts].sort((a, b) => b - a));
    expect(clusters.map((c) => c.reason)).toContain("Module not found: Can't resolve '@/lib/analytics'");
    expect(clusters.filter((c) => c.reason.startsWith('Health check failed'))).toHaveLength(1);
  });

  it('the table: a title, then `reason ×N (last …, first …)`, no escape codes (deployed queue rows)', async () => {
    const r = await runBin(['reasons', queue, '--since', '2026-01-01'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.replace(/\n$/, '').split('\n');
    expect(out[0]).toMatch(/^orders-worker · \d+ failed deployments since 2026-01-01 in \d+ clusters$/);
    for (const line of out) expect(CONTROL.test(line), line).toBe(false);
    for (const line of out.slice(1)) expect(line).toMatch(/ ×\d+ \((last \S+, first \S+|\S+)\)$/);
  });

  it('-o ndjson and -o csv: one cluster a line', async () => {
    const nd = await runBin(['reasons', shop, '--since', '2026-01-01', '-o', 'ndjson'], { env });
    expect(nd.code, nd.stderr).toBe(0);
    const lines = nd.stdout.trim().split('\n');
    for (const l of lines)
      expect(Object.keys(JSON.parse(l) as object)).toEqual(['reason', 'count', 'first', 'last', 'deployments', 'kind', 'example']);
    const csv = await runBin(['reasons', shop, '--since', '2026-01-01', '-o', 'csv'], { env });
    expect(csv.stdout.split('\r\n')[0]).toBe('reason,count,first,last,deployments,kind,example');
    expect(csv.stdout.trim().split('\r\n')).toHaveLength(lines.length + 1);
  });

  it('a token that may not read logs: its failures counted as "no log", not dropped', async () => {
    const r = await runBin(['reasons', shop, '--since', '2026-01-01', '--json'], { env: { ...env, DMS_TOKEN: demo.tokenNoLogs } });
    expect(r.code, r.stderr).toBe(0);
    const clusters = JSON.parse(r.stdout) as ClusterJson[];
    expect(clusters.map((c) => c.kind)).toEqual(['no logs']);
    expect(clusters[0]!.reason).toMatch(/^\(no log: /);
    expect(clusters[0]!.count).toBeGreaterThan(3);
  });

  it('the default window (30 days) of the 50,000-deployment history: read in a few requests, stopped at the first older row', async () => {
    const from = demo.requests.length;
    const r = await runBin(['reasons', big, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const clusters = JSON.parse(r.stdout) as ClusterJson[];
    const month = Date.now() - 30 * 86_400_000;
    for (const c of clusters) expect(Date.parse(c.first!)).toBeGreaterThanOrEqual(month - 60_000);
    expect(clusters.length).toBeGreaterThan(0);
    expect(listRequests(from, big).length).toBeLessThanOrEqual(8);
  });
});

const APP = 'a1b2c3d4-0000-4000-8000-000000000001';
const T0 = Date.parse('2026-11-02T00:00:00Z');
const entry = (output: string) => ({ command: null, output, type: 'stderr', hidden: false, batch: 1 });

/** Every 5th deployment fails, in turn on a missing module (its build dir numbered) or an out-of-memory build. */
function knownRow(id: number): Record<string, unknown> {
  const failed = id % 5 === 0;
  const message =
    (id / 5) % 2 === 0
      ? `Command execution failed (exit code 1): npm run build\nError: Cannot find module '@acme/ui' from /tmp/build-${1000 + id}/src`
      : `Command execution failed (exit code 137): docker build -t app:${id.toString(16).padStart(8, 'a')}f00d .`;
  return {
    id,
    status: failed ? 'failed' : 'finished',
    created_at: new Date(T0 + id * 3_600_000).toISOString(),
    ...(failed
      ? {
          logs: JSON.stringify(
            ['========================================', `Deployment failed: ${message}`, '========================================'].map(
              entry,
            ),
          ),
        }
      : {}),
  };
}

/** `hang`: from the second call on, no answer at all (a reading that waits). */
async function knownServer(n: number, fault?: (call: number) => boolean, hang = false) {
  const rows = Array.from({ length: n }, (_, i) => knownRow(n - i));
  let calls = 0;
  const server = await respondWith((req, res, raw) => {
    calls += 1;
    const faulted = fault?.(calls) === true;
    if (hang && calls >= 2) return;
    if (faulted) return json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '3600' })(req, res, raw);
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    return json(200, JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }))(req, res, raw);
  });
  servers.push(server);
  return { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '7|hostiletokensecret', DMS_RETRY_BASE_MS: '20' };
}

describe('dms reasons on a history known row by row', () => {
  it('two clusters counted by hand: the build dir and the image tag folded, the exit code kept', async () => {
    const r = await runBin(['reasons', APP, '--since', '2026-01-01', '--json'], { env: await knownServer(100) });
    expect(r.code, r.stderr).toBe(0);
    const clusters = JSON.parse(r.stdout) as ClusterJson[];
    expect(clusters.map((c) => [c.reason, c.count, c.deployments.slice(0, 2)])).toEqual([
      ["Cannot find module '@acme/ui' from <path>", 10, [100, 90]],
      ['Command execution failed (exit code 137): docker build -t app:<hash> .', 10, [95, 85]],
    ]);
    expect(clusters[0]!.first).toBe(new Date(T0 + 10 * 3_600_000).toISOString());
  });

  it('--since stops at the first older row', async () => {
    const since = new Date(T0 + 51 * 3_600_000).toISOString();
    const r = await runBin(['reasons', APP, '--since', since, '--json'], { env: await knownServer(100) });
    const clusters = JSON.parse(r.stdout) as ClusterJson[];
    expect(clusters.flatMap((c) => c.deployments).sort((a, b) => Number(a) - Number(b))).toEqual([55, 60, 65, 70, 75, 80, 85, 90, 95, 100]);
  });

  it('a 429 longer than dms waits: the clusters of what was read, "stopped after", exit 6', async () => {
    const r = await runBin(['reasons', APP, '--since', '2020-01-01', '-o', 'json'], {
      env: await knownServer(1000, (call) => call >= 2),
      timeoutMs: 30_000,
    });
    expect(r.code, r.stderr).toBe(6);
    expect((JSON.parse(r.stdout) as ClusterJson[]).reduce((n, c) => n + c.count, 0)).toBe(20);
    expect(r.stderr).toMatch(/^dms: stopped after 100 of 1,000 deployments: .*3,600 s/m);
  });

  it('a hostile reason: escapes and control characters gone, the record’s secret and the token masked, in every output', async () => {
    const secret = 'hunter2-secret-value';
    const message = `Command execution failed (exit code 1): curl\nError: login as admin:${secret} (token 7|hostiletokensecret) refused \u001b]0;pwned\u0007\u001b[31mred\u001b[0m\u0008!`;
    const row = {
      id: 1,
      status: 'failed',
      created_at: '2026-11-20T10:00:00.000000Z',
      http_basic_auth_password: secret,
      logs: JSON.stringify([entry(`Deployment failed: ${message}`)]),
    };
    const server = await respondWith(json(200, JSON.stringify({ count: 1, deployments: [row] })));
    servers.push(server);
    const hostileEnv = { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '7|hostiletokensecret' };
    for (const output of ['table', 'json', 'ndjson', 'csv']) {
      const r = await runBin(['reasons', APP, '--since', '2026-01-01', '-o', output], { env: hostileEnv });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, output).not.toContain(secret);
      expect(r.stdout, output).not.toContain('hostiletokensecret');
      expect(r.stdout, output).not.toContain('pwned\u0007');
      expect(r.stdout.replace(/\r?\n/g, ''), output).not.toMatch(CONTROL);
      expect(r.stdout, output).toContain('login as admin:');
    }
  });

  it('Ctrl+C prints the clusters of what was read, then "stopped after … interrupted", exit 130', { timeout: 30_000 }, async () => {
    // The second answer never comes: the reading waits until it is interrupted.
    let asked!: () => void;
    const waiting = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const h = await knownServer(
      1000,
      (call) => {
        if (call >= 2) asked();
        return false;
      },
      true,
    );
    const child = spawn(process.execPath, [BIN, 'reasons', APP, '--since', '2020-01-01', '-o', 'json'], {
      env: { PATH: process.env.PATH, ...h, DMS_CONFIG_DIR: '/nonexistent-dms-config' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    await waiting;
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(130);
    expect((JSON.parse(stdout) as ClusterJson[]).reduce((n, c) => n + c.count, 0)).toBe(20);
    expect(stderr).toMatch(/stopped after 100 of 1,000 deployments: interrupted \(Ctrl\+C\)\./);
  });

  it('a rejected token: one line, exit 3, nothing on stdout, the token not repeated', async () => {
    const server = await respondWith(json(401, { message: 'Unauthenticated.' }));
    servers.push(server);
    const r = await runBin(['reasons', APP], { env: { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '7|wrongtoken' } });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toContain('wrongtoken');
  });
});

describe('dms reasons arguments', () => {
  it.each([
    [['reasons'], /give the application uuid: dms reasons APP_UUID/],
    [['reasons', APP, '-o', 'yaml'], /-o\/--output takes table, json, ndjson, csv, not 'yaml'/],
    [['reasons', APP, '--since', 'yesterday'], /--since takes a time such as 7d/],
    [['reasons', APP, '--json', '-o', 'csv'], /--json is -o json/],
    [['reasons', APP, 'extra'], /one argument too many/],
  ])('%j: one line, exit 2, nothing sent', async (args, message) => {
    const r = await runBin(args, { env: { DMS_URL: 'http://127.0.0.1:9/api/v1', DMS_TOKEN: '7|x' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--help, the main help and shell completion name it', async () => {
    const help = await runBin(['reasons', '--help']);
    expect(help.stdout).toMatch(/^Usage: dms reasons APP_UUID \[--since TIME\] \[-o table\|json\|ndjson\|csv\]/);
    expect((await runBin(['--help'])).stdout).toMatch(/dms reasons APP_UUID/);
    expect((await runBin(['__complete', 'bash', 're'])).stdout.split('\n')).toContain('reasons');
    const flags = await runBin(['__complete', 'bash', 'reasons', APP, '--']);
    expect(flags.stdout.split('\n')).toEqual(expect.arrayContaining(['--since', '--output']));
  });

  it('the built reasons command loads no Ink, React or zod', async () => {
    const r = await scriptsRun(['reasons', shop, '-o', 'json'], env);
    expect(r.code).toBe(0);
    expect(r.scripts).toEqual(['dms-app', 'got-vendor']);
  });
});
