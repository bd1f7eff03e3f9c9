// `dms diff APP A [B] --logs`, the built binary headless: a failed deployment's log against its
// last green build (the newest finished one of its branch before it that is not a preview) on the
// demo's snapshot records and queue rows; named pairs; rows without logs (said, exit 4); no green
// build before A; secrets and the token masked in both logs.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import { DEPLOYMENT_FIELDS } from '../../src/api/schemas/deployment-fields.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { ORDERS_WORKER } from '../../src/demo/seed-apps-shapes.js';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { pullRequestOf } from '../../src/model/compare.js';
import { branchOf } from '../../src/model/last-green.js';
import { json, serversClosedAfterEach, type Handler } from '../support/hostile.js';
import { runBin, scriptsRun } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let client: DmsClient;
beforeAll(async () => {
  client = createClient({ baseUrl: demo.url, token: demo.token });
});
const server = serversClosedAfterEach(afterEach);

async function history(app: string): Promise<DeploymentView[]> {
  const page = await client.listDeployments(app, { skip: 0, take: 1000 });
  return page.deployments.map(viewOf);
}
/** What the test expects as the last green build of views[at]: read here without dms's walk. */
function lastGreen(views: DeploymentView[], at: number): DeploymentView | undefined {
  const branch = branchOf(views[at]!);
  return views.slice(at + 1).find((v) => v.phase === 'finished' && pullRequestOf(v) === null && branchOf(v) === branch);
}

interface Json {
  older: { id: number; status: string; branch: string };
  newer: { id: number; status: string };
  older_chosen: string;
  opening: string | null;
  steps: { name: string; state: string; failed: boolean; removed: number; added: number; lines: { kind: string; text: string }[] }[];
}

describe('dms diff --logs against the demo', () => {
  for (const [name, app] of [
    ['snapshot records', SHOP_FRONTEND],
    ['queue rows (the branch read from the log)', ORDERS_WORKER],
  ] as const) {
    it(`${name}: a failed deployment against its last green build, said on stderr; text and JSON`, async () => {
      const views = await history(app);
      const at = views.findIndex((v, i) => v.phase === 'failed' && pullRequestOf(v) === null && lastGreen(views, i) !== undefined);
      const failed = views[at]!;
      const green = lastGreen(views, at)!;
      const branch = branchOf(failed);
      expect(branch, 'the log or the record names the branch').not.toBe('');

      const text = await runBin(['diff', app, String(failed.id), '--logs'], { env: demo.env });
      expect(text.code).toBe(0);
      expect(text.stderr).toBe(
        `dms: comparing the log of deployment ${failed.id} with deployment ${green.id}, the last finished deployment on ${branch} before it that is not a pull request's preview.\n`,
      );
      expect(text.stdout).toMatch(
        new RegExp(`^log of deployment ${green.id} \\(-\\) against deployment ${failed.id} \\(\\+\\)\\nfirst difference: step \\w+\\n`),
      );
      expect(text.stdout).toMatch(new RegExp(`^✗ \\w+: .*deployment ${failed.id} failed here$`, 'm'));
      expect(text.stdout).toMatch(/^= start: same$/m);
      expect(text.stdout).toMatch(/^ {2}\+ /m);
      expect(text.stdout).not.toContain('\u001b');

      const out = await runBin(['diff', app, String(failed.id), '--logs', '-o', 'json'], { env: demo.env });
      expect(out.code).toBe(0);
      const d = JSON.parse(out.stdout) as Json;
      expect([d.newer.id, d.older.id, d.older.status, d.older_chosen, d.older.branch]).toEqual([
        failed.id,
        green.id,
        'finished',
        'last_green',
        branch,
      ]);
      const failedStep = d.steps.find((s) => s.failed)!;
      expect(failedStep.added).toBeGreaterThan(0);
      expect(d.steps.findIndex((s) => s.name === d.opening)).toBeLessThanOrEqual(d.steps.indexOf(failedStep));
      for (const s of d.steps) {
        expect(s.lines.length).toBe(s.removed + s.added);
        expect(s.lines.every((l) => l.kind === '+' || l.kind === '-')).toBe(true);
      }
      // The failure's own words are among the lines only the failed log has.
      expect(failedStep.lines.some((l) => l.kind === '+' && l.text.startsWith('Deployment failed'))).toBe(true);
    });
  }

  it('A and B named: the older is the one further down the history, whichever is first; said as named', async () => {
    const views = await history(ORDERS_WORKER);
    const [newer, older] = [views[2]!, views[5]!];
    const out = await runBin(['diff', ORDERS_WORKER, older.uuid, String(newer.id), '--logs', '-o', 'json'], { env: demo.env });
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    const d = JSON.parse(out.stdout) as Json;
    expect([d.newer.id, d.older.id, d.older_chosen]).toEqual([newer.id, older.id, 'named']);
  });

  it('loads no Ink or React', async () => {
    const failed = (await history(SHOP_FRONTEND)).find((v) => v.phase === 'failed')!;
    const run = await scriptsRun(['diff', SHOP_FRONTEND, String(failed.id), '--logs'], demo.env);
    expect(run.code).toBe(0);
    expect(run.scripts).not.toContain('ui-vendor');
  });

  it('rows without logs (a token that may not read them): one line saying so, exit 4', async () => {
    const failed = (await history(SHOP_FRONTEND)).find((v) => v.phase === 'failed')!;
    const out = await runBin(['diff', SHOP_FRONTEND, String(failed.id), '--logs'], { env: { ...demo.env, DMS_TOKEN: demo.tokenNoLogs } });
    expect(out.code).toBe(4);
    expect(out.stdout).toBe('');
    expect(out.stderr.split('\n').at(-2)).toMatch(
      /^dms: deployment \d+ has no log to compare: its record is a snapshot of the application's settings, which carries none\.$/,
    );
  });
});

