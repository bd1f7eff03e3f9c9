// Reading a whole history page by page, as the endpoint allows (no filter, no sort, no maximum
// `take`): in order, at most two requests in flight, each sized to answer a few MB (rows that
// carry logs weigh hundreds of KB), within a request budget that leaves the service's rate limit
// to everything else the user runs. New deployments that arrive while it reads push the rows
// down: each request overlaps the last row read, so a shift is seen and corrected — no row is
// read twice and none is skipped. Faults are retried where the scan stopped; every wait is told
// first (onPause); a 429 is waited out as it asks up to what dms honours (10 s), and past that the
// scan stops with it. A server that moves its rows in ways the overlap cannot follow is asked again
// a bounded number of times, then read on by id, flagged (`gaps`); rows sent again are left out
// and counted. A scan ends where the server's count says the history ends: pages that stop short
// of it are asked on from where they stopped, and when no more come the scan stops, saying how
// many of the count it read; a server that keeps sending past its first count (or, with no count,
// past MAX_UNCOUNTED rows) is stopped there, said the same way (MiscountError, exit 12).
// No I/O of its own: the list call is passed in. This file asks for the pages and waits (the
// request budget, faults, 429s); model/scan-reader.ts makes of each answer what it brings.
import type { Deployment, DeploymentPage } from '../api/schemas/deployment.js';
import { RateLimitedError, SLOW_DOWN, isApiError, type ApiError } from '../api/errors.js';
import { ScanReader, ScanStopped, type Asked, type ScanChunk } from '../model/scan-reader.js';

export { MAX_UNCOUNTED, ScanStopped, scanBound, type ScanChunk } from '../model/scan-reader.js';

/** One page of the history; `onWait` is told before the client waits to ask again because the server asked (a 429). */
export type ScanList = (
  skip: number,
  take: number,
  signal?: AbortSignal,
  onWait?: (why: string, ms: number) => void,
) => Promise<DeploymentPage>;

/** What lists an application's deployments a page at a time (the API client does). */
export interface DeploymentLister {
  listDeployments(
    appUuid: string,
    page: { readonly skip?: number; readonly take?: number },
    options: { readonly signal?: AbortSignal; readonly onWait?: (why: string, ms: number) => void },
  ): Promise<DeploymentPage>;
}

/** The list a scan reads: `appUuid`'s deployments through `client`, stopped by the scan or by `signal`. */
export function scanListOf(client: DeploymentLister, appUuid: string, signal?: AbortSignal): ScanList {
  return (skip, take, s, onWait) => client.listDeployments(appUuid, { skip, take }, { signal: s ?? signal, onWait });
}

export interface ScanOptions {
  /** Rows asked for first (default 100); later requests are sized by the bytes per row seen. */
  readonly take?: number;
  /** What one answer should weigh, in characters (default 3 MB). */
  readonly targetChars?: number;
  readonly minTake?: number;
  readonly maxTake?: number;
  /** Requests in flight at once (default 2). */
  readonly inFlight?: number;
  /** Requests the scan may start in any minute (default 120 of the service's ~200). */
  readonly perMinute?: number;
  /** When the server says it allows fewer than this many more requests, the scan waits (default 40). */
  readonly reserve?: number;
  readonly signal?: AbortSignal;
  /** Rows already read (the first page on screen): the scan goes on after the last of them. */
  readonly after?: { readonly read: number; readonly last: Deployment; readonly total: number | null };
  /** Wait before asking again after a fault, doubling each time, plus 5–25 % at random (default 1 s). */
  readonly retryMs?: number;
  /** A number in [0, 1) for the random part of that wait (default Math.random). */
  readonly random?: () => number;
  /** Told before each wait: why, and for how long (the client's own waits after a 429 included). */
  readonly onPause?: (why: string, ms: number) => void;
  readonly now?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The most rows read of a history the server sends no count of (default MAX_UNCOUNTED). */
  readonly maxUncounted?: number;
}

const MINUTE = 60_000;
/** Tries of one request after the client's own retries failed. */
const TRIES = 4;
/** Faults the scan asks again after; any other stops it. */
const PASSING = ['network', 'rate_limited', 'server'];

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The wait before try `tries + 1`: `retryMs` doubling, plus 5–25 % at random. Never a round
 * 1/2/4 s: Node's agent drops an idle keep-alive socket one second before the server's
 * `Keep-Alive: timeout=5` (Apache's and Node's default); a request sent as that timer fired
 * got no answer until the 15 s timeout (the 4 s wait met it on every run, on the search worker).
 */
function backoff(retryMs: number, tries: number, random: () => number): number {
  const base = retryMs * 2 ** (tries - 1);
  return Math.round(base * (1.05 + 0.2 * random()));
}

interface Slot extends Asked {
  readonly answer: Promise<DeploymentPage | ApiError | Error>;
}

