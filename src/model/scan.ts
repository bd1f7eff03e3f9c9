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
// No I/O of its own: the list call is passed in.
import type { DmsClient } from '../api/client.js';
import type { Deployment, DeploymentPage } from '../api/schemas/deployment.js';
import { MiscountError, RateLimitedError, SLOW_DOWN, isApiError, type ApiError } from '../api/errors.js';
import { identityOf, keyOfRecord, viewOf } from './deployment.js';
import { thousands } from '../text/thousands.js';

/** One page of the history; `onWait` is told before the client waits to ask again because the server asked (a 429). */
export type ScanList = (skip: number, take: number, signal?: AbortSignal, onWait?: (why: string, ms: number) => void) => Promise<DeploymentPage>;

/** The list a scan reads: `appUuid`'s deployments through `client`, stopped by the scan or by `signal`. */
export function scanListOf(client: Pick<DmsClient, 'listDeployments'>, appUuid: string, signal?: AbortSignal): ScanList {
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
  /** Wait before asking again after a fault, doubling each time (default 1 s). */
  readonly retryMs?: number;
  /** Told before each wait: why, and for how long (the client's own waits after a 429 included). */
  readonly onPause?: (why: string, ms: number) => void;
  readonly now?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The most rows read of a history the server sends no count of (default MAX_UNCOUNTED). */
  readonly maxUncounted?: number;
}

export interface ScanChunk {
  /** The next rows of the history, in order, none seen before. */
  readonly rows: readonly Deployment[];
  /** Rows delivered so far, these included. */
  readonly read: number;
  /** The history's size as the server last said it. */
  readonly total: number | null;
  /** The history moved in a way the overlap could not follow: rows may be missing. */
  readonly gaps: boolean;
  /** Rows left out so far because one with the same id (or uuid) was read before. */
  readonly repeated: number;
}

