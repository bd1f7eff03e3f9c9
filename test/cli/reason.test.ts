// The reason of a failure, headless: the `reason` column of `dms deployments` (table, CSV, --all
// as rows stream), records as sent in --json and ndjson, and `dms logs APP ID --reason` with its
// exit codes. In-process against small servers on 127.0.0.1, and the built binary against the demo.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import { runInProcess } from '../support/headless.js';
import { json, serversClosedAfterEach, type Handler } from '../support/hostile.js';
import { runBin, scriptsRun } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';

const APP = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
const TOKEN = '9|reasonTestToken5678';
const LIST = `/api/v1/deployments/applications/${APP}`;
const SEPARATOR = '========================================';
const serve = serversClosedAfterEach(afterEach);

type Row = Record<string, unknown>;

/** A failed log ending with the service's epilogue around `error`. */
const failedLog = (error: string) =>
  JSON.stringify([
    { command: 'docker build .', output: '#5 compiling', type: 'stdout', hidden: false, batch: 1, order: 1 },
    { command: null, output: SEPARATOR, type: 'stderr', hidden: false, batch: 2, order: 2 },
    {
      command: null,
      output: `Deployment failed: Command execution failed (exit code 1): docker build .\nError: ${error}`,
      type: 'stderr',
      hidden: false,
      batch: 2,
      order: 3,
    },
    { command: null, output: 'Error type: RuntimeException', type: 'stderr', hidden: true, batch: 2, order: 4 },
    { command: null, output: SEPARATOR, type: 'stderr', hidden: false, batch: 2, order: 5 },
    {
      command: null,
      output: 'Deployment failed. Removing the new version of your application.',
      type: 'stderr',
      hidden: false,
      batch: 2,
      order: 6,
    },
  ]);
const finishedLog = JSON.stringify([
  { command: null, output: 'New container started.', type: 'stdout', hidden: false, batch: 1, order: 1 },
]);

const row = (id: number, status: string, logs?: string): Row => ({
  id,
  deployment_uuid: `dep${id}abcdefghijklmnopq`,
  status,
  commit: 'a'.repeat(40),
  commit_message: `Change ${id}`,
  created_at: '2026-08-22T15:20:00.000000Z',
  finished_at: '2026-08-22T15:23:12.000000Z',
  ...(logs === undefined ? {} : { logs }),
});

/** Serves `rows` by skip/take, with a count. */
const lister =
  (rows: Row[]): Handler =>
  (req, res) => {
    if (req.path !== LIST) return json(404, { message: 'Application not found' })(req, res, undefined as never);
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    return json(200, { count: rows.length, deployments: rows.slice(skip, skip + take) })(req, res, undefined as never);
  };

const client = (url: string): ClientOptions => ({ baseUrl: `${url}/api/v1`, token: TOKEN, retries: 0, retryBaseMs: 20 });
const run = async (rows: Row[], argv: string[]) => runInProcess(argv, client((await serve(lister(rows))).url));

const LONG = `Missing required environment variable ${'X'.repeat(300)}`;
const PAGE = [
  row(5, 'finished', finishedLog),
  row(4, 'failed', failedLog('Missing required environment variable STRIPE_SECRET_KEY')),
  row(3, 'cancelled-by-user', JSON.stringify([{ output: 'Deployment cancelled by user.', type: 'stderr' }])),
  row(2, 'failed', failedLog(`=SUM(A1), "quoted" ${TOKEN}`)),
  row(1, 'failed', failedLog(LONG)),
];

/** CSV lines into fields (enough for these tests: quoted fields with "" inside, no line breaks). */
function csv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => {
      const fields: string[] = [];
      let i = 0;
      for (;;) {
        let field = '';
        if (line[i] === '"') {
          for (i += 1; i < line.length; i++) {
            if (line[i] === '"' && line[i + 1] === '"') {
              field += '"';
              i += 1;
            } else if (line[i] === '"') {
              i += 1;
              break;
            } else field += line[i];
          }
        } else {
          const end = line.indexOf(',', i);
          field = line.slice(i, end === -1 ? line.length : end);
          i = end === -1 ? line.length : end;
        }
        fields.push(field);
        if (line[i] !== ',') return fields;
        i += 1;
      }
    });
}

