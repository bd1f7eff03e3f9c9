// A page per entry, read within a budget: the picker's overview and the board. At most `limit`
// requests in flight, every entry shown asked again each period while active, a pause after a
// 429 (doubling while they come), and every request cancelled on close. Results are kept by key;
// an entry no longer shown keeps what it had and is not asked again until it is shown.
import type { DeploymentPage } from '../api/schemas/deployment.js';
import { RateLimitedError } from '../api/errors.js';

/** The longest pause after a 429 (ms). */
const MAX_BACKOFF_MS = 5 * 60_000;

export interface PageSchedulerOptions<T> {
  /** Reads one entry's page. */
  readonly fetch: (key: string, signal: AbortSignal) => Promise<DeploymentPage>;
  /** What a page read means; `before`: what the entry had. */
  readonly read: (page: DeploymentPage, key: string, before: T | undefined) => T;
  /** What a failed read means. */
  readonly fail: (error: unknown, key: string, before: T | undefined) => T;
  readonly limit: number;
  readonly periodMs: number;
}

export interface PageScheduler<T> {
  /** The results so far, by key (a new map after each change). */
  get(): ReadonlyMap<string, T>;
  subscribe(listener: () => void): () => void;
  /** The entries shown: those never asked are queued now. */
  show(keys: readonly string[]): void;
  /** Active: refreshed each period. Inactive (another screen over it): nothing new is asked. */
  setActive(active: boolean): void;
  /** A new period from now on (the board reads faster while something runs). */
  setPeriod(ms: number): void;
  /** Cancels everything; nothing is asked after. */
  close(): void;
  /** Requests in flight now. */
  inFlight(): number;
}

export function createPageScheduler<T>({ fetch, read, fail, limit, periodMs }: PageSchedulerOptions<T>): PageScheduler<T> {
  const results = createResults<T>();
  const backoff = createBackoff(() => period);
  const running = new Map<string, AbortController>();
  let period = periodMs;
  let queue: string[] = [];
  let wanted: readonly string[] = [];
  let active = false;
  let closed = false;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let resume: ReturnType<typeof setTimeout> | undefined;

  const enqueue = (key: string) => {
    if (!running.has(key) && !queue.includes(key)) queue.push(key);
  };

  const pump = () => {
    if (closed || !active) return;
    const wait = backoff.left();
    if (wait > 0) {
      resume ??= setTimeout(() => {
        resume = undefined;
        pump();
      }, wait);
      return;
    }
    // Only what is still shown; the rest waits until it is shown again.
    queue = queue.filter((k) => wanted.includes(k));
    while (running.size < limit && queue.length > 0) start(queue.shift()!);
  };

  const start = (key: string) => {
    const controller = new AbortController();
    running.set(key, controller);
    fetch(key, controller.signal)
      .then(
        (page) => {
          backoff.answered();
          return read(page, key, results.get().get(key));
        },
        (error: unknown) => {
          if (error instanceof RateLimitedError) backoff.limited(error);
          return fail(error, key, results.get().get(key));
        },
      )
      .then(
        (result) => {
          running.delete(key);
          if (controller.signal.aborted || closed) return;
          results.set(key, result);
          pump();
        },
        () => running.delete(key),
      );
  };

  const tick = () => {
    for (const k of wanted) enqueue(k);
    pump();
  };

  const restart = () => {
    clearInterval(ticker);
    ticker = undefined;
    if (!active || closed) return;
    ticker = setInterval(tick, period);
  };

  return {
    get: results.get,
    subscribe: results.subscribe,
    show(keys) {
      wanted = [...keys];
      for (const k of wanted) if (!results.get().has(k)) enqueue(k);
      pump();
    },
    setActive(on) {
      if (closed || on === active) return;
      active = on;
      restart();
      pump();
    },
    setPeriod(ms) {
      if (ms === period) return;
      period = ms;
      restart();
    },
    close() {
      closed = true;
      clearInterval(ticker);
      clearTimeout(resume);
      for (const c of running.values()) c.abort();
      running.clear();
      queue = [];
      results.close();
    },
    inFlight: () => running.size,
  };
}

/** The results by key, and who listens to them: a new map after each change. */
function createResults<T>() {
  let results: ReadonlyMap<string, T> = new Map();
  const listeners = new Set<() => void>();
  return {
    get: () => results,
    set(key: string, value: T) {
      const next = new Map(results);
      next.set(key, value);
      results = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Nobody is told of a change after. */
    close: () => listeners.clear(),
  };
}

/**
 * The pause after a 429: nothing is sent before it ends. Each 429 in a row doubles it (from one
 * period, at least the server's Retry-After, at most MAX_BACKOFF_MS); an answer starts the count again.
 */
function createBackoff(periodMs: () => number) {
  let pausedUntil = 0;
  let limitedInARow = 0;
  return {
    /** How long until the pause ends (ms); 0 or less: none. */
    left: () => pausedUntil - Date.now(),
    answered() {
      limitedInARow = 0;
    },
    limited(error: RateLimitedError) {
      limitedInARow += 1;
      const pause = Math.min(MAX_BACKOFF_MS, Math.max((error.retryAfterSeconds ?? 0) * 1000, periodMs() * 2 ** (limitedInARow - 1)));
      pausedUntil = Math.max(pausedUntil, Date.now() + pause);
    },
  };
}
