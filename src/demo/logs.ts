// Deployment logs as deployed servers send them (service-behaviour.md, "Deployment logs"): the
// record's `logs` is a JSON-encoded array of entries, oldest first. Made from the deployment alone
// (same deployment, same log), on first request; final logs are kept in a cache bounded by size.
// A running deployment's log grows with the time since it started; when it ends, the rest follows.
import { logBody, logEnding, shortLog, type Outcome } from './log-script.js';
import { FAILURE_PHASE, FAILURE_WEIGHTS, type FailureKind } from './log-script-failures.js';
import type { LogLine, Stream } from './log-lines.js';
import { createBufferCache } from './lru.js';
import type { DemoApp, DemoDeployment } from './model.js';
import { between, createRandom, seedOf, weighted, type Random } from './random.js';
import { phpJson } from './reply.js';

export interface LogEntry {
  readonly command: string | null;
  readonly output: string;
  readonly type: Stream;
  /** `2026-08-22T15:22:50.123456Z` */
  readonly timestamp: string;
  readonly hidden: boolean;
  readonly batch: number;
  /** From 1; some logs leave it off their first entry. */
  readonly order?: number;
}

/** The deployer builds for 8–16 steps: a running log's body is spread over this many. */
export const PACE_STEPS = 12;
/** About how many entries a huge log has. */
export const BIG_LOG = 20_000;

export interface LogClock {
  /** The service's clock now, in ms. */
  readonly now: number;
  /** One step of the deployer, in ms. */
  readonly stepMs: number;
}

const isFinal = (status: string): status is Outcome => status === 'finished' || status === 'failed' || status === 'cancelled-by-user';

/** Its own random stream per deployment and purpose, so each part is the same on every request. */
const streamOf = (d: DemoDeployment, what: string): Random => createRandom(seedOf(`${d.uuid} ${d.deploymentUuid} ${what}`));

/** How long a log is: as most (a few hundred to 3,000 entries), huge (~20,000), or short (a handful). */
export type LogSize = 'normal' | 'big' | 'short';

/** Mostly a few hundred entries (half under 250), about one in five over 1,000, up to 3,000; a huge log about 20,000. */
function sizeOf(d: DemoDeployment, big: boolean): number {
  const r = streamOf(d, 'size');
  return big ? between(r, BIG_LOG - 400, BIG_LOG + 400) : Math.round(200 + 2800 * r() ** 6);
}

let stampSecond = NaN;
let stampPrefix = '';

/** Microseconds since the epoch as `2026-08-22T15:22:50.123456Z`. */
export function microStamp(us: number): string {
  const second = Math.floor(us / 1e6);
  // Thousands of entries share a second: format its date once.
  if (second !== stampSecond) {
    stampSecond = second;
    stampPrefix = new Date(second * 1000).toISOString().slice(0, 19);
  }
  return `${stampPrefix}.${String(us - second * 1e6).padStart(6, '0')}Z`;
}

/** Times in µs for `lines` over (from, to], each after the one before by its weight (weight 0: at `from`). */
function spread(lines: readonly LogLine[], from: number, to: number): number[] {
  const total = lines.reduce((sum, l) => sum + l.weight, 0) || 1;
  let acc = 0;
  return lines.map((l) => {
    acc += l.weight;
    return Math.round(from + ((to - from) * acc) / total);
  });
}

/** How far a final seed deployment got before it ended: all of it, or where it failed or was cancelled. */
function cutOf(d: DemoDeployment, outcome: Outcome, length: number, big: boolean): number {
  if (outcome === 'finished') return length;
  const r = streamOf(d, 'cut');
  const share = outcome === 'failed' ? (big ? 0.9 + r() * 0.09 : 0.35 + r() * 0.62) : 0.1 + r() * 0.8;
  return Math.max(1, Math.floor(length * share));
}

/**
 * How a failed seed deployment failed, and where its log stops: a kind of failure by the weights
 * of log-script-failures.ts, then a point in the part of the log where that failure happens (a registry
 * pull at the start of the build, a health check after the whole body). A huge log fails late in
 * its build, as before.
 */
