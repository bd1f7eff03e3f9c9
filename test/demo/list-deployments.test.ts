// GET /deployments/applications/{uuid} on the demo service, over real HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_FIELDS, DEPLOYMENT_STATUSES, DeploymentSchema } from '../../src/api/schemas/deployment.js';
import { appByName, list } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

const NOW = Date.parse('2026-08-22T15:22:50Z');
const demo = setUpDemoService({ now: () => NOW, rateLimitPerMinute: 0 });
const bare = setUpDemoService({ now: () => NOW, listShape: 'array', rateLimitPerMinute: 0 });
let shop: string;

beforeAll(async () => {
  shop = appByName(demo, 'shop-frontend');
});

const ids = (body: { deployments: { id: number }[] }) => body.deployments.map((d) => d.id);

describe('paging', () => {
  it('without skip and take answers the 10 newest, with count = all deployments', async () => {
    const res = await list(demo, shop);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.json.count).toBeGreaterThanOrEqual(120);
    expect(res.json.deployments).toHaveLength(10);
  });

  it('lists newest first: created_at descending, then id descending', async () => {
    const { json } = await list(demo, shop, 'take=1000');
    const rows = json.deployments as { id: number; created_at: string }[];
    expect(rows).toHaveLength(json.count);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id)).toBe(true);
    }
  });

  it('skip=10&take=10 answers the second page of ten', async () => {
    const all = ids((await list(demo, shop, 'take=30')).json);
    const second = ids((await list(demo, shop, 'skip=10&take=10')).json);
    expect(second).toEqual(all.slice(10, 20));
  });

  it('has no maximum take: a huge take answers every deployment', async () => {
    const { json } = await list(demo, shop, 'take=100000');
    expect(json.deployments).toHaveLength(json.count);
  });

  it('skip past the end answers an empty list and still the full count', async () => {
    const { status, json } = await list(demo, shop, 'skip=5000&take=10');
    expect(status).toBe(200);
    expect(json.deployments).toEqual([]);
    expect(json.count).toBeGreaterThanOrEqual(120);
  });

  it('the last page holds only what is left', async () => {
    const { json } = await list(demo, shop, 'skip=0&take=1');
    const { json: last } = await list(demo, shop, `skip=${json.count - 3}&take=10`);
    expect(last.deployments).toHaveLength(3);
  });
});

describe('invalid skip and take', () => {
  it('take=0 answers 422 "The take field must be at least 1."', async () => {
    const res = await list(demo, shop, 'take=0');
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      message: 'The take field must be at least 1.',
      errors: { take: ['The take field must be at least 1.'] },
    });
  });

  it('skip=-1 answers 422 "The skip field must be at least 0."', async () => {
    const res = await list(demo, shop, 'skip=-1');
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      message: 'The skip field must be at least 0.',
      errors: { skip: ['The skip field must be at least 0.'] },
    });
  });

  it('take=abc answers 422 "The take field must be an integer."', async () => {
    const res = await list(demo, shop, 'take=abc');
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ take: ['The take field must be an integer.'] });
  });

  it('decimals and empty values are not integers', async () => {
    expect((await list(demo, shop, 'skip=1.5')).json.errors).toEqual({ skip: ['The skip field must be an integer.'] });
    expect((await list(demo, shop, 'take=')).json.errors).toEqual({ take: ['The take field must be an integer.'] });
  });

  it('two bad parameters: both in errors, the message counts the second', async () => {
    const res = await list(demo, shop, 'skip=x&take=0');
    expect(res.json).toEqual({
      message: 'The skip field must be an integer. (and 1 more error)',
      errors: { skip: ['The skip field must be an integer.'], take: ['The take field must be at least 1.'] },
    });
  });

  it('without Accept: application/json a validation failure is a 302 redirect, not JSON', async () => {
    const res = await list(demo, shop, 'take=0', { acceptJson: false });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(res.json).toBeUndefined();
  });
});

describe('unknown application', () => {
  it('answers 404 {"message":"Application not found"}', async () => {
    const res = await list(demo, '00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Application not found' });
  });

  it('checks skip and take before looking the application up', async () => {
    expect((await list(demo, 'nope', 'take=0')).status).toBe(422);
  });
});

describe('list shapes', () => {
  it("listShape 'object' (default) answers {count, deployments}", async () => {
    const { json } = await list(demo, shop, 'take=2');
    expect(Object.keys(json)).toEqual(['count', 'deployments']);
  });

  it("listShape 'array' answers the contract's bare array", async () => {
    const res = await list(bare, appByName(bare, 'shop-frontend'), 'skip=2&take=3');
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json).toHaveLength(3);
    // The same records as the object shape; only the service's port in deployment_url differs.
    const { json } = await list(demo, shop, 'skip=2&take=3');
    const portless = (rows: Record<string, unknown>[]) => rows.map(({ deployment_url: _, ...r }) => r);
    expect(portless(res.json)).toEqual(portless(json.deployments));
  });
});

