import { logGamma } from './log-gamma.js';

/**
 * ln B(a, b) = ln Gamma(a) + ln Gamma(b) - ln Gamma(a + b) for a, b > 0, computed so that it keeps
 * its accuracy when an argument is large (the t distribution with hundreds of degrees of freedom
 * needs ln B(df/2, 1/2), a small difference of two large log-gammas). As R's `lbeta` (nmath
 * lbeta.c), with p = min(a, b), q = max(a, b) and the Stirling remainder
 * delta(x) = ln Gamma(x) - ((x - 1/2) ln x - x + ln sqrt(2 pi)):
 *
 * - p >= 10: -ln(q)/2 + ln sqrt(2 pi) + delta(p) + delta(q) - delta(p + q)
 *            + (p - 1/2) ln(p / (p + q)) + q log1p(-p / (p + q));
 * - q >= 10 > p: ln Gamma(p) + delta(q) - delta(p + q) + p - p ln(p + q) + (q - 1/2) log1p(-p / (p + q));
 * - both below 10: the three log-gammas (logGamma, Lanczos), whose values are small there.
 *
 * delta(x) for x >= 10 by its asymptotic series sum_k B_2k / (2k (2k - 1) x^(2k - 1)) (Abramowitz &
 * Stegun 6.1.41) to the x^-15 term, below 1e-17 relative at x = 10.
 */
export function logBeta(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  const p = Math.min(a, b);
  const q = Math.max(a, b);
  if (p < 0) return NaN;
  if (p === 0) return Infinity;
  if (q === Infinity) return -Infinity;
  if (p >= 10) {
    const corr = stirlingRemainder(p) + stirlingRemainder(q) - stirlingRemainder(p + q);
    return -0.5 * Math.log(q) + LN_SQRT_2PI + corr + (p - 0.5) * Math.log(p / (p + q)) + q * Math.log1p(-p / (p + q));
  }
  if (q >= 10) {
    const corr = stirlingRemainder(q) - stirlingRemainder(p + q);
    return logGamma(p) + corr + p - p * Math.log(p + q) + (q - 0.5) * Math.log1p(-p / (p + q));
  }
  return logGamma(p) + logGamma(q) - logGamma(p + q);
}

const LN_SQRT_2PI = 0.918938533204672741780329736406;

/** delta(x) = ln Gamma(x) - ((x - 1/2) ln x - x + ln sqrt(2 pi)), for x >= 10. */
function stirlingRemainder(x: number): number {
  const r = 1 / x;
  const r2 = r * r;
  // B_2k / (2k (2k - 1)): 1/12, -1/360, 1/1260, -1/1680, 1/1188, -691/360360, 1/156, -3617/122400
  return r * (1 / 12 + r2 * (-1 / 360 + r2 * (1 / 1260 + r2 * (-1 / 1680 + r2 * (1 / 1188 + r2 * (-691 / 360360 + r2 * (1 / 156 + r2 * (-3617 / 122400))))))));
}
