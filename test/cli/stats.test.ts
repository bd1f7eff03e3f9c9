// `dms stats APP`, run as the BUILT binary: against the demo service (both record shapes, the
// 50,000-deployment history) and small servers on 127.0.0.1 whose history is known row by row, so
// every figure can be checked by hand; faults (a 429 longer than dms waits, a rejected token),
// usage errors, and what the command loads.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../support/bin.js';
import { json, respondWith, type Handler, type HostileServer } from '../support/hostile.js';
import { runBin, scriptsRun } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let env: Record<string, string>;
let shop: string;
let queue: string;
let big: string;

beforeAll(async () => {
  env = demo.env;
  shop = demo.app();
  queue = demo.app('orders-worker');
  big = demo.seed.applications.find((a) => a.bigHistory)!.uuid;
});
const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** What must not reach the terminal (a newline ends a line). */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const listRequests = (from: number, app: string) => demo.requests.slice(from).filter((r) => r.path.endsWith(`/applications/${app}`));

interface StatsJson {
  complete: boolean;
  read: number;
  deployments: number;
  finished: number;
  failed: number;
  cancelled: number;
  frequency: { perDay: number; perWeek: number };
  failureRate: { value: number | null };
  duration: { medianMs: number | null; p90Ms: number | null; finished: number };
  restore: { count: number; open: number; medianMs: number | null };
  bySource: { source: string; deployments: number }[];
  byBranch: { branch: string; deployments: number }[];
  weeks: { start: string; deployments: number }[];
  days: { day: string; deployments: number }[];
  window: { since: string | null; until: string | null; from: string; to: string; days: number };
}