describe('seeded records', () => {
  let rows: Record<string, unknown>[];
  beforeAll(async () => {
    rows = (await list(demo, shop, 'take=1000')).json.deployments;
  });

  it('shop-frontend has at least 120 deployments over about six weeks', () => {
    expect(rows.length).toBeGreaterThanOrEqual(120);
    const oldest = Date.parse(String(rows.at(-1)!.created_at));
    expect((NOW - oldest) / 86_400_000).toBeGreaterThan(35);
    expect((NOW - oldest) / 86_400_000).toBeLessThan(50);
  });

  it('uses all five statuses, mostly finished, the newest queued and in progress', () => {
    const statuses = rows.map((r) => r.status);
    for (const s of DEPLOYMENT_STATUSES) expect(statuses).toContain(s);
    expect(statuses.filter((s) => s === 'finished').length / rows.length).toBeGreaterThan(0.6);
    expect(statuses.slice(0, 2).sort()).toEqual(['in_progress', 'queued']);
    expect(statuses.slice(2)).not.toContain('queued');
    expect(statuses.slice(2)).not.toContain('in_progress');
  });

  it('every record carries every field of interface.md §2.1 with the contract type', () => {
    for (const r of rows) {
      for (const f of DEPLOYMENT_FIELDS) expect(Object.hasOwn(r, f), f).toBe(true);
      expect(DeploymentSchema.safeParse(r).success).toBe(true);
    }
  });

  it('has realistic commits, branches and timestamps', () => {
    for (const r of rows) {
      // A sha, or HEAD for a deployment started by hand without one.
      expect(r.git_commit_sha).toMatch(/^([0-9a-f]{40}|HEAD)$/);
      expect(r.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/);
      expect(r.updated_at! >= r.created_at!).toBe(true);
      expect(r.deleted_at).toBeNull();
    }
    const branches = new Set(rows.map((r) => r.git_branch));
    expect(branches).toContain('main');
    expect(branches).toContain('develop');
    expect([...branches].some((b) => String(b).startsWith('feature/'))).toBe(true);
  });

  it('sets webhook secrets and basic-auth credentials, so masking has something to hide', () => {
    const r = rows[0]!;
    expect(r.manual_webhook_secret_provider_a).toEqual(expect.any(String));
    expect(r.is_http_basic_auth_enabled).toBe(true);
    expect(r.http_basic_auth_password).toEqual(expect.any(String));
  });

  it('newer records carry fields a newer server adds; older ones do not', () => {
    const newer = rows.filter((r) => 'deployment_url' in r);
    expect(newer.length).toBeGreaterThan(0);
    expect(newer.length).toBeLessThan(rows.length);
    expect(newer[0]).toMatchObject({ commit_message: expect.any(String), server_name: 'edge-fra-1' });
    expect(String(newer[0]!.deployment_url)).toContain(String(newer[0]!.uuid));
  });

  it('the compose application fills the compose fields', async () => {
    const { json } = await list(demo, appByName(demo, 'admin-stack'), 'take=1');
    const r = json.deployments[0];
    expect(r.build_pack).toBe('containercompose');
    expect(r.container_compose_raw).toContain('services:');
    expect(JSON.parse(r.container_compose_domains)).toHaveProperty('web');
  });

  it('shop-api has about a dozen deployments and landing-page none', async () => {
    expect((await list(demo, appByName(demo, 'shop-api'))).json.count).toBe(12);
    const empty = await list(demo, appByName(demo, 'landing-page'));
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ count: 0, deployments: [] });
  });

  it('deployment ids and uuids are unique across the seed', async () => {
    const all: Record<string, unknown>[] = [];
    for (const app of demo.seed.applications) all.push(...(await list(demo, app.uuid, 'take=1000')).json.deployments);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    // A deployment's own uuid: deployment_uuid where the record has it (in a mixed record `uuid` is the application's).
    expect(new Set(all.map((r) => r.deployment_uuid ?? r.uuid)).size).toBe(all.length);
  });
});

describe('what a server sends on the wire', () => {
  it('escapes slashes like PHP does', async () => {
    const { text } = await list(demo, shop, 'take=1');
    expect(text).toContain('https:\\/\\/shop.example.com');
  });

  it('records the path and query of each request', async () => {
    await list(demo, shop, 'skip=10&take=10');
    expect(demo.requests.at(-1)).toEqual({ method: 'GET', path: `/api/v1/deployments/applications/${shop}`, query: 'skip=10&take=10' });
  });
});
