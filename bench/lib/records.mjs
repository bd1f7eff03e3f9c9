// Two records every "a against b, and its peak memory" figure makes (stats, reasons, the board).
import { fmt, median } from './stats.mjs';

/** A side-by-side ratio (`r` from pairs()), goal ≤ `max`. */
export function ratioRecord(record, { figure, key, r, detail, max = 1.1 }) {
  record({
    figure,
    key,
    status: 'measured',
    value: r.ratio,
    goal: `≤ ${max.toFixed(2)}`,
    max,
    a_ms: r.a,
    b_ms: r.b,
    pairs: r.n,
    ratios: r.ratios,
    detail,
  });
}

/** Peak RSS (ru_maxrss in KiB, the first run a warm-up) of `what`, goal ≤ 150 MiB. */
export function rssRecord(record, { figure, key, rss, what }) {
  const kept = rss.slice(1);
  const mib = median(kept) / 1024;
  record({
    figure,
    key,
    status: 'measured',
    value: mib,
    unit: ' MiB',
    digits: 1,
    goal: '≤ 150 MiB',
    max: 150,
    rss_kib: kept,
    detail: `ru_maxrss of ${what} ${fmt(mib, 1)} MiB (median of ${kept.length} runs; max ${fmt(Math.max(...kept) / 1024, 1)})`,
  });
}
