import { logGamma } from './log-gamma.js';

const EPS = 1e-16;
const MAX_ITER = 10_000;
const TINY = 1e-300;

/**
 * The regularized upper incomplete gamma function Q(a, x) = Gamma(a, x) / Gamma(a) for a > 0,
 * x >= 0 (Press et al., Numerical Recipes, 3rd ed., sec. 6.2, `gammq`):
 *
 * - x < a + 1: Q = 1 - P, with P(a, x) = e^-x x^a / Gamma(a + 1) * sum_{n>=0} x^n / ((a+1)...(a+n));
 * - otherwise the continued fraction
 *   Q(a, x) = e^-x x^a / Gamma(a) * 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))),
 *   evaluated by the modified Lentz method. Computing Q directly (not as 1 - P) keeps its relative
 *   accuracy far into the tail, where p-values like 1e-40 live.
 */
export function regularizedGammaQ(a: number, x: number): number {
  if (Number.isNaN(a) || Number.isNaN(x) || a <= 0 || x < 0) return NaN;
  if (x === 0) return 1;
  if (x === Infinity) return 0;
  const logPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    // series for P
    let ap = a;
    let sum = 1 / a;
    let del = sum;
    for (let n = 0; n < MAX_ITER; n++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * EPS) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // continued fraction for Q (modified Lentz)
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(logPrefix) * h;
}
