// Small formatting helpers shared by the headless output and the TUI.
import { clean } from './sanitize.js';

// A date and time without a zone (`2026-08-22 15:22:50`): servers mean UTC, Date.parse would read local time.
const NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Milliseconds since the epoch; NaN when `iso` is not a time. A time without a zone is UTC. */
export function parseTime(iso: string): number {
  return Date.parse(NO_ZONE.test(iso) ? `${iso.replace(' ', 'T')}Z` : iso);
}

/** `3h ago`, `in 2m`, `just now`; empty for missing or unparsable times. Spans are whole units, rounded down. */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const t = parseTime(iso);
  return Number.isNaN(t) ? '' : relativeAt(t, now);
}

/** `3h ago`, `in 2m`, `just now` for a time in ms since the epoch. */
export function relativeAt(t: number, now: number = Date.now()): string {
  const s = Math.round((now - t) / 1000);
  const a = Math.abs(s);
  const f = Math.floor;
  const span = a < 60 ? '' : a < 3600 ? `${f(a / 60)}m` : a < 86400 ? `${f(a / 3600)}h`
    : a < 86400 * 45 ? `${f(a / 86400)}d` : a < 86400 * 365 ? `${f(a / (86400 * 30))}mo`
    : `${f(a / (86400 * 365))}y`;
  if (!span) return 'just now';
  return s >= 0 ? `${span} ago` : `in ${span}`;
}

/** `2026-08-22 15:22:50 UTC` for a time in ms since the epoch. */
export function absoluteAt(t: number): string {
  return `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Readable status label; unknown statuses verbatim (cleaned). */
export function statusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'in_progress': return 'in progress';
    case 'cancelled-by-user': return 'cancelled';
    case null: case undefined: case '': return 'unknown';
    // A status made only of control characters cleans to nothing: say unknown, not a blank cell.
    default: return clean(status) || 'unknown';
  }
}
