import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from '../../src/api/client.js';
import { createLazyClient } from '../../src/api/lazy-client.js';
import {
  CancelledError, ConflictError, ForbiddenError, InvalidResponseError, LocalValidationError, NetworkError, NotFoundError,
  RateLimitedError, ServerError, UnauthorizedError, ValidationError, errorFromData, errorToData,
} from '../../src/api/errors.js';
import { invalidFieldsOf } from '../../src/api/schemas/index.js';
import { closedPortUrl, hang, json, respondWith, type HostileServer } from '../support/hostile.js';
import { BIN } from '../support/bin.js';

// The worker runs the built file next to the binary (dist/list-worker.js, built by `npm test`).
const WORKER = pathToFileURL(fileURLToPath(new URL('./list-worker.js', pathToFileURL(BIN))));
const TOKEN = '7|lazyclienttokensecret';
const APP = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';

let server: HostileServer | undefined;
afterEach(async () => { await server?.close(); server = undefined; });

beforeAll(() => {
  if (!existsSync(fileURLToPath(WORKER))) throw new Error(`build first: ${fileURLToPath(WORKER)} is missing`);
});

const BODY = { count: 42, deployments: [{ id: 2, status: 'finished', extra: 'kept' }, { id: 'one', status: [5], git_branch: 'main' }] };

describe('errors cross a thread as data', () => {
  it.each([
    new UnauthorizedError(), new ForbiddenError('Missing required permissions: read'), new NotFoundError('Application not found'),
    new ValidationError('The server rejected the request (422): Validation failed.', { name: ['is too long.'] }),
    new ConflictError('Conflict (409): domain taken', 'use force_domain_override'), new RateLimitedError(7),
    new ServerError(503, 'down'), new NetworkError('timeout', 'The server did not answer in time.'),
    new InvalidResponseError(200, 'not JSON', '<html>'), new CancelledError(),
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
  it('the first list request runs in the worker and reads exactly like the client (total, flagged fields, extras)', async () => {
    server = await respondWith(json(200, BODY));
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN, listWorker: WORKER });
    const viaWorker = await lazy.listDeployments(APP, { skip: 0, take: 10 });
    const direct = await createClient({ baseUrl: server.url, token: TOKEN }).listDeployments(APP, { skip: 0, take: 10 });
    expect(viaWorker.total).toBe(42);
    expect(viaWorker.deployments).toEqual(direct.deployments);
    expect(viaWorker.deployments.map(invalidFieldsOf)).toEqual(direct.deployments.map(invalidFieldsOf));
    expect(invalidFieldsOf(viaWorker.deployments[1]!)).toEqual({ id: 'one', status: [5] });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(String(server.requests[0]!.query)).toBe('skip=0&take=10');
    // Later calls use the real client in this thread.
    await lazy.listDeployments(APP, { skip: 10, take: 10 });
    expect(server.requests).toHaveLength(3);
  });

  it('a failure in the worker arrives as the same typed error', async () => {
    server = await respondWith(json(401, { message: 'Unauthenticated.' }));
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN, listWorker: WORKER });
    const error = await lazy.listDeployments(APP).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(String(error)).not.toContain('lazyclienttokensecret');

    const refused = createLazyClient({ baseUrl: await closedPortUrl(), token: TOKEN, listWorker: WORKER, retries: 0 });
    const net = await refused.listDeployments(APP).catch((e: unknown) => e);
    expect(net).toBeInstanceOf(NetworkError);
    expect((net as NetworkError).reason).toBe('refused');

    const bad = createLazyClient({ baseUrl: 'http://127.0.0.1:1/api/v1', token: TOKEN, listWorker: WORKER });
    expect(await bad.listDeployments('not a uuid!').catch((e: unknown) => e)).toBeInstanceOf(LocalValidationError);
  });

  it('aborting the first request stops the worker with a CancelledError', async () => {
    server = await respondWith(hang());
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN, listWorker: WORKER, timeoutMs: 20_000 });
    const controller = new AbortController();
    const pending = lazy.listDeployments(APP, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a worker file that cannot run falls back to a request in this thread', async () => {
    server = await respondWith(json(200, BODY));
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN, listWorker: pathToFileURL('/nonexistent/list-worker.js') });
    const page = await lazy.listDeployments(APP);
    expect(page.total).toBe(42);
  });

  it('without a worker it loads the real client on first use; creation goes through it too', async () => {
    server = await respondWith(json(201, { uuid: 'new-app-uuid' }));
    const lazy = createLazyClient({ baseUrl: server.url, token: TOKEN });
    const res = await lazy.createPublicApplication({
      project_uuid: 'p1', server_uuid: 's1', environment_name: 'production', git_repository: 'https://github.com/a/b',
      git_branch: 'main', build_pack: 'nixpacks',
    });
    expect(res.uuid).toBe('new-app-uuid');
    expect(lazy.redact(`x ${TOKEN} y`)).toBe('x [token] y');
  });
});