function failureOf(d: DemoDeployment, lines: readonly LogLine[], big: boolean): { cut: number; kind: FailureKind } {
  const r = streamOf(d, 'failure');
  const kind = big
    ? weighted(
        FAILURE_WEIGHTS.filter(([k]) => k === 'build-exit' || k === 'missing-env' || k === 'out-of-memory'),
        r,
      )
    : weighted(FAILURE_WEIGHTS, r);
  if (big) return { cut: cutOf(d, 'failed', lines.length, true), kind };
  const phase = FAILURE_PHASE[kind];
  // A build fails in the output of its `docker build` (or compose build) command.
  let from =
    phase === 'build'
      ? lines.findIndex((l) => l.phase === 'build' && l.command !== null && /^docker (compose .*)?build /.test(l.command))
      : lines.findIndex((l) => l.phase === phase);
  if (from === -1 || kind === 'health-check') return { cut: lines.length, kind };
  let to = from;
  while (to + 1 < lines.length && lines[to + 1]!.phase === phase) to++;
  if (phase === 'build') from += 1;
  // A pull fails before the build has written much; other failures anywhere in their step.
  const span = Math.max(1, kind === 'image-pull' ? Math.min(to - from + 1, 2) : to - from + 1);
  return { cut: Math.max(1, Math.min(lines.length, from + Math.floor(r() * span))), kind };
}

/**
 * The deployment's log entries at `clock.now`: none while queued, a prefix of its body growing
 * with the time since it started while running, the whole log with its outcome's ending once final.
 * `size`: `big` for the few deployments with a huge log (`true` says the same), `short` for a
 * handful of entries.
 */
export function logEntries(app: DemoApp, d: DemoDeployment, clock: LogClock, size: LogSize | boolean = 'normal'): LogEntry[] {
  if (d.status === 'queued') return [];
  const kind: LogSize = size === true ? 'big' : size === false ? 'normal' : size;
  const final = isFinal(d.status) ? d.status : undefined;
  const end = (d.finishedAt ?? d.updatedAt) * 1000;
  if (kind === 'short') return entriesOf(shortEntries(app, d, final, end, clock), d);
  const big = kind === 'big';
  const body = logBody(app, d, sizeOf(d, big), streamOf(d, 'body'));
  let lines: readonly LogLine[];
  let times: number[];

  if (d.startedAt !== undefined || final === undefined) {
    // It ran while the service watched: the body at a fixed pace from its start, so every
    // request sees the same times for the lines it has seen before.
    const start = (d.startedAt ?? d.updatedAt) * 1000;
    const nominal = spread(body.lines, start, start + PACE_STEPS * clock.stepMs * 1000);
    const until = final === undefined ? clock.now * 1000 : end;
    let shown = 1;
    while (shown < nominal.length && nominal[shown]! <= until) shown++;
    if (final === undefined) {
      lines = body.lines.slice(0, shown);
      times = nominal.slice(0, shown);
    } else {
      const ending = logEnding(final, body, shown, streamOf(d, 'ending'));
      const last = nominal[shown - 1]!;
      lines = [...body.lines.slice(0, shown), ...ending];
      times = [...nominal.slice(0, shown), ...spread(ending, last, Math.max(last, until))];
    }
  } else {
    // Seed history: from a little after it was queued until it ended.
    const { cut, kind } =
      final === 'failed' ? failureOf(d, body.lines, big) : { cut: cutOf(d, final, body.lines.length, big), kind: undefined };
    const ending = logEnding(final, body, cut, streamOf(d, 'ending'), kind);
    const start = d.createdAt * 1000 + Math.round(Math.min(8e6, (end - d.createdAt * 1000) * 0.05) * streamOf(d, 'queued')());
    const split = start + Math.round((end - start) * 0.85);
    lines = [...body.lines.slice(0, cut), ...ending];
    times = [...spread(body.lines.slice(0, cut), start, split), ...spread(ending, split, Math.max(split, end))];
  }

  return entriesOf({ lines, times }, d);
}

