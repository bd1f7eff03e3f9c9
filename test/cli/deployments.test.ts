import { beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startDemoService } from '../../src/demo/server.js';
import { runBin, type BinResult } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService({});
let app: string;
let env: Record<string, string>;

beforeAll(async () => {
  app = demo.app();
  env = demo.env;
});

function expectNoToken(r: BinResult, token = demo.token) {
  const secret = token.split('|')[1] ?? token;
  expect(r.stdout + r.stderr).not.toContain(secret);
}

describe('dms deployments', () => {
  it("prints a table of the first 10 deployments, what every row shares above it, and the total on stdout's last line", async () => {
    const r = await runBin(['deployments', app], { env });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    // The first page holds failed deployments: their reason is the last column.
    expect(lines[0]).toMatch(/^(Δ\s+)?STATUS\s+SOURCE\s+COMMIT\s+SUBJECT\s+BRANCH\s+STARTED\s+DURATION\s+ID\s+REASON$/);
    expect(lines).toHaveLength(12);
    expect(lines[11]).toBe('137 deployments; showing 1–10');
    expect(r.stderr).toMatch(/^app shop-frontend · build nixpacks · server edge-fra-1 · domains https:\/\/shop\.example\.com[^\n]*\n$/);
    expect(r.stdout).not.toContain('\u001b');
  });

  it('on rows of the deployment queue prints the same columns, reads "1" as a number and flags nothing', async () => {
    const queueApp = demo.seed.applications.find((a) => a.shape === 'queue')!.uuid;
    const r = await runBin(['deployments', queueApp], { env });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^STATUS\s+SOURCE\s+COMMIT\s+SUBJECT\s+STARTED\s+DURATION\s+ID\s+REASON$/);
    expect(lines).toHaveLength(12);
    expect(lines[1]).toMatch(/^● in progress\s+\S.*\s+[0-9a-f]{7}\s+\S.*\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\s+\d+m \d\ds\s+\d+$/);
    expect(lines.slice(2, -1).every((l) => /^[✓✗⊘] /.test(l))).toBe(true);
    expect(lines[11]).toMatch(/^\d+ deployments; showing 1–10$/);
    expect(r.stderr).toBe('app orders-worker · server edge-fra-1\n');
    expect(r.stderr).not.toMatch(/unexpected type|invalid/);
    // --json prints the rows as sent: destination_id stays a string.
    const json = JSON.parse((await runBin(['deployments', queueApp, '--json', '--take', '3'], { env })).stdout) as Record<
      string,
      unknown
    >[];
    expect(json.map((d) => typeof d.destination_id)).toEqual(['string', 'string', 'string']);
  });

  it('--json prints the parsed records as an array, secrets masked', async () => {
    const r = await runBin(['deployments', app, '--json', '--take', '100'], { env });
    expect(r.code).toBe(0);
    const records = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(records).toHaveLength(100);
    const withSecret = records.filter((d) => d.manual_webhook_secret_provider_a === '•••• (set)');
    expect(withSecret.length).toBeGreaterThan(0);
    for (const d of records) {
      for (const k of [
        'manual_webhook_secret_provider_a',
        'manual_webhook_secret_provider_b',
        'manual_webhook_secret_provider_c',
        'manual_webhook_secret_provider_d',
        'http_basic_auth_password',
      ]) {
        if (k in d) expect(['•••• (set)', '(empty)']).toContain(d[k]);
      }
    }
  });

  it('--show-secrets prints secret values as sent', async () => {
    const r = await runBin(['deployments', app, '--json', '--take', '100', '--show-secrets'], { env });
    const records = JSON.parse(r.stdout) as Record<string, unknown>[];
    const secrets = records.map((d) => d.manual_webhook_secret_provider_a).filter((v) => typeof v === 'string' && v !== '');
    expect(secrets.length).toBeGreaterThan(0);
    expect(secrets.every((v) => v !== '•••• (set)')).toBe(true);
  });

  it('--skip and --take page through the list newest first', async () => {
    const all = JSON.parse((await runBin(['deployments', app, '--json', '--take', '15'], { env })).stdout) as { id: number }[];
    const page = JSON.parse((await runBin(['deployments', app, '--json', '--skip', '10', '--take', '5'], { env })).stdout) as {
      id: number;
    }[];
    expect(page.map((d) => d.id)).toEqual(all.slice(10, 15).map((d) => d.id));
    const before = demo.requests.filter((q) => q.query.includes('skip=10') && q.query.includes('take=5'));
    expect(before.length).toBeGreaterThan(0);
  });

  it.each([
    [['--take', '0'], /--take must be a whole number of at least 1/],
    [['--take', 'abc'], /--take must be a whole number/],
    [['--skip', '-1'], /--skip/],
  ])('bad paging %j exits 2 before sending anything', async (flags, message) => {
    const sent = demo.requests.length;
    const r = await runBin(['deployments', app, ...flags], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(demo.requests.length).toBe(sent);
  });

  it('a wrong token exits 3 and the token appears nowhere', async () => {
    const token = '42|wrongwrongwrongsecretvalue';
    const r = await runBin(['deployments', app], { env: { ...env, DMS_TOKEN: token } });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/rejected the token.*DMS_TOKEN/);
    expectNoToken(r, token);
    expectNoToken(r);
  });

  it('an unknown application exits 4', async () => {
    const r = await runBin(['deployments', '00000000-0000-4000-8000-000000000000'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/not found/i);
    expectNoToken(r);
  });

  it('an unreachable server exits 1 with a plain message', async () => {
    const s: Server = createServer();
    await new Promise<void>((res) => s.listen(0, '127.0.0.1', res));
    const port = (s.address() as AddressInfo).port;
    await new Promise((res) => s.close(res));
    const r = await runBin(['deployments', app, '--timeout', '2'], { env: { ...env, DMS_URL: `http://127.0.0.1:${port}/api/v1` } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Cannot reach the server/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expectNoToken(r);
  });

  it('with nothing configured, exits 2 and says how to connect', async () => {
    const r = await runBin(['deployments', app]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/DMS_URL and DMS_TOKEN/);
  });

  it('--demo lists the embedded sample data', async () => {
    const r = await runBin(['deployments', app, '--demo', '--json', '--take', '3']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(3);
  });

  it('a rate-limited server exits 6', async () => {
    const limited = await startDemoService({ rateLimitPerMinute: 1 });
    try {
      const e = { DMS_URL: limited.url, DMS_TOKEN: limited.token };
      await runBin(['deployments', app], { env: e });
      const r = await runBin(['deployments', app], { env: e, timeoutMs: 30_000 });
      expect(r.code).toBe(6);
      expect(r.stderr).toMatch(/Too many requests/);
      expectNoToken(r, limited.token);
    } finally {
      await limited.close();
    }
  });
});

describe('dms (general)', () => {
  it('--version and --help exit 0', async () => {
    expect((await runBin(['--version'])).stdout).toMatch(/^dms \d+\.\d+\.\d+/);
    for (const cmd of [[], ['deployments'], ['create'], ['context'], ['demo'], ['browse']]) {
      const r = await runBin([...cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage/);
    }
  });

  it('an unknown command or flag exits 2 with one line', async () => {
    for (const args of [['frobnicate'], ['deployments', app, '--bogus']]) {
      const r = await runBin(args, { env });
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/--help/);
    }
  });

  it('the TUI refuses to start without a terminal and points to headless commands', async () => {
    const r = await runBin(['browse', app], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs a terminal.*dms deployments/);
  });
});

describe('JSON output', () => {
  it('writeJsonArray writes exactly what JSON.stringify(array, null, 2) writes, waiting on a full stream', async () => {
    const { writeJsonArray } = await import('../../src/commands/deployments.js');
    const { Writable } = await import('node:stream');
    const collect = async (items: unknown[]) => {
      let text = '';
      // A tiny buffer so write() reports a full stream and the writer has to wait for 'drain'.
      const out = new Writable({
        highWaterMark: 8,
        write(chunk, _enc, done) {
          text += String(chunk);
          setImmediate(done);
        },
      });
      await writeJsonArray(out, items, (x) => x);
      return text;
    };
    const items = [{ a: 1, b: 'two\nlines', c: { d: [1, { e: null }] } }, {}, { f: [] }, { g: 'x' }];
    expect(await collect(items)).toBe(`${JSON.stringify(items, null, 2)}\n`);
    expect(await collect([])).toBe(`${JSON.stringify([], null, 2)}\n`);
    // Several batches of records, the last one short.
    const many = Array.from({ length: 123 }, (_, i) => ({ i, nested: { list: [i, `x${i}`], empty: {} }, text: 'a\nb' }));
    expect(await collect(many)).toBe(`${JSON.stringify(many, null, 2)}\n`);
    expect(await collect(many.slice(0, 50))).toBe(`${JSON.stringify(many.slice(0, 50), null, 2)}\n`);
  });
});

describe('the headless table: times and the total (issue 16)', () => {
  const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
  /** The STARTED cells of a table (the column found by its heading). */
  const startedCells = (stdout: string) => {
    const lines = stdout.trim().split('\n');
    const at = lines[0]!.indexOf('STARTED');
    const next = lines[0]!.indexOf('DURATION');
    return lines.slice(1, -1).map((l) => l.slice(at, next).trim());
  };

  it('piped, started is an ISO time (UTC, to the second) by default; --time relative and --time iso choose', async () => {
    const piped = await runBin(['deployments', app, '--take', '5'], { env });
    expect(piped.code).toBe(0);
    expect(startedCells(piped.stdout).every((c) => ISO.test(c))).toBe(true);
    const relative = await runBin(['deployments', app, '--take', '5', '--time', 'relative'], { env });
    expect(startedCells(relative.stdout).every((c) => /^(\d+[smhdwy]( \d+[smhdw])? ago|just now)$/.test(c))).toBe(true);
    const iso = await runBin(['deployments', app, '--take', '5', '--time', 'iso'], { env });
    expect(startedCells(iso.stdout)).toEqual(startedCells(piped.stdout));
    // The same instants as the records say.
    const records = JSON.parse((await runBin(['deployments', app, '--take', '5', '--json'], { env })).stdout) as { created_at: string }[];
    expect(startedCells(iso.stdout)).toEqual(records.map((d) => `${new Date(d.created_at).toISOString().slice(0, 19)}Z`));
  });

  it('on a terminal, started is relative by default', async () => {
    const { Writable, Readable } = await import('node:stream');
    const { parse } = await import('../../src/commands/args.js');
    const { runDeployments } = await import('../../src/commands/deployments.js');
    const { createClient } = await import('../../src/api/client.js');
    let text = '';
    const stdout = Object.assign(
      new Writable({
        write(c, _e, done) {
          text += String(c);
          done();
        },
      }),
      { isTTY: true, columns: 160 },
    );
    const io = {
      stdout,
      stderr: new Writable({
        write(_c, _e, done) {
          done();
        },
      }),
      stdin: Readable.from([]),
      env: {},
    };
    const session = {
      client: createClient({ baseUrl: demo.url, token: demo.token }),
      connection: { label: 't', host: 'h', demo: false },
      configDir: tempDir('dms-tty-'),
      close: async () => {},
    };
    expect(await runDeployments(parse(['deployments', app, '--take', '5']), io, session, { color: false })).toBe(0);
    expect(startedCells(text).every((c) => /^(\d+[smhdwy]( \d+[smhdw])? ago|just now)$/.test(c))).toBe(true);
  });

  it('--time takes iso or relative only (exit 2, one line, nothing sent)', async () => {
    const sent = demo.requests.length;
    const r = await runBin(['deployments', app, '--time', 'local'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("dms: --time takes iso or relative, not 'local'.\n");
    expect(demo.requests.length).toBe(sent);
  });

  it('the last line of the table counts: a filtered page, a page past the end', async () => {
    const filtered = await runBin(['deployments', app, '--take', '30', '--status', 'failed'], { env });
    const rows = filtered.stdout.trim().split('\n').slice(1, -1);
    expect(filtered.stdout.trim().split('\n').at(-1)).toBe(`137 deployments; showing ${rows.length} of 1–30 (filtered)`);
    const past = await runBin(['deployments', app, '--skip', '500'], { env });
    expect(past.code).toBe(0);
    expect(past.stdout).toBe('137 deployments; none on this page (from 501)\n');
  });

  it("--json stays a bare array; -o json --with-total wraps it as {count, deployments}, count being the server's total", async () => {
    const bare = JSON.parse((await runBin(['deployments', app, '--take', '3', '--json'], { env })).stdout) as unknown[];
    expect(Array.isArray(bare)).toBe(true);
    expect(bare).toHaveLength(3);
    const r = await runBin(['deployments', app, '--take', '3', '-o', 'json', '--with-total'], { env });
    expect(r.code).toBe(0);
    const wrapped = JSON.parse(r.stdout) as { count: number; deployments: unknown[] };
    expect(Object.keys(wrapped)).toEqual(['count', 'deployments']);
    expect(wrapped).toEqual({ count: 137, deployments: bare });
    // Written as JSON.stringify(…, null, 2) writes it.
    expect(r.stdout).toBe(`${JSON.stringify(wrapped, null, 2)}\n`);
    // Filtered: the deployments kept, the count still the history's.
    const failed = JSON.parse(
      (await runBin(['deployments', app, '--take', '30', '--status', 'failed', '--json', '--with-total'], { env })).stdout,
    ) as { count: number; deployments: unknown[] };
    expect(failed.count).toBe(137);
    expect(failed.deployments.length).toBeLessThan(30);
  });

  it('--with-total goes with -o json only', async () => {
    for (const args of [['-o', 'csv'], ['-o', 'ndjson'], []]) {
      const r = await runBin(['deployments', app, '--with-total', ...args], { env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^dms: --with-total goes with -o json/);
    }
  });

  it('a server that sends a bare array (no total): the table says so, and --with-total gives count null', async () => {
    const bare = await startDemoService({ listShape: 'array' });
    try {
      const e = { DMS_URL: bare.url, DMS_TOKEN: bare.token };
      const r = await runBin(['deployments', app, '--take', '4'], { env: e });
      expect(r.stdout.trim().split('\n').at(-1)).toBe('showing 1–4 (the server sends no total)');
      const wrapped = JSON.parse((await runBin(['deployments', app, '--take', '2', '--json', '--with-total'], { env: e })).stdout) as {
        count: unknown;
        deployments: unknown[];
      };
      expect(wrapped.count).toBeNull();
      expect(wrapped.deployments).toHaveLength(2);
    } finally {
      await bare.close();
    }
  });
});

describe('error hints that point the right way (issue 16)', () => {
  const oneLine = (r: BinResult) => expect(r.stderr.endsWith('\n') && r.stderr.trim().split('\n')).toHaveLength(1);

  it('-n 5 is one plain line naming the option, exit 2', async () => {
    const r = await runBin(['deployments', app, '-n', '5'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('dms: unknown option -n. Run dms deployments --help.\n');
  });

  it('a base URL without /api/v1 says to check the URL, not the uuid (exit 1); a resource 404 names what was looked up (exit 4)', async () => {
    const route = await runBin(['deployments', app], { env: { ...env, DMS_URL: demo.origin } });
    expect(route.code).toBe(1);
    oneLine(route);
    expect(route.stderr).toMatch(
      /^dms: No API at this address \(404\): The route deployments\/applications\/\S+ could not be found\. Check that the URL ends in \/api\/v1 \(it is http:\/\/127\.0\.0\.1:\d+\)\.\n$/,
    );
    expect(route.stderr).not.toMatch(/Check the (application )?uuid/);
    const missing = await runBin(['deployments', '00000000-0000-4000-8000-000000000000'], { env });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toBe(
      'dms: Not found (404): Application not found. Check the application uuid "00000000-0000-4000-8000-000000000000": the server has no application with it.\n',
    );
  });

  it('environment_name "nope" names the field that was looked up, not a uuid that was never given (exit 4)', async () => {
    const project = demo.seed.projects[0]!.uuid;
    const r = await runBin(
      [
        'create',
        'app',
        '--project-uuid',
        project,
        '--server-uuid',
        demo.seed.servers[0]!.uuid,
        '--environment-name',
        'nope',
        '--git-repository',
        'https://github.com/acme/hints',
        '--git-branch',
        'main',
        '--build-pack',
        'nixpacks',
        '--ports-exposes',
        '3000',
      ],
      { env },
    );
    expect(r.code).toBe(4);
    oneLine(r);
    expect(r.stderr).toContain('Environment not found. Check environment_name "nope"');
    expect(r.stderr).not.toMatch(/uuid/);
  });

  it('a redirect reads as a sentence: "…, not an answer. Check that…" (exit 1)', async () => {
    const s: Server = createServer((_req, res) => {
      res.writeHead(302, { location: '/login' });
      res.end();
    });
    await new Promise<void>((res) => s.listen(0, '127.0.0.1', res));
    try {
      const r = await runBin(['deployments', app], {
        env: { ...env, DMS_URL: `http://127.0.0.1:${(s.address() as AddressInfo).port}/api/v1` },
      });
      expect(r.code).toBe(1);
      oneLine(r);
      expect(r.stderr).toContain('a redirect to /login, not an answer. Check that the server URL points at the service API');
    } finally {
      await new Promise((res) => s.close(res));
    }
  });

  it('a 401 through a saved context names the context and how to check it (exit 3)', async () => {
    const dir = tempDir('dms-hints-');
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current: 'stale', contexts: { stale: { url: demo.url, token: '9|not-the-token' } } }),
      { mode: 0o600 },
    );
    const r = await runBin(['deployments', app], { env: { DMS_CONFIG_DIR: dir } });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      'dms: The server rejected the token of context stale (401). Check it with: dms context verify stale; replace it with: dms context add stale --url URL.\n',
    );
    expect(r.stderr).not.toContain('not-the-token');
  });
});
