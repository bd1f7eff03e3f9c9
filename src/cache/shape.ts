// What a cache file holds, and the check a file read back must pass: anything else (another
// version, another shape, a file of another server or application under the same name) is
// "nothing cached". The checks are strict where a screen would trip over a wrong type (a row that
// does not fit the deployment contract, a reason of an unknown kind) and cheap (a page of 24 rows:
// well under a millisecond).
import type { Deployment } from '../api/schemas/deployment.js';
import { fitsContract } from '../api/schemas/deployment-fields.js';
import type { LogEntry } from '../model/log.js';
import type { Reason } from '../model/reason.js';

/** The version of the files' layout: a file of another is passed over and removed. */
export const VERSION = 1;

/** One page as dms showed it. */
export interface CachedPage {
  readonly skip: number;
  readonly take: number;
  /** The server's total of the whole history, when it said one. */
  readonly total: number | null;
  /** When the page was read from the server (ms since the epoch). */
  readonly readAt: number;
  /** The rows without their `logs`, secrets masked; fields of an unexpected type flagged as reading flagged them. */
  readonly rows: readonly Deployment[];
  /** The why-lines of the failed and cancelled rows, by the caller's row key (model/deployment.ts keysOf). */
  readonly reasons: Readonly<Record<string, Reason>>;
}

/** What is kept of one application of one server. */
export interface CachedApp {
  readonly server: string;
  readonly appUuid: string;
  readonly appName?: string;
  /** Newest first. */
  readonly pages: readonly CachedPage[];
}

/** A log the user opened: its end, when it was longer than the cache keeps. */
export interface CachedLog {
  readonly readAt: number;
  /** Entries left out at the start (the log was longer than a cached log may be). */
  readonly dropped: number;
  readonly entries: readonly LogEntry[];
}

/** A page as written: rows plain, and the fields reading flagged kept apart by row index. */
export interface StoredPage {
  readonly skip: number;
  readonly take: number;
  readonly total: number | null;
  readonly readAt: number;
  readonly rows: readonly Record<string, unknown>[];
  readonly reasons: Readonly<Record<string, unknown>>;
  readonly invalid?: Readonly<Record<string, Record<string, unknown>>>;
}

export interface StoredApp {
  readonly v: typeof VERSION;
  readonly server: string;
  readonly appUuid: string;
  readonly appName?: string;
  readonly pages: readonly StoredPage[];
}

export interface StoredLog {
  readonly v: typeof VERSION;
  readonly server: string;
  readonly appUuid: string;
  readonly deploymentUuid: string;
  readonly readAt: number;
  readonly dropped: number;
  readonly entries: readonly LogEntry[];
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isIntOrNull = (v: unknown) => v === null || Number.isSafeInteger(v);

const SOURCES: readonly string[] = ['message', 'stderr', 'error line', 'cancellation'];
const NO_REASONS: readonly string[] = ['not ended badly', 'no logs', 'unreadable', 'empty', 'no cause'];

/** A reason as model/reason.ts makes them. */
function isReason(v: unknown): v is Reason {
  if (!isRecord(v)) return false;
  if (v.kind === 'reason') {
    return (
      typeof v.text === 'string' && isRecord(v.at) && isCount(v.at.fromEnd) && isCount(v.at.line) && SOURCES.includes(v.source as string)
    );
  }
  return v.kind === 'none' && NO_REASONS.includes(v.why as string) && (v.detail === undefined || typeof v.detail === 'string');
}

function isPage(v: unknown): v is StoredPage {
  if (!isRecord(v) || !isCount(v.skip) || !isCount(v.take) || v.take < 1 || !isTime(v.readAt)) return false;
  if (v.total !== null && !isCount(v.total)) return false;
  if (!Array.isArray(v.rows) || !v.rows.every(fitsContract)) return false;
  if (!isRecord(v.reasons) || !Object.values(v.reasons).every(isReason)) return false;
  return v.invalid === undefined || (isRecord(v.invalid) && Object.values(v.invalid).every(isRecord));
}

/** The stored entry of `server` and `appUuid` in parsed JSON, or undefined when it is not one. */
export function storedApp(v: unknown, server: string, appUuid: string): StoredApp | undefined {
  if (!isRecord(v) || v.v !== VERSION || v.server !== server || v.appUuid !== appUuid) return undefined;
  if (v.appName !== undefined && typeof v.appName !== 'string') return undefined;
  return Array.isArray(v.pages) && v.pages.every(isPage) ? (v as unknown as StoredApp) : undefined;
}

/** The server and application a parsed page file says it holds (for the listing), or undefined. */
export function appOf(v: unknown): StoredApp | undefined {
  return isRecord(v) && typeof v.server === 'string' && typeof v.appUuid === 'string' ? storedApp(v, v.server, v.appUuid) : undefined;
}

function isEntry(v: unknown): v is LogEntry {
  return (
    isRecord(v) &&
    (v.command === null || typeof v.command === 'string') &&
    typeof v.output === 'string' &&
    typeof v.stderr === 'boolean' &&
    typeof v.hidden === 'boolean' &&
    typeof v.timestamp === 'string' &&
    (v.at === null || typeof v.at === 'number') &&
    isIntOrNull(v.batch) &&
    isIntOrNull(v.order)
  );
}

/** The stored log of this deployment in parsed JSON, or undefined when it is not one. */
export function storedLog(v: unknown, server: string, appUuid: string, deploymentUuid: string): StoredLog | undefined {
  if (!isRecord(v) || v.v !== VERSION || v.server !== server || v.appUuid !== appUuid || v.deploymentUuid !== deploymentUuid) {
    return undefined;
  }
  if (!isTime(v.readAt) || !isCount(v.dropped) || !Array.isArray(v.entries) || !v.entries.every(isEntry)) return undefined;
  return v as unknown as StoredLog;
}