/** The scan could not go on: how far it got, and why. */
export class ScanStopped extends Error {
  constructor(readonly read: number, readonly reason: unknown) {
    super(`stopped after ${thousands(read)} deployments: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'ScanStopped';
  }
}

const MINUTE = 60_000;
/** Tries of one request after the client's own retries failed. */
const TRIES = 4;
/** Faults the scan asks again after; any other stops it. */
const PASSING = ['network', 'rate_limited', 'server'];
/**
 * Answers in a row that bring nothing new: up to this many, the scan asks again where the count
 * says its rows went; past it the count is not followed (read on by id), and after as many
 * answers with nothing new in them the scan ends, flagged.
 */
const IDLE = 2;

/** Rows past its first count a scan reads before it calls a history endless: a tenth of the count, at least this many. */
const COUNT_MARGIN = 300;
/** The most rows read of a history without a count: twenty times the largest dms is measured on (50,000). */
export const MAX_UNCOUNTED = 1_000_000;

/** The most rows a scan reads of a history its first answer counted `count` deployments of (null: no count). */
export function scanBound(count: number | null, uncounted = MAX_UNCOUNTED): number {
  return count === null ? uncounted : count + Math.max(Math.ceil(count / 10), COUNT_MARGIN);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() { clearTimeout(t); signal?.removeEventListener('abort', done); resolve(); }
    signal?.addEventListener('abort', done, { once: true });
  });
}

interface Slot {
  /** Position (in the history as it was when the scan began) of the first row it should bring. */
  readonly start: number;
  readonly take: number;
  /** Where it asked: one row before `start` (the overlap), shifted by what arrived since. */
  readonly skip: number;
  readonly answer: Promise<DeploymentPage | ApiError | Error>;
}

export async function* scanHistory(list: ScanList, options: ScanOptions = {}): AsyncGenerator<ScanChunk> {
  const {
    targetChars = 3_000_000, minTake = 5, maxTake = 1000, inFlight = 2, perMinute = 120, reserve = 40,
    signal, onPause, now = Date.now, sleep = defaultSleep, retryMs = 1000, maxUncounted = MAX_UNCOUNTED,
  } = options;
  let take = Math.min(maxTake, Math.max(minTake, options.take ?? 100));
  /** After an answer refused as too big: the most rows asked for from then on (may be under minTake). */
  let ceiling = maxTake;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });

  let read = 0; // rows delivered = position of the next one
  let lastKey: string | null = null;
  let lastId: number | null = null;
  let shift = 0; // rows that arrived above since the scan began
  let firstTotal: number | null | undefined;
  if (options.after && options.after.read > 0) {
    read = options.after.read;
    lastKey = keyOfRecord(options.after.last, read - 1);
    lastId = viewOf(options.after.last).id;
    firstTotal = options.after.total;
  }
  let total: number | null = null;
  /** The count the scan is bounded by: the first one given (the page on screen's, else the first answer's). */
  let announced: number | null = options.after && options.after.read > 0 ? options.after.total : null;
  let gaps = false;
  /**
   * Who the rows of the last two answers that brought any were (id, else uuid): a row sent again
   * (in the same page, or in every page) is left out. Two answers, not the whole history: the
   * memory a scan holds stays the same however long the history is.
   */
  let seen = new Set<number | string>();
  let seenBefore = new Set<number | string>();
  let repeated = 0;
  /** What the last chunk given out said of `gaps` and `repeated`. */
  let told = { gaps: false, repeated: 0 };
  const chunk = (rows: readonly Deployment[]): ScanChunk => {
    told = { gaps, repeated };
    return { rows, read, total, gaps, repeated };
  };
  let issuedTo = read;
  let slots: Slot[] = [];
  const starts: number[] = [];
  let remaining: number | null = null;
  /** What the server's last count says the history being read holds (rows that arrived above it left out). */
  const counted = () => (total === null ? null : total - shift);
  /** Its count says there is more than was read (said only when the reading followed the history throughout). */
  const short = () => { const c = counted(); return !gaps && c !== null && read < c; };
  const miscount = (past: boolean) => new ScanStopped(read, new MiscountError(read, past ? announced : counted(), past));

  /** Waits until the budget allows one more request. */
  async function budget(): Promise<void> {
    for (;;) {
      const t = now();
      while (starts.length > 0 && starts[0]! <= t - MINUTE) starts.shift();
      if (starts.length < perMinute && (remaining === null || remaining > reserve)) return;
      const wait = starts.length >= perMinute ? starts[0]! + MINUTE - t : 5000;
      onPause?.(starts.length >= perMinute ? 'keeping under the rate limit' : 'the server allows few more requests this minute', wait);
      remaining = null; // asked again with the next answer
      await sleep(wait, stop.signal);
      if (stop.signal.aborted) return;
    }
  }

  function issue(start: number): void {
    const overlap = start > 0 ? 1 : 0;
    const skip = Math.max(0, start + shift - overlap);
    const n = take + overlap;
    starts.push(now());
    const answer = list(skip, n, stop.signal, onPause).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    slots.push({ start, take: n, skip, answer });
    issuedTo = start + take;
  }

  try {
    let tries = 0;
    let idle = 0; // answers in a row that brought nothing new (see IDLE)
    for (;;) {
      while (slots.length < inFlight && !stop.signal.aborted) {
        await budget();
        if (stop.signal.aborted) break;
        issue(slots.length === 0 ? read : issuedTo);
      }
      if (stop.signal.aborted || slots.length === 0) return;
      const slot = slots.shift()!;
      const answer = await slot.answer;
      if (stop.signal.aborted) return;
      const again = () => { slots = []; issuedTo = read; };

      if (answer instanceof Error) {
        if (isApiError(answer) && answer.kind === 'cancelled') return;
        // Heavy rows (logs): an answer over the size limit is asked again with half the rows, down to one.
        const asked = slot.take - (slot.start > 0 ? 1 : 0);
        if (isApiError(answer) && answer.kind === 'too_large' && asked > 1) {
          take = ceiling = Math.min(take, Math.max(1, Math.floor(asked / 2)));
          again();
          continue;
        }
        tries += 1;
        const limited = answer instanceof RateLimitedError ? answer : undefined;
        // A server that asks for a longer wait than dms honours: stopped with its 429 (exit 6).
        if (tries >= TRIES || limited?.tooLong || (isApiError(answer) && !PASSING.includes(answer.kind))) {
          throw new ScanStopped(read, answer);
        }
        const wait = limited ? limited.waitMs ?? limited.maxWaitMs : retryMs * 2 ** (tries - 1);
        const why = limited ? SLOW_DOWN : answer.message.replace(/\.$/, '');
        onPause?.(`${why}; going on from where it stopped`, wait);
        await sleep(wait, stop.signal);
        again();
        continue;
      }
      tries = 0;
      if (answer.rateRemaining !== undefined) remaining = answer.rateRemaining;
      total = answer.total;
      if (firstTotal === undefined) firstTotal = answer.total;
      announced ??= answer.total;
      const rows = answer.deployments;
      if (answer.chars && rows.length > 0) {
        take = Math.min(ceiling, maxTake, Math.max(minTake, Math.floor(targetChars / Math.max(1, answer.chars / rows.length))));
      }

      // Where the last row read is in this answer: the rows after it are new.
      let from = 0;
      if (read > 0) {
        const at = rows.findIndex((d, i) => keyOfRecord(d, slot.skip + i) === lastKey);
        if (at >= 0) {
          from = at + 1;
          shift = slot.skip + at - (read - 1);
        } else {
          // Asked before the answer in front of it moved things, or the history moved further than
          // the overlap shows: ask again from where the scan stands, by the count when there is one.
          // A count that moves with every answer (or rows that keep moving) is followed IDLE times.
          const byCount = total !== null && firstTotal != null ? total - firstTotal : shift;
          if ((slot.start !== read || byCount !== shift) && idle < IDLE) {
            idle += 1;
            shift = byCount;
            again();
            continue;
          }
          if (rows.length === 0) {
            // Nothing where the count says more should be: the server sends no more than this.
            if (short()) throw miscount(false);
            // The history is shorter than what was read: rows were removed meanwhile, and without
            // a count it cannot be told whether any of them moved up past the scan.
            gaps = true;
            yield chunk([]);
            return;
          }
          // Not where it should be whatever the count says: take what is older than the last row read.
          gaps = true;
          from = lastId === null ? 0 : rows.findIndex((d) => { const id = viewOf(d).id; return id !== null && id < lastId!; });
          if (from < 0) from = rows.length;
        }
      }
      // The rows after it, less any read before (a server that repeats a row, in a page or across pages).
      const fresh: Deployment[] = [];
      let lastFresh = -1;
      for (let i = from; i < rows.length; i++) {
        const identity = identityOf(rows[i]!);
        if (identity !== null) {
          const sentBefore = seen.has(identity) || seenBefore.has(identity);
          // (Kept in view: a row a server puts in every page is left out of every page.)
          seen.add(identity);
          if (sentBefore) { repeated += 1; continue; }
        }
        fresh.push(rows[i]!);
        lastFresh = i;
      }
      const end = rows.length < slot.take;
      // A history longer than its first count allows (or, without one, than dms reads): read up to there, then stopped.
      const room = scanBound(announced, maxUncounted) - read;
      if (fresh.length > room) {
        const kept = fresh.slice(0, Math.max(0, room));
        read += kept.length;
        if (kept.length > 0) yield chunk(kept);
        throw miscount(true);
      }
      if (fresh.length > 0) {
        seenBefore = seen;
        seen = new Set();
        idle = 0;
        read += fresh.length;
        lastKey = keyOfRecord(rows[lastFresh]!, slot.skip + lastFresh);
        lastId = viewOf(fresh[fresh.length - 1]!).id;
        yield chunk(fresh);
      }
      if (end) {
        if (short()) {
          // A page cut short while the count says more (a server that caps `take`): asked on from
          // where the scan stands; an answer with nothing new there ends it, said.
          if (fresh.length === 0) throw miscount(false);
          again();
          continue;
        }
        // A gap or a repeat seen in this last answer is said even when it brought nothing new.
        if (gaps !== told.gaps || repeated !== told.repeated) yield chunk([]);
        return;
      }
      if (fresh.length === 0) {
        // Everything in the answer was read already: the rows moved by a whole request. A server
        // that ignores `skip` answers the same rows every time: two such answers end the scan.
        idle += 1;
        if (idle >= IDLE) {
          gaps = true;
          yield chunk([]);
          return;
        }
        again();
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}
