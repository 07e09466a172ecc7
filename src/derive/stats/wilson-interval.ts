import type { Interval } from './bootstrap-mean-ci.js';

/** The standard normal 0.975 quantile, the z of a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion (Wilson 1927, "Probable inference, the law of
 * succession, and statistical inference", JASA 22:209-212; recommended over the Wald interval by
 * Brown, Cai & DasGupta 2001 for small n, e.g. 20 tasks per cell):
 *
 *   p = k / n
 *   centre    = (p + z^2 / (2n)) / (1 + z^2 / n)
 *   halfwidth = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / (4 n^2))
 *
 * Unlike the Wald interval it never leaves [0, 1] and is not zero-width at k = 0 or k = n (with
 * n = 20 and k = 0 it gives 0 to 0.161). Same as statsmodels proportion_confint(method='wilson').
 * `z` defaults to the 95% two-sided value. n = 0 gives NaNs.
 */
export function wilsonInterval(successes: number, n: number, z: number = Z_95): Interval {
  if (!(n > 0)) return { estimate: NaN, low: NaN, high: NaN };
  if (successes < 0 || successes > n) throw new RangeError(`wilsonInterval: successes ${successes} outside 0..${n}`);
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // clamp only the floating-point dust at the ends (k = 0 or k = n give exactly 0 or 1 in theory)
  return { estimate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
