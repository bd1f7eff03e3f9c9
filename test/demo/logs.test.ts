// Deployment logs on the demo service (service-behaviour.md, "Deployment logs"), over real HTTP:
// a JSON-encoded `logs` string for the full token and no key at all for the token without that
// permission; content that exercises a log viewer; huge logs past the first page; logs that grow
// while a deployment runs. Then the generator and its cache on their own.
import { beforeAll, describe, expect, it } from 'vitest';
import { createBufferCache } from '../../src/demo/lru.js';
import { encodeLog, logEntries, logLiteral, microStamp, type LogEntry } from '../../src/demo/logs.js';
import type { DemoApp, DemoDeployment } from '../../src/demo/model.js';
import { phpJson } from '../../src/demo/reply.js';
import { describeDemo, startDemoService } from '../../src/demo/server.js';
import { appByName, createApp, eventually, list, place } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

type Row = Record<string, unknown>;
const NOW = Date.parse('2026-08-22T15:22:50Z');
const FINAL = ['finished', 'failed', 'cancelled-by-user'];
const ESC = '\u001b';
const SEPARATOR = '========================================';
/** The last entry of a failed log: the epilogue's closing line, or its separator when the old version stays. */
const EPILOGUE_END = /^(Deployment failed\. Removing the new version of your application\.|={40})$/;

/** The entries of a row's log: the field is a JSON string holding a JSON array. */
const entriesOf = (row: Row): LogEntry[] => {
  expect(typeof row.logs).toBe('string');
  const entries = JSON.parse(row.logs as string) as unknown;
  expect(Array.isArray(entries)).toBe(true);
  return entries as LogEntry[];
};

const demo = setUpDemoService({ now: () => NOW, rateLimitPerMinute: 0 });
const rows = async (name: string, query: string, token?: string): Promise<Row[]> => {
  const res = await list(demo, appByName(demo, name), query, token === undefined ? {} : { token });
  expect(res.status).toBe(200);
  return res.json.deployments as Row[];
};