/** The requests of one scan: at most `inFlight` at once, within the budget per minute, faults retried. */
class Requests {
  private slots: Slot[] = [];
  /** When each request of the last minute started. */
  private readonly starts: number[] = [];
  /** What the server last said it allows this minute (null: not said since the last wait). */
  private remaining: number | null = null;
  private issuedTo: number;
  private tries = 0;
  private readonly stop = new AbortController();
  private readonly onAbort = () => this.stop.abort();
  private readonly inFlight: number;
  private readonly perMinute: number;
  private readonly reserve: number;
  private readonly retryMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(
    private readonly list: ScanList,
    private readonly reader: ScanReader,
    private readonly options: ScanOptions,
  ) {
    const { inFlight = 2, perMinute = 120, reserve = 40, now = Date.now, sleep = defaultSleep, retryMs = 1000 } = options;
    this.inFlight = inFlight;
    this.perMinute = perMinute;
    this.reserve = reserve;
    this.now = now;
    this.sleep = sleep;
    this.retryMs = retryMs;
    this.issuedTo = reader.read;
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  get stopped(): boolean {
    return this.stop.signal.aborted;
  }

  /** Starts requests until `inFlight` are under way (waiting on the budget); the oldest one's slot and answer, or undefined when stopped. */
  async next(): Promise<{ readonly slot: Slot; readonly answer: DeploymentPage | Error } | undefined> {
    while (this.slots.length < this.inFlight && !this.stopped) {
      await this.budget();
      if (this.stopped) break;
      this.issue(this.slots.length === 0 ? this.reader.read : this.issuedTo);
    }
    if (this.stopped || this.slots.length === 0) return undefined;
    const slot = this.slots.shift()!;
    const answer = await slot.answer;
    if (this.stopped) return undefined;
    if (!(answer instanceof Error)) {
      this.tries = 0;
      if (answer.rateRemaining !== undefined) this.remaining = answer.rateRemaining;
    }
    return { slot, answer };
  }

  /** Drops the requests in flight: the next ones start where the scan stands. */
  again(): void {
    this.slots = [];
    this.issuedTo = this.reader.read;
  }

  /** A request that failed: asked again (smaller, or after a wait) or the scan stops (throws ScanStopped); false: cancelled. */
  async fault(answer: Error, slot: Slot): Promise<boolean> {
    if (isApiError(answer) && answer.kind === 'cancelled') return false;
    // Heavy rows (logs): an answer over the size limit is asked again with half the rows, down to one.
    const asked = slot.take - (slot.start > 0 ? 1 : 0);
    if (isApiError(answer) && answer.kind === 'too_large' && asked > 1) {
      this.reader.halve(asked);
      this.again();
      return true;
    }
    this.tries += 1;
    const limited = answer instanceof RateLimitedError ? answer : undefined;
    // A server that asks for a longer wait than dms honours: stopped with its 429 (exit 6).
    if (this.tries >= TRIES || limited?.tooLong || (isApiError(answer) && !PASSING.includes(answer.kind))) {
      throw new ScanStopped(this.reader.read, answer);
    }
    const wait = limited ? (limited.waitMs ?? limited.maxWaitMs) : backoff(this.retryMs, this.tries, this.options.random ?? Math.random);
    const why = limited ? SLOW_DOWN : answer.message.replace(/\.$/, '');
    this.options.onPause?.(`${why}; going on from where it stopped`, wait);
    await this.sleep(wait, this.stop.signal);
    this.again();
    return true;
  }

  close(): void {
    this.options.signal?.removeEventListener('abort', this.onAbort);
    this.stop.abort();
  }

  /** Waits until the budget allows one more request. */
  private async budget(): Promise<void> {
    const { starts, perMinute } = this;
    for (;;) {
      const t = this.now();
      while (starts.length > 0 && starts[0]! <= t - MINUTE) starts.shift();
      if (starts.length < perMinute && (this.remaining === null || this.remaining > this.reserve)) return;
      const wait = starts.length >= perMinute ? starts[0]! + MINUTE - t : 5000;
      this.options.onPause?.(
        starts.length >= perMinute ? 'keeping under the rate limit' : 'the server allows few more requests this minute',
        wait,
      );
      this.remaining = null; // asked again with the next answer
      await this.sleep(wait, this.stop.signal);
      if (this.stopped) return;
    }
  }

  private issue(start: number): void {
    const overlap = start > 0 ? 1 : 0;
    const skip = Math.max(0, start + this.reader.shift - overlap);
    const n = this.reader.take + overlap;
    this.starts.push(this.now());
    const answer = this.list(skip, n, this.stop.signal, this.options.onPause).catch((e: unknown) =>
      e instanceof Error ? e : new Error(String(e)),
    );
    this.slots.push({ start, take: n, skip, answer });
    this.issuedTo = start + this.reader.take;
  }
}

export async function* scanHistory(list: ScanList, options: ScanOptions = {}): AsyncGenerator<ScanChunk> {
  const reader = new ScanReader(options);
  const requests = new Requests(list, reader, options);
  try {
    for (;;) {
      const next = await requests.next();
      if (next === undefined) return;
      const { slot, answer } = next;
      if (answer instanceof Error) {
        if (!(await requests.fault(answer, slot))) return;
        continue;
      }
      const step = reader.answer(answer, slot);
      for (const chunk of step.chunks) yield chunk;
      if (step.stop) throw step.stop;
      if (step.then === 'end') return;
      if (step.then === 'again') requests.again();
    }
  } finally {
    requests.close();
  }
}
