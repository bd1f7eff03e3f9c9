// 50,000: a number with thousands separators, as toLocaleString('en-US') writes it, without
// waking ICU's number formatting (its first call costs ~20 ms, in the way of the first frame).

export function thousands(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole = '', fraction] = String(Math.abs(n)).split('.');
  return `${n < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction.slice(0, 3)}` : ''}`;
}
