/**
 * Benjamini-Hochberg adjusted p-values ("q-values" of the step-up procedure; Benjamini & Hochberg
 * 1995, "Controlling the false discovery rate", JRSS B 57:289-300), exactly as R's
 * `p.adjust(p, method = "BH")`: with the m non-missing p-values ordered p_(1) <= ... <= p_(m),
 *
 *   p~_(i) = min(1, min_(j >= i) m / j * p_(j)),
 *
 * returned in the input order. Rejecting where p~ <= q controls the false discovery rate at q for
 * independent or positively dependent tests. Tied p-values get the same adjusted value. Missing
 * p-values (NaN, null or undefined) stay NaN and do not count: m is the number of non-missing ones,
 * as in `p.adjust`. A value outside [0, 1] is refused (R would adjust it). The arithmetic is R's
 * ((m / i) * p, a running minimum from the largest p, then min with 1), so the results are the
 * same doubles.
 */
export function benjaminiHochbergAdjust(p: ArrayLike<number | null | undefined>): number[] {
  const values: number[] = [];
  const index: number[] = [];
  for (let i = 0; i < p.length; i++) {
    const v = p[i];
    if (v === null || v === undefined || Number.isNaN(v)) continue;
    if (!(v >= 0 && v <= 1)) throw new RangeError(`benjaminiHochbergAdjust: p-value ${v} at ${i} is outside [0, 1]`);
    values.push(v);
    index.push(i);
  }
  const m = values.length;
  const out = new Array<number>(p.length).fill(NaN);
  if (m === 0) return out;
  if (m === 1) {
    out[index[0]] = values[0];
    return out;
  }
  // decreasing p; ties in input order (their adjusted values come out equal either way)
  const order = values.map((_, i) => i).sort((i, j) => values[j] - values[i] || i - j);
  let running = Infinity;
  for (let k = 0; k < m; k++) {
    const i = order[k];
    const scaled = (m / (m - k)) * values[i]; // m / i * p_(i) with i = m - k
    if (scaled < running) running = scaled;
    out[index[i]] = Math.min(1, running);
  }
  return out;
}
