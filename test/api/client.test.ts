// The client against real HTTP servers on 127.0.0.1 that misbehave on purpose.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
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
  UnreadableCreationError,
  ValidationError,
  createClient,
  mayHaveCreated,
  invalidFieldsOf,
  type ClientOptions,
  type CreateAppRequest,
} from '../../src/api/index.js';
import {
  closedPortUrl,
  echoAuthorization,
  hang,
  headersThenStall,
  htmlPage,
  hugeList,
  invalidJson,
  json,
  redirect,
  reset,
  sequence,
  serversClosedAfterEach,
  trickle,
  rateLimitedThen,
  unavailableThen,
  type Handler,
} from '../support/hostile.js';
import { MIN_APP, MIN_DOCSTORE } from '../support/requests.js';

const SECRET = 'dmsTestSecret0123456789abcdefXYZ';
const TOKEN = `42|${SECRET}`;
const APP_UUID = 'k0s8c4w4g8kg0ss0oc8gw0g4';
const LIST_PATH = `/api/v1/deployments/applications/${APP_UUID}`;

const APP = MIN_APP;
const DOCSTORE = MIN_DOCSTORE;

const serve = serversClosedAfterEach(afterEach);

function clientFor(base: string, options: Partial<ClientOptions> = {}) {
  return createClient({ baseUrl: `${base}/api/v1`, token: TOKEN, timeoutMs: 1_000, retryBaseMs: 5, ...options });
}

/** The rejection of `p`, checked to show no token; fails the test when `p` resolves. */
async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expectNoToken(error as Error);
    return error as Error;
  }
  throw new Error('expected the call to fail, it succeeded');
}

/** Every way an error can be printed, none shows the token or any long piece of its secret. */
function expectNoToken(error: Error): void {
  const views = [
    error.message,
    String(error.stack),
    String(error),
    inspect(error, { depth: 10 }),
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify(error),
    JSON.stringify(Object.fromEntries(Object.getOwnPropertyNames(error).map((k) => [k, (error as unknown as Record<string, unknown>)[k]]))),
  ];
  if (error instanceof ApiError) views.push(error.hint);
  if (error instanceof ValidationError) views.push(JSON.stringify(error.problems));
  for (const view of views) {
    expect(view).not.toContain(TOKEN);
    // No 8-character piece of the secret either (a cut-off token is still a leak).
    for (let i = 0; i + 8 <= SECRET.length; i++) expect(view).not.toContain(SECRET.slice(i, i + 8));
  }
}

async function listFailure(handler: Handler, options: Partial<ClientOptions> = {}) {
  const server = await serve(handler);
  const error = await failure(clientFor(server.url, options).listDeployments(APP_UUID));
  return { error, server };
}

