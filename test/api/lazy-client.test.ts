import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createLazyClient } from '../../src/api/lazy-client.js';
import {
  CancelledError,
  ConflictError,
  ForbiddenError,
  InvalidResponseError,
  LocalValidationError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  ValidationError,
} from '../../src/api/errors.js';
import { errorFromData, errorToData } from '../../src/api/error-data.js';
import { invalidFieldsOf } from '../../src/api/schemas/index.js';
import { closedPortUrl, hang, json, respondWith, type HostileServer } from '../support/hostile.js';
const TOKEN = '7|lazyclienttokensecret';
const APP = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const BODY = {
  count: 42,
  deployments: [
    { id: 2, status: 'finished', extra: 'kept' },
    { id: 'one', status: [5], git_branch: 'main' },
  ],
};

describe('errors cross a thread as data', () => {
  it.each([
    new UnauthorizedError(),
    new ForbiddenError('Missing required permissions: read'),
    new NotFoundError('Application not found'),
    new ValidationError('The server rejected the request (422): Validation failed.', { name: ['is too long.'] }),
    new ConflictError('Conflict (409): domain taken', 'use force_domain_override'),
    new RateLimitedError(7),
    new ServerError(503, 'down'),
    new NetworkError('timeout', 'The server did not answer in time.'),
    new InvalidResponseError(200, 'not JSON', '<html>'),
    new CancelledError(),
    new LocalValidationError([{ field: 'take', message: 'must be a whole number of at least 1.' }]),
  ])('%s keeps its class, message, hint and details', (original) => {
    const back = errorFromData(structuredClone(errorToData(original)));
    expect(back.constructor).toBe(original.constructor);
    expect(back.message).toBe(original.message);
    for (const k of ['kind', 'hint', 'status', 'reason', 'retryAfterSeconds', 'fields', 'warning', 'bodyStart', 'problems']) {
      expect((back as unknown as Record<string, unknown>)[k]).toEqual((original as unknown as Record<string, unknown>)[k]);
    }
  });
});

describe('lazy client', () => {
  it('reads exactly like the client (total, flagged fields, extras), with the real client loaded on first use', async () => {
    server = await respondWith(json(200, BODY));
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN });
    const page = await lazy.listDeployments(APP, { skip: 0, take: 10 });
    const direct = await createClient({ baseUrl: server.url, token: TOKEN }).listDeployments(APP, { skip: 0, take: 10 });
    expect(page.total).toBe(42);
    expect(page.deployments).toEqual(direct.deployments);
    expect(page.deployments.map(invalidFieldsOf)).toEqual(direct.deployments.map(invalidFieldsOf));
    expect(invalidFieldsOf(page.deployments[1]!)).toEqual({ id: 'one', status: [5] });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(String(server.requests[0]!.query)).toBe('skip=0&take=10');
  });

  it('ready() loads the one real client: every later call goes through it', async () => {
    server = await respondWith(json(200, BODY));
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN });
    const [a, b] = await Promise.all([lazy.ready(), lazy.ready()]);
    expect(a).toBe(b);
    expect(server.requests).toHaveLength(0); // loading sends nothing
    await lazy.listDeployments(APP, { skip: 10, take: 10 });
    expect(await lazy.ready()).toBe(a);
    expect(server.requests).toHaveLength(1);
  });

  it('a failure arrives as the typed error, without the token', async () => {
    server = await respondWith(json(401, { message: 'Unauthenticated.' }));
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN });
    const error = await lazy.listDeployments(APP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(String(error)).not.toContain('lazyclienttokensecret');

    const refused = createLazyClient({ baseUrl: await closedPortUrl(), token: TOKEN, retries: 0 });
    const net = await refused.listDeployments(APP).catch((e: unknown) => e);
    expect(net).toBeInstanceOf(NetworkError);
    expect((net as NetworkError).reason).toBe('refused');

    const bad = createLazyClient({ baseUrl: 'http://127.0.0.1:1/api/v1', token: TOKEN });
    expect(await bad.listDeployments('not a uuid!').catch((e: unknown) => e)).toBeInstanceOf(LocalValidationError);
  });

  it('aborting a request gives a CancelledError', async () => {
    server = await respondWith(hang());
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN, timeoutMs: 20_000 });
    const controller = new AbortController();
    const pending = lazy.listDeployments(APP, {}, { signal: controller.signal });
    // Aborted once the request is at the server (a fact, not a time).
    const at = () =>
      new Promise<void>((resolve) => {
        const t = setInterval(() => {
          if (server!.requests.length > 0) {
            clearInterval(t);
            resolve();
          }
        }, 5);
      });
    await at();
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });

  it('creation goes through the real client too', async () => {
    server = await respondWith(json(201, { uuid: 'new-app-uuid' }));
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN });
    const res = await lazy.createPublicApplication({
      project_uuid: 'p1',
      server_uuid: 's1',
      environment_name: 'production',
      git_repository: 'https://github.com/a/b',
      git_branch: 'main',
      build_pack: 'nixpacks',
    });
    expect(res.uuid).toBe('new-app-uuid');
    expect(lazy.redact(`x ${TOKEN} y`)).toBe('x [token] y');
  });
});