/** A short log (log-script.ts shortLog) and its times: from a little after it was queued until it ended, or until now while it runs. */
function shortEntries(
  app: DemoApp,
  d: DemoDeployment,
  final: Outcome | undefined,
  end: number,
  clock: LogClock,
): { lines: readonly LogLine[]; times: number[] } {
  const lines = shortLog(app, d, final, streamOf(d, 'short'));
  const start = (d.startedAt ?? d.createdAt + Math.min(20_000, (d.updatedAt - d.createdAt) * 0.05)) * 1000;
  const until = final === undefined ? Math.max(start, clock.now * 1000) : Math.max(start, end);
  return { lines, times: spread(lines, start, until) };
}

function entriesOf(
  { lines, times }: { readonly lines: readonly LogLine[]; readonly times: readonly number[] },
  d: DemoDeployment,
): LogEntry[] {
  const noFirstOrder = streamOf(d, 'order')() < 0.3;
  return lines.map((l, i) => ({
    command: l.command,
    output: l.output,
    type: l.type,
    timestamp: microStamp(times[i]!),
    hidden: l.hidden,
    batch: l.batch,
    ...(i === 0 && noFirstOrder ? {} : { order: i + 1 }),
  }));
}

/** The `logs` field: the entries JSON-encoded the way PHP writes them (`\/`, `\uXXXX`). */
export function encodeLog(entries: readonly LogEntry[]): string {
  return phpJson(entries);
}

/**
 * The `logs` field as it stands in a response body: `phpJson(encodeLog(entries))`, a quoted
 * string. Escaped in one pass for both encodings: there, a `/` of the text reads `\\\/` and a
 * character past ASCII `\\uXXXX`.
 */
export function logLiteral(entries: readonly LogEntry[]): string {
  const twice = JSON.stringify(JSON.stringify(entries)).replaceAll('/', '\\\\\\/');
  return /[\u007f-\uffff]/.test(twice)
    ? twice.replace(/[\u007f-\uffff]/g, (c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : twice;
}

export interface LogOptions {
  readonly stepMs: number;
  readonly now: () => number;
  /** Uuids of the deployments with a huge log. */
  readonly big?: ReadonlySet<string>;
  /** Uuids of the applications whose deployments have a short log (a handful of entries, ~1–2 KB). */
  readonly short?: ReadonlySet<string>;
  /** How many bytes of final logs to keep (default 64 MiB). */
  readonly cacheBytes?: number;
}

export interface DeploymentLogs {
  /**
   * The `logs` value of the deployment's record as it stands in a response body (logLiteral), as
   * bytes: megabytes of log are escaped once, then spliced into every response that shows them.
   */
  literal(app: DemoApp, d: DemoDeployment): Buffer;
}

const EMPTY = Buffer.from('"[]"');

export function createLogs({ stepMs, now, big = new Set(), short = new Set(), cacheBytes = 64 * 1024 * 1024 }: LogOptions): DeploymentLogs {
  const cache = createBufferCache(cacheBytes);
  const sizeFor = (app: DemoApp, d: DemoDeployment): LogSize => (short.has(app.uuid) ? 'short' : big.has(d.uuid) ? 'big' : 'normal');
  const make = (app: DemoApp, d: DemoDeployment) => Buffer.from(logLiteral(logEntries(app, d, { now: now(), stepMs }, sizeFor(app, d))));
  return {
    literal(app, d) {
      if (d.status === 'queued') return EMPTY;
      // Made in microseconds, and there are tens of thousands: kept out of the cache (it would push the long logs out).
      if (short.has(app.uuid)) return make(app, d);
      // A running log changes with every request: made each time, never kept.
      if (!isFinal(d.status)) return make(app, d);
      const key = `${d.id} ${d.status} ${d.finishedAt ?? d.updatedAt}`;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const bytes = make(app, d);
      cache.set(key, bytes);
      return bytes;
    },
  };
}
