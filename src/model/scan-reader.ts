// What a history scan makes of each answer (search/scan.ts asks for the pages): where the last row read
// is in it (the overlap), which rows are new, what the server's count says, how many rows to ask
// for next. Pure: no clock, no requests; the tests of search/scan.ts drive it through scanHistory.
import type { Deployment, DeploymentPage } from '../api/schemas/deployment.js';
import { MiscountError } from '../api/errors.js';
import { identityOf, keyOfRecord, viewOf } from './deployment.js';
import { thousands } from '../text/thousands.js';

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
  constructor(
    readonly read: number,
    readonly reason: unknown,
  ) {
    super(`stopped after ${thousands(read)} deployments: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'ScanStopped';
  }
}

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

/** A request as the reader sees it. */
export interface Asked {
  /** Position (in the history as it was when the scan began) of the first row it should bring. */
  readonly start: number;
  readonly take: number;
  /** Where it asked: one row before `start` (the overlap), shifted by what arrived since. */
  readonly skip: number;
}

/** What the reader's options are (ScanOptions, search/scan.ts). */
export interface ReaderOptions {
  readonly take?: number;
  readonly targetChars?: number;
  readonly minTake?: number;
  readonly maxTake?: number;
  readonly after?: { readonly read: number; readonly last: Deployment; readonly total: number | null };
  readonly maxUncounted?: number;
}

/**
 * What to do after an answer: give out `chunks`, then throw `stop`, or `end` the scan, ask
 * `again` from where it stands, or go `on` with the requests in flight.
 */
export interface Step {
  readonly chunks: readonly ScanChunk[];
  readonly stop?: ScanStopped;
  readonly then: 'end' | 'again' | 'on';
}

export class ScanReader {
  /** Rows asked for next; sized by the bytes per row seen. */
  take: number;
  /** After an answer refused as too big: the most rows asked for from then on (may be under minTake). */
  private ceiling: number;
  /** Rows delivered = position of the next one. */
  read = 0;
  /** Rows that arrived above since the scan began. */
  shift = 0;
  private lastKey: string | null = null;
  private lastId: number | null = null;
  private firstTotal: number | null | undefined;
  private total: number | null = null;
  /** The count the scan is bounded by: the first one given (the page on screen's, else the first answer's). */
  private announced: number | null = null;
  private gaps = false;
  /**
   * Who the rows of the last two answers that brought any were (id, else uuid): a row sent again
   * (in the same page, or in every page) is left out. Two answers, not the whole history: the
   * memory a scan holds stays the same however long the history is.
   */
  private seen = new Set<number | string>();
  private seenBefore = new Set<number | string>();
  private repeated = 0;
  /** What the last chunk given out said of `gaps` and `repeated`. */
  private told = { gaps: false, repeated: 0 };
  /** Answers in a row that brought nothing new (see IDLE). */
  private idle = 0;
  private readonly targetChars: number;
  private readonly minTake: number;
  private readonly maxTake: number;
  private readonly maxUncounted: number;

  constructor(options: ReaderOptions) {
    const { targetChars = 3_000_000, minTake = 5, maxTake = 1000, maxUncounted = MAX_UNCOUNTED, after } = options;
    this.targetChars = targetChars;
    this.minTake = minTake;
    this.maxTake = maxTake;
    this.maxUncounted = maxUncounted;
    this.take = Math.min(maxTake, Math.max(minTake, options.take ?? 100));
    this.ceiling = maxTake;
    if (after && after.read > 0) {
      this.read = after.read;
      this.lastKey = keyOfRecord(after.last, this.read - 1);
      this.lastId = viewOf(after.last).id;
      this.firstTotal = after.total;
      this.announced = after.total;
    }
  }

  /** An answer over the size limit for `asked` rows: ask half as many from now on, down to one. */
  halve(asked: number): void {
    this.take = this.ceiling = Math.min(this.take, Math.max(1, Math.floor(asked / 2)));
  }

  /** What `answer` to the request `asked` brings, and what the scan does next. */
  answer(answer: DeploymentPage, asked: Asked): Step {
    this.total = answer.total;
    if (this.firstTotal === undefined) this.firstTotal = answer.total;
    this.announced ??= answer.total;
    const rows = answer.deployments;
    if (answer.chars && rows.length > 0) {
      this.take = Math.min(
        this.ceiling,
        this.maxTake,
        Math.max(this.minTake, Math.floor(this.targetChars / Math.max(1, answer.chars / rows.length))),
      );
    }
    const from = this.newFrom(rows, asked);
    if (typeof from !== 'number') return from;
    return this.fresh(rows, from, asked);
  }

  private chunk(rows: readonly Deployment[]): ScanChunk {
    this.told = { gaps: this.gaps, repeated: this.repeated };
    return { rows, read: this.read, total: this.total, gaps: this.gaps, repeated: this.repeated };
  }

  /** What the server's last count says the history being read holds (rows that arrived above it left out). */
  private counted(): number | null {
    return this.total === null ? null : this.total - this.shift;
  }

  /** Its count says there is more than was read (said only when the reading followed the history throughout). */
  private short(): boolean {
    const c = this.counted();
    return !this.gaps && c !== null && this.read < c;
  }

  private miscount(past: boolean): ScanStopped {
    return new ScanStopped(this.read, new MiscountError(this.read, past ? this.announced : this.counted(), past));
  }

  /** Where the last row read is in this answer: the rows from the index returned are new (or the step to take instead). */
  private newFrom(rows: readonly Deployment[], asked: Asked): number | Step {
    if (this.read === 0) return 0;
    const at = rows.findIndex((d, i) => keyOfRecord(d, asked.skip + i) === this.lastKey);
    if (at >= 0) {
      this.shift = asked.skip + at - (this.read - 1);
      return at + 1;
    }
    // Asked before the answer in front of it moved things, or the history moved further than
    // the overlap shows: ask again from where the scan stands, by the count when there is one.
    // A count that moves with every answer (or rows that keep moving) is followed IDLE times.
    const byCount = this.total !== null && this.firstTotal != null ? this.total - this.firstTotal : this.shift;
    if ((asked.start !== this.read || byCount !== this.shift) && this.idle < IDLE) {
      this.idle += 1;
      this.shift = byCount;
      return { chunks: [], then: 'again' };
    }
    if (rows.length === 0) {
      // Nothing where the count says more should be: the server sends no more than this.
      if (this.short()) return { chunks: [], stop: this.miscount(false), then: 'end' };
      // The history is shorter than what was read: rows were removed meanwhile, and without
      // a count it cannot be told whether any of them moved up past the scan.
      this.gaps = true;
      return { chunks: [this.chunk([])], then: 'end' };
    }
    // Not where it should be whatever the count says: take what is older than the last row read.
    this.gaps = true;
    const lastId = this.lastId;
    const from =
      lastId === null
        ? 0
        : rows.findIndex((d) => {
            const id = viewOf(d).id;
            return id !== null && id < lastId;
          });
    return from < 0 ? rows.length : from;
  }

  /** The rows from `from` on, less any read before (a server that repeats a row, in a page or across pages). */
  private fresh(rows: readonly Deployment[], from: number, asked: Asked): Step {
    const fresh: Deployment[] = [];
    let lastFresh = -1;
    for (let i = from; i < rows.length; i++) {
      const identity = identityOf(rows[i]!);
      if (identity !== null) {
        const sentBefore = this.seen.has(identity) || this.seenBefore.has(identity);
        // (Kept in view: a row a server puts in every page is left out of every page.)
        this.seen.add(identity);
        if (sentBefore) {
          this.repeated += 1;
          continue;
        }
      }
      fresh.push(rows[i]!);
      lastFresh = i;
    }
    // A history longer than its first count allows (or, without one, than dms reads): read up to there, then stopped.
    const room = scanBound(this.announced, this.maxUncounted) - this.read;
    if (fresh.length > room) {
      const kept = fresh.slice(0, Math.max(0, room));
      this.read += kept.length;
      return { chunks: kept.length > 0 ? [this.chunk(kept)] : [], stop: this.miscount(true), then: 'end' };
    }
    const chunks: ScanChunk[] = [];
    if (fresh.length > 0) {
      this.seenBefore = this.seen;
      this.seen = new Set();
      this.idle = 0;
      this.read += fresh.length;
      this.lastKey = keyOfRecord(rows[lastFresh]!, asked.skip + lastFresh);
      this.lastId = viewOf(fresh[fresh.length - 1]!).id;
      chunks.push(this.chunk(fresh));
    }
    return this.after(chunks, fresh.length, rows.length < asked.take);
  }

  /** What follows an answer that brought `fresh` new rows (`end`: fewer rows than asked). */
  private after(chunks: ScanChunk[], fresh: number, end: boolean): Step {
    if (end) {
      if (this.short()) {
        // A page cut short while the count says more (a server that caps `take`): asked on from
        // where the scan stands; an answer with nothing new there ends it, said.
        if (fresh === 0) return { chunks, stop: this.miscount(false), then: 'end' };
        return { chunks, then: 'again' };
      }
      // A gap or a repeat seen in this last answer is said even when it brought nothing new.
      if (this.gaps !== this.told.gaps || this.repeated !== this.told.repeated) chunks.push(this.chunk([]));
      return { chunks, then: 'end' };
    }
    if (fresh > 0) return { chunks, then: 'on' };
    // Everything in the answer was read already: the rows moved by a whole request. A server
    // that ignores `skip` answers the same rows every time: two such answers end the scan.
    this.idle += 1;
    if (this.idle >= IDLE) {
      this.gaps = true;
      chunks.push(this.chunk([]));
      return { chunks, then: 'end' };
    }
    return { chunks, then: 'again' };
  }
}