describe('who gets logs', () => {
  it('the full token gets a decodable `logs` on every row of every record shape', async () => {
    for (const name of ['shop-frontend', 'orders-worker', 'status-page', 'shop-api']) {
      for (const row of await rows(name, 'take=10')) expect(entriesOf(row).length, name).toBeGreaterThanOrEqual(0);
    }
  });

  it('tokenNoLogs gets the same rows without the `logs` key at all', async () => {
    for (const name of ['shop-frontend', 'orders-worker', 'status-page']) {
      const full = await rows(name, 'take=10');
      const bare = await rows(name, 'take=10', demo.tokenNoLogs);
      expect(bare.map((r) => r.id)).toEqual(full.map((r) => r.id));
      for (const [i, r] of bare.entries()) {
        expect(Object.hasOwn(r, 'logs')).toBe(false);
        expect(Object.keys(r)).toEqual(Object.keys(full[i]!).filter((k) => k !== 'logs'));
      }
    }
  });

  it('a queue row carries `logs` after finished_at, like the database column', async () => {
    const [row] = await rows('orders-worker', 'skip=3&take=1');
    const keys = Object.keys(row!);
    expect(keys.indexOf('logs')).toBe(keys.indexOf('finished_at') + 1);
  });

  it('tokenNoLogs may create too', async () => {
    const res = await createApp(
      demo,
      {
        ...place(demo),
        git_repository: 'https://github.com/acme/no-logs',
        git_branch: 'main',
        build_pack: 'nixpacks',
      },
      { token: demo.tokenNoLogs },
    );
    expect(res.status).toBe(201);
  });

  it('both tokens count against one rate limit (one user)', async () => {
    const limited = await startDemoService({ rateLimitPerMinute: 3 });
    try {
      const app = appByName(limited, 'docs-site');
      expect((await list(limited, app, '', {})).status).toBe(200);
      expect((await list(limited, app, '', { token: limited.tokenNoLogs })).status).toBe(200);
      expect((await list(limited, app, '', {})).status).toBe(200);
      expect((await list(limited, app, '', { token: limited.tokenNoLogs })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('tokenNoLogs is generated like the first token, or taken from the options', async () => {
    expect(demo.tokenNoLogs).toMatch(/^2\|demo_[0-9a-f]{32}$/);
    expect(demo.tokenNoLogs).not.toBe(demo.token);
    const own = await startDemoService({ token: '7|full', tokenNoLogs: '8|bare' });
    try {
      expect(own.tokenNoLogs).toBe('8|bare');
      const [row] = (await list(own, appByName(own, 'docs-site'), 'take=1', { token: '8|bare' })).json.deployments;
      expect(Object.hasOwn(row, 'logs')).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('describeDemo prints DMS_TOKEN_NO_LOGS right after DMS_TOKEN', () => {
    const lines = describeDemo(demo);
    expect(lines[1]).toBe(`DMS_TOKEN=${demo.token}`);
    expect(lines[2]).toBe(`DMS_TOKEN_NO_LOGS=${demo.tokenNoLogs}`);
  });
});

describe('entries', () => {
  let logs: { row: Row; entries: LogEntry[] }[];
  beforeAll(async () => {
    const all = [
      ...(await rows('shop-frontend', 'take=40')),
      ...(await rows('orders-worker', 'take=10')),
      ...(await rows('admin-stack', 'take=10')),
      ...(await rows('status-page', 'take=10')),
      ...(await rows('shop-api', 'take=12')),
    ];
    logs = all.map((row) => ({ row, entries: entriesOf(row) }));
  });
  const every = () => logs.flatMap((l) => l.entries);

  // Tens of thousands of entries: the checks collect what is wrong and assert once.
  it('have the fields and types deployed servers send', () => {
    const wrong: string[] = [];
    for (const { row, entries } of logs) {
      entries.forEach((e, i) => {
        const keys = ['command', 'output', 'type', 'timestamp', 'hidden', 'batch', ...(i === 0 && !('order' in e) ? [] : ['order'])];
        const fits =
          Object.keys(e).join() === keys.join() &&
          (e.command === null || typeof e.command === 'string') &&
          typeof e.output === 'string' &&
          (e.type === 'stdout' || e.type === 'stderr') &&
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(e.timestamp) &&
          typeof e.hidden === 'boolean' &&
          Number.isInteger(e.batch) &&
          e.batch >= 1 &&
          (!('order' in e) || e.order === i + 1);
        if (!fits) wrong.push(`${String(row.id)}#${i}: ${JSON.stringify(e)}`);
      });
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Some logs leave `order` off their first entry, most do not.
    const without = logs.filter((l) => l.entries.length > 0 && !('order' in l.entries[0]!)).length;
    expect(without).toBeGreaterThan(0);
    expect(without).toBeLessThan(logs.length / 2);
  });

  it("are oldest first: timestamps and batches rise, within the deployment's own times", () => {
    const wrong: string[] = [];
    for (const { row, entries } of logs) {
      for (let i = 1; i < entries.length; i++) {
        const [a, b] = [entries[i - 1]!, entries[i]!];
        if (b.timestamp < a.timestamp || b.batch < a.batch) wrong.push(`${String(row.id)}#${i}`);
      }
      if (entries.length === 0 || !FINAL.includes(String(row.status))) continue;
      // Records carry whole seconds: the log lies between created_at and updated_at's next second.
      const created = String(row.created_at).slice(0, 19);
      const until = new Date(Date.parse(String(row.updated_at)) + 1000).toISOString().slice(0, 19);
      if (entries[0]!.timestamp.slice(0, 19) < created || entries.at(-1)!.timestamp.slice(0, 19) > until)
        wrong.push(`${String(row.id)} times`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('mix stdout and stderr, with a share of hidden debug lines', () => {
    const all = every();
    const share = (f: (e: LogEntry) => boolean) => all.filter(f).length / all.length;
    expect(share((e) => e.type === 'stderr')).toBeGreaterThan(0.1);
    expect(share((e) => e.type === 'stderr')).toBeLessThan(0.5);
    expect(share((e) => e.hidden)).toBeGreaterThan(0.2);
    expect(share((e) => e.hidden)).toBeLessThan(0.4);
  });

  it('hold what build tools print: colours, progress runs, several lines, long lines', () => {
    const outputs = every().map((e) => e.output);
    const some = (what: string, test: (o: string) => boolean) => expect(outputs.some(test), what).toBe(true);
    some('green', (o) => o.includes(`${ESC}[32m`) && o.includes(`${ESC}[39m`));
    some('bold', (o) => o.includes(`${ESC}[1m`));
    some('256 colours', (o) => o.includes(`${ESC}[38;5;`));
    some('a reset', (o) => o.includes(`${ESC}[0m`));
    some('progress overwritten with \\r', (o) => /Downloading +\d+%\r Downloading +\d+%.*\r Downloading 100%/.test(o));
    some('several lines in one entry', (o) => o.split('\n').length >= 5);
    some('a line of 300+ characters', (o) => o.split('\n').some((l) => l.length >= 300));
    some('non-ASCII text', (o) => /[^\u0000-\u007f]/.test(o));
  });

  it('hold what a client must strip or mask: a window title, a clear screen, a cursor move, a password URL', () => {
    const outputs = every().map((e) => e.output);
    expect(outputs.some((o) => o.includes(`${ESC}]0;`) && o.includes('\u0007'))).toBe(true);
    expect(outputs.some((o) => o.includes(`${ESC}[2J${ESC}[H`))).toBe(true);
    expect(outputs.some((o) => /\u001b\[\d+;\d+H|\u001b\[1A/.test(o))).toBe(true);
    expect(outputs.some((o) => o.includes('postgres://app:s3cretPass@db:5432/app'))).toBe(true);
  });

  it('name the clone URL with its token already scrubbed', () => {
    const texts = every().flatMap((e) => [e.command ?? '', e.output]);
    expect(texts.some((t) => t.includes('https://x-access-token:<REDACTED>@code.example.com/acme/shop-frontend.git'))).toBe(true);
    for (const t of texts) for (const m of t.matchAll(/x-access-token:([^@\s]*)@/g)) expect(m[1]).toBe('<REDACTED>');
  });
});

describe('how a log ends', () => {
  let final: { status: string; entries: LogEntry[] }[];
  beforeAll(async () => {
    final = (await rows('shop-frontend', 'take=60'))
      .filter((r) => FINAL.includes(String(r.status)))
      .map((r) => ({ status: String(r.status), entries: entriesOf(r) }));
  });

  it('a queued deployment has an empty log', async () => {
    const [queued] = await rows('shop-frontend', 'take=1');
    expect(queued!.status).toBe('queued');
    expect(queued!.logs).toBe('[]');
  });

  it('finished: a health check, then "New container started."', () => {
    const finished = final.filter((f) => f.status === 'finished');
    expect(finished.length).toBeGreaterThan(10);
    for (const { entries } of finished) {
      expect(entries.at(-1)!.output).toBe('New container started.');
      expect(entries.slice(-20).some((e) => /[Hh]ealthcheck/.test(e.output))).toBe(true);
    }
  });

  it('failed: the service\'s epilogue — separator, "Deployment failed: …", debug entries, separator, the closing line unless the old version stays', () => {
    const failed = final.filter((f) => f.status === 'failed');
    expect(failed.length).toBeGreaterThan(2);
    for (const { entries } of failed) {
      const closing = entries.at(-1)!.output === 'Deployment failed. Removing the new version of your application.';
      const tail = closing ? entries.slice(0, -1) : entries;
      // The old version kept running: only after a failed health check, which says so.
      if (!closing) expect(tail.some((e) => /rolling back to the old container/.test(e.output))).toBe(true);
      const separators = tail.flatMap((e, i) => (e.output === SEPARATOR ? [i] : []));
      expect(separators.at(-1)).toBe(tail.length - 1);
      const open = separators.at(-2)!;
      const message = tail[open + 1]!;
      expect(message).toMatchObject({ type: 'stderr', hidden: false });
      expect(message.output).toMatch(/^Deployment failed: \S/);
      const debug = tail.slice(open + 2, -1);
      expect(debug.length).toBeGreaterThan(0);
      for (const e of debug) expect(e).toMatchObject({ type: 'stderr', hidden: true });
      expect(debug.map((e) => e.output.split(':')[0])).toEqual(
        expect.arrayContaining(['Error type', 'Location', 'Stack trace (first 5 lines)']),
      );
      expect(entries.some((e) => e.output === 'New container started.')).toBe(false);
    }
  });

  it("failed deployments fail for varied reasons: a build step's exit, a missing variable, out of memory, a registry pull, a health check", async () => {
    const messages = (
      await Promise.all(['shop-frontend', 'shop-api', 'orders-worker', 'status-page', 'admin-stack'].map((name) => rows(name, 'take=200')))
    )
      .flat()
      .filter((r) => r.status === 'failed')
      .map((r) => entriesOf(r).find((e) => e.output.startsWith('Deployment failed: '))?.output ?? '');
    const seen = (re: RegExp) => messages.filter((m) => re.test(m)).length;
    expect(seen(/\(exit code 1\): docker build.*\nError: Type error/s)).toBeGreaterThan(0);
    expect(seen(/\(exit code 1\): docker build.*\nError: Module not found/s)).toBeGreaterThan(0);
    expect(seen(/\nError: Missing required environment variable \w+$/)).toBeGreaterThan(0);
    expect(seen(/\(exit code 137\): docker build \S+[^\n]*$/)).toBeGreaterThan(0);
    expect(seen(/\nError: failed to solve: node:20-alpine: failed to resolve source metadata/)).toBeGreaterThan(0);
    expect(seen(/^Deployment failed: Health check failed: /)).toBeGreaterThan(0);
    expect(seen(/\(exit code 128\): git ls-remote/)).toBeGreaterThan(0);
  });

  it('cancelled: a cancellation line', () => {
    const cancelled = final.filter((f) => f.status === 'cancelled-by-user');
    expect(cancelled.length).toBeGreaterThan(0);
    for (const { entries } of cancelled) expect(entries.at(-1)!.output).toMatch(/cancelled by user/);
  });

  it("a final deployment's log is the same on every request and after a restart", async () => {
    const [a] = await rows('shop-frontend', 'skip=3&take=1');
    const [b] = await rows('shop-frontend', 'skip=3&take=1');
    expect(a!.logs).toBe(b!.logs);
    const again = await startDemoService({ now: () => NOW });
    try {
      const [c] = (await list(again, appByName(again, 'shop-frontend'), 'skip=3&take=1')).json.deployments;
      expect(c.logs).toBe(a!.logs);
    } finally {
      await again.close();
    }
  });
});

describe('sizes', () => {
  it('huge logs (19,000+ entries, 3–5 MB) sit past the first page of orders-worker and shop-frontend', async () => {
    for (const name of ['orders-worker', 'shop-frontend']) {
      const later = (await rows(name, 'skip=10&take=40')).filter((r) => entriesOf(r).length >= 19_000);
      expect(later.length, name).toBeGreaterThan(0);
      for (const r of later) {
        expect((r.logs as string).length).toBeGreaterThan(3_000_000);
        expect((r.logs as string).length).toBeLessThan(5_500_000);
      }
    }
    const big = (await rows('orders-worker', 'skip=10&take=100')).filter((r) => entriesOf(r).length >= 15_000);
    expect(big.length).toBe(3);
  });

  it("no application's first page holds a huge log, and each is under 2 MB", async () => {
    for (const app of demo.seed.applications) {
      const res = await list(demo, app.uuid, 'take=10');
      expect(res.text.length, app.name).toBeLessThan(2_000_000);
      for (const r of res.json.deployments as Row[]) expect(entriesOf(r).length, app.name).toBeLessThan(3_500);
    }
  });

  it('most logs hold a few hundred to 3,000 entries', async () => {
    const counts = (await rows('shop-frontend', 'take=1000')).map((r) => entriesOf(r).length).filter((n) => n > 0);
    const within = counts.filter((n) => n >= 100 && n <= 3_500).length;
    expect(within / counts.length).toBeGreaterThan(0.9);
    expect(counts.filter((n) => n > 1_000).length).toBeGreaterThan(5);
  });
});

describe('a running deployment', () => {
  const live = setUpDemoService({ deployStepMs: 100, rateLimitPerMinute: 0 });
  // 100 ms steps: a run of 1–2 s, time enough to see the log grow between polls even on a busy machine.

  it('shows a log that grows between requests, keeps what it showed, and ends with its outcome', async () => {
    const created = await createApp(live, {
      ...place(live),
      git_repository: 'https://github.com/acme/growing',
      git_branch: 'main',
      build_pack: 'nixpacks',
      instant_deploy: true,
    });
    expect(created.status).toBe(201);
    const uuid = String(created.json.uuid);
    const now = async () => (await list(live, uuid, 'take=1')).json.deployments[0] as Row;

    const first = await eventually(async () => {
      const r = await now();
      return r.status === 'in_progress' ? entriesOf(r) : undefined;
    });
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]!.output).toBe('Starting deployment of acme/growing:main to edge-fra-1.');
    const grown = await eventually(async () => {
      const r = await now();
      if (FINAL.includes(String(r.status))) throw new Error('it ended before the log was seen growing');
      const entries = entriesOf(r);
      return entries.length > first.length ? entries : undefined;
    });
    expect(grown.slice(0, first.length)).toEqual(first);

    const [status, done] = await eventually(async () => {
      const r = await now();
      return FINAL.includes(String(r.status)) ? ([String(r.status), entriesOf(r)] as const) : undefined;
    });
    expect(done.slice(0, grown.length)).toEqual(grown);
    if (status === 'finished') expect(done.at(-1)!.output).toBe('New container started.');
    else expect(done.at(-1)).toMatchObject({ type: 'stderr', output: expect.stringMatching(EPILOGUE_END) });
    // Final: the same log on the next request.
    expect(entriesOf(await now())).toEqual(done);
  });

  it('a queued deployment shows "[]" until it starts', async () => {
    const slow = await startDemoService({ deployStepMs: 60_000, rateLimitPerMinute: 0 });
    try {
      const created = await createApp(slow, {
        ...place(slow),
        git_repository: 'https://github.com/acme/waiting',
        git_branch: 'main',
        build_pack: 'nixpacks',
        instant_deploy: true,
      });
      const [row] = (await list(slow, String(created.json.uuid), 'take=1')).json.deployments;
      expect(row).toMatchObject({ status: 'queued', logs: '[]' });
    } finally {
      await slow.close();
    }
  });

  it("advanceSeed: the seed's running deployment finishes its log too", async () => {
    const moving = await startDemoService({ advanceSeed: true, deployStepMs: 5, rateLimitPerMinute: 0 });
    try {
      const app = appByName(moving, 'orders-worker');
      const before = (await list(moving, app, 'take=1')).json.deployments[0] as Row;
      const done = await eventually(async () => {
        const r = (await list(moving, app, 'take=1')).json.deployments[0] as Row;
        return FINAL.includes(String(r.status)) ? r : undefined;
      });
      const [was, now] = [entriesOf(before), entriesOf(done)];
      if (before.status === 'in_progress') expect(now.slice(0, was.length)).toEqual(was);
      expect(now.at(-1)!.output).toMatch(new RegExp(`^New container started\\.$|${EPILOGUE_END.source}`));
    } finally {
      await moving.close();
    }
  });
});

describe('the generator', () => {
  const app = {
    uuid: 'a1',
    name: 'unit',
    server: { id: 1, uuid: 's', name: 'edge-1', ip: '203.0.113.1' },
    fields: { git_repository: 'https://github.com/acme/unit', build_pack: 'nixpacks', health_check_enabled: true },
  } as unknown as DemoApp;
  const deployment = (over: Partial<DemoDeployment> = {}): DemoDeployment => ({
    id: 1,
    uuid: 'u1',
    deploymentUuid: 'q1',
    appUuid: 'a1',
    status: 'in_progress',
    commitSha: 'ab'.repeat(20),
    branch: 'main',
    commitMessage: 'Fix it',
    pullRequestId: 0,
    isWebhook: false,
    isApi: true,
    rollback: false,
    forceRebuild: false,
    restartOnly: false,
    configHash: '',
    createdAt: NOW,
    updatedAt: NOW + 3000,
    finishedAt: null,
    newer: true,
    startedAt: NOW + 3000,
    ...over,
  });
  const at = (ms: number) => ({ now: NOW + 3000 + ms, stepMs: 1000 });

  it('while running: a prefix growing with the time since it started, never changing what it showed', () => {
    const d = deployment();
    const seen = [0, 1000, 4000, 8000, 11_000].map((ms) => logEntries(app, d, at(ms)));
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.length).toBeGreaterThan(seen[i - 1]!.length);
      expect(seen[i]!.slice(0, seen[i - 1]!.length)).toEqual(seen[i - 1]);
    }
    expect(seen[0]!.length).toBeGreaterThan(0);
  });

  it('once final: what was shown, then the rest and the ending, all before finished_at', () => {
    const shown = logEntries(app, deployment(), at(5000));
    for (const status of ['finished', 'failed', 'cancelled-by-user'] as const) {
      const d = deployment({ status, finishedAt: NOW + 3000 + 5000, updatedAt: NOW + 3000 + 5000 });
      const done = logEntries(app, d, at(60_000));
      expect(done.slice(0, shown.length)).toEqual(shown);
      expect(done.at(-1)!.timestamp <= microStamp((NOW + 8000) * 1000)).toBe(true);
      expect(done.length).toBeGreaterThan(shown.length);
    }
  });

  it('queued: nothing', () => {
    expect(logEntries(app, deployment({ status: 'queued' }), at(5000))).toEqual([]);
  });

  it('the literal spliced into responses is the log encoded twice the way PHP encodes', () => {
    const entries = logEntries(app, deployment({ status: 'finished', finishedAt: NOW + 60_000 }), at(0));
    const literal = logLiteral(entries);
    expect(literal).toBe(phpJson(encodeLog(entries)));
    expect(JSON.parse(JSON.parse(literal))).toEqual(entries);
    expect(literal).toMatch(/^[\u0000-\u007f]*$/);
  });

  it('timestamps have microseconds', () => {
    expect(microStamp(Date.parse('2026-08-22T15:22:50Z') * 1000 + 123_456)).toBe('2026-08-22T15:22:50.123456Z');
    expect(microStamp(Date.parse('2026-08-22T15:22:50Z') * 1000 + 7)).toBe('2026-08-22T15:22:50.000007Z');
  });

  it('the cache keeps the recently used logs within its byte budget', () => {
    const cache = createBufferCache(10);
    cache.set('a', Buffer.alloc(4));
    cache.set('b', Buffer.alloc(4));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', Buffer.alloc(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBe(8);
    cache.set('huge', Buffer.alloc(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(8);
  });
});
