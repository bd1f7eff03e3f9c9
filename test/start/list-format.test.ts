// The stand-in for Intl.ListFormat in dms's bundles (scripts/stubs/list-format.mjs): it makes the
// real one only when first asked to format, and formats as it does.
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs of the build's, without types
import { LazyListFormat } from '../../scripts/stubs/list-format.mjs';

const Real = Intl.ListFormat;
/** Intl.ListFormat replaced for a test (typed read-only, writable at run time). */
const setListFormat = (to: typeof Intl.ListFormat) => Reflect.set(Intl, 'ListFormat', to);
afterEach(() => {
  setListFormat(Real);
});

describe('LazyListFormat', () => {
  it('makes no Intl.ListFormat until it formats, then one, kept', () => {
    let made = 0;
    setListFormat(
      class extends Real {
        constructor(...args: ConstructorParameters<typeof Real>) {
          super(...args);
          made++;
        }
      },
    );
    const list = new LazyListFormat('en', { style: 'long', type: 'conjunction' });
    expect(made).toBe(0);
    list.format(['a', 'b']);
    list.format(['a', 'b', 'c']);
    expect(made).toBe(1);
  });

  it('formats, splits and reports its options as Intl.ListFormat does', () => {
    for (const type of ['conjunction', 'disjunction'] as const) {
      const real = new Real('en', { style: 'long', type });
      const lazy = new LazyListFormat('en', { style: 'long', type });
      for (const list of [[], ['`string`'], ['`string`', '`number`'], ['a', 'b', 'c']]) {
        expect(lazy.format(list)).toBe(real.format(list));
        expect(lazy.formatToParts(list)).toEqual(real.formatToParts(list));
      }
      expect(lazy.resolvedOptions()).toEqual(real.resolvedOptions());
    }
    expect(new LazyListFormat('en', { type: 'disjunction' }).format(['x', 'y', 'z'])).toBe('x, y, or z');
  });

  it('throws where Intl.ListFormat throws: on what it cannot format', () => {
    expect(() => new LazyListFormat('en').format([1 as unknown as string])).toThrow(TypeError);
  });
});