describe('what the client sends', () => {
  it('sends Authorization: Bearer <id>|<secret> whole and Accept: application/json', async () => {
    const server = await serve(json(200, []));
    await clientFor(server.url).listDeployments(APP_UUID);
    const sent = server.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.headers.accept).toBe('application/json');
    expect(sent.method).toBe('GET');
  });

  it('keeps the base URL path prefix without a trailing slash', async () => {
    const server = await serve(json(200, []));
    await createClient({ baseUrl: `${server.url}/api/v1`, token: TOKEN }).listDeployments(APP_UUID);
    expect(server.requests[0]!.path).toBe(LIST_PATH);
  });

  it('keeps the base URL path prefix with a trailing slash', async () => {
    const server = await serve(json(200, []));
    await createClient({ baseUrl: `${server.url}/api/v1/`, token: TOKEN }).listDeployments(APP_UUID);
    expect(server.requests[0]!.path).toBe(LIST_PATH);
  });

  it('sends skip and take as query parameters', async () => {
    const server = await serve(json(200, []));
    await clientFor(server.url).listDeployments(APP_UUID, { skip: 10, take: 5 });
    expect(server.requests[0]!.query.get('skip')).toBe('10');
    expect(server.requests[0]!.query.get('take')).toBe('5');
  });

  it('sends no query when skip and take are not given (server defaults apply)', async () => {
    const server = await serve(json(200, []));
    await clientFor(server.url).listDeployments(APP_UUID);
    expect(server.requests[0]!.url).toBe(LIST_PATH);
  });

  it('puts a dashed UUID in the path unchanged', async () => {
    const server = await serve(json(200, []));
    const uuid = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    await clientFor(server.url).listDeployments(uuid);
    expect(server.requests[0]!.path).toBe(`/api/v1/deployments/applications/${uuid}`);
  });

  it.each(['', '../../applications', 'a b', 'abc?x=1', 'abc/def', 'abc#frag', '%2e%2e', 'é', '-leading-dash'])(
    'rejects the uuid %j locally with LocalValidationError and sends nothing',
    async (uuid) => {
      const server = await serve(json(200, []));
      const error = await failure(clientFor(server.url).listDeployments(uuid));
      expect(error).toBeInstanceOf(LocalValidationError);
      expect((error as LocalValidationError).problems.map((p) => p.field)).toEqual(['uuid']);
      expect(server.total()).toBe(0);
    },
  );

  it.each([
    [{ skip: -1 }, 'skip'],
    [{ skip: 1.5 }, 'skip'],
    [{ take: 0 }, 'take'],
    [{ take: 2.5 }, 'take'],
  ] as const)('rejects the page %j locally and sends nothing', async (page, field) => {
    const server = await serve(json(200, []));
    const error = await failure(clientFor(server.url).listDeployments(APP_UUID, page));
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).problems.map((p) => p.field)).toEqual([field]);
    expect(server.total()).toBe(0);
  });

  it('POSTs the application body as JSON to /applications/public and returns the uuid', async () => {
    const server = await serve(json(201, { uuid: 'new-app-1', domains: 'http://x.example' }));
    const created = await clientFor(server.url).createPublicApplication(APP);
    expect(created.uuid).toBe('new-app-1');
    expect(created.domains).toBe('http://x.example');
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/api/v1/applications/public');
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.headers.accept).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual(APP);
  });

  it('POSTs the docstore body as JSON to /databases/docstore and returns the answer', async () => {
    const answer = { uuid: 'db-1', internal_db_url: 'docstore://root:pw@db-1:27017/?directConnection=true', external_db_url: null };
    const server = await serve(json(201, answer));
    const created = await clientFor(server.url).createDocstore(DOCSTORE);
    expect(created).toEqual(answer);
    expect(server.requests[0]!.path).toBe('/api/v1/databases/docstore');
    expect(JSON.parse(server.requests[0]!.body)).toEqual(DOCSTORE);
  });

  it('createDocstore with an empty 201 body resolves to {}', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(201);
      res.end();
    });
    await expect(clientFor(server.url).createDocstore(DOCSTORE)).resolves.toEqual({});
  });

  it('createDocstore with a 204 (no body) resolves to {}', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(clientFor(server.url).createDocstore(DOCSTORE)).resolves.toEqual({});
  });

  it('createPublicApplication with an invalid body throws LocalValidationError and sends nothing', async () => {
    const server = await serve(json(201, { uuid: 'x' }));
    const bad = { ...APP, git_repository: 'nope', build_pack: 'gradle', extra: 1 } as unknown as CreateAppRequest;
    const error = await failure(clientFor(server.url).createPublicApplication(bad));
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).problems.map((p) => p.field).sort()).toEqual(['build_pack', 'extra', 'git_repository']);
    expect(server.total()).toBe(0);
  });

  it('createDocstore with an invalid body throws LocalValidationError and sends nothing', async () => {
    const server = await serve(json(201, {}));
    const error = await failure(clientFor(server.url).createDocstore({ ...DOCSTORE, public_port: 80 }));
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(server.total()).toBe(0);
  });
});

