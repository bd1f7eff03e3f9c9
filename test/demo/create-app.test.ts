// POST /applications/public on the demo service, over real HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_STATUSES } from '../../src/api/schemas/deployment.js';
import { createApp, eventually, list, place } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService({ deployStepMs: 5, rateLimitPerMinute: 0, holdUntilSeen: true });

beforeAll(async () => {
  // Each deployment stays queued, then in progress, until a listing here has shown it so: the
  // instant_deploy test sees every status however busy the machine (5 ms steps otherwise).
});

const minimal = () => ({
  ...place(demo),
  git_repository: 'https://code.example.com/acme/new-app',
  git_branch: 'main',
  build_pack: 'nixpacks',
});

describe('bodies that are not a JSON object', () => {
  it.each([
    ['not JSON', 'project_uuid=1'],
    ['empty {}', '{}'],
    ['an array', '[1,2]'],
    ['null', 'null'],
    ['nothing', ''],
  ])('%s answers 400 {"message":"Invalid request.","error":"Invalid JSON."}', async (_, body) => {
    const res = await createApp(demo, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid request.', error: 'Invalid JSON.' });
  });
});

describe('validation', () => {
  it('answers 422 "Validation failed." with every problem, per field', async () => {
    const res = await createApp(demo, {
      project_uuid: 'p1',
      build_pack: 'gradle',
      ports_exposes: '99999',
      health_check_interval: 2.5,
      domains: 'not a url',
      color: 'blue',
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('Validation failed.');
    const errors = res.json.errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual([
      'build_pack',
      'color',
      'domains',
      'environment_name',
      'git_branch',
      'git_repository',
      'health_check_interval',
      'ports_exposes',
      'server_uuid',
    ]);
    for (const messages of Object.values(errors)) {
      expect(messages.length).toBeGreaterThan(0);
      for (const m of messages) expect(m).toEqual(expect.any(String));
    }
    expect(errors.git_branch).toEqual(['is required.']);
  });

  it('an unknown field gets "This field is not allowed."', async () => {
    const res = await createApp(demo, { ...minimal(), colour: 'blue' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ colour: ['This field is not allowed.'] });
  });

  it('a missing environment alone gets the message-only 422 servers send', async () => {
    const { environment_name: _, ...body } = minimal();
    const res = await createApp(demo, body);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ message: 'You need to provide at least one of environment_name or environment_uuid.' });
  });

  it('domains with build_pack containercompose are rejected', async () => {
    const res = await createApp(demo, { ...minimal(), build_pack: 'containercompose', domains: 'https://x.example.com' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(['domains']);
  });

  it('without Accept: application/json a validation failure is a 302 redirect', async () => {
    const res = await createApp(demo, { ...minimal(), build_pack: 'gradle' }, { acceptJson: false });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });
});

describe('unknown places', () => {
  it('an unknown project answers 404 "Project not found."', async () => {
    const res = await createApp(demo, { ...minimal(), project_uuid: 'no-such-project' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Project not found.' });
  });

  it('an unknown server answers 404 "Server not found."', async () => {
    const res = await createApp(demo, { ...minimal(), server_uuid: 'no-such-server' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Server not found.' });
  });

  it('an environment name the project lacks answers 404 "Environment not found."', async () => {
    const res = await createApp(demo, { ...minimal(), environment_name: 'qa' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Environment not found.' });
  });

  it('another project\'s environment uuid answers 404 "Environment not found."', async () => {
    const other = demo.seed.environments.find((e) => e.project_uuid !== place(demo).project_uuid)!;
    const { environment_name: _, ...body } = minimal();
    const res = await createApp(demo, { ...body, environment_uuid: other.uuid });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'Environment not found.' });
  });

  it("the project's own environment uuid is enough", async () => {
    const own = demo.seed.environments.find((e) => e.project_uuid === place(demo).project_uuid && e.name === 'staging')!;
    const { environment_name: _, ...body } = minimal();
    expect((await createApp(demo, { ...body, environment_uuid: own.uuid })).status).toBe(201);
  });
});

describe('domains', () => {
  it('a domain another application uses answers 409 with a warning', async () => {
    const res = await createApp(demo, { ...minimal(), domains: 'https://new.example.com,https://shop.example.com' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      message: 'Domain https://shop.example.com is already in use by another resource.',
      warning: expect.any(String),
    });
  });

  it('the same host over another scheme or path still conflicts', async () => {
    expect((await createApp(demo, { ...minimal(), domains: 'http://SHOP.example.com/app' })).status).toBe(409);
  });

  it('force_domain_override: true creates it anyway', async () => {
    const res = await createApp(demo, { ...minimal(), domains: 'https://shop.example.com', force_domain_override: true });
    expect(res.status).toBe(201);
    expect(res.json.domains).toBe('https://shop.example.com');
  });

  it('a domain taken by an application created earlier conflicts too', async () => {
    expect((await createApp(demo, { ...minimal(), domains: 'https://fresh-1.example.com' })).status).toBe(201);
    expect((await createApp(demo, { ...minimal(), domains: 'https://fresh-1.example.com' })).status).toBe(409);
  });

  it('compose domains are checked as well', async () => {
    const res = await createApp(demo, {
      ...minimal(),
      build_pack: 'containercompose',
      container_compose_domains: [{ name: 'web', domain: 'https://admin.internal.example.net' }],
    });
    expect(res.status).toBe(409);
  });

  it('without domains the server generates an sslip-like URL', async () => {
    const res = await createApp(demo, minimal());
    expect(res.json.domains).toBe(`http://${res.json.uuid}.203.0.113.10.sslip.io`);
  });
});

describe('success', () => {
  it('answers 201 {uuid, domains}; the application is then listable with 0 deployments', async () => {
    const res = await createApp(demo, { ...minimal(), name: 'my-new-app', domains: 'https://my-new-app.example.com' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      domains: 'https://my-new-app.example.com',
    });
    const listed = await list(demo, res.json.uuid);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ count: 0, deployments: [] });
  });

  it('instant_deploy: a queued deployment appears at once, runs, and reaches a final status', async () => {
    const res = await createApp(demo, {
      ...minimal(),
      git_repository: 'https://code.example.com/acme/rocket',
      git_branch: 'develop',
      git_commit_sha: 'abc1234',
      instant_deploy: true,
    });
    expect(res.status).toBe(201);
    const first = (await list(demo, res.json.uuid)).json;
    expect(first.count).toBe(1);
    const d = first.deployments[0];
    expect(d.status).toBe('queued');
    expect(d).toMatchObject({ git_branch: 'develop', git_repository: 'https://code.example.com/acme/rocket', build_pack: 'nixpacks' });
    expect(d.git_commit_sha).toMatch(/^abc1234[0-9a-f]{33}$/);

    const seen = new Set<string>(['queued']);
    const final = await eventually(async () => {
      const status = (await list(demo, res.json.uuid)).json.deployments[0].status as string;
      seen.add(status);
      return ['finished', 'failed'].includes(status) ? status : undefined;
    });
    expect(DEPLOYMENT_STATUSES).toContain(final);
    expect([...seen]).toEqual(['queued', 'in_progress', final]);
  });

  it('the new deployment is the newest of all: its id is higher than every seeded one', async () => {
    const res = await createApp(demo, { ...minimal(), instant_deploy: true });
    const mine = (await list(demo, res.json.uuid)).json.deployments[0].id;
    const seeded = (await list(demo, demo.app(), 'take=1')).json.deployments[0].id;
    expect(mine).toBeGreaterThan(seeded);
  });

  it('the record keeps what the body said', async () => {
    const res = await createApp(demo, {
      ...minimal(),
      build_pack: 'static',
      health_check_enabled: true,
      health_check_path: '/up',
      limits_memory: '256m',
      manual_webhook_secret_provider_a: 'hush',
      instant_deploy: true,
    });
    const d = (await list(demo, res.json.uuid)).json.deployments[0];
    expect(d).toMatchObject({
      build_pack: 'static',
      health_check_enabled: true,
      health_check_path: '/up',
      limits_memory: '256m',
      manual_webhook_secret_provider_a: 'hush',
      ports_exposes: '80',
      name: expect.stringMatching(/^acme\/new-app:main-/),
    });
  });
});
