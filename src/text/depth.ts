// Values from a server can nest arrays and objects as deep as they like: 10 KB of `[` is 5,000
// levels, and JSON.parse reads a million (it does not recurse). Everything that walks such a value
// recursively (JSON.stringify, masking, structured clone) overflows the stack near 4,000 levels, so
// whatever shows or prints a server value walks at most MAX_DEPTH levels: deeper values are shown
// as TOO_DEEP, and the walks themselves never recurse further than that.

/** Deepest nesting shown; real records nest a handful of levels. */
export const MAX_DEPTH = 100;

/** What stands for an array or object nested deeper than MAX_DEPTH. */
export const TOO_DEEP = '[nested too deep]';

/** Sets a key as data, even `__proto__` (which plain assignment would take as the prototype). */
export function putKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * The value with every array or object nested deeper than `max` levels (the value itself is
 * level 0) replaced by TOO_DEEP. Returned as it is when nothing is that deep (no copy); otherwise
 * the arrays and objects on the way to a deep part are copied (own enumerable keys).
 */
export function boundDepth<T>(value: T, max: number = MAX_DEPTH): T {
  return bound(value, 0, max) as T;
}

function bound(value: unknown, depth: number, max: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > max) return TOO_DEEP;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v === null || typeof v !== 'object') continue;
      const b = bound(v, depth + 1, max);
      if (b !== v) (out ??= value.slice())[i] = b;
    }
    return out ?? value;
  }
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(record)) {
    const v = record[k];
    if (v === null || typeof v !== 'object') continue;
    const b = bound(v, depth + 1, max);
    if (b === v) continue;
    out ??= { ...record };
    putKey(out, k, b);
  }
  return out ?? value;
}

/**
 * JSON.stringify that cannot overflow the stack: values nested deeper than MAX_DEPTH are written
 * as TOO_DEEP. `undefined` for what JSON.stringify gives undefined for.
 */
export function safeStringify(value: unknown, indent?: number): string | undefined {
  return JSON.stringify(boundDepth(value), null, indent);
}

/**
 * Whether two JSON values are equal (same keys in any order, same elements in order), without
 * recursion: any depth, any size.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') {
      if (typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y)) continue;
      return false;
    }
    const xa = Array.isArray(x);
    if (xa !== Array.isArray(y)) return false;
    if (xa) {
      const ya = y as unknown[];
      if (x.length !== ya.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], ya[i]]);
      continue;
    }
    const xr = x as Record<string, unknown>;
    const yr = y as Record<string, unknown>;
    const keys = Object.keys(xr);
    if (keys.length !== Object.keys(yr).length) return false;
    for (const k of keys) {
      if (!Object.prototype.hasOwnProperty.call(yr, k)) return false;
      stack.push([xr[k], yr[k]]);
    }
  }
  return true;
}