describe('dms stats against the demo service', () => {
  it('-o json: every deployment counted once, by status, source and day, as the history lists them', async () => {
    const listed = (await (
      await fetch(`${demo.url}/deployments/applications/${shop}?take=100000`, {
        headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
      })
    ).json()) as { deployments: { status: string; created_at: string }[] };
    const r = await runBin(['stats', shop, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as StatsJson;
    // The demo's history moves on while it runs: within a few deployments of a listing made just before.
    expect(Math.abs(s.deployments - listed.deployments.length)).toBeLessThanOrEqual(3);
    expect(s.complete).toBe(true);
    expect(s.finished + s.failed + s.cancelled).toBeLessThanOrEqual(s.deployments);
    expect(s.days.reduce((n, d) => n + d.deployments, 0)).toBe(s.deployments);
    expect(s.weeks.reduce((n, w) => n + w.deployments, 0)).toBe(s.deployments);
    expect(s.bySource.reduce((n, x) => n + x.deployments, 0)).toBe(s.deployments);
    expect(s.byBranch.map((b) => b.branch)).toContain('main');
    expect(s.failureRate.value).toBeCloseTo(s.failed / (s.finished + s.failed), 12);
  });

  it('the table at 80 columns (piped): the figures and the three pictures, no line wider, no escape codes', async () => {
    const r = await runBin(['stats', queue], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.replace(/\n$/, '').split('\n');
    for (const line of out) {
      expect(CONTROL.test(line), line).toBe(false);
      expect([...line].length, line).toBeLessThanOrEqual(80);
    }
    expect(out[0]).toMatch(/^orders-worker · \d+ deployments · \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d \(\d+ days\)$/);
    for (const head of ['deployments  ', 'failure rate ', 'duration     median ', 'restore      median ']) {
      expect(
        out.some((l) => l.startsWith(head)),
        head,
      ).toBe(true);
    }
    expect(out.some((l) => /^Deployments per day, \d+ weeks? {2}· 0/.test(l))).toBe(true);
    expect(out.filter((l) => /^(Mon|Wed|Fri|Sun) /.test(l))).toHaveLength(4);
    expect(out.some((l) => /^Duration of \d+ finished.*┄ p90 /.test(l))).toBe(true);
    expect(out.some((l) => /^p90│/.test(l) || /┄/.test(l))).toBe(true);
    expect(out.some((l) => /^Failure rate by week/.test(l))).toBe(true);
    // Queue rows carry no branch: said, not an empty table.
    expect(out).toContain('by branch: no row says its branch (rows of the deployment queue do not)');
  });

  it('--since stops reading at the first older deployment: 3,001 deployments in a few requests', async () => {
    const rows = (await (
      await fetch(`${demo.url}/deployments/applications/${big}?skip=3000&take=1`, {
        headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
      })
    ).json()) as { deployments: { created_at: string }[] };
    const since = rows.deployments[0]!.created_at;
    const from = demo.requests.length;
    const r = await runBin(['stats', big, '--since', since, '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as StatsJson;
    expect(s.deployments).toBe(3001);
    expect(s.window.since).toBe(new Date(since).toISOString());
    expect(listRequests(from, big).length).toBeLessThanOrEqual(6);
  });
});

// ---------------------------------------------------------------------------------------------
// A server whose history is known: every figure by hand.

const APP = 'a1b2c3d4-0000-4000-8000-000000000001';
const DAY = 86_400_000;
const T0 = Date.parse('2026-11-02T00:00:00Z'); // a Monday

/**
 * 14 days, 4 deployments a day at 01:00, 07:00, 13:00, 19:00 (56 in all); each takes (i % 5 + 1)
 * minutes; every 7th fails (ids 7, 14, …); the one after a failure fixes it.
 */
function knownRow(id: number): Record<string, unknown> {
  const start = T0 + Math.floor((id - 1) / 4) * DAY + (((id - 1) % 4) * 6 + 1) * 3_600_000;
  const minutes = (id % 5) + 1;
  return {
    id,
    deployment_uuid: `dep${String(id).padStart(21, '0')}`,
    status: id % 7 === 0 ? 'failed' : 'finished',
    commit: 'a'.repeat(40),
    created_at: new Date(start).toISOString(),
    finished_at: new Date(start + minutes * 60_000).toISOString(),
    is_webhook: id % 2 === 0,
    is_api: false,
    rollback: false,
    pull_request_id: 0,
    git_branch: id % 3 === 0 ? 'develop' : 'main',
  };
}

async function knownServer(
  n: number,
  before?: (call: number) => Handler | undefined,
): Promise<{ env: Record<string, string>; calls: () => number }> {
  const rows = Array.from({ length: n }, (_, i) => knownRow(n - i));
  let calls = 0;
  const server = await respondWith((req, res, raw) => {
    if (!req.path.endsWith(`/deployments/applications/${APP}`)) return json(404, { message: 'Application not found' })(req, res, raw);
    calls += 1;
    const fault = before?.(calls);
    if (fault) return fault(req, res, raw);
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    return json(200, JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }))(req, res, raw);
  });
  servers.push(server);
  return { env: { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '7|hostiletokensecret', DMS_RETRY_BASE_MS: '20' }, calls: () => calls };
}

describe('dms stats on a history known row by row', () => {
  it('frequency, failure rate, duration, time to restore, sources and branches as counted by hand', async () => {
    const h = await knownServer(56);
    const r = await runBin(['stats', APP, '--since', '2026-11-02', '--until', '2026-11-16', '-o', 'json'], { env: h.env });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as StatsJson;
    expect(s.deployments).toBe(56);
    expect(s.window.days).toBe(14);
    expect(s.frequency.perDay).toBe(4);
    expect(s.frequency.perWeek).toBe(28);
    expect([s.failed, s.finished]).toEqual([8, 48]);
    expect(s.failureRate.value).toBe(8 / 56);
    // Durations of the finished: minutes (id % 5) + 1 for ids not divisible by 7.
    const minutes = Array.from({ length: 56 }, (_, i) => i + 1)
      .filter((id) => id % 7 !== 0)
      .map((id) => (id % 5) + 1)
      .sort((a, b) => a - b);
    expect(s.duration.medianMs).toBe(((minutes[23]! + minutes[24]!) / 2) * 60_000);
    expect(s.duration.p90Ms).toBe(minutes[Math.ceil(0.9 * 48) - 1]! * 60_000);
    // Each failure (id 7k) is fixed by id 7k+1, 6 h later; its time to restore is from the end of
    // the failure to the end of the fix: 6 h + minutes(7k+1) − minutes(7k).
    const restores = [7, 14, 21, 28, 35, 42, 49, 56]
      .filter((id) => id < 56)
      .map((id) => 6 * 3_600_000 + (((id + 1) % 5) + 1 - ((id % 5) + 1)) * 60_000)
      .sort((a, b) => a - b);
    expect(s.restore.count).toBe(7);
    expect(s.restore.open).toBe(1);
    expect(s.restore.medianMs).toBe(restores[3]);
    expect(Object.fromEntries(s.bySource.map((x) => [x.source, x.deployments]))).toEqual({ manual: 28, webhook: 28 });
    expect(Object.fromEntries(s.byBranch.map((x) => [x.branch, x.deployments]))).toEqual({ main: 38, develop: 18 });
    expect(s.weeks.map((w) => [w.start, w.deployments])).toEqual([
      ['2026-11-02', 28],
      ['2026-11-09', 28],
    ]);
  });

  it('34 deployments on Friday 2026-11-20 and Saturday 2026-11-21, read a week later: the calendar marks both days -o json lists', async () => {
    // Written in three zones: the day is the UTC day, whatever zone the server writes.
    const zones = ['Z', '+01:00', '-05:00'];
    const rows = Array.from({ length: 34 }, (_, i) => {
      const t = Date.parse('2026-11-20T10:00:00Z') + (i % 2) * DAY + i * 60_000;
      const zone = zones[i % 3]!;
      const shift = zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * Number(zone.slice(1, 3)) * 3_600_000;
      const created = zone === 'Z' ? new Date(t).toISOString() : `${new Date(t + shift).toISOString().slice(0, 19)}${zone}`;
      return { ...knownRow(34 - i), created_at: created, finished_at: null };
    }).reverse();
    const server = await respondWith((req, res, raw) => {
      const skip = Number(req.query.get('skip') ?? 0);
      const take = Number(req.query.get('take') ?? 10);
      return json(200, JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }))(req, res, raw);
    });
    servers.push(server);
    const env = { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '7|hostiletokensecret' };
    const until = ['--until', '2026-11-28T13:00:00Z'];
    const j = await runBin(['stats', APP, ...until, '-o', 'json'], { env });
    expect(j.code, j.stderr).toBe(0);
    expect((JSON.parse(j.stdout) as StatsJson).days).toEqual([
      { day: '2026-11-20', deployments: 17 },
      { day: '2026-11-21', deployments: 17 },
    ]);
    const r = await runBin(['stats', APP, ...until], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.split('\n');
    const at = out.findIndex((l) => l.startsWith('Deployments per day'));
    expect(out[at]).toMatch(/^Deployments per day, 2 weeks {2}· 0 {2}░ /);
    // The week of 16 November (blank before Friday, both days █), then the week of the 23rd (· to Saturday).
    expect(out.slice(at + 2, at + 9)).toEqual(['Mon  ·', '     ·', 'Wed  ·', '     ·', 'Fri █·', '    █·', 'Sun · ']);
  });

  it('a 429 longer than dms waits: the stats of what was read, "stopped after", exit 6', async () => {
    // The first answer holds 100 rows; then the server asks for an hour.
    const h = await knownServer(1000, (call) =>
      call >= 2 ? json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '3600' }) : undefined,
    );
    const r = await runBin(['stats', APP, '-o', 'json'], { env: h.env, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(6);
    const s = JSON.parse(r.stdout) as StatsJson;
    expect(s.complete).toBe(false);
    expect(s.read).toBe(100);
    expect(r.stderr).toMatch(/^dms: stopped after 100 of 1,000 deployments: .*3,600 s/m);
  });

  it('a rejected token: one line, exit 3, no stats', async () => {
    const server = await respondWith(json(401, { message: 'Unauthenticated.' }));
    servers.push(server);
    const r = await runBin(['stats', APP], { env: { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '7|wrongtoken' } });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toContain('wrongtoken');
  });

  it('Ctrl+C prints the stats of what was read, then "stopped after … interrupted", exit 130', { timeout: 30_000 }, async () => {
    // The second answer never comes: the reading waits until it is interrupted.
    let asked!: () => void;
    const waiting = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const h = await knownServer(1000, (call) =>
      call >= 2
        ? () => {
            asked();
          }
        : undefined,
    );
    const child = spawn(process.execPath, [BIN, 'stats', APP, '-o', 'json'], {
      env: { PATH: process.env.PATH, ...h.env, DMS_CONFIG_DIR: '/nonexistent-dms-config' },
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
    expect((JSON.parse(stdout) as StatsJson).read).toBe(100);
    expect(stderr).toMatch(/stopped after 100 of 1,000 deployments: interrupted \(Ctrl\+C\)\./);
  });
});

describe('dms stats arguments', () => {
  it.each([
    [['stats'], /give the application uuid: dms stats APP_UUID/],
    [['stats', APP, '-o', 'csv'], /-o\/--output takes table or json, not 'csv'/],
    [['stats', APP, '--since', 'yesterday'], /--since takes a time such as 7d/],
    [['stats', APP, '--since', '2026-11-10', '--until', '2026-11-01'], /is not after --since/],
    [['stats', APP, '--json', '-o', 'table'], /--json is -o json/],
    [['stats', APP, '--all'], /--all is not an option of dms stats/],
  ])('%j: one line, exit 2, nothing sent', async (args, message) => {
    const r = await runBin(args, { env: { DMS_URL: 'http://127.0.0.1:9/api/v1', DMS_TOKEN: '7|x' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--help says what each figure is', async () => {
    const r = await runBin(['stats', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: dms stats APP_UUID \[--since TIME\] \[--until TIME\] \[-o table\|json\]/);
    expect(r.stdout).toMatch(/time to restore/);
  });

  it('the main help and shell completion name it', async () => {
    expect((await runBin(['--help'])).stdout).toMatch(/dms stats APP_UUID/);
    const r = await runBin(['__complete', 'bash', 'st']);
    expect(r.stdout.split('\n')).toContain('stats');
    const flags = await runBin(['__complete', 'bash', 'stats', APP, '--']);
    expect(flags.stdout.split('\n')).toEqual(expect.arrayContaining(['--since', '--until', '--output']));
  });

  it('the built stats command loads no Ink, React or zod', async () => {
    const r = await scriptsRun(['stats', shop, '-o', 'json'], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toBeTypeOf('object');
    expect(r.scripts).toEqual(['dms-app', 'got-vendor']);
  });
});
