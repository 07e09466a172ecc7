// Hand-written: simple-statistics' quantile is not type 7 (it rounds to an order statistic for most p).
/**
 * Quantile of sorted data by linear interpolation between order statistics: Hyndman & Fan (1996)
 * definition 7, the default of R's `quantile` and numpy's `percentile` (and so of scipy's percentile
 * bootstrap). h = (n - 1) p; Q = x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]).
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (p <= 0) return sorted[0];
  if (p >= 1) return sorted[n - 1];
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const frac = h - lo;
  return frac === 0 ? sorted[lo] : sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
}