/** A queue row as deployed servers send it, with a log of `lines`. */
const row = (id: number, status: string, lines: string[], extra: Record<string, unknown> = {}) => ({
  id,
  deployment_uuid: `d${id}`,
  status,
  pull_request_id: 0,
  commit: 'HEAD',
  created_at: `2026-11-2${id}T10:00:00.000000Z`,
  logs: JSON.stringify(
    lines.map((output, i) => ({
      command: null,
      output,
      type: /failed/i.test(output) ? 'stderr' : 'stdout',
      timestamp: `2026-11-2${id}T10:00:0${i}.000000Z`,
      hidden: false,
      batch: 1,
      order: i + 1,
    })),
  ),
  ...extra,
});
const listOf =
  (rows: readonly Record<string, unknown>[]): Handler =>
  (req, res, raw) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    return json(200, rows.slice(skip, skip + take))(req, res, raw);
  };
const APP = 'app-1';
const TOKEN = '1|tok3nSecretValue';

describe('dms diff --logs at the edges', () => {
  const start = (db: string) => [
    'Starting deployment of a to b.',
    `Importing acme/x:main (commit sha abc1234) to /artifacts/z.`,
    `DATABASE_URL=postgres://app:${db}@db/app token ${TOKEN}`,
  ];

  it("secrets stay masked in both logs: URL passwords, the record's secret fields, the token; --show-secrets too", async () => {
    const s = await server(
      listOf([
        row(3, 'failed', [...start('Pw3rd-new'), 'Building docker image started.', 'hook-secret-77', 'Deployment failed: exit 1'], {
          manual_webhook_secret_provider_a: 'hook-secret-77',
        }),
        row(2, 'finished', [
          ...start('Pw3rd-old'),
          'Building docker image started.',
          'Rolling update started.',
          'Rolling update completed.',
        ]),
      ]),
    );
    for (const args of [['-o', 'json'], [], ['--show-secrets']]) {
      const out = await runBin(['diff', APP, '3', '--logs', ...args], { env: { DMS_URL: s.url, DMS_TOKEN: TOKEN } });
      expect(out.code).toBe(0);
      for (const secret of ['Pw3rd-new', 'Pw3rd-old', 'hook-secret-77', 'tok3nSecretValue']) {
        expect(out.stdout + out.stderr).not.toContain(secret);
      }
      expect(out.stdout).toContain('Deployment failed: exit 1');
    }
  });

  it('no green build of its branch before A: exit 4, says to name the other; a preview and another branch do not count', async () => {
    const s = await server(
      listOf([
        row(4, 'failed', [
          'Starting deployment of a to b.',
          'Importing acme/x:main (commit sha abc1234) to /artifacts/z.',
          'Deployment failed: x',
        ]),
        row(3, 'finished', ['Starting deployment of a to b.'], { pull_request_id: 12 }),
        row(2, 'finished', ['Starting deployment of a to b.', 'Importing acme/x:develop (commit sha abc1234) to /artifacts/z.']),
        row(1, 'failed', ['Starting deployment of a to b.']),
      ]),
    );
    const out = await runBin(['diff', APP, '4', '--logs'], { env: { DMS_URL: s.url, DMS_TOKEN: '1|t' } });
    expect(out.code).toBe(4);
    expect(out.stderr).toBe(
      `dms: no finished deployment of its branch before deployment 4 (pull requests' previews left out) to compare its log with. Name the other one: dms diff ${APP} 4 B --logs.\n`,
    );
  });

  it('a snapshot record named as B: said that it carries no log, exit 4', async () => {
    const snapshot = { ...Object.fromEntries(DEPLOYMENT_FIELDS.map((f) => [f, null])), id: 1, status: 'finished', git_branch: 'main' };
    const s = await server(listOf([row(2, 'failed', ['Starting deployment of a to b.']), snapshot]));
    const out = await runBin(['diff', APP, '2', '1', '--logs'], { env: { DMS_URL: s.url, DMS_TOKEN: '1|t' } });
    expect(out.code).toBe(4);
    expect(out.stderr).toBe(
      "dms: deployment 1 has no log to compare: its record is a snapshot of the application's settings, which carries none.\n",
    );
  });
});
