// A diff of two sequences of keys that keeps order at any size: the common start and end taken off,
// the longest common subsequence where the rest is small enough (CELLS), else anchored on the keys
// that occur once in each (patience diff) and each stretch between anchors diffed the same way; a
// stretch too big that has no anchor is all removed, then all added. Pure.

/** One step of the edit: a key of both (`=`), only of the older (`-`), only of the newer (`+`). */
export type DiffOp =
  | { readonly op: '='; readonly a: number; readonly b: number }
  | { readonly op: '-'; readonly a: number }
  | { readonly op: '+'; readonly b: number };

/** The largest table of the plain LCS (n × m cells of 2 bytes). */
const CELLS = 2_000_000;

export function seqDiff(a: readonly string[], b: readonly string[]): DiffOp[] {
  const out: DiffOp[] = [];
  diffRange(a, b, 0, a.length, 0, b.length, out);
  return out;
}

function diffRange(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number, out: DiffOp[]): void {
  let i0 = a0;
  let j0 = b0;
  while (i0 < a1 && j0 < b1 && a[i0] === b[j0]) out.push({ op: '=', a: i0++, b: j0++ });
  let i1 = a1;
  let j1 = b1;
  const tail: DiffOp[] = [];
  while (i1 > i0 && j1 > j0 && a[i1 - 1] === b[j1 - 1]) tail.push({ op: '=', a: --i1, b: --j1 });
  const n = i1 - i0;
  const m = j1 - j0;
  if (n === 0 || m === 0) {
    for (let i = i0; i < i1; i++) out.push({ op: '-', a: i });
    for (let j = j0; j < j1; j++) out.push({ op: '+', b: j });
  } else if (n * m <= CELLS && Math.min(n, m) < 65_535) {
    lcs(a, b, i0, i1, j0, j1, out);
  } else {
    patience(a, b, i0, i1, j0, j1, out);
  }
  for (let k = tail.length - 1; k >= 0; k--) out.push(tail[k]!);
}

function lcs(a: readonly string[], b: readonly string[], i0: number, i1: number, j0: number, j1: number, out: DiffOp[]): void {
  const n = i1 - i0;
  const m = j1 - j0;
  // t[i][j]: the length of the common subsequence of a[i0+i..] and b[j0+j..].
  const t = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = t[i]!;
    const below = t[i + 1]!;
    for (let j = m - 1; j >= 0; j--) row[j] = a[i0 + i] === b[j0 + j] ? below[j + 1]! + 1 : Math.max(below[j]!, row[j + 1]!);
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i0 + i] === b[j0 + j]) out.push({ op: '=', a: i0 + i++, b: j0 + j++ });
    else if (i < n && (j === m || t[i + 1]![j]! >= t[i]![j + 1]!)) out.push({ op: '-', a: i0 + i++ });
    else out.push({ op: '+', b: j0 + j++ });
  }
}

/** Keys that occur once in a range, with where. */
function once(keys: readonly string[], from: number, to: number): Map<string, number> {
  const seen = new Map<string, number>();
  for (let k = from; k < to; k++) seen.set(keys[k]!, seen.has(keys[k]!) ? -1 : k);
  for (const [key, at] of seen) if (at < 0) seen.delete(key);
  return seen;
}

function patience(a: readonly string[], b: readonly string[], i0: number, i1: number, j0: number, j1: number, out: DiffOp[]): void {
  const inA = once(a, i0, i1);
  const inB = once(b, j0, j1);
  const pairs: [number, number][] = [];
  for (const [key, i] of inA) {
    const j = inB.get(key);
    if (j !== undefined) pairs.push([i, j]);
  }
  pairs.sort((x, y) => x[0] - y[0]);
  const anchors = increasing(pairs);
  if (anchors.length === 0) {
    for (let i = i0; i < i1; i++) out.push({ op: '-', a: i });
    for (let j = j0; j < j1; j++) out.push({ op: '+', b: j });
    return;
  }
  let i = i0;
  let j = j0;
  for (const [ai, bj] of anchors) {
    diffRange(a, b, i, ai, j, bj, out);
    out.push({ op: '=', a: ai, b: bj });
    i = ai + 1;
    j = bj + 1;
  }
  diffRange(a, b, i, i1, j, j1, out);
}

/** The longest run of pairs whose second members rise too (pairs sorted by the first). */
function increasing(pairs: readonly [number, number][]): [number, number][] {
  const tops: number[] = []; // index into pairs of the smallest end of a run of each length
  const back = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const v = pairs[k]![1];
    let lo = 0;
    let hi = tops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tops[mid]!]![1] < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) back[k] = tops[lo - 1]!;
    tops[lo] = k;
  }
  const run: [number, number][] = [];
  for (let k = tops.length > 0 ? tops[tops.length - 1]! : -1; k >= 0; k = back[k]!) run.push(pairs[k]!);
  return run.reverse();
}
