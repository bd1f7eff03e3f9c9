// `dms diff APP A [B]`, the built binary headless: against the demo service started here (both
// record shapes), and small hostile servers for the edges (no finished deployment before A,
// secrets that changed, ids that are not ids: nothing sent).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import { DEPLOYMENT_FIELDS } from '../../src/api/schemas/deployment-fields.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { ORDERS_WORKER } from '../../src/demo/seed-apps-shapes.js';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { countPhases, sameLine } from '../../src/model/compare.js';
import { settingsChanges } from '../../src/model/settings.js';
import { json, serversClosedAfterEach, type Handler } from '../support/hostile.js';
import { runBin, scriptsRun } from '../support/run-bin.js';
import { readings } from '../support/seen.js';
import { reasonText } from '../../src/model/reason.js';
import { setUpDemoService } from '../support/demo.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const demo = setUpDemoService();
let client: DmsClient;
beforeAll(async () => {
  client = createClient({ baseUrl: demo.url, token: demo.token });
});
const server = serversClosedAfterEach(afterEach);

const demoEnv = () => demo.env;
async function history(app: string): Promise<DeploymentView[]> {
  const page = await client.listDeployments(app, { skip: 0, take: 1000 });
  return page.deployments.map(viewOf);
}
const diffJson = (stdout: string) =>
  JSON.parse(stdout) as {
    older: { id: number; status: string; subject: string };
    newer: { id: number; status: string };
    between: { count: number; by_status: Record<string, number> };
    settings: { field: string; before?: unknown; after?: unknown; secret?: boolean; change?: string }[] | null;
    secrets: Record<string, string>;
  };

describe('dms diff against the demo', () => {
  it('a failed deployment with the last good one: its reason, in the table and in JSON (the good one has none)', async () => {
    const views = await history(SHOP_FRONTEND);
    const failed = views.find((v) => v.phase === 'failed')!;
    const reason = reasonText(failed.record);
    expect(reason).not.toBe('');
    const table = await runBin(['diff', SHOP_FRONTEND, String(failed.id)], { env: demoEnv() });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`reason\\s+.*${escape(reason.slice(0, 30))}`));
    const out = await runBin(['diff', SHOP_FRONTEND, String(failed.id), '-o', 'json'], { env: demoEnv() });
    const d = JSON.parse(out.stdout) as { newer: { reason: string | null }; older: { reason: string | null; status: string } };
    expect(d.newer.reason).toBe(reason);
    expect(d.older.status).toBe('finished');
    expect(d.older.reason).toBeNull();
  });

  it('two snapshot deployments: the settings that differ, in the table and in JSON', async () => {
    const views = await history(SHOP_FRONTEND);
    const at = views.findIndex((v, i) => views[i + 1] && settingsChanges(v.record, views[i + 1]!.record).some((c) => !c.secret));
    expect(at, 'the demo has consecutive snapshots whose settings differ').toBeGreaterThanOrEqual(0);
    const newer = views[at]!;
    const older = views[at + 1]!;
    const changes = settingsChanges(newer.record, older.record);

    const table = await runBin(['diff', SHOP_FRONTEND, String(older.id), String(newer.id)], { env: demoEnv() });
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    const first = changes.find((c) => !c.secret)!;
    expect(table.stdout).toMatch(new RegExp(`${first.field}\\s+${String(first.before)} → ${String(first.after)}`));
    expect(table.stdout).toContain('none between them');

    const out = await runBin(['diff', SHOP_FRONTEND, newer.uuid, String(older.id), '-o', 'json'], { env: demoEnv() });
    expect(out.code).toBe(0);
    const d = diffJson(out.stdout);
    expect([d.newer.id, d.older.id]).toEqual([newer.id, older.id]);
    expect(d.settings!.map((s) => s.field)).toEqual(changes.map((c) => c.field));
    expect(d.between.count).toBe(0);
  });

  it('without B: the last finished deployment of its branch before a failed one, and how those between ended', async () => {
    const views = await history(SHOP_FRONTEND);
    const failed = views.findIndex(
      (v, i) =>
        v.phase === 'failed' &&
        views[i + 1]?.phase !== 'finished' &&
        views.slice(i + 1).some((w) => w.phase === 'finished' && sameLine(v, w)),
    );
    expect(failed).toBeGreaterThanOrEqual(0);
    const good = views.findIndex((v, i) => i > failed && v.phase === 'finished' && sameLine(views[failed]!, v));
    const between = views.slice(failed + 1, good);

    const out = await runBin(['diff', SHOP_FRONTEND, String(views[failed]!.id), '--json'], { env: demoEnv() });
    expect(out.code).toBe(0);
    const d = diffJson(out.stdout);
    expect(d.newer).toMatchObject({ id: views[failed]!.id, status: 'failed' });
    expect(d.older).toMatchObject({ id: views[good]!.id, status: 'finished' });
    expect(d.between.count).toBe(between.length);
    expect(d.between.by_status).toEqual(countPhases(between));
  });

  it('queue rows: compared without settings, said so', async () => {
    const views = await history(ORDERS_WORKER);
    const [a, b] = [views[1]!, views[4]!];
    const out = await runBin(['diff', ORDERS_WORKER, a.uuid, b.uuid], { env: demoEnv() });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('settings not compared: these records carry no settings');
    expect(out.stdout).toContain('2 deployments between them');
    const j = diffJson((await runBin(['diff', ORDERS_WORKER, a.uuid, b.uuid, '-o', 'json'], { env: demoEnv() })).stdout);
    expect(j.settings).toBeNull();
  });

  it('A not among the deployments: exit 4, one line that says where to look', async () => {
    const out = await runBin(['diff', SHOP_FRONTEND, '999999'], { env: demoEnv() });
    expect(out.code).toBe(4);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(
      `dms: no deployment 999999 among the deployments of application ${SHOP_FRONTEND}. dms deployments ${SHOP_FRONTEND} lists them.\n`,
    );
    const b = await runBin(['diff', SHOP_FRONTEND, String((await history(SHOP_FRONTEND))[0]!.id), 'nosuchuuid'], { env: demoEnv() });
    expect(b.code).toBe(4);
    expect(b.stderr).toMatch(/^dms: no deployment nosuchuuid among/);
  });
});

