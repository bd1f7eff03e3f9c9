// Authentication, rate limit, routing, size limit and robustness of the demo service.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startDemoService } from '../../src/demo/server.js';
import { appByName, call, createApp, createDocstore, list } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let shop: string;

beforeAll(async () => {
  shop = appByName(demo, 'shop-frontend');
});

describe('authentication', () => {
  it('the URL carries the /api/v1 prefix and the token looks like <id>|<secret>', () => {
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(demo.token).toMatch(/^1\|demo_[0-9a-f]{32}$/);
  });

  it('no token answers 401 {"message":"Unauthenticated."}', async () => {
    const res = await list(demo, shop, '', { token: null });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthenticated.' });
  });

  it('a wrong token answers 401', async () => {
    expect((await list(demo, shop, '', { token: '1|wrong' })).status).toBe(401);
    expect((await list(demo, shop, '', { token: `${demo.token}x` })).status).toBe(401);
    expect((await list(demo, shop, '', { token: demo.token.split('|')[1]! })).status).toBe(401);
  });

  it('every operation needs the token', async () => {
    expect((await createApp(demo, { a: 1 }, { token: null })).status).toBe(401);
    expect((await createDocstore(demo, { a: 1 }, { token: null })).status).toBe(401);
  });

  it('a scheme other than Bearer is not accepted', async () => {
    const res = await list(demo, shop, '', { token: null, headers: { authorization: `Basic ${demo.token}` } });
    expect(res.status).toBe(401);
  });

  it('a token given in the options is the one accepted', async () => {
    const own = await startDemoService({ token: '7|my-secret' });
    try {
      expect(own.token).toBe('7|my-secret');
      expect((await list(own, shop, '', { token: '7|my-secret' })).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('the 401 body never echoes the token sent', async () => {
    const res = await list(demo, shop, '', { token: '1|leak-me-not' });
    expect(res.text).not.toContain('leak-me-not');
  });
});

describe('routing', () => {
  it('an unknown path answers 404 JSON', async () => {
    const res = await call(demo, '/nothing/here');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: expect.stringContaining('could not be found') });
  });

  it('a path without the /api/v1 prefix is not found', async () => {
    const res = await fetch(`${demo.url.replace('/api/v1', '')}/deployments/applications/${shop}`, {
      headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
    });
    expect(res.status).toBe(404);
  });

  it('a wrong method answers 405 JSON with an Allow header', async () => {
    const res = await call(demo, '/applications/public', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.json.message).toContain('Supported methods: POST');
    expect((await call(demo, `/deployments/applications/${shop}`, { method: 'DELETE' })).status).toBe(405);
  });

  it('without Accept: application/json an unknown path answers an HTML page', async () => {
    const res = await call(demo, '/nothing', { acceptJson: false });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<!DOCTYPE html>');
  });

  it('a trailing slash reaches the same operation', async () => {
    expect((await call(demo, `/deployments/applications/${shop}/`)).status).toBe(200);
  });
});

describe('request size', () => {
  const big = 'x'.repeat(1024 * 1024 + 1);

  it('a body over 1 MiB answers 413', async () => {
    const res = await createApp(demo, big);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: 'Payload Too Large.' });
  });

  it('a chunked body over 1 MiB answers 413 as well', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(120);
    const body = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(chunk);
        c.close();
      },
    });
    const res = await fetch(`${demo.url}/applications/public`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
    } as RequestInit);
    expect(res.status).toBe(413);
    await res.text();
  });

  it('the service still answers after a too-large body', async () => {
    expect((await list(demo, shop)).status).toBe(200);
  });
});

describe('robustness', () => {
  it('never answers 500 to arbitrary creation bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.object().map((o) => JSON.stringify(o)),
        ),
        fc.boolean(),
        async (body, docstore) => {
          const res = docstore ? await createDocstore(demo, body) : await createApp(demo, body);
          expect([201, 400, 404, 409, 422]).toContain(res.status);
          expect(res.json).toBeDefined();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never answers 500 to arbitrary paging parameters and uuids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.string({ minLength: 1 }), async (skip, take, uuid) => {
        const q = new URLSearchParams({ skip, take }).toString();
        const res = await list(demo, encodeURIComponent(uuid), q);
        expect([200, 404, 422]).toContain(res.status);
      }),
      { numRuns: 150 },
    );
  });

  it('fields shaped like a reply ({status, body}) are just unknown fields', async () => {
    const res = await createApp(demo, { status: 200, body: 'x', headers: {} });
    expect(res.status).toBe(422);
    expect(res.json.errors.status).toEqual(['This field is not allowed.']);
  });

  it('a __proto__ key is reported, not merged into anything', async () => {
    const res = await createApp(demo, '{"__proto__": {"polluted": true}, "project_uuid": "x"}');
    expect(res.status).toBe(422);
    expect(res.json.errors.__proto__).toEqual(['This field is not allowed.']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('rate limit', () => {
  it('over the limit answers 429 with Retry-After and {"message":"Too Many Attempts."}', async () => {
    const limited = await startDemoService({ rateLimitPerMinute: 3 });
    try {
      const app = appByName(limited, 'shop-frontend');
      for (let i = 0; i < 3; i++) {
        const ok = await list(limited, app);
        expect(ok.status).toBe(200);
        expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
      }
      const res = await list(limited, app);
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ message: 'Too Many Attempts.' });
      const retry = Number(res.headers.get('retry-after'));
      expect(Number.isInteger(retry)).toBe(true);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
      expect((await createApp(limited, {})).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('rateLimitPerMinute: 0 switches the limit off', async () => {
    const open = await startDemoService({ rateLimitPerMinute: 0 });
    try {
      const app = appByName(open, 'landing-page');
      const answers = await Promise.all(Array.from({ length: 250 }, () => list(open, app)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
    } finally {
      await open.close();
    }
  });
});
