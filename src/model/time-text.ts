// Times and lengths of time as people type them: `7d` (ago), `2026-11-01` (midnight UTC), an ISO
// time (UTC unless it has an offset); `5m`, `90s`, `1h30m`. Pure: null for text that is none of them.

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const AGO = /^(\d{1,9})([smhdw])$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
export const TIME_FORMS = '7d, 36h, 90m (ago), 2026-11-01 (midnight UTC) or 2026-11-01T10:00:00Z';

/** Within the dates a Date can hold (±273,790 years). */
const held = (t: number): number | null => (Number.isFinite(t) && Math.abs(t) <= 8.64e15 ? t : null);

/** A point in time (ms since the epoch) from `7d` (ago from `now`), `2026-11-01` or an ISO time; null when it is none. */
export function timeOfText(raw: string, now: number): number | null {
  const text = raw.trim();
  const ago = AGO.exec(text);
  if (ago) return held(now - Number(ago[1]) * UNIT_MS[ago[2]!]!);
  const date = DATE.exec(text) ?? DATE_TIME.exec(text);
  if (!date) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = date;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const utc = Date.UTC(...parts);
  // Date.UTC rolls 2026-02-30 over to March: a date that does not exist reads back differently.
  const back = new Date(utc);
  if (back.getUTCMonth() !== parts[1] || back.getUTCDate() !== parts[2] || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return null;
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    if (Number(m[2]) > 23 || Number(m[3]) > 59) return null;
    offset = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
  }
  return held(utc - offset + Math.floor(Number(`0${fraction || '.0'}`) * 1000));
}

const SPAN = /^(?:(\d{1,6})d)?(?:(\d{1,6})h)?(?:(\d{1,6})m)?(?:(\d{1,9})s)?$/;

/** A length of time in ms from `5m`, `90s`, `1h30m`, `2d`; null for anything else (a bare number too). */
export function spanOfText(raw: string): number | null {
  const text = raw.trim().toLowerCase();
  const m = SPAN.exec(text);
  if (!m || text === '') return null;
  const [, d = '0', h = '0', mi = '0', s = '0'] = m;
  return ((Number(d) * 24 + Number(h)) * 60 + Number(mi)) * 60_000 + Number(s) * 1000;
}
