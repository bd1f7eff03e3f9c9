// A rolling one-minute window per caller: over the limit, the caller waits until its
// oldest request in the window is a minute old.

const WINDOW_MS = 60_000;

export type Verdict =
  { readonly allowed: true; readonly remaining: number } | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface RateLimiter {
  hit(key: string, now: number): Verdict;
}

export function createRateLimiter(perMinute: number): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    hit(key, now) {
      const recent = (hits.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
      if (recent.length >= perMinute) {
        hits.set(key, recent);
        const oldest = recent[0] ?? now;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000)) };
      }
      recent.push(now);
      hits.set(key, recent);
      return { allowed: true, remaining: perMinute - recent.length };
    },
  };
}
