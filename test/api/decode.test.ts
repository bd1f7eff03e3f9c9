// Compressed bodies decoded once whole (src/api/decode.ts): every coding dms asks for, codings
// applied one over another, what it leaves alone, the size limit counted on the decoded bytes.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ACCEPT_ENCODING, decodeBody, outputChunk } from '../../src/api/decode.js';
import { NetworkError, ResponseTooLargeError } from '../../src/api/errors.js';

const hasZstd = typeof zlib.zstdCompressSync === 'function';
const TEXT = Buffer.from(
  JSON.stringify({ count: 2, deployments: Array.from({ length: 200 }, (_, i) => ({ id: i, logs: 'é/'.repeat(50) })) }),
);
const MB = 1_000_000;

const ENCODE: Record<string, (b: Buffer) => Buffer> = {
  gzip: (b) => zlib.gzipSync(b),
  'x-gzip': (b) => zlib.gzipSync(b),
  deflate: (b) => zlib.deflateSync(b),
  br: (b) => zlib.brotliCompressSync(b),
  ...(hasZstd ? { zstd: (b: Buffer) => zlib.zstdCompressSync(b) } : {}),
};

describe('decodeBody', () => {
  it('asks for what it can decode: zstd where Node has it', () => {
    expect(ACCEPT_ENCODING).toBe(hasZstd ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br');
  });

  it.each(Object.keys(ENCODE))('decodes %s back to the same bytes', (coding) => {
    const body = ENCODE[coding]!(TEXT);
    expect(body.length).toBeLessThan(TEXT.length);
    expect(decodeBody(body, coding, MB).equals(TEXT)).toBe(true);
    expect(decodeBody(body, ` ${coding.toUpperCase()} `, MB).equals(TEXT)).toBe(true);
  });

  it('a raw deflate (no zlib header, as some servers send it) and gzip members one after another', () => {
    expect(decodeBody(zlib.deflateRawSync(TEXT), 'deflate', MB).equals(TEXT)).toBe(true);
    const half = TEXT.length >> 1;
    const members = Buffer.concat([zlib.gzipSync(TEXT.subarray(0, half)), zlib.gzipSync(TEXT.subarray(half))]);
    expect(decodeBody(members, 'gzip', MB).equals(TEXT)).toBe(true);
  });

  it('codings one over another are undone last first; identity and empty entries add nothing', () => {
    const twice = zlib.brotliCompressSync(zlib.gzipSync(TEXT));
    expect(decodeBody(twice, 'gzip, br', MB).equals(TEXT)).toBe(true);
    expect(decodeBody(twice, ['gzip', 'identity, , br'], MB).equals(TEXT)).toBe(true);
  });

  it('no coding, identity, an empty body or a coding it does not know: the body as it came', () => {
    const gz = zlib.gzipSync(TEXT);
    expect(decodeBody(TEXT, undefined, MB)).toBe(TEXT);
    expect(decodeBody(TEXT, 'identity', MB)).toBe(TEXT);
    expect(decodeBody(Buffer.alloc(0), 'gzip', MB).length).toBe(0);
    expect(decodeBody(gz, 'compress', MB)).toBe(gz);
    expect(decodeBody(gz, 'gzip, compress', MB)).toBe(gz);
  });

  it('decoded past the limit: too large, said as "more than", however small the body was', () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * MB, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(50_000);
    const error = (() => {
      try {
        decodeBody(bomb, 'gzip', 2 * MB);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).message).toBe('The answer is too big: more than 2 MB, the most dms reads (it stopped there).');
    // At the limit exactly is within it.
    expect(decodeBody(zlib.gzipSync(Buffer.alloc(2 * MB)), 'gzip', 2 * MB).length).toBe(2 * MB);
  });

  it('a body that does not decode is a network error naming why', () => {
    const broken = zlib.gzipSync(TEXT);
    broken[20] = broken[20]! ^ 0xff;
    expect(() => decodeBody(broken, 'gzip', MB)).toThrow(NetworkError);
    expect(() => decodeBody(Buffer.from('not gzip at all'), 'gzip', MB)).toThrow(/Network error talking to the server \(Z_/);
  });

  it('writes its output in pieces about the size it decodes to: one for a page of logs, a few for text that shrinks more', () => {
    // ~8x the compressed size, at least 64 KiB, at most 16 MiB, never much past the limit.
    expect(outputChunk(1_000_000, 100 * MB)).toBe(8_000_000);
    expect(outputChunk(100, 100 * MB)).toBe(64 * 1024);
    expect(outputChunk(10 * MB, 100 * MB)).toBe(16 * 1024 * 1024);
    expect(outputChunk(1_000_000, 2 * MB)).toBe(2 * MB + 1);
    // Text that shrinks 100x is decoded in several pieces, joined to the same bytes.
    const spaces = Buffer.concat([TEXT, Buffer.alloc(3 * MB, 0x20), TEXT]);
    for (const coding of Object.keys(ENCODE)) {
      const body = ENCODE[coding]!(spaces);
      expect(outputChunk(body.length, 10 * MB)).toBeLessThan(spaces.length);
      expect(decodeBody(body, coding, 10 * MB).equals(spaces)).toBe(true);
    }
  });
});
