// A line diff for multi-line settings (compose files, commands): what was removed and added.
// Longest common subsequence for texts up to MAX lines each; longer ones compare as sets of lines.

export interface DiffLine {
  readonly kind: '+' | '-';
  readonly text: string;
}

const MAX = 400;

export function lineDiff(before: readonly string[], after: readonly string[]): DiffLine[] {
  if (before.length > MAX || after.length > MAX) {
    const had = new Set(before);
    const has = new Set(after);
    return [
      ...before.filter((l) => !has.has(l)).map((text) => ({ kind: '-' as const, text })),
      ...after.filter((l) => !had.has(l)).map((text) => ({ kind: '+' as const, text })),
    ];
  }
  const n = before.length;
  const m = after.length;
  // lcs[i][j]: length of the common subsequence of before[i..] and after[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push({ kind: '+', text: after[j++]! });
    } else {
      out.push({ kind: '-', text: before[i++]! });
    }
  }
  return out;
}
