// Property: the demo service never answers 500 to anything a client can send, and on paging it
// agrees with the client's local checks (pageProblems).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageProblems } from '../../src/api/client.js';
import { validateCreateApp, validateCreateDocstore } from '../../src/api/schemas/validate.js';
import { CREATE_APP_FIELDS } from '../../src/api/schemas/create-app.js';
import { DOCSTORE_FIELDS } from '../../src/api/schemas/create-docstore.js';
import { createAppBody, createDocstoreBody, type SeedPlaces, runs } from '../support/arbitraries.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let seed: SeedPlaces;
let app: string;

beforeAll(async () => {
  seed = {
    projects: demo.seed.projects.map((p) => p.uuid),
    servers: demo.seed.servers.map((s) => s.uuid),
    environments: demo.seed.environments,
  };
  app = demo.app();
});

// The token without log permission: these properties are about paging and bodies, and rows without
// logs keep hundreds of whole-history requests fast.
const headers = () => ({ authorization: `Bearer ${demo.tokenNoLogs}`, accept: 'application/json', 'content-type': 'application/json' });

async function send(method: string, path: string, body?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${demo.url}${path}`, { method, headers: headers(), body, redirect: 'manual' });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

describe('paging parameters', () => {
  it('whole numbers: the service accepts exactly what the client accepts (safe integers)', async () => {
    const n = fc.oneof(fc.integer({ min: -5, max: 400 }), fc.constantFrom(0, 1, Number.MAX_SAFE_INTEGER));
    await fc.assert(
      fc.asyncProperty(fc.option(n, { nil: undefined }), fc.option(n, { nil: undefined }), async (skip, take) => {
        const query = new URLSearchParams();
        if (skip !== undefined) query.set('skip', String(skip));
        if (take !== undefined) query.set('take', String(take));
        const { status, json } = await send('GET', `/deployments/applications/${app}?${query}`);
        const local = pageProblems(app, { skip, take });
        expect(status, JSON.stringify({ skip, take, json })).toBe(local.length === 0 ? 200 : 422);
        if (status === 200) expect(json.deployments.length).toBeLessThanOrEqual(take ?? 10);
      }),
      { numRuns: runs(100) },
    );
  });

  it('any query string text: 200 or 422, never 500', async () => {
    const raw = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('1e3', '0x10', '+5', ' 7 ', '010', '1.0', '-0', '', '99999999999999999999', 'NaN', 'Infinity'),
    );
    await fc.assert(
      fc.asyncProperty(raw, raw, async (skip, take) => {
        const query = new URLSearchParams({ skip, take });
        const { status } = await send('GET', `/deployments/applications/${app}?${query}`);
        expect([200, 422]).toContain(status);
      }),
      { numRuns: runs(80) },
    );
  });
});

describe('creation bodies with any JSON value in any field', () => {
  it('never 500; valid locally means 201/404, invalid locally means 400/422', async () => {
    const kinds = [
      {
        path: '/applications/public',
        fields: CREATE_APP_FIELDS as readonly string[],
        base: () => createAppBody(seed),
        validate: validateCreateApp,
      },
      {
        path: '/databases/docstore',
        fields: DOCSTORE_FIELDS as readonly string[],
        base: () => createDocstoreBody(seed),
        validate: validateCreateDocstore,
      },
    ] as const;
    for (const kind of kinds) {
      const arb = fc
        .constant(null)
        .chain(() =>
          fc.tuple(
            kind.base(),
            fc.array(fc.tuple(fc.constantFrom(...kind.fields), fc.jsonValue({ maxDepth: 3 })), { minLength: 1, maxLength: 3 }),
          ),
        );
      await fc.assert(
        fc.asyncProperty(arb, async ([base, changes]) => {
          const body: Record<string, unknown> = { ...base };
          for (const [f, v] of changes) body[f] = v;
          const local = kind.validate(body);
          const { status, json } = await send('POST', kind.path, JSON.stringify(body));
          const why = `${kind.path} ${JSON.stringify(body)} -> ${status} ${JSON.stringify(json)}; local ${JSON.stringify(local.success ? 'valid' : local.problems)}`;
          expect(status, why).not.toBe(500);
          const strictOnly = !local.success && local.problems.every((p) => p.field === 'public_port');
          if (local.success) expect([201, 404, 409], why).toContain(status);
          else if (!strictOnly) expect([400, 422], why).toContain(status);
        }),
        { numRuns: runs(100) },
      );
    }
  });

  it('text that is not a JSON object (garbage, deep nesting, huge numbers) gets 400, never 500', async () => {
    const garbage = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.integer({ min: 1, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
      fc.integer({ min: 1, max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
      fc.constantFrom('', 'null', '1e999', '"x"', '[]', '{}', '{"a":1', '\u0000', '{"project_uuid": "\ud800"}'),
    );
    await fc.assert(
      fc.asyncProperty(garbage, fc.constantFrom('/applications/public', '/databases/docstore'), async (text, path) => {
        const { status } = await send('POST', path, text);
        expect(status, JSON.stringify(text.slice(0, 80))).not.toBe(500);
        expect([400, 404, 422]).toContain(status);
      }),
      { numRuns: runs(60) },
    );
  });
});