/** A snapshot record as the interface describes it. */
const snapshot = (fields: Record<string, unknown>) => ({
  ...Object.fromEntries(DEPLOYMENT_FIELDS.map((f) => [f, null])),
  limits_memory: '512m',
  ...fields,
});
/** The list endpoint over `rows`, paged as asked. */
const listOf =
  (rows: readonly Record<string, unknown>[]): Handler =>
  (req, res, raw) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    return json(200, rows.slice(skip, skip + take))(req, res, raw);
  };
const APP = 'app-1';

describe('dms diff at the edges', () => {
  it('no finished deployment before A: exit 4, says to name the other one', async () => {
    const s = await server(
      listOf([
        snapshot({ id: 3, status: 'failed' }),
        snapshot({ id: 2, status: 'cancelled-by-user' }),
        snapshot({ id: 1, status: 'failed' }),
      ]),
    );
    const out = await runBin(['diff', APP, '3'], { env: { DMS_URL: s.url, DMS_TOKEN: '1|t' } });
    expect(out.code).toBe(4);
    expect(out.stderr).toBe(
      `dms: no finished deployment before deployment 3 to compare it with. Name the other one: dms diff ${APP} 3 B.\n`,
    );
  });

  it('secrets that differ are said "changed", never shown, with --show-secrets too', async () => {
    const s = await server(
      listOf([
        snapshot({
          id: 2,
          status: 'failed',
          http_basic_auth_password: 'NewPassw0rd!',
          manual_webhook_secret_provider_a: 'hook-secret-1',
          limits_memory: '1g',
        }),
        snapshot({
          id: 1,
          status: 'finished',
          http_basic_auth_password: 'OldPassw0rd!',
          manual_webhook_secret_provider_a: 'hook-secret-1',
        }),
      ]),
    );
    const env = { DMS_URL: s.url, DMS_TOKEN: '1|t' };
    const table = await runBin(['diff', APP, '2', '--show-secrets'], { env });
    const j = await runBin(['diff', APP, '2', '1', '-o', 'json', '--show-secrets'], { env });
    expect([table.code, j.code]).toEqual([0, 0]);
    for (const text of [table.stdout, table.stderr, j.stdout, j.stderr]) {
      for (const secret of ['NewPassw0rd', 'OldPassw0rd', 'hook-secret-1']) expect(text).not.toContain(secret);
    }
    expect(table.stdout).toMatch(/http_basic_auth_password\s+changed \(secret\)/);
    expect(table.stdout).toMatch(/limits_memory\s+512m → 1g/);
    expect(table.stdout).toContain('secrets unchanged: manual_webhook_secret_provider_a');
    expect(table.stderr).toBe('dms: dms diff never shows secret values, only whether they changed (--show-secrets does not apply here).\n');
    const d = diffJson(j.stdout);
    expect(d.settings).toContainEqual({ field: 'http_basic_auth_password', secret: true, change: 'changed' });
    expect(d.secrets).toMatchObject({ http_basic_auth_password: 'changed', manual_webhook_secret_provider_a: 'same' });
  });

  it('a secret split by a control character in a subject or a setting is hidden (issue 31)', async () => {
    const s = await server(
      listOf([
        snapshot({
          id: 2,
          status: 'failed',
          http_basic_auth_password: 'NewPassw0rd!',
          commit_message: 'pw NewPa\u0000ssw0rd! hook-sec\u001b[0mret-1',
          limits_memory: 'hook\u007f-secret-1',
        }),
        snapshot({
          id: 1,
          status: 'finished',
          http_basic_auth_password: 'OldPassw0rd!',
          manual_webhook_secret_provider_a: 'hook-secret-1',
          description: 'Old\u0085Passw0rd!',
        }),
      ]),
    );
    const env = { DMS_URL: s.url, DMS_TOKEN: '1|t' };
    const table = await runBin(['diff', APP, '2', '1'], { env });
    const j = await runBin(['diff', APP, '2', '1', '-o', 'json'], { env });
    expect([table.code, j.code]).toEqual([0, 0]);
    for (const text of [table.stdout, table.stderr, j.stdout, j.stderr]) {
      for (const reading of readings(text))
        for (const secret of ['NewPassw0rd', 'OldPassw0rd', 'hook-secret-1']) expect(reading).not.toContain(secret);
    }
    expect(table.stdout).toMatch(/limits_memory\s+512m → ••••/);
  });

  it('without B, a failed deployment is compared with the last good one of its branch, not a preview on another (issue 31)', async () => {
    const row = (id: number, status: string, branch: string, pr = 0) => ({
      id,
      deployment_uuid: `dep${id}`,
      status,
      commit: `abc${id}def0`,
      commit_message: `Change ${id}`,
      git_branch: branch,
      pull_request_id: pr,
      created_at: `2026-11-2${id}T10:00:00.000000Z`,
      finished_at: `2026-11-2${id}T10:03:00.000000Z`,
    });
    const s = await server(listOf([row(5, 'failed', 'main'), row(4, 'finished', 'feature', 7), row(3, 'finished', 'main')]));
    const env = { DMS_URL: s.url, DMS_TOKEN: '1|t' };
    const j = await runBin(['diff', APP, '5', '-o', 'json'], { env });
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ older: { id: 3 }, newer: { id: 5 }, older_chosen: 'same_branch', between: { count: 1 } });
    expect(j.stderr).toBe('');
    // None of its branch: the last good one that is not a preview, said.
    const t = await server(listOf([row(5, 'failed', 'main'), row(4, 'finished', 'feature', 7), row(3, 'finished', 'develop')]));
    const other = await runBin(['diff', APP, '5', '-o', 'json'], { env: { DMS_URL: t.url, DMS_TOKEN: '1|t' } });
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout)).toMatchObject({ older: { id: 3 }, older_chosen: 'not_preview' });
    expect(other.stderr).toMatch(
      /^dms: No good deployment on main before deployment 5 .*: deployment 3 on develop is the last good one that is not a pull request's preview\.\n$/,
    );
  });

  it('ids that are not ids, a missing A, the same deployment twice, an unknown format: exit 2, nothing sent', async () => {
    const s = await server(listOf([snapshot({ id: 1, status: 'finished' })]));
    const env = { DMS_URL: s.url, DMS_TOKEN: '1|t' };
    const cases: [string[], RegExp][] = [
      [
        ['diff', APP, '1|secret-token-value'],
        /^dms: A must be a deployment id \(a number\) or uuid \(letters, digits and -\)\. Run dms diff --help\.\n$/,
      ],
      [['diff', APP, '1', '../2'], /^dms: B must be a deployment id/],
      [['diff', APP], /^dms: give the application and a deployment: dms diff APP_UUID A \[B\]/],
      [['diff', APP, '7', '7'], /^dms: A and B are the same deployment/],
      [['diff', APP, '7', '8', '9'], /^dms: one argument too many/],
      [['diff', APP, '7', '-o', 'csv'], /^dms: -o must be table or json/],
    ];
    for (const [args, message] of cases) {
      const out = await runBin(args, { env });
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(message);
      expect(out.stderr.split('\n')).toHaveLength(2);
      expect(out.stderr).not.toContain('secret-token-value');
    }
    expect(s.total()).toBe(0);
  });

  it('one deployment named by its id and by its uuid: said, exit 2', async () => {
    const s = await server(
      listOf([snapshot({ id: 2, uuid: 'u-2', status: 'finished' }), snapshot({ id: 1, uuid: 'u-1', status: 'finished' })]),
    );
    const out = await runBin(['diff', APP, '2', 'u-2'], { env: { DMS_URL: s.url, DMS_TOKEN: '1|t' } });
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('dms: 2 and u-2 are the same deployment (deployment 2): name two.\n');
  });

  it('reads only as far as it needs: both found on the first page, one request', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => snapshot({ id: 40 - i, status: 'finished' }));
    const s = await server(listOf(rows));
    const out = await runBin(['diff', APP, '39', '37'], { env: { DMS_URL: s.url, DMS_TOKEN: '1|t' } });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('1 deployment between them: 1 finished');
    expect(s.total()).toBeLessThanOrEqual(2); // the scan keeps two requests in flight
  });

  it('--help describes it; the built diff command loads no Ink or React', async () => {
    const r = await runBin(['diff', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: dms diff APP_UUID A \[B\] \[-o table\|json\]/);
    expect((await runBin(['--help'])).stdout).toContain('dms diff APP_UUID A [B]');
    const failed = (await history(SHOP_FRONTEND)).find((v) => v.phase === 'failed')!;
    const run = await scriptsRun(['diff', SHOP_FRONTEND, String(failed.id)], demoEnv());
    expect(run.code).toBe(0);
    expect(run.scripts).not.toContain('ui-vendor');
  });
});
