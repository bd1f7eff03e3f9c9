// Compressed bodies decoded once whole (src/api/decode.ts): every coding dms asks for, codings
// applied one over another, what it leaves alone, the size limit counted on the decoded bytes.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ACCEPT_ENCODING, decodeBody, decodedSize, outputChunk } from '../../src/api/decode.js';
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

  it("reads the decoded size a body states: a zstd frame's content size, gzip's last four bytes", () => {
    expect(decodedSize(zlib.gzipSync(TEXT), 'gzip')).toBe(TEXT.length);
    if (hasZstd) {
      expect(decodedSize(zlib.zstdCompressSync(TEXT), 'zstd')).toBe(TEXT.length);
      expect(decodedSize(zlib.zstdCompressSync(Buffer.from('short')), 'zstd')).toBe(5);
      expect(decodedSize(zlib.zstdCompressSync(Buffer.alloc(300, 0x61)), 'zstd')).toBe(300);
      // A frame written as a stream does not know its size: no guess from its header.
      const streamed = zlib.zstdCompressSync(TEXT, { params: { [zlib.constants.ZSTD_c_contentSizeFlag]: 0 } });
      expect(decodedSize(streamed, 'zstd')).toBeUndefined();
    }
    // Hand-made frame headers: each size field width, with and without a window byte and a dictionary id.
    const frame = (descriptor: number, ...rest: number[]) => Buffer.from([0x28, 0xb5, 0x2f, 0xfd, descriptor, ...rest]);
    expect(decodedSize(frame(0x20, 200), 'zstd')).toBe(200);
    expect(decodedSize(frame(0x40, 0x58, 0x10, 0x00), 'zstd')).toBe(16 + 256);
    expect(decodedSize(frame(0x81, 0x58, 0x07, 0x00, 0x00, 0x10, 0x00), 'zstd')).toBe(0x100000);
    expect(decodedSize(frame(0xc0, 0x58, 1, 0, 0, 0, 1, 0, 0, 0), 'zstd')).toBe(2 ** 32 + 1);
    expect(decodedSize(frame(0x80, 0x58, 0x07), 'zstd')).toBeUndefined();
    expect(decodedSize(Buffer.from('not a frame at all'), 'zstd')).toBeUndefined();
    expect(decodedSize(zlib.brotliCompressSync(TEXT), 'br')).toBeUndefined();
    // got hands over a Uint8Array, not a Buffer, often a view into a larger one.
    const gz = zlib.gzipSync(TEXT);
    const inside = new Uint8Array(gz.length + 9);
    inside.set(gz, 7);
    const view = inside.subarray(7, 7 + gz.length);
    expect(decodedSize(view, 'gzip')).toBe(TEXT.length);
    expect(Buffer.from(decodeBody(view as Buffer, 'gzip', MB)).equals(TEXT)).toBe(true);
    if (hasZstd) {
      const zs = zlib.zstdCompressSync(TEXT);
      const around = new Uint8Array(zs.length + 3);
      around.set(zs, 3);
      expect(decodedSize(around.subarray(3), 'zstd')).toBe(TEXT.length);
      expect(Buffer.from(decodeBody(around.subarray(3) as Buffer, 'zstd', MB)).equals(TEXT)).toBe(true);
    }
  });

  it('writes its output in pieces of the size the body states, else ~10x it, within 64 KiB–16 MiB and the limit', () => {
    const gz = zlib.gzipSync(TEXT);
    expect(outputChunk(gz, 'gzip', 100 * MB)).toBe(Math.max(64 * 1024, TEXT.length + 64));
    const big = Buffer.concat([TEXT, Buffer.alloc(2 * MB, 0x61)]);
    expect(outputChunk(zlib.gzipSync(big), 'gzip', 100 * MB)).toBe(big.length + 64);
    expect(outputChunk(zlib.gzipSync(big), 'gzip', MB)).toBe(MB + 1);
    const br = zlib.brotliCompressSync(big);
    expect(outputChunk(br, 'br', 100 * MB)).toBe(Math.max(64 * 1024, br.length * 10));
    expect(outputChunk(Buffer.alloc(5 * MB), 'br', 100 * MB)).toBe(16 * 1024 * 1024);
    // A size a body claims is a hint, bounded: the output still stops at the limit.
    const liar = zlib.gzipSync(TEXT);
    liar.writeUInt32LE(0xffffffff, liar.length - 4);
    expect(outputChunk(liar, 'gzip', 100 * MB)).toBe(16 * 1024 * 1024);
  });

  it('decodes text that shrinks far more than the guess in several pieces, joined to the same bytes', () => {
    const spaces = Buffer.concat([TEXT, Buffer.alloc(3 * MB, 0x20), TEXT]);
    for (const coding of Object.keys(ENCODE)) {
      const body = ENCODE[coding]!(spaces);
      expect(decodeBody(body, coding, 10 * MB).equals(spaces)).toBe(true);
    }
    if (hasZstd) {
      const streamed = zlib.zstdCompressSync(spaces, { params: { [zlib.constants.ZSTD_c_contentSizeFlag]: 0 } });
      expect(outputChunk(streamed, 'zstd', 10 * MB)).toBeLessThan(spaces.length);
      expect(decodeBody(streamed, 'zstd', 10 * MB).equals(spaces)).toBe(true);
    }
  });
});
