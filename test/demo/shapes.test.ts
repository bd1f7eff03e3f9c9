// The demo answers in each record shape real servers use (service-behaviour.md): settings
// snapshots whose settings change over time, rows of the deployment queue, and mixed records.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_FIELDS } from '../../src/api/schemas/deployment-fields.js';
import { readDeploymentListFast } from '../../src/api/schemas/deployment-page.js';
import { appByName, createApp, eventually, list, place } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

type Row = Record<string, unknown>;
// `logs` is among them: this test reads with the demo's full token, which may read deployment logs
// (service-behaviour.md); a token without that permission gets the same keys less `logs` (logs.test.ts).
const QUEUE_KEYS = [
  'id',
  'application_id',
  'deployment_uuid',
  'pull_request_id',
  'force_rebuild',
  'commit',
  'status',
  'is_webhook',
  'is_api',
  'created_at',
  'updated_at',
  'current_process_id',
  'restart_only',
  'git_type',
  'server_id',
  'application_name',
  'server_name',
  'deployment_url',
  'destination_id',
  'only_this_server',
  'rollback',
  'commit_message',
  'finished_at',
  'logs',
  'build_server_id',
  'horizon_job_id',
  'horizon_job_worker',
  'container_registry_image_tag',
  'configuration_hash',
];
const FINAL = ['finished', 'failed', 'cancelled-by-user'];

const demo = setUpDemoService({ rateLimitPerMinute: 0, deployStepMs: 20 });
const rowsOf = async (name: string): Promise<Row[]> => (await list(demo, appByName(demo, name), 'take=1000')).json.deployments;

describe('queue rows (orders-worker)', () => {
  let rows: Row[];
  beforeAll(async () => {
    rows = await rowsOf('orders-worker');
  });

  it("are rows of the deployment queue: its fields in a database's order, none of the settings", () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const r of rows) {
      expect(Object.keys(r)).toEqual(QUEUE_KEYS);
      expect(r.destination_id).toMatch(/^\d+$/);
      expect(r.application_id).toMatch(/^\d+$/);
      expect(r.deployment_uuid).toMatch(/^[a-z0-9]{24}$/);
      expect(r.deployment_url).toBe(
        `/project/0b6e4f2a-1c3d-4e5f-8a9b-7c6d5e4f3a21/environment/a4f8c2e6-0d3b-4a9f-8e1c-5b7d9f2a4c60/application/${appByName(demo, 'orders-worker')}/deployment/${String(r.deployment_uuid)}`,
      );
      expect(r.commit).toMatch(/^([0-9a-f]{40}|HEAD)$/);
      if (FINAL.includes(String(r.status))) expect(r.finished_at).toMatch(/^\d{4}-.*\.000000Z$/);
      else expect(r.finished_at).toBeNull();
    }
    expect(rows[0]!.status).toBe('in_progress');
  });

  it('read on the client\'s fast path (no field flagged: "1" is a plainly readable integer)', () => {
    expect(readDeploymentListFast(rows)).toBeDefined();
  });

  it('were started every way a deployment starts', () => {
    const sources = new Set(
      rows.map((r) =>
        r.rollback ? 'rollback' : Number(r.pull_request_id) > 0 ? 'pr' : r.is_webhook ? 'webhook' : r.is_api ? 'api' : 'manual',
      ),
    );
    expect([...sources].sort()).toEqual(['api', 'manual', 'pr', 'rollback', 'webhook']);
    expect(rows.some((r) => r.commit === 'HEAD')).toBe(true);
    expect(rows.some((r) => r.force_rebuild === true || r.restart_only === true)).toBe(true);
    expect(rows.some((r) => String(r.commit_message).includes('\n\n'))).toBe(true);
  });
});

