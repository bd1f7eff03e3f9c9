// The real client against the demo service: both sides read the same contract the same way.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import { NotFoundError, UnauthorizedError, ConflictError } from '../../src/api/errors.js';
import { appByName, place } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService({ deployStepMs: 5 });
let client: DmsClient;

beforeAll(async () => {
  client = createClient({ baseUrl: demo.url, token: demo.token, retries: 0 });
});

describe('client against the demo service', () => {
  it('reads a page of deployments and the total', async () => {
    const page = await client.listDeployments(appByName(demo, 'shop-frontend'), { skip: 10, take: 5 });
    expect(page.deployments).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(120);
    expect(demo.requests.at(-1)?.query).toBe('skip=10&take=5');
  });

  it('creates an application and a docstore', async () => {
    const app = await client.createPublicApplication({
      ...place(demo),
      git_repository: 'https://code.example.com/acme/x',
      git_branch: 'main',
      build_pack: 'static',
    });
    expect(app.uuid).toEqual(expect.any(String));
    const db = await client.createDocstore({ ...place(demo) });
    expect(db.internal_db_url).toMatch(/^docstore:\/\/root:/);
  });

  it('sees the demo errors as typed errors', async () => {
    await expect(client.listDeployments('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      client.createPublicApplication({
        ...place(demo),
        git_repository: 'https://code.example.com/acme/x',
        git_branch: 'main',
        build_pack: 'static',
        domains: 'https://shop.example.com',
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    const stranger = createClient({ baseUrl: demo.url, token: '1|nope', retries: 0 });
    await expect(stranger.listDeployments(appByName(demo, 'shop-frontend'))).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
