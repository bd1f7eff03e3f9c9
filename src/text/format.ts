// Small formatting helpers shared by the headless output and the TUI.
import { clean } from './sanitize.js';

// A date and time without a zone (`2026-08-22 15:22:50`): servers mean UTC, Date.parse would read local time.
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Milliseconds since the epoch; NaN when `iso` is not a time. A time without a zone is UTC. */
export function parseTime(iso: string): number {
  return Date.parse(NO_ZONE.test(iso) ? `${iso.replace(' ', 'T')}Z` : iso);
}

/** `3h 5m ago`, `in 2m`, `just now`; empty for missing or unparsable times (the rule: relativeAt). */
export function relativeTime(iso: string | null | undefined, now: number = Date.now(), units: 1 | 2 = 2): string {
  if (!iso) return '';
  const t = parseTime(iso);
  return Number.isNaN(t) ? '' : relativeAt(t, now, units);
}

const SECOND = 1;
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;

/** A span's two units, by the first of these spans it reaches: `[from, unit, next unit, their names]`. */
const SPANS: readonly (readonly [number, number, number, string, string])[] = [
  [YEAR, YEAR, WEEK, 'y', 'w'],
  [30 * DAY, WEEK, DAY, 'w', 'd'],
  [DAY, DAY, HOUR, 'd', 'h'],
  [HOUR, HOUR, MINUTE, 'h', 'm'],
  [MINUTE, MINUTE, SECOND, 'm', 's'],
  [SECOND, SECOND, 0, 's', ''],
];

/** Seconds in the future still read as now: the server's clock may run a little ahead of this one. */
const SKEW = 60;

/**
 * `3d 4h ago`, `2h 5m ago`, `5m 10s ago`, `45s ago`, `in 2h 5m`, `just now`; empty for a time that
 * is not one. Two units, whole and rounded down, so rows an hour apart three days back differ: the
 * largest unit the span reaches and the next one, the second left out when it is 0 (`3d ago`).
 * From 30 days on, weeks and days (`6w 3d ago`: months are not all the same length); from 365
 * days, years and weeks (`2y 7w ago`). Under a minute, seconds; 0 s, and up to a minute ahead
 * (clock skew), `just now`. At most 11 cells (`23h 59m ago`), so a column of them keeps its width.
 * `units: 1` gives the first unit only, and `just now` under a minute: a glance (the picker's
 * ages, on a clock that ticks every few seconds), where rows are not told apart by their age.
 */
export function relativeAt(t: number, now: number = Date.now(), units: 1 | 2 = 2): string {
  if (!Number.isFinite(t) || !Number.isFinite(now)) return '';
  const s = Math.round((now - t) / 1000);
  if (s === 0 || (s < 0 && -s <= SKEW) || (units === 1 && Math.abs(s) < MINUTE)) return 'just now';
  const a = Math.abs(s);
  const [, unit, next, name, nextName] = SPANS.find(([from]) => a >= from)!;
  const first = Math.floor(a / unit);
  const second = next === 0 || units === 1 ? 0 : Math.floor((a - first * unit) / next);
  const span = second === 0 ? `${first}${name}` : `${first}${name} ${second}${nextName}`;
  return s > 0 ? `${span} ago` : `in ${span}`;
}

/** How the TUI shows a time (T): `3d 4h ago`, or the local date and time with the zone. */
export type TimeMode = 'relative' | 'absolute';
export const TIME_MODES: readonly TimeMode[] = ['relative', 'absolute'];

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The local zone's offset at `t`, short: `+01`, `-05`, `+05:30`; `UTC` where local time is UTC.
 * Numeric, not `CET`: what abbreviations exist depends on the locale's data (en-US calls Berlin
 * `GMT+1`), an offset reads the same everywhere and says how to get to UTC.
 */
export function zoneAt(t: number): string {
  const east = -new Date(t).getTimezoneOffset();
  if (east === 0) return 'UTC';
  const a = Math.abs(east);
  return `${east > 0 ? '+' : '-'}${two(Math.floor(a / 60))}${a % 60 === 0 ? '' : `:${two(a % 60)}`}`;
}

/** `2026-11-24 14:03 +01`: the local date and time to the minute, with the zone (zoneAt); empty for a time that is not one. */
export function localAt(t: number): string {
  if (!Number.isFinite(t)) return '';
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())} ${zoneAt(t)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** When something was read, short: `14:02` the same local day as `now`, else `Nov 27 14:02`, else `2025-11-27 14:02`. */
export function clockAt(t: number, now: number): string {
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) return '';
  const n = new Date(now);
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  if (d.toDateString() === n.toDateString()) return time;
  if (d.getFullYear() === n.getFullYear()) return `${MONTHS[d.getMonth()]} ${d.getDate()} ${time}`;
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${time}`;
}

/** A time as the mode shows it: `3d 4h ago` or `2026-11-24 14:03 +01`. */
export function timeAt(t: number, now: number, mode: TimeMode): string {
  return mode === 'absolute' ? localAt(t) : relativeAt(t, now);
}

/** `2026-08-22 15:22:50 UTC` for a time in ms since the epoch. */
export function absoluteAt(t: number): string {
  return `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Readable status label; unknown statuses verbatim (cleaned). */
export function statusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'in_progress':
      return 'in progress';
    case 'cancelled-by-user':
      return 'cancelled';
    case null:
    case undefined:
    case '':
      return 'unknown';
    // A status made only of control characters cleans to nothing: say unknown, not a blank cell.
    default:
      return clean(status) || 'unknown';
  }
}