describe('mixed records (status-page)', () => {
  it("carry the snapshot and the queue fields; uuid is the application's; the older half has no finished_at", async () => {
    const rows = await rowsOf('status-page');
    const app = appByName(demo, 'status-page');
    for (const r of rows) {
      for (const f of DEPLOYMENT_FIELDS) expect(Object.hasOwn(r, f), f).toBe(true);
      expect(r.uuid).toBe(app);
      expect(r.deployment_uuid).toMatch(/^[a-z0-9]{24}$/);
      expect(typeof r.destination_id).toBe('string');
      expect(r.application_name).toBe('status-page');
      expect(String(r.deployment_url)).toMatch(new RegExp(`^/project/[^:]*/application/${app}/deployment/${String(r.deployment_uuid)}$`));
      if ('finished_at' in r) expect(r.finished_at === null).toBe(!FINAL.includes(String(r.status)));
    }
    const without = rows.filter((r) => !('finished_at' in r));
    expect(without.length).toBeGreaterThan(0);
    expect(without.length).toBeLessThan(rows.length);
    expect(readDeploymentListFast(rows)).toBeDefined();
  });
});

describe('settings over time (shop-frontend)', () => {
  let rows: Row[];
  beforeAll(async () => {
    rows = await rowsOf('shop-frontend');
  });
  const changedAt = (field: string) => rows.findIndex((r, i) => rows[i + 1] !== undefined && r[field] !== rows[i + 1]![field]);

  it('the memory limit, the domains, the build command and the webhook secret changed within the newest 40 deployments', () => {
    expect(rows[0]).toMatchObject({
      limits_memory: '1g',
      fqdn: 'https://shop.example.com,https://www.shop.example.com',
      build_command: 'npm run build',
    });
    for (const field of ['limits_memory', 'fqdn', 'build_command', 'manual_webhook_secret_provider_a']) {
      const at = changedAt(field);
      expect(at, field).toBeGreaterThanOrEqual(0);
      expect(at, field).toBeLessThan(40);
    }
    expect(rows.at(-1)!.limits_memory).toBe('256m');
  });

  it('config_hash is equal between neighbours with equal settings and differs otherwise', () => {
    const settings = (r: Row) =>
      JSON.stringify(
        Object.fromEntries(
          DEPLOYMENT_FIELDS.filter(
            (f) =>
              !['id', 'uuid', 'status', 'git_commit_sha', 'git_branch', 'config_hash', 'created_at', 'updated_at', 'deleted_at'].includes(
                f,
              ),
          ).map((f) => [f, r[f]]),
        ),
      );
    let same = 0;
    let differ = 0;
    for (let i = 0; i + 1 < rows.length; i++) {
      const equal = settings(rows[i]!) === settings(rows[i + 1]!);
      expect(rows[i]!.config_hash === rows[i + 1]!.config_hash).toBe(equal);
      if (equal) same++;
      else differ++;
    }
    expect(same).toBeGreaterThan(100);
    expect(differ).toBe(5);
  });

  it("deployment_url is a path on the service's host", () => {
    const withUrl = rows.filter((r) => 'deployment_url' in r);
    expect(withUrl.length).toBeGreaterThan(0);
    for (const r of withUrl) expect(String(r.deployment_url)).toMatch(new RegExp(`^/project/.*/deployment/${String(r.uuid)}$`));
  });
});

describe('runtime deployments', () => {
  it('a deployment started by instant_deploy says the API started it, and reaches a final status', async () => {
    const { project_uuid, server_uuid } = place(demo);
    const created = await createApp(demo, {
      project_uuid,
      server_uuid,
      environment_name: 'production',
      git_repository: 'https://github.com/acme/shapes',
      git_branch: 'main',
      build_pack: 'nixpacks',
      instant_deploy: true,
      domains: 'https://shapes-test.example.com',
    });
    expect(created.status).toBe(201);
    const uuid = String(created.json.uuid);
    const row = await eventually(async () => {
      const r = (await list(demo, uuid, 'take=1')).json.deployments[0] as Row | undefined;
      return r && FINAL.includes(String(r.status)) ? r : undefined;
    });
    expect(row.is_api).toBe(true);
    expect(row.updated_at).toEqual(expect.any(String));
  });
});
