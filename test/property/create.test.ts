// Property: the local validators and the demo service agree on every creation body: a body valid
// locally is created (201) or refused only for an unknown project/server/environment (404) or a
// domain in use (409, without force_domain_override); a body invalid locally gets 422 or 400 —
// never 201, never 500.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateCreateApp, validateCreateDocstore } from '../../src/api/schemas/validate.js';
import { createAppBody, createDocstoreBody, type SeedPlaces, runs } from '../support/arbitraries.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let seed: SeedPlaces;

beforeAll(async () => {
  seed = {
    projects: demo.seed.projects.map((p) => p.uuid),
    servers: demo.seed.servers.map((s) => s.uuid),
    environments: demo.seed.environments,
  };
});

async function post(path: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${demo.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

function explain(body: unknown, local: unknown, status: number, json: unknown): string {
  return `body ${JSON.stringify(body)}\nlocal ${JSON.stringify(local)}\nservice ${status} ${JSON.stringify(json)}`;
}

describe('local validation and the demo service agree', () => {
  it('application bodies', async () => {
    const arb = fc.constant(null).chain(() => createAppBody(seed));
    await fc.assert(
      fc.asyncProperty(arb, async (body) => {
        const local = validateCreateApp(body);
        const { status, json } = await post('/applications/public', body);
        const why = explain(body, local.success ? 'valid' : local.problems, status, json);
        if (local.success) {
          const allowed = body.force_domain_override === true ? [201, 404] : [201, 404, 409];
          expect(allowed, why).toContain(status);
          if (status === 201) expect(typeof json?.uuid, why).toBe('string');
        } else {
          expect([400, 422], why).toContain(status);
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it('docstore bodies', async () => {
    const arb = fc.constant(null).chain(() => createDocstoreBody(seed));
    await fc.assert(
      fc.asyncProperty(arb, async (body) => {
        const local = validateCreateDocstore(body);
        const { status, json } = await post('/databases/docstore', body);
        const why = explain(body, local.success ? 'valid' : local.problems, status, json);
        // The one deliberate difference: is_public without public_port. Servers silently keep the
        // database private (service-behaviour.md); the client refuses it so nobody is surprised.
        const strictOnly =
          !local.success && local.problems.every((p) => p.field === 'public_port' && p.message.startsWith('is required when is_public'));
        if (local.success) expect([201, 404], why).toContain(status);
        else if (strictOnly) {
          expect([201, 404], why).toContain(status);
          if (status === 201) expect(json?.external_db_url ?? null, why).toBeNull();
        } else expect([400, 422], why).toContain(status);
      }),
      { numRuns: runs(150) },
    );
  });

  it('bodies that are not objects, or empty, are refused by both (400 from the service)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant({}), fc.constant([]), fc.constant(null), fc.string(), fc.integer(), fc.array(fc.anything(), { maxLength: 2 })),
        async (body) => {
          expect(validateCreateApp(body).success).toBe(false);
          expect(validateCreateDocstore(body).success).toBe(false);
          for (const path of ['/applications/public', '/databases/docstore']) {
            const { status } = await post(path, body);
            expect([400, 422]).toContain(status);
          }
        },
      ),
      { numRuns: runs(30) },
    );
  });
});