describe('dms deployments: the reason column', () => {
  it("the table ends with a REASON column when a row has one: each failure's line, cut to fit, the token masked", async () => {
    const r = await run(PAGE, ['deployments', APP]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/\bREASON$/);
    const at = lines[0]!.indexOf('REASON');
    const cell = (id: number) => lines.find((l) => new RegExp(`\\b${id}\\b`).test(l.slice(0, at)))!.slice(at);
    expect(cell(4)).toBe('Missing required environment variable STRIPE_SECRET_KEY');
    expect(cell(3)).toBe('Deployment cancelled by user.');
    expect(cell(5)).toBe('');
    // A pipe has no width: the column is as wide as its widest reason, at most 160 cells, cut with …
    expect(cell(1)).toHaveLength(160);
    expect(cell(1).endsWith('…')).toBe(true);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('no row with a reason: no reason column (finished rows, rows without logs)', async () => {
    const r = await run([row(2, 'finished', finishedLog), row(1, 'failed')], ['deployments', APP]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).not.toMatch(/REASON/);
    const c = await run([row(2, 'finished', finishedLog), row(1, 'failed')], ['deployments', APP, '-o', 'csv']);
    expect(csv(c.stdout)[0]).toEqual([
      'status',
      'source',
      'commit',
      'subject',
      'branch',
      'started',
      'finished',
      'duration',
      'server',
      'id',
      'uuid',
    ]);
  });

  it('-o csv: reason is the last column, the whole line, quoted and defused like every cell', async () => {
    const r = await run(PAGE, ['deployments', APP, '-o', 'csv']);
    expect(r.code).toBe(0);
    const [head, ...rows] = csv(r.stdout);
    expect(head!.at(-1)).toBe('reason');
    const byId = new Map(rows.map((f) => [f[head!.indexOf('id')], f.at(-1)]));
    expect(byId.get('4')).toBe('Missing required environment variable STRIPE_SECRET_KEY');
    expect(byId.get('5')).toBe('');
    expect(byId.get('1')).toBe(LONG);
    expect(byId.get('2')!.startsWith('\'=SUM(A1), "quoted" ')).toBe(true);
    expect(byId.get('2')).not.toContain(TOKEN);
    expect(r.stdout).toContain('"\'=SUM(A1), ""quoted"" ');
  });

  it('--json and -o ndjson print the records as sent: no reason added', async () => {
    const j = await run(PAGE, ['deployments', APP, '--json']);
    const sent = JSON.parse(j.stdout) as Row[];
    expect(sent.map((d) => Object.keys(d))).toEqual(PAGE.map((d) => Object.keys(d)));
    // As sent, the token masked (as everywhere).
    expect(sent.map((d) => d.logs)).toEqual(PAGE.map((d) => (d.logs as string).replace(TOKEN, '[token]')));
    const n = await run(PAGE, ['deployments', APP, '-o', 'ndjson', '--status', 'failed']);
    for (const line of n.stdout.trim().split('\n')) expect(Object.keys(JSON.parse(line) as Row)).not.toContain('reason');
  });

  it('--all -o csv: rows that carry logs give the column from the first chunk, and a failure 240 rows down has its reason', async () => {
    const history = Array.from({ length: 250 }, (_, i) => row(250 - i, 'finished', finishedLog));
    history[240] = row(10, 'failed', failedLog('Killed: out of memory'));
    const r = await run(history, ['deployments', APP, '--all', '-o', 'csv']);
    expect(r.code).toBe(0);
    const [head, ...rows] = csv(r.stdout);
    expect(head!.at(-1)).toBe('reason');
    expect(rows).toHaveLength(250);
    expect(rows.filter((f) => f.at(-1) !== '').map((f) => [f[head!.indexOf('id')], f.at(-1)])).toEqual([['10', 'Killed: out of memory']]);
    // Rows without logs (a token that cannot read them): no column.
    const bare = await run(
      history.map(({ logs: _, ...rest }) => rest),
      ['deployments', APP, '--all', '-o', 'csv'],
    );
    expect(csv(bare.stdout)[0]!.at(-1)).toBe('uuid');
  });

  it('--all table: the reason column when a failure is among the first rows', async () => {
    const history = Array.from({ length: 150 }, (_, i) =>
      row(150 - i, i === 3 ? 'failed' : 'finished', i === 3 ? failedLog('ERROR: registry denied') : finishedLog),
    );
    const r = await run(history, ['deployments', APP, '--all']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/\bREASON$/);
    expect(r.stdout).toMatch(/\b147\b.*ERROR: registry denied$/m);
  });
});

describe('dms logs APP ID --reason', () => {
  it('prints just the line (exit 0), the token masked', async () => {
    const r = await run(PAGE, ['logs', APP, '4', '--reason']);
    expect(r).toEqual({ code: 0, stdout: 'Missing required environment variable STRIPE_SECRET_KEY\n', stderr: '' });
    const masked = await run(PAGE, ['logs', APP, '2', '--reason']);
    expect(masked.code).toBe(0);
    expect(masked.stdout).not.toContain(TOKEN);
    expect(masked.stdout.split('\n')).toHaveLength(2);
  });

  it('says why there is none on stderr, exit 11: not failed, no logs; an unreadable log is exit 1', async () => {
    const finished = await run(PAGE, ['logs', APP, '5', '--reason']);
    expect(finished).toMatchObject({ code: 11, stdout: '' });
    expect(finished.stderr).toBe('dms: no reason for deployment 5 (finished): only a failed or cancelled deployment has one.\n');
    const bare = await run([row(1, 'failed')], ['logs', APP, '1', '--reason']);
    expect(bare).toMatchObject({ code: 11, stdout: '' });
    expect(bare.stderr).toMatch(
      /^dms: no reason for deployment 1: the server sent no logs \(a token allowed to read sensitive data receives them\)\.\n$/,
    );
    const noCause = await run([row(1, 'failed', finishedLog)], ['logs', APP, '1', '--reason']);
    expect(noCause).toMatchObject({ code: 11, stderr: 'dms: no reason for deployment 1: no line of its log says why it ended.\n' });
    const broken = await run([row(1, 'failed', '[{"output": "cut')], ['logs', APP, '1', '--reason']);
    expect(broken).toMatchObject({ code: 1, stdout: '' });
    expect(broken.stderr).toMatch(/^dms: the log of deployment 1 could not be read: /);
  });

  it('--reason with --follow, --json, --timestamps or --debug is a usage error (exit 2)', async () => {
    for (const flag of ['--follow', '--json', '--timestamps', '--debug']) {
      const r = await run(PAGE, ['logs', APP, '4', '--reason', flag]);
      expect(r.code, flag).toBe(2);
      expect(r.stderr).toBe(`dms: --reason prints one line and takes no ${flag}; leave one of them out.\n`);
    }
  });
});

describe('the built binary on the demo', () => {
  const demo = setUpDemoService();
  const env = () => demo.env;
  const app = () => demo.app();

  it('every failed deployment of the page has a reason in the CSV, and --reason prints the same line', async () => {
    const r = await runBin(['deployments', app(), '--take', '60', '--status', 'failed', '-o', 'csv'], { env: env() });
    expect(r.code).toBe(0);
    const [head, ...rows] = csv(r.stdout);
    expect(head!.at(-1)).toBe('reason');
    expect(rows.length).toBeGreaterThan(2);
    for (const f of rows) expect(f.at(-1)).not.toBe('');
    const [first] = rows;
    const one = await runBin(['logs', app(), first![head!.indexOf('id')]!, '--reason'], { env: env() });
    expect(one).toEqual({ code: 0, stdout: `${first!.at(-1)}\n`, stderr: '' });
  });

  it('the token that cannot read logs: no reason column, and --reason says why (exit 11)', async () => {
    const r = await runBin(['deployments', app(), '--take', '60', '--status', 'failed', '-o', 'csv'], {
      env: { ...env(), DMS_TOKEN: demo.tokenNoLogs },
    });
    const [head, first] = csv(r.stdout);
    expect(head!.at(-1)).toBe('uuid');
    const one = await runBin(['logs', app(), first![head!.indexOf('id')]!, '--reason'], { env: { ...env(), DMS_TOKEN: demo.tokenNoLogs } });
    expect(one.code).toBe(11);
    expect(one.stderr).toMatch(/no reason for deployment \d+: the server sent no logs/);
  });

  it('the built deployments and logs commands say the reason, and load no Ink or React', async () => {
    const page = await createClient({ baseUrl: demo.url, token: demo.token }).listDeployments(app(), { skip: 0, take: 60 });
    const failed = page.deployments.find((d) => d.status === 'failed');
    expect(failed).toBeDefined();
    for (const args of [
      ['deployments', app(), '--take', '60', '--status', 'failed', '-o', 'csv'],
      ['logs', app(), String(failed!.id)],
    ]) {
      const r = await scriptsRun(args, env());
      expect([r.code, r.stdout === ''], args[0]).toEqual([0, false]);
      expect(r.scripts, args[0]).not.toContain('ui-vendor');
    }
  });
});
