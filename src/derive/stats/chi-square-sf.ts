import { regularizedGammaQ } from './regularized-gamma-q.js';

/**
 * Survival function of the chi-square distribution with `df` degrees of freedom,
 * P(X > x) = Q(df/2, x/2), the regularized upper incomplete gamma function (Abramowitz & Stegun
 * 26.4.19). For df = 1 this equals erfc(sqrt(x / 2)). Same as scipy.stats.chi2.sf.
 */
export function chiSquareSf(x: number, df: number): number {
  if (Number.isNaN(x) || !(df > 0)) return NaN;
  if (x <= 0) return 1;
  return regularizedGammaQ(df / 2, x / 2);
}
