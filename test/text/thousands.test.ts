import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { thousands } from '../../src/text/thousands.js';

describe('thousands', () => {
  it('writes what toLocaleString("en-US") writes for whole numbers', () => {
    fc.assert(fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => thousands(n) === n.toLocaleString('en-US')));
    for (const n of [0, 7, 999, 1000, 50_000, 1_234_567]) expect(thousands(n)).toBe(n.toLocaleString('en-US'));
  });

  it('keeps up to three decimals and says what is not a number', () => {
    expect(thousands(1234.5)).toBe('1,234.5');
    expect(thousands(NaN)).toBe('NaN');
    expect(thousands(Infinity)).toBe('Infinity');
  });
});
