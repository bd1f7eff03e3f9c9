// Compressed answers of the demo service (src/demo/compress.ts): which encoding a request's
// Accept-Encoding gets, and, over real HTTP on 127.0.0.1, that the demo compresses its pages when
// asked, not when not, and that dms's client reads a compressed page as it reads the plain one.
import { request, type IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { redactor } from '../../src/api/redact.js';
import { scrubAnswer } from '../../src/api/scrub.js';
import { COMPRESSION, MIN_BYTES, negotiate, type Offer } from '../../src/demo/compress.js';
import { startLink } from '../../bench/lib/link.mjs';
import { appByName } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

const GZIP: Offer = { encoding: 'gzip', level: 1 };
const BR: Offer = { encoding: 'br', level: 2 };
const ZSTD: Offer = { encoding: 'zstd', level: 1 };
const ALL = [ZSTD, BR, GZIP];
const hasZstd = typeof zlib.zstdDecompressSync === 'function';

describe('negotiate', () => {
  it("picks the service's first choice among those the client accepts", () => {
    expect(negotiate('gzip, deflate, br, zstd', ALL)).toBe(ZSTD);
    expect(negotiate('gzip, deflate, br', ALL)).toBe(BR);
    expect(negotiate('gzip, deflate', ALL)).toBe(GZIP);
    expect(negotiate('x-gzip', ALL)).toBe(GZIP);
    expect(negotiate('GZIP', ALL)).toBe(GZIP);
  });

  it("follows the client's weights, the service's order breaking ties; q=0 refuses", () => {
    expect(negotiate('zstd;q=0.5, br;q=0.8, gzip;q=0.8', ALL)).toBe(BR);
    expect(negotiate('zstd;q=0, br;q=0', ALL)).toBeUndefined();
    expect(negotiate('*', ALL)).toBe(ZSTD);
    expect(negotiate('*;q=0.1, gzip', ALL)).toBe(GZIP);
    expect(negotiate('zstd;q=0, *', ALL)).toBe(BR);
    expect(negotiate('gzip;q=nonsense, br', ALL)).toBe(BR);
  });

  it('nothing acceptable, nothing asked or nothing offered: the body as it is', () => {
    expect(negotiate(undefined, ALL)).toBeUndefined();
    expect(negotiate('', ALL)).toBeUndefined();
    expect(negotiate('identity', ALL)).toBeUndefined();
    expect(negotiate('deflate, compress', ALL)).toBeUndefined();
    expect(negotiate('gzip, br, zstd', [])).toBeUndefined();
  });

  it('the default offers zstd first where Node has it, then brotli, then gzip', () => {
    expect(COMPRESSION.map((o) => o.encoding)).toEqual([...(hasZstd ? ['zstd'] : []), 'br', 'gzip']);
  });
});

const demo = setUpDemoService({ rateLimitPerMinute: 0, compression: COMPRESSION });

interface Raw {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A GET with exactly these headers, its body as it came on the wire (not decompressed). */
function rawGet(path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${demo.url}${path}`, { method, headers: { authorization: `Bearer ${demo.token}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode: Record<string, (b: Buffer) => Buffer> = {
  gzip: (b) => zlib.gunzipSync(b),
  br: (b) => zlib.brotliDecompressSync(b),
  ...(hasZstd ? { zstd: (b: Buffer) => zlib.zstdDecompressSync(b) } : {}),
};

describe('the demo service over HTTP', () => {
  let shop: string;
  let page: string;
  let plain: Raw;
  beforeAll(async () => {
    shop = appByName(demo, 'shop-frontend');
    // The first page with its logs, as the TUI asks for it in a tall terminal: megabytes.
    page = `/deployments/applications/${shop}?skip=0&take=24`;
    plain = await rawGet(page, { accept: 'application/json' });
  });

  it('without Accept-Encoding (or with identity) the page comes as it is, its length declared', async () => {
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.body.length).toBeGreaterThan(2_000_000);
    const identity = await rawGet(page, { accept: 'application/json', 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it.each(Object.keys(decode))('asked for %s, it answers in it: a fraction of the bytes, the same page once decoded', async (encoding) => {
    const r = await rawGet(page, { accept: 'application/json', 'accept-encoding': encoding });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(encoding);
    expect(r.headers.vary).toBe('accept-encoding');
    expect(r.body.length).toBeLessThan(plain.body.length / 4);
    expect(decode[encoding]!(r.body).equals(plain.body)).toBe(true);
  });

  it("got's Accept-Encoding gets the service's first choice", async () => {
    const r = await rawGet(page, { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(r.headers['content-encoding']).toBe(COMPRESSION[0]!.encoding);
  });

  it('a small answer, a HEAD and an error page go as they are', async () => {
    const small = await rawGet(
      `/deployments/applications/${shop}?take=1`,
      { accept: 'application/json', 'accept-encoding': 'gzip' },
      'GET',
    );
    const missing = await rawGet('/deployments/applications/nope', { accept: 'application/json', 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.body.length).toBeLessThan(MIN_BYTES);
    expect(missing.headers['content-encoding']).toBeUndefined();
    const head = await rawGet(page, { accept: 'application/json', 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(plain.body.length);
    expect(head.body.length).toBe(0);
    // One row with its log is over 1 KB: compressed; its JSON is whole once decoded.
    expect(small.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(small.body).toString()).deployments).toHaveLength(1);
  });

  it("dms's client reads the compressed page as the plain one: the same rows, logs and length", async () => {
    // Through a link that counts the bytes: what crossed it is the compressed page.
    const link = await startLink({ target: demo.url, delayMs: 0, mbit: 0 });
    try {
      const client = createClient({ baseUrl: link.url, token: demo.token, retries: 0 });
      type Row = { uuid: string; status: string; logs: string };
      // What the client makes of the plain page: its secrets masked (scrub.ts), as of any page it reads.
      const text = plain.body.toString();
      const expected = scrubAnswer(JSON.parse(text), redactor(demo.token), text) as { count: number; deployments: Row[] };
      const records = await client.listRecords(shop, { skip: 0, take: 24 });
      expect(link.stats().down).toBeLessThan(plain.body.length / 4);
      const rows = records.records as Row[];
      expect(records.total).toBe(expected.count);
      expect(rows.map((r) => r.uuid)).toEqual(expected.deployments.map((r) => r.uuid));
      // A running deployment's log grows between two requests; a final one's is the same bytes.
      const final = expected.deployments.filter((r) => ['finished', 'failed', 'cancelled-by-user'].includes(r.status));
      expect(final.length).toBeGreaterThan(20);
      for (const row of final) expect(rows.find((r) => r.uuid === row.uuid)?.logs === row.logs).toBe(true);
      const longest = final.reduce((a, b) => (b.logs.length > a.logs.length ? b : a));
      expect(longest.logs.length).toBeGreaterThan(1_000_000);
      const read = await client.listDeployments(shop, { skip: 0, take: 24 });
      expect(read.total).toBe(expected.count);
      expect(read.deployments.map((d) => d.uuid)).toEqual(expected.deployments.map((r) => r.uuid));
      expect(read.chars).toBeGreaterThan(plain.body.length * 0.99);
    } finally {
      await link.close();
    }
  });
});
