// A least-recently-used cache of byte buffers bounded by their total size, so the demo keeps the
// logs it was asked for lately and forgets the rest.

export interface BufferCache {
  get(key: string): Buffer | undefined;
  set(key: string, value: Buffer): void;
  /** Bytes held in all. */
  readonly size: number;
}

export function createBufferCache(maxBytes: number): BufferCache {
  const entries = new Map<string, Buffer>();
  let size = 0;
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // A Map keeps insertion order: the first key is the least recently used.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      const old = entries.get(key);
      if (old !== undefined) {
        size -= old.length;
        entries.delete(key);
      }
      if (value.length > maxBytes) return;
      entries.set(key, value);
      size += value.length;
      for (const [k, v] of entries) {
        if (size <= maxBytes) break;
        entries.delete(k);
        size -= v.length;
      }
    },
    get size() {
      return size;
    },
  };
}
