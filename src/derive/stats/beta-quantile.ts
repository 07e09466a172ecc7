import { logBeta } from './log-beta.js';
import { regularizedIncompleteBeta } from './regularized-incomplete-beta.js';

/**
 * The quantile of the Beta(a, b) distribution: the x in [0, 1] with I_x(a, b) = p, the inverse of
 * the regularized incomplete beta function (regularizedIncompleteBeta). Newton's method on
 * I_x(a, b) - p (its derivative is the density x^(a-1) (1 - x)^(b-1) / B(a, b)), safeguarded by
 * bisection inside a bracket that starts as [0, 1] (Press et al., Numerical Recipes, 3rd ed.,
 * sec. 6.14.10, `invbetai`, uses the same Newton step with a different start). The tail below 1/2
 * is solved (I_x(a, b) = p, or 1 - I_x(a, b) = 1 - p computed directly), and when a > b the
 * mirrored problem I_(1-x)(b, a) = 1 - p, so the side of 0 that holds the answer keeps its relative
 * accuracy. Same as scipy.stats.beta.ppf (R's `qbeta`). Used for Clopper-Pearson intervals and to
 * draw Beta variates by inversion.
 */
export function betaQuantile(p: number, a: number, b: number): number {
  if (Number.isNaN(p) || !(a > 0) || !(b > 0) || p < 0 || p > 1) return NaN;
  if (p === 0) return 0;
  if (p === 1) return 1;
  return solve(p, false, a, b);
}

/** The x with I_x(a, b) = q (upper false) or 1 - I_x(a, b) = q (upper true), 0 < q < 1. */
function solve(q: number, upper: boolean, a: number, b: number): number {
  // the smaller tail (1 - q is exact for q >= 1/2)
  if (q > 0.5) return solve(1 - q, !upper, a, b);
  // I_x(a, b) = 1 - I_(1-x)(b, a): with a > b the answer lies nearer 1, so solve for 1 - x
  if (a > b) return 1 - solve(q, !upper, b, a);
  const logNorm = -logBeta(a, b);
  let lo = 0,
    hi = 1;
  let x = Math.min(0.999, Math.max(1e-3, a / (a + b)));
  for (let i = 0; i < 5000; i++) {
    const tail = regularizedIncompleteBeta(x, a, b, 1 - x, upper);
    const f = upper ? q - tail : tail - q; // I_x(a, b) - p, increasing in x
    if (f === 0) return x;
    if (f > 0) hi = x;
    else lo = x;
    const density = Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) + logNorm);
    let next = x - f / density;
    if (!(next > lo && next < hi)) next = lo / 2 + hi / 2;
    if (Math.abs(next - x) <= 1e-15 * x || next === x) return next;
    x = next;
  }
  return x;
}
