// Compressed answers, as servers behind a compressing proxy send them: a body over MIN_BYTES goes
// out in the best encoding the request's Accept-Encoding allows, compressed as it is written (a
// zlib stream piped to the response), so the compression overlaps the transfer instead of
// delaying its first byte. A page with its logs is ~8 MB of JSON that compresses ~8×: through a
// link of 50 Mbit/s that is 1.1 s less (docs/performance.md, "Transfer over a link").
import type { ServerResponse } from 'node:http';
import zlib, { constants } from 'node:zlib';

export type Encoding = 'zstd' | 'br' | 'gzip';

/** One encoding the service offers, at a level (gzip 1–9, brotli quality 0–11, zstd 1–22). */
export interface Offer {
  readonly encoding: Encoding;
  readonly level: number;
}

/** Smaller bodies go as they are: a few hundred bytes gain nothing worth a compressor. */
export const MIN_BYTES = 1024;

/** Whether this Node has zstd (22.15 and later). */
const hasZstd = typeof zlib.createZstdCompress === 'function';

/**
 * What the demo offers, in its order of preference (measured: docs/performance.md, "Transfer over
 * a link"). zstd at 1 makes a page with logs 8.3× smaller, at several times gzip's speed both ways:
 * the least added on loopback and as fast as any through a link. Brotli at 2 is as small, for a
 * client without zstd; gzip at 1 for the rest (Node's fetch asks for `gzip, deflate` only).
 * Brotli 4 and 5 are smaller still but hold the first byte back 200–400 ms while they compress.
 */
export const COMPRESSION: readonly Offer[] = [
  ...(hasZstd ? [{ encoding: 'zstd', level: 1 } as const] : []),
  { encoding: 'br', level: 2 },
  { encoding: 'gzip', level: 1 },
];

/**
 * The encoding to answer with: of `offered`, the one the client gives the highest weight
 * (`q`, RFC 9110 §12.5.3; `*` stands for any other), the service's order breaking ties;
 * undefined for identity (nothing offered is accepted).
 */
export function negotiate(acceptEncoding: string | undefined, offered: readonly Offer[] = COMPRESSION): Offer | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.map((p) => /^q=([0-9.]+)$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Offer | undefined;
  let bestWeight = 0;
  for (const offer of offered) {
    const weight = weights.get(offer.encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = offer;
      bestWeight = weight;
    }
  }
  return best;
}

const brotliParams = (quality: number, size: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: quality,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_SIZE_HINT]: size,
});

/** A compressing stream for `offer`; `size`: the body's bytes (a hint for brotli and zstd). */
export function compressor(offer: Offer, size: number): zlib.Gzip | zlib.BrotliCompress | zlib.ZstdCompress {
  const chunkSize = 64 * 1024;
  if (offer.encoding === 'gzip') return zlib.createGzip({ level: offer.level, chunkSize });
  if (offer.encoding === 'br') {
    return zlib.createBrotliCompress({ chunkSize, params: brotliParams(offer.level, size) });
  }
  return zlib.createZstdCompress({ chunkSize, pledgedSrcSize: size, params: { [constants.ZSTD_c_compressionLevel]: offer.level } });
}

/** Compressed forms of bodies written out again and again, kept as long as the body is. */
const kept = new WeakMap<Buffer, Map<string, Buffer>>();

/** `body` compressed whole as `offer` says: once, then kept beside it. */
export function compressedOnce(body: Buffer, offer: Offer): Buffer {
  let forms = kept.get(body);
  if (!forms) kept.set(body, (forms = new Map()));
  const key = `${offer.encoding} ${offer.level}`;
  let form = forms.get(key);
  if (!form) {
    if (offer.encoding === 'gzip') form = zlib.gzipSync(body, { level: offer.level });
    else if (offer.encoding === 'br') form = zlib.brotliCompressSync(body, { params: brotliParams(offer.level, body.length) });
    else form = zlib.zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: offer.level } });
    forms.set(key, form);
  }
  return form;
}

/**
 * Writes a 2xx–5xx answer with `body`, compressed when the request allows it (its Accept-Encoding,
 * one of `offered`) and the body is over MIN_BYTES; `vary: accept-encoding` on every answer that
 * could have been. A HEAD is answered as it would be without compression. `keep`: the body is a
 * Buffer the caller writes out again and again (a page made once): its compressed form is made
 * once, whole, and kept beside it (compressedOnce) instead of compressing it on each request.
 * Returns the encoding answered with (undefined: the body as it is).
 */
export function writeBody(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
  offered: readonly Offer[] = COMPRESSION,
  { keep = false }: { keep?: boolean } = {},
): Encoding | undefined {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const compressible = bytes.length > MIN_BYTES && offered.length > 0 && res.req?.method !== 'HEAD';
  const offer = compressible ? negotiate(res.req?.headers['accept-encoding'], offered) : undefined;
  if (compressible) headers = { ...headers, vary: 'accept-encoding' };
  if (!offer) {
    res.writeHead(status, { ...headers, 'content-length': String(bytes.length) });
    res.end(bytes);
    return undefined;
  }
  if (keep && Buffer.isBuffer(body)) {
    const form = compressedOnce(body, offer);
    res.writeHead(status, { ...headers, 'content-encoding': offer.encoding, 'content-length': String(form.length) });
    res.end(form);
    return offer.encoding;
  }
  res.writeHead(status, { ...headers, 'content-encoding': offer.encoding });
  const z = compressor(offer, bytes.length);
  // A failed compressor (or a client gone) cuts the answer: a truncated body must not look whole.
  z.once('error', () => res.destroy());
  res.once('close', () => z.destroy());
  z.pipe(res);
  z.end(bytes);
  return offer.encoding;
}
