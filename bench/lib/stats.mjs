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
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
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

/**
 * `pairs` with more than one floor: `warmup` unrecorded rounds, then `rounds` rounds, each running
 * every entry of `runs` once in their order (A, B, C, A, B, C …). Returns each run's values and
 * median; `ratio(a, b)` gives the per-round ratios of `a` to `b` (a run's name, or a function of the
 * round's values, e.g. the slower of two floors) and their median.
 */
export async function rounds({ runs, rounds: n, warmup = 1, onRound }) {
  const names = Object.keys(runs);
  for (let i = 0; i < warmup; i++) for (const name of names) await runs[name]();
  const values = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < n; i++) {
    const round = {};
    for (const name of names) round[name] = await runs[name]();
    for (const name of names) values[name].push(round[name]);
    onRound?.(i, round);
  }
  const at = (i) => Object.fromEntries(names.map((name) => [name, values[name][i]]));
  return {
    n,
    values,
    medians: Object.fromEntries(names.map((name) => [name, median(values[name])])),
    ratio(a, b) {
      const of = (x, i) => (typeof x === 'function' ? x(at(i)) : values[x][i]);
      const ratios = Array.from({ length: n }, (_, i) => of(a, i) / of(b, i));
      return { ratio: median(ratios), ratios };
    },
  };
}
