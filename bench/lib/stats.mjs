// Medians and the A/B pair protocol: every figure is the median of per-pair ratios.

export function median(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs `warmup` unrecorded A,B rounds, then `pairs` rounds of A then B, and returns the
 * medians of A, of B, and of the pair ratios A/B. `a` and `b` return one number each.
 */
export async function pairs({ a, b, pairs: n, warmup = 1, onPair }) {
  for (let i = 0; i < warmup; i++) { await a(); await b(); }
  const as = [];
  const bs = [];
  const ratios = [];
  for (let i = 0; i < n; i++) {
    const x = await a();
    const y = await b();
    as.push(x);
    bs.push(y);
    ratios.push(x / y);
    onPair?.(i, x, y);
  }
  return { a: median(as), b: median(bs), ratio: median(ratios), as, bs, ratios, n };
}

export function fmt(x, digits = 2) {
  return Number.isFinite(x) ? x.toFixed(digits) : '—';
}
