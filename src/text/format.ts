// Small formatting helpers shared by the headless output and the TUI.

/** `3h ago`, `in 2m`, `just now`; empty for missing or unparsable times. */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const s = Math.round((now - t) / 1000);
  const a = Math.abs(s);
  const span = a < 45 ? '' : a < 3600 ? `${Math.round(a / 60)}m` : a < 86400 ? `${Math.round(a / 3600)}h`
    : a < 86400 * 45 ? `${Math.round(a / 86400)}d` : a < 86400 * 365 ? `${Math.round(a / (86400 * 30))}mo`
    : `${Math.round(a / (86400 * 365))}y`;
  if (!span) return 'just now';
  return s >= 0 ? `${span} ago` : `in ${span}`;
}

/** `2026-08-22 15:22:50 UTC` for an ISO timestamp, the input cleaned otherwise. */
export function absoluteTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function shortSha(sha: string | null | undefined): string {
  return sha ? sha.slice(0, 7) : '';
}

/** Readable status label; unknown statuses verbatim. */
export function statusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'in_progress': return 'in progress';
    case 'cancelled-by-user': return 'cancelled';
    case null: case undefined: case '': return 'unknown';
    default: return status;
  }
}
