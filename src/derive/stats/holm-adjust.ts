/**
 * Holm's step-down adjusted p-values (Holm 1979, "A simple sequentially rejective multiple test
 * procedure", Scand. J. Stat. 6:65-70), exactly as R's `p.adjust(p, method = "holm")`: with the m
 * non-missing p-values ordered p_(1) <= ... <= p_(m) (ties kept in input order, as R's `order`),
 *
 *   p~_(i) = min(1, max_(j <= i) (m - j + 1) p_(j)),
 *
 * returned in the input order. Rejecting where p~ <= alpha controls the family-wise error rate at
 * alpha under any dependence. Tied p-values get the same adjusted value. Missing p-values (NaN,
 * null or undefined) stay NaN and do not count: m is the number of non-missing ones, as in
 * `p.adjust` (whose n defaults to the non-NA count). A value outside [0, 1] is refused (R would
 * adjust it). The arithmetic is R's ((m - i + 1) * p, a running maximum, then min with 1), so the
 * results are the same doubles.
 */
export function holmAdjust(p: ArrayLike<number | null | undefined>): number[] {
  const { values, index } = present(p);
  const m = values.length;
  const out = new Array<number>(p.length).fill(NaN);
  if (m === 0) return out;
  if (m === 1) {
    out[index[0]] = values[0];
    return out;
  }
  const order = values.map((_, i) => i).sort((i, j) => values[i] - values[j] || i - j);
  let running = -Infinity;
  for (let k = 0; k < m; k++) {
    const i = order[k];
    const scaled = (m - k) * values[i]; // (m - i + 1) p_(i) with i = k + 1
    if (scaled > running) running = scaled;
    out[index[i]] = Math.min(1, running);
  }
  return out;
}

/** The non-missing p-values and where each stands in the input. */
function present(p: ArrayLike<number | null | undefined>): { values: number[]; index: number[] } {
  const values: number[] = [];
  const index: number[] = [];
  for (let i = 0; i < p.length; i++) {
    const v = p[i];
    if (v === null || v === undefined || Number.isNaN(v)) continue;
    if (!(v >= 0 && v <= 1)) throw new RangeError(`holmAdjust: p-value ${v} at ${i} is outside [0, 1]`);
    values.push(v);
    index.push(i);
  }
  return { values, index };
}
