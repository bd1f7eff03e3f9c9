// Property: whatever a server sends for the deployment list, the client either returns one record
// per array element or fails with a typed error; the headless table never lets a control byte through.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import { ApiError, LocalValidationError } from '../../src/api/errors.js';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { anyJson, brokenListBody, listBody, runs } from '../support/arbitraries.js';
import { runDeploymentsInProcess } from '../support/headless.js';

const APP = 'app-fuzz-1';
const TOKEN = '7|fuzzTokenSecretPart0123456789';
// What the server answers next: status, body text, content type.
let next = { status: 200, text: '[]', type: 'application/json' };
let server: HostileServer;
let client: DmsClient;

beforeAll(async () => {
  server = await respondWith((_req, res) => {
    res.writeHead(next.status, { 'content-type': next.type, 'content-length': Buffer.byteLength(next.text) });
    res.end(next.text);
  });
  client = createClient({ baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0, timeoutMs: 5000 });
});
afterAll(() => server.close());

const UNSAFE = /[\u001b\u0007\u0080-\u009f]/;

describe('listDeployments against generated bodies', () => {
  it('returns one record per element of either list shape, each a plain object', async () => {
    await fc.assert(
      fc.asyncProperty(listBody, async ({ body, count }) => {
        next = { status: 200, text: JSON.stringify(body), type: 'application/json' };
        const page = await client.listDeployments(APP, { skip: 0, take: 10 });
        expect(page.deployments).toHaveLength(count);
        for (const d of page.deployments) expect(typeof d).toBe('object');
        if (page.total !== null) expect(Number.isInteger(page.total) && page.total >= 0).toBe(true);
      }),
      { numRuns: runs(120) },
    );
  });

  it('a body that is not a list fails with a typed error that carries no raw control byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        brokenListBody,
        fc.constantFrom(200, 201, 400, 403, 404, 418, 422, 429, 500, 503),
        fc.constantFrom('application/json', 'text/html'),
        async (text, status, type) => {
          next = { status, text, type };
          const error = await client.listDeployments(APP).then(
            () => undefined,
            (e: unknown) => e,
          );
          // A 2xx broken body must fail; an error status always does.
          expect(error).toBeDefined();
          expect(error instanceof ApiError || error instanceof LocalValidationError).toBe(true);
          expect((error as Error).message).not.toMatch(UNSAFE);
          expect((error as Error).message).not.toContain(TOKEN.split('|')[1]);
        },
      ),
      { numRuns: runs(80) },
    );
  });

  it('any status with any body: only typed errors, never an untyped throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 200, max: 599 }),
        fc.oneof(
          anyJson.map((v) => JSON.stringify(v)),
          brokenListBody,
        ),
        async (status, text) => {
          // 1xx/3xx handled elsewhere; 204/304 have no body by definition.
          fc.pre(status !== 204 && status !== 205 && status !== 304);
          next = { status, text, type: 'application/json' };
          try {
            const page = await client.listDeployments(APP);
            expect(Array.isArray(page.deployments)).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as Error).message).not.toMatch(UNSAFE);
          }
        },
      ),
      { numRuns: runs(80) },
    );
  });

  it('hostile uuids and page numbers are refused locally with LocalValidationError, nothing sent', async () => {
    const before = server.total();
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(fc.string(), fc.constantFrom('', '../etc', 'a/b', 'x'.repeat(80), '\u001b[2J'))
          .filter((s) => !/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(s)),
        async (uuid) => {
          await expect(client.listDeployments(uuid)).rejects.toBeInstanceOf(LocalValidationError);
        },
      ),
      { numRuns: runs(60) },
    );
    await expect(client.listDeployments(APP, { skip: -1 })).rejects.toBeInstanceOf(LocalValidationError);
    await expect(client.listDeployments(APP, { take: 0 })).rejects.toBeInstanceOf(LocalValidationError);
    await expect(client.listDeployments(APP, { take: 1.5 })).rejects.toBeInstanceOf(LocalValidationError);
    expect(server.total()).toBe(before);
  });
});

