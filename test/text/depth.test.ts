// Server values nested deeper than any recursion can follow: 10 KB of `[` is 5,000 levels, and
// JSON.parse reads a million. Masking, display and printing must never overflow the stack.
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, TOO_DEEP, boundDepth, safeStringify, sameJson } from '../../src/text/depth.js';
import { display } from '../../src/text/sanitize.js';
import { MASK_SET, maskOwnRecord, maskRecord } from '../../src/text/secrets.js';

/** `depth` nested arrays around `inner`, parsed from text as a server would send them. */
function nested(depth: number, inner = '"https://u:pw@host/x"'): unknown {
  return JSON.parse(`${'['.repeat(depth)}${inner}${']'.repeat(depth)}`);
}

/** How deep a value nests (iteratively: no recursion of our own). */
function depthOf(value: unknown): number {
  let depth = 0;
  for (let v = value; Array.isArray(v) || (v !== null && typeof v === 'object'); depth++) {
    v = Array.isArray(v) ? v[0] : Object.values(v as object)[0];
  }
  return depth;
}

describe.each([5_000, 100_000])('a value %i levels deep', (depth) => {
  const record = () => ({ id: 1, status: 'finished', deep: nested(depth), http_basic_auth_password: 'pw' });

  it('is masked without overflowing the stack, deep parts as a placeholder', () => {
    const masked = maskRecord(record());
    expect(masked.http_basic_auth_password).toBe(MASK_SET);
    expect(depthOf(masked.deep)).toBe(MAX_DEPTH);
    expect(JSON.stringify(masked)).toContain(`"${TOO_DEEP}"`);
    // The string deep down is never reached, so never shown (placeholder instead).
    expect(JSON.stringify(masked)).not.toContain('pw@');
  });

  it('is masked in place (a record printed and dropped) the same way', () => {
    const masked = maskOwnRecord(record());
    expect(() => JSON.stringify(masked, null, 2)).not.toThrow();
    expect(JSON.stringify(masked)).toContain(TOO_DEEP);
  });

  it('is bounded without masking (--show-secrets) and stringifies', () => {
    const shown = boundDepth(record());
    expect(shown.http_basic_auth_password).toBe('pw');
    expect(safeStringify(shown, 2)).toContain(TOO_DEEP);
    expect(safeStringify(record())).toContain(TOO_DEEP);
  });

  it('shows as a display line', () => {
    const line = display(record());
    expect(line).toContain(TOO_DEEP);
    expect(line.length).toBeLessThan(1000);
  });

  it('compares with sameJson, equal and not', () => {
    expect(sameJson(nested(depth), nested(depth))).toBe(true);
    expect(sameJson(nested(depth), nested(depth, '"other"'))).toBe(false);
    expect(sameJson(nested(depth), nested(depth - 1))).toBe(false);
  });
});

describe('boundDepth', () => {
  it('returns a value within the limit as it is (no copy)', () => {
    const value = { a: [1, { b: [2] }], c: 'x' };
    expect(boundDepth(value)).toBe(value);
    const edge = nested(MAX_DEPTH, '1');
    expect(boundDepth(edge)).toBe(edge);
  });

  it('copies only the way to a part that is too deep, keeping a `__proto__` key as data', () => {
    const value = JSON.parse(
      `{"__proto__": 1, "keep": {"x": 1}, "deep": ${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}}`,
    ) as Record<string, unknown>;
    const out = boundDepth(value) as Record<string, unknown>;
    expect(out).not.toBe(value);
    expect(out.keep).toBe(value.keep);
    expect(Object.keys(out)).toEqual(['__proto__', 'keep', 'deep']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(depthOf(out.deep)).toBe(MAX_DEPTH);
  });
});

describe('sameJson', () => {
  it('compares objects by keys in any order, arrays in order', () => {
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: null }, { b: null })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });

  it('compares 130,000 elements without spreading them', () => {
    const many = () => Array.from({ length: 130_000 }, (_, i) => ({ i }));
    expect(sameJson(many(), many())).toBe(true);
  });
});
