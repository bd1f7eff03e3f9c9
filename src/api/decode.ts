// Compressed answers, decoded once whole, on the main thread. got would decode them as they
// arrive, through a zlib stream that hands over 16 KB at a time, each piece a trip to a worker
// thread and back to the main thread: while that thread is busy (dms starting up, drawing), the
// trips wait their turn, and a 7.4 MB page sent as 0.9 MB of zstd took 2.4 s to read instead of
// 60 ms when the main thread let go every 5 ms (docs/performance.md, "Transfer over a link").
// Decoded in one go, in output pieces of about its decoded size (outputChunk), it costs ~6 ms
// (zstd) or ~15 ms (gzip) of the main thread on a 7.9 MB page, busy or not, right before the
// JSON.parse that needs it; and never more than the size limit: the output stops there
// (maxOutputLength).
import zlib from 'node:zlib';
import { NetworkError, ResponseTooLargeError } from './errors.js';

const hasZstd = typeof zlib.zstdDecompress === 'function';

/** What dms asks for: what it can decode (zstd from Node 22.15), as got would ask. */
export const ACCEPT_ENCODING = hasZstd ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br';

type Decoder = (body: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer;

const DECODERS: Record<string, Decoder> = {
  // unzip reads a gzip or a zlib header (what `deflate` should carry); a raw deflate has neither.
  gzip: zlib.unzipSync,
  deflate: (body, options) => ((body[0]! & 0x08) === 0 ? zlib.inflateRawSync(body, options) : zlib.unzipSync(body, options)),
  br: zlib.brotliDecompressSync,
  ...(hasZstd ? { zstd: zlib.zstdDecompressSync as Decoder } : {}),
};

/** The most a decoder's output is allocated at once. */
const CHUNK_MAX = 16 * 1024 * 1024;
const CHUNK_MIN = 64 * 1024;

/**
 * How much zlib writes its output in at a time: what the body says it decodes to (a zstd frame's
 * content size, gzip's last four bytes), else ~10x its compressed size (JSON with logs shrinks
 * ~8x), so a page is decoded in one piece or a few, not zlib's 16 KB ones joined at the end. The
 * demo's 7.9 MB page (0.95 MB of zstd): 20.5 ms in 16 KB pieces, 5.7 ms in one; gzip 24.3 against
 * 14.9 ms (median of 11, Node 24). At most CHUNK_MAX, and never much past the limit (a size the
 * body claims is only a hint: the output still stops at the limit).
 */
export function outputChunk(body: Uint8Array, coding: string, limit: number): number {
  const said = decodedSize(body, coding);
  const guess = said !== undefined ? said + 64 : body.length * 10;
  return Math.max(CHUNK_MIN, Math.min(guess, CHUNK_MAX, limit + 1));
}

/**
 * The decoded size a body states: a zstd frame's Frame_Content_Size (RFC 8878 §3.1.1.1), gzip's
 * ISIZE (RFC 1952, mod 2^32). Read from any Uint8Array (got's bodies are not Buffers).
 */
export function decodedSize(body: Uint8Array, coding: string): number | undefined {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  if (coding === 'gzip' && body.length >= 18 && body[0] === 0x1f && body[1] === 0x8b) return view.getUint32(body.length - 4, true);
  if (coding !== 'zstd' || body.length < 6 || view.getUint32(0, true) !== 0xfd2fb528) return undefined;
  const descriptor = body[4]!;
  const single = (descriptor >> 5) & 1;
  const sizeBytes = [single ? 1 : 0, 2, 4, 8][descriptor >> 6]!;
  if (sizeBytes === 0) return undefined;
  const at = 5 + (single ? 0 : 1) + [0, 1, 2, 4][descriptor & 3]!;
  if (body.length < at + sizeBytes) return undefined;
  if (sizeBytes === 1) return body[at];
  if (sizeBytes === 2) return view.getUint16(at, true) + 256;
  if (sizeBytes === 4) return view.getUint32(at, true);
  return Number(view.getBigUint64(at, true));
}

/**
 * `body` as the server meant it: each coding its Content-Encoding names undone, last applied first
 * (RFC 9110 §8.4). A coding dms does not know leaves the body as it came (as got did); `identity`
 * and an empty body are as they are. Over `limit` bytes decoded: ResponseTooLargeError (it
 * stopped there); a body that does not decode: a NetworkError naming zlib's code, as a cut stream would.
 */
export function decodeBody(body: Buffer, contentEncoding: string | string[] | undefined, limit: number): Buffer {
  const codings = String(contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity')
    .map((c) => (c === 'x-gzip' ? 'gzip' : c));
  if (body.length === 0 || codings.length === 0 || codings.some((c) => !DECODERS[c])) return body;
  let out = body;
  for (const coding of codings.reverse()) {
    try {
      out = DECODERS[coding]!(out, { maxOutputLength: Math.max(limit, 1), chunkSize: outputChunk(out, coding, limit) });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new ResponseTooLargeError({ limit });
      throw new NetworkError('other', `Network error talking to the server (${code ?? 'unreadable compressed body'}).`);
    }
  }
  return out;
}