describe('dms deployments (human output) against generated bodies', () => {
  it('prints a row per record and no ESC, BEL or C1 byte on stdout or stderr, with and without colour', async () => {
    await fc.assert(
      fc.asyncProperty(listBody, fc.boolean(), async ({ body, count }, color) => {
        next = { status: 200, text: JSON.stringify(body), type: 'application/json' };
        const r = await runDeploymentsInProcess([APP], { baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 }, { color });
        expect(r.code).toBe(0);
        // Colour codes are ours only on the status column: strip exactly those, anything left is a leak.
        const out = color ? r.stdout.replace(/\u001b\[(?:3[1-4]|90|1|0)m/g, '') : r.stdout;
        expect(out).not.toMatch(UNSAFE);
        expect(r.stderr).not.toMatch(UNSAFE);
        // Header plus one line per record (cells never contain a newline) and the total line; only that line for an empty page.
        expect(out.endsWith('\n')).toBe(true);
        const lines = out.slice(0, -1).split('\n');
        expect(lines.at(-1)).toMatch(/^(\d[\d,]* deployments?; )?(showing|none on this page|no deployments)/);
        expect(lines).toHaveLength(count === 0 ? 1 : 2 + count);
      }),
      { numRuns: runs(40) },
    );
  });

  it('a 100 000-character CJK or emoji branch is printed cut to 200 characters, at once (string-width is super-linear)', async () => {
    for (const branch of ['部'.repeat(100_000), '👩‍💻'.repeat(30_000), 'x'.repeat(300_000)]) {
      next = { status: 200, text: JSON.stringify([{ id: 1, status: 'finished', git_branch: branch }]), type: 'application/json' };
      const started = Date.now();
      const r = await runDeploymentsInProcess([APP], { baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(r.code).toBe(0);
      const row = r.stdout.split('\n')[1]!;
      expect(row).toMatch(/…\s+1$/); // the branch is cut to its column, the id follows
      expect(row.length).toBeLessThan(500);
    }
  });

  it('a status made only of control characters reads "unknown", not a blank cell', async () => {
    next = { status: 200, text: JSON.stringify([{ id: 3, status: '\u0000\u001b[2J\u009b' }]), type: 'application/json' };
    const r = await runDeploymentsInProcess([APP], { baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });
    expect(r.stdout.split('\n')[1]).toMatch(/^\? unknown\s+3$/);
  });

  it('--json prints every element as the server sent it, masked: wrong types, odd elements and all', async () => {
    const body = {
      count: 9,
      deployments: [{ id: '7', destination_id: '3', status: [5], http_basic_auth_password: 'Zq9SECRETjson' }, null, 'text', 12],
    };
    next = { status: 200, text: JSON.stringify(body), type: 'application/json' };
    const r = await runDeploymentsInProcess([APP, '--json'], { baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { id: '7', destination_id: '3', status: [5], http_basic_auth_password: '•••• (set)' },
      null,
      'text',
      12,
    ]);
  });

  it('field names like __proto__ and constructor are data, not object machinery', async () => {
    next = {
      status: 200,
      type: 'application/json',
      text: '[{"__proto__": {"http_basic_auth_password": "Zq9SECRETproto", "status": "failed"}, "constructor": 1, "toString": "x", "hasOwnProperty": 2, "id": 9, "status": "finished"}]',
    };
    const page = await client.listDeployments(APP);
    expect(page.deployments[0]!.status).toBe('finished');
    expect(({} as Record<string, unknown>).status).toBeUndefined();
    const r = await runDeploymentsInProcess([APP, '--json'], { baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('Zq9SECRETproto');
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ id: 9, constructor: 1, toString: 'x', hasOwnProperty: 2 });
  });

  it('--json output is valid JSON with one masked record per element', async () => {
    await fc.assert(
      fc.asyncProperty(listBody, async ({ body, count }) => {
        next = { status: 200, text: JSON.stringify(body), type: 'application/json' };
        const r = await runDeploymentsInProcess([APP, '--json'], { baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });
        expect(r.code).toBe(0);
        const records = JSON.parse(r.stdout) as unknown[];
        expect(records).toHaveLength(count);
        // JSON.stringify escapes C0 controls; C1 and DEL pass through, inside a JSON string where a
        // terminal does not act on them unless printed raw. The masking property lives in secrets.test.
      }),
      { numRuns: runs(25) },
    );
  });
});