describe('reading deployment lists', () => {
  it('reads the bare array with total null', async () => {
    const server = await serve(
      json(200, [
        { id: 2, status: 'finished' },
        { id: 1, status: 'failed' },
      ]),
    );
    const page = await clientFor(server.url).listDeployments(APP_UUID);
    expect(page.total).toBeNull();
    expect(page.deployments.map((d) => d.id)).toEqual([2, 1]);
  });

  it('reads {count, deployments} with the count as total', async () => {
    const server = await serve(json(200, { count: 137, deployments: [{ id: 9 }] }));
    const page = await clientFor(server.url).listDeployments(APP_UUID, { skip: 10, take: 10 });
    expect(page.total).toBe(137);
    expect(page.deployments).toHaveLength(1);
  });

  it('keeps a record whose field has the wrong type and flags the field', async () => {
    const server = await serve(json(200, [{ id: 'seven', status: 'finished', brand_new_field: true }]));
    const [d] = (await clientFor(server.url).listDeployments(APP_UUID)).deployments;
    expect(d!.status).toBe('finished');
    expect((d as Record<string, unknown>).brand_new_field).toBe(true);
    expect(invalidFieldsOf(d!)).toEqual({ id: 'seven' });
  });

  it('listRecords gives the elements as sent, unread, with the same request and the total', async () => {
    const body = { count: 3, deployments: [{ id: 'seven', status: [5] }, null, { destination_id: '3' }] };
    const server = await serve(json(200, body));
    const page = await clientFor(server.url).listRecords(APP_UUID, { skip: 10, take: 3 });
    expect(page).toEqual({ records: body.deployments, total: 3 });
    expect(String(server.requests[0]!.query)).toBe('skip=10&take=3');
    const bad = await serve(json(200, { deployments: 'none' }));
    await expect(clientFor(bad.url).listRecords(APP_UUID)).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('parses a 10 MB JSON array', async () => {
    const huge = hugeList(10 * 1024 * 1024);
    expect(huge.size).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    const server = await serve(huge.handler);
    const page = await clientFor(server.url, { timeoutMs: 15_000 }).listDeployments(APP_UUID, { take: huge.count });
    expect(page.deployments).toHaveLength(huge.count);
    expect(page.deployments.at(-1)!.id).toBe(huge.count - 1);
  });

  it('reads a body that arrives one byte at a time within the timeout', async () => {
    const server = await serve(trickle(JSON.stringify([{ id: 1, status: 'queued' }]), { chunkSize: 3, intervalMs: 2 }));
    const page = await clientFor(server.url).listDeployments(APP_UUID);
    expect(page.deployments[0]!.status).toBe('queued');
  });

  it('tells the bytes read as the page arrives, rising to the whole body', async () => {
    const body = JSON.stringify(Array.from({ length: 40 }, (_, id) => ({ id, status: 'finished', logs: 'x'.repeat(200) })));
    const server = await serve(trickle(body, { chunkSize: 1000, intervalMs: 1 }));
    const told: number[] = [];
    await clientFor(server.url).listDeployments(APP_UUID, {}, { onProgress: (bytes) => told.push(bytes) });
    expect(told.length).toBeGreaterThan(3);
    expect(told).toEqual([...told].sort((x, y) => x - y));
    expect(told.at(-1)).toBe(Buffer.byteLength(body));
  });
});

describe('each status becomes its typed error', () => {
  it('401 becomes UnauthorizedError', async () => {
    const { error } = await listFailure(json(401, { message: 'Unauthenticated.' }));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('401 with an HTML page is still UnauthorizedError', async () => {
    const { error } = await listFailure(htmlPage(401));
    expect(error).toBeInstanceOf(UnauthorizedError);
  });

  it('403 missing permission becomes ForbiddenError with the server message', async () => {
    const { error } = await listFailure(json(403, { message: 'Missing required permissions: read' }));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(error.message).toContain('Missing required permissions: read');
  });

  it('403 shaped {"success":true,"message":...} is ForbiddenError, not a success', async () => {
    const { error } = await listFailure(json(403, { success: true, message: 'API is disabled.' }));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toContain('API is disabled');
  });

  it('404 becomes NotFoundError with the server message', async () => {
    const { error, server } = await listFailure(json(404, { message: 'Application not found' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ kind: 'not_found', status: 404 });
    expect(error.message).toContain('Application not found');
    expect(server.total()).toBe(1);
  });

  it('409 becomes ConflictError carrying the warning', async () => {
    const server = await serve(json(409, { message: 'Domain conflicts detected.', warning: 'app.example.com is used by "web".' }));
    const error = await failure(clientFor(server.url).createPublicApplication(APP));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ kind: 'conflict', status: 409, warning: 'app.example.com is used by "web".' });
    expect(error.message).toContain('Domain conflicts detected.');
  });

  it('422 with an array of messages per field fills fields', async () => {
    const { error } = await listFailure(
      json(422, {
        message: 'The take field must be at least 1.',
        errors: { take: ['The take field must be at least 1.', 'Second.'] },
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ take: ['The take field must be at least 1.', 'Second.'] });
    expect(error.message).toContain('The take field must be at least 1.');
  });

  it('422 with a single string per field fills fields', async () => {
    const server = await serve(json(422, { message: 'Validation failed.', errors: { name: 'too long', domains: ['bad'] } }));
    const error = await failure(clientFor(server.url).createPublicApplication(APP));
    expect((error as ValidationError).fields).toEqual({ name: ['too long'], domains: ['bad'] });
    expect((error as ValidationError).problems).toContainEqual({ field: 'name', message: 'too long' });
  });

  it('422 with a plain array of field names (docstore) fills fields', async () => {
    const server = await serve(json(422, { message: 'Validation failed.', errors: ['public_port', 'docstore_conf'] }));
    const error = await failure(clientFor(server.url).createDocstore(DOCSTORE));
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fields)).toEqual(['public_port', 'docstore_conf']);
  });

  it('422 with only a message is a ValidationError with no fields', async () => {
    const server = await serve(json(422, { message: 'You need to provide at least one of environment_name or environment_uuid.' }));
    const error = await failure(clientFor(server.url).createDocstore(DOCSTORE));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({});
    expect(error.message).toContain('at least one of environment_name');
  });

  it('400 "Invalid JSON." is a ValidationError with status 400', async () => {
    const server = await serve(json(400, { message: 'Invalid request.', error: 'Invalid JSON.' }));
    const error = await failure(clientFor(server.url).createPublicApplication(APP));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400 });
  });

  it('429 whose Retry-After is beyond the longest wait fails at once with retryAfterSeconds', async () => {
    const { error, server } = await listFailure(rateLimitedThen(60, json(200, []), 5));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 60 });
    expect(server.total()).toBe(1);
  });

  it('429 with an HTML body is still RateLimitedError with retryAfterSeconds', async () => {
    const { error } = await listFailure((_req, res) => {
      res.writeHead(429, { 'retry-after': '120', 'content-type': 'text/html' });
      res.end('<html><body>Too Many Requests</body></html>');
    });
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(120);
  });

  it('500 with JSON becomes ServerError', async () => {
    const { error } = await listFailure(json(500, { message: 'Server Error' }));
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(error.message).toContain('Server Error');
  });

  it('500 with an HTML page becomes InvalidResponseError with the status and at most 200 characters of the body', async () => {
    const { error } = await listFailure(htmlPage(500));
    expect(error).toBeInstanceOf(InvalidResponseError);
    const e = error as InvalidResponseError;
    expect(e.status).toBe(500);
    expect(e.bodyStart.length).toBeGreaterThan(0);
    expect(e.bodyStart.length).toBeLessThanOrEqual(200);
    expect(e.bodyStart.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(e.bodyStart).not.toMatch(/[\n\r]/);
    expect(e.message).toContain('500');
  });

  it('an unexpected status (418) becomes InvalidResponseError', async () => {
    const { error } = await listFailure(json(418, { message: "I'm a teapot" }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).status).toBe(418);
  });

  it('200 with invalid JSON becomes InvalidResponseError', async () => {
    const { error } = await listFailure(invalidJson(200));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).status).toBe(200);
    expect((error as InvalidResponseError).bodyStart).toContain('[{"id": 1');
  });

  it('200 with an HTML page (wrong base URL) becomes InvalidResponseError', async () => {
    const { error } = await listFailure(htmlPage(200, '<html><body>Welcome</body></html>'));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toContain('HTML');
  });

  it.each([{ data: [] }, { deployments: 'none' }, 'a string', 42, null])(
    '200 with the wrong shape %j becomes InvalidResponseError',
    async (body) => {
      const { error } = await listFailure(json(200, JSON.stringify(body)));
      expect(error).toBeInstanceOf(InvalidResponseError);
    },
  );

  it('201 without a uuid for a new application is a creation whose answer could not be read, not an unexpected answer', async () => {
    const server = await serve(json(201, { id: 5 }));
    const error = await failure(clientFor(server.url).createPublicApplication(APP));
    expect(error).toBeInstanceOf(UnreadableCreationError);
    expect(error).not.toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ kind: 'created_unreadable', status: 201 });
    expect(mayHaveCreated(error)).toBe(true);
    expect(error.message).toBe(
      'The application was created (201), but the answer could not be read (JSON without the new application\'s uuid; body starts: {"id":5}).',
    );
  });

  it('an unreadable creation answer is quoted with its secret fields masked, and a list that is not one too', async () => {
    const secrets = { manual_webhook_secret_provider_a: 'hookWord0123', http_basic_auth_password: 'basicPass4567' };
    const created = await failure(clientFor((await serve(json(201, { id: 5, ...secrets }))).url).createPublicApplication(APP));
    expect(created).toBeInstanceOf(UnreadableCreationError);
    expect(created.message).toContain('"manual_webhook_secret_provider_a":"•••• (set)"');
    expect(created.message).not.toMatch(/hookWord0123|basicPass4567/);
    const listed = await failure(
      clientFor((await serve(json(200, { count: 'x', deployments: 7, ...secrets }))).url).listDeployments(APP_UUID),
    );
    expect(listed).toBeInstanceOf(InvalidResponseError);
    expect(listed.message).not.toMatch(/hookWord0123|basicPass4567/);
  });

  it('a 302 redirect is not followed and becomes InvalidResponseError', async () => {
    const { error, server } = await listFailure(redirect('/login'));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).status).toBe(302);
    expect(server.hitsOf('GET', '/login')).toBe(0);
    expect(server.total()).toBe(1);
  });

  it('server strings in errors are cleaned of escape sequences', async () => {
    const { error } = await listFailure(json(404, { message: 'gone\u001b]0;pwned\u0007\u001b[2J!' }));
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(error.message).toContain('gone!');
  });
});

describe('network failures', () => {
  it('a server that never answers gives NetworkError timeout after about timeoutMs, not retried', async () => {
    const started = Date.now();
    const { error, server } = await listFailure(hang(), { timeoutMs: 300 });
    const took = Date.now() - started;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
    expect(took).toBeGreaterThanOrEqual(280);
    expect(took).toBeLessThan(1_500);
    expect(server.total()).toBe(1);
  });

  it('headers then silence gives NetworkError timeout', async () => {
    const { error } = await listFailure(headersThenStall(), { timeoutMs: 300 });
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
  });

  it('a body whose chunks come further apart than the timeout gives NetworkError timeout', async () => {
    const { error } = await listFailure(trickle(JSON.stringify([{ id: 1 }]), { chunkSize: 1, intervalMs: 600 }), { timeoutMs: 300 });
    expect((error as NetworkError).reason).toBe('timeout');
    expect(error.message).toBe('The server stopped sending (no data for 0.3 s).');
  });

  it('connection refused gives NetworkError refused', async () => {
    const url = await closedPortUrl();
    const error = await failure(clientFor(url).listDeployments(APP_UUID));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('refused');
  });

  it('an unknown host gives NetworkError dns', async () => {
    const error = await failure(
      createClient({ baseUrl: 'http://nonexistent.invalid/api/v1', token: TOKEN, timeoutMs: 3_000, retryBaseMs: 5 }).listDeployments(
        APP_UUID,
      ),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('dns');
  });

  it('a connection reset before the answer gives NetworkError reset', async () => {
    const { error } = await listFailure(reset('before-response'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('reset');
  });

  it('a connection reset in the middle of the body gives NetworkError reset', async () => {
    const { error } = await listFailure(reset('mid-body'));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('reset');
  });
});

describe('retries', () => {
  it('GET that meets 429 with Retry-After: 1 waits at least 1 s, then succeeds', async () => {
    const server = await serve(rateLimitedThen(1, json(200, [{ id: 1 }])));
    const started = Date.now();
    const page = await clientFor(server.url).listDeployments(APP_UUID);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(page.deployments).toHaveLength(1);
    expect(server.hitsOf('GET', LIST_PATH)).toBe(2);
  });

  it('GET that meets a 503 is retried and succeeds', async () => {
    const server = await serve(unavailableThen(json(200, [{ id: 1 }])));
    const page = await clientFor(server.url).listDeployments(APP_UUID);
    expect(page.deployments).toHaveLength(1);
    expect(server.hitsOf('GET', LIST_PATH)).toBe(2);
  });

  it('GET that meets a reset is retried and succeeds', async () => {
    const server = await serve(sequence(reset('before-response'), json(200, [])));
    await expect(clientFor(server.url).listDeployments(APP_UUID)).resolves.toMatchObject({ deployments: [] });
    expect(server.total()).toBe(2);
  });

  it('GET is retried at most 2 times (3 requests), then fails with ServerError', async () => {
    const { error, server } = await listFailure(json(503, { message: 'Service Unavailable' }));
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(503);
    expect(server.hitsOf('GET', LIST_PATH)).toBe(3);
  });

  it('GET that keeps meeting resets is sent 3 times, then fails with NetworkError reset', async () => {
    const { error, server } = await listFailure(reset('before-response'));
    expect((error as NetworkError).reason).toBe('reset');
    expect(server.total()).toBe(3);
  });

  it('GET with retries: 0 is sent once', async () => {
    const { server } = await listFailure(json(503, {}), { retries: 0 });
    expect(server.total()).toBe(1);
  });

  it('GET meeting 404 or 422 is not retried', async () => {
    const a = await listFailure(json(404, { message: 'Application not found' }));
    const b = await listFailure(json(422, { message: 'bad' }));
    expect(a.server.total()).toBe(1);
    expect(b.server.total()).toBe(1);
  });

  it('POST that meets a reset is sent exactly once and fails', async () => {
    const server = await serve(sequence(reset('before-response'), json(201, { uuid: 'second' })));
    const error = await failure(clientFor(server.url).createPublicApplication(APP));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('reset');
    await new Promise((r) => setTimeout(r, 50));
    expect(server.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
  });

  it('POST that meets a 503 is sent exactly once and fails', async () => {
    const server = await serve(unavailableThen(json(201, { uuid: 'second' })));
    const error = await failure(clientFor(server.url).createPublicApplication(APP));
    expect(error).toBeInstanceOf(ServerError);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
  });

  it('POST that meets 429 with Retry-After: 1 is sent exactly once and fails with RateLimitedError', async () => {
    const server = await serve(rateLimitedThen(1, json(201, {})));
    const error = await failure(clientFor(server.url).createDocstore(DOCSTORE));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.hitsOf('POST', '/api/v1/databases/docstore')).toBe(1);
  });

  it('POST that meets a reset in the middle of the answer is sent exactly once', async () => {
    const server = await serve(sequence(reset('mid-body'), json(201, { uuid: 'second' })));
    const error = await failure(clientFor(server.url).createDocstore(DOCSTORE));
    expect(error).toBeInstanceOf(NetworkError);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.total()).toBe(1);
  });
});

describe('cancelling', () => {
  // Each cancels once the server has the request, not after a time: on a busy machine 50 ms can
  // pass before the request is even sent (and a request never sent is cancelled without one).

  /** A server that never answers; `arrived` resolves when it has the first request. */
  async function heldServer() {
    let first!: () => void;
    const arrived = new Promise<void>((resolve) => {
      first = resolve;
    });
    const server = await serve(() => {
      first();
    });
    return { server, arrived };
  }

  it('an AbortSignal cancels a hanging request with CancelledError (not the 10 s timeout)', async () => {
    const { server, arrived } = await heldServer();
    const controller = new AbortController();
    const call = failure(clientFor(server.url, { timeoutMs: 10_000 }).listDeployments(APP_UUID, {}, { signal: controller.signal }));
    await arrived;
    controller.abort();
    expect(await call).toBeInstanceOf(CancelledError);
    expect(server.total()).toBe(1);
  });

  it('an AbortSignal cancels a GET waiting between retries', async () => {
    // Aborted once the 503 is sent: the client is reading it or waiting 5 s to ask again.
    let sent!: () => void;
    const answered = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const server = await serve((req, res, raw) => {
      res.once('finish', sent);
      return json(503, {})(req, res, raw);
    });
    const controller = new AbortController();
    const call = failure(clientFor(server.url, { retryBaseMs: 5_000 }).listDeployments(APP_UUID, {}, { signal: controller.signal }));
    await answered;
    controller.abort();
    expect(await call).toBeInstanceOf(CancelledError);
    // Not asked again: the abort ended the 5 s wait before the retry.
    expect(server.total()).toBe(1);
  });

  it('an already aborted signal gives CancelledError', async () => {
    const server = await serve(json(200, []));
    const error = await failure(clientFor(server.url).listDeployments(APP_UUID, {}, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(CancelledError);
  });

  it('cancelling a POST gives CancelledError', async () => {
    const { server, arrived } = await heldServer();
    const controller = new AbortController();
    const call = failure(clientFor(server.url, { timeoutMs: 10_000 }).createPublicApplication(APP, { signal: controller.signal }));
    await arrived;
    controller.abort();
    expect(await call).toBeInstanceOf(CancelledError);
    expect(server.total()).toBe(1);
  });
});

describe('the token never shows in an error', () => {
  const echoes: [string, Handler, new (...a: never[]) => Error][] = [
    ['401 JSON', echoAuthorization(401), UnauthorizedError],
    ['401 text', echoAuthorization(401, 'text'), UnauthorizedError],
    ['403 JSON', echoAuthorization(403), ForbiddenError],
    ['404 JSON', echoAuthorization(404), NotFoundError],
    ['409 JSON', echoAuthorization(409), ConflictError],
    ['422 JSON (message, field names and messages)', echoAuthorization(422), ValidationError],
    ['400 JSON', echoAuthorization(400), ValidationError],
    [
      '429 JSON',
      (req, res) => {
        res.setHeader('retry-after', '99');
        return echoAuthorization(429)(req, res, undefined as never);
      },
      RateLimitedError,
    ],
    ['500 JSON', echoAuthorization(500), ServerError],
    ['500 HTML', echoAuthorization(500, 'html'), InvalidResponseError],
    ['502 text', echoAuthorization(502, 'text'), InvalidResponseError],
    ['418 JSON', echoAuthorization(418), InvalidResponseError],
    ['200 text (not JSON)', echoAuthorization(200, 'text'), InvalidResponseError],
    ['200 JSON of the wrong shape', echoAuthorization(200), InvalidResponseError],
    ['404 HTML', echoAuthorization(404, 'html'), InvalidResponseError],
  ];

  it.each(echoes)('%s echoing the Authorization header', async (_name, handler, type) => {
    const { error } = await listFailure(handler, { retries: 0 });
    expect(error).toBeInstanceOf(type);
  });

  it.each(echoes)('%s echoing the Authorization header to a POST', async (name, handler, type) => {
    const server = await serve(handler);
    const error = await failure(clientFor(server.url).createPublicApplication(APP));
    // A 2xx made the application, whatever its body.
    expect(error).toBeInstanceOf(name.startsWith('200 ') ? UnreadableCreationError : type);
  });

  it('a 302 whose body echoes the header', async () => {
    const { error } = await listFailure((req, res) => {
      res.writeHead(302, { location: '/login' });
      res.end(`Redirecting. You sent ${String(req.headers.authorization)}`);
    });
    expect(error).toBeInstanceOf(InvalidResponseError);
  });

  it.each([150, 160, 170, 175, 180, 190, 199])(
    'the body start hides the token even when it straddles the 200-character cut (offset %i)',
    async (offset) => {
      // `<html><body>` + pad + `<p>Authorization: Bearer ` puts the token at `offset`.
      const pad = offset - '<html><body><p>Authorization: Bearer '.length;
      const { error } = await listFailure(echoAuthorization(500, 'html', pad), { retries: 0 });
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect((error as InvalidResponseError).bodyStart.length).toBeLessThanOrEqual(200);
    },
  );

  it.each([150, 175, 199])('a 200 non-JSON body hides the token straddling the cut (offset %i)', async (offset) => {
    const pad = offset - 'Authorization: Bearer '.length;
    const { error } = await listFailure(echoAuthorization(200, 'text', pad));
    expect(error).toBeInstanceOf(InvalidResponseError);
  });

  it('the token is hidden even when escape sequences are woven into it', async () => {
    const { error } = await listFailure(
      (req, res) => {
        const auth = String(req.headers.authorization);
        const woven = `${auth.slice(0, 20)}\u001b[0m${auth.slice(20)}`;
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end(`<p>${woven}</p>`);
      },
      { retries: 0 },
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
  });

  it('a token that cannot go in a header fails without showing the token and sends nothing', async () => {
    const server = await serve(json(200, []));
    const bad = `${TOKEN}\r\nX-Injected: 1`;
    const error = await failure(
      createClient({ baseUrl: `${server.url}/api/v1`, token: bad, timeoutMs: 1_000, retryBaseMs: 5 }).listDeployments(APP_UUID),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(server.total()).toBe(0);
  });

  it('redact() replaces the token and its secret part', () => {
    const c = createClient({ baseUrl: 'http://127.0.0.1:1', token: TOKEN });
    expect(c.redact(`a ${TOKEN} b ${SECRET} c`)).toBe('a [token] b [token] c');
  });
});
