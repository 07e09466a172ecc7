import { normalCdf } from './normal-cdf.js';
import { normalQuantileRefined } from './normal-quantile-refined.js';

export interface MinimumDetectableEffectOptions {
  /** units in the first sample (the only one when ratio = 0), as released */
  n: number;
  /** size of the second sample over the first (n2 = n * ratio); 0 for a one-sample or paired design. Default 1 */
  ratio?: number;
  /** the outcome's standard deviation (of the differences, for a paired design); the result is in its units. Default 1: a standardized effect */
  sd?: number;
  /** the clustered over the naive variance; the effective size of each sample is n / designEffect. Default 1 */
  designEffect?: number;
  /** two-sided significance level, default 0.05 */
  alpha?: number;
  /** power, default 0.8 */
  power?: number;
}

/**
 * The minimum detectable effect (Bloom 1995, "Minimum detectable effects", Eval. Rev. 19(5):547-556):
 * the smallest true difference that a two-sided z test at level alpha detects with the given power,
 * in the outcome's units: the standardized effect d solving
 *
 *   Phi(d sqrt(m) - z) + Phi(-d sqrt(m) - z) = power,   z = Phi^-1(1 - alpha/2),
 *
 * times sd, where m is the effective size: n1 = n / designEffect, and m = 1/(1/n1 + 1/(n1 ratio))
 * for two samples (ratio > 0) or m = n1 for one (ratio = 0). This is the equation of
 * `statsmodels.stats.power.NormalIndPower().solve_power(effect_size=None, nobs1=n1, alpha=alpha,
 * power=power, ratio=ratio) * sd` (Chow, Shao & Wang 2008, "Sample size calculations in clinical
 * research", sec. 3.2), including the far rejection region's term Phi(-d sqrt(m) - z) (about 1e-6
 * at 80% power). Dividing n by the design effect is Kish's (1965) effective sample size. The
 * equation is solved by Newton's method from d sqrt(m) = z + Phi^-1(power) to rounding error: the
 * root of statsmodels' power function to 1e-12, where solve_power itself stops at its brentq xtol
 * of 1e-5 in d (up to 2.2e-6 from the root). NaN unless n > 0, sd >= 0, designEffect > 0 and
 * 0 < alpha < power < 1.
 */
export function minimumDetectableEffect(opts: MinimumDetectableEffectOptions): number {
  const { n, ratio = 1, sd = 1, designEffect = 1, alpha = 0.05, power = 0.8 } = opts;
  if (!(n > 0) || !(ratio >= 0) || !(sd >= 0) || !(designEffect > 0) || !(alpha > 0 && alpha < power && power < 1)) return NaN;
  const n1 = n / designEffect;
  const m = ratio > 0 ? 1 / (1 / n1 + 1 / (n1 * ratio)) : n1;
  const z = normalQuantileRefined(1 - alpha / 2);
  // s = d sqrt(m); power(s) is increasing for s >= 0, from alpha at s = 0
  let s = z + normalQuantileRefined(power);
  for (let i = 0; i < 100; i++) {
    const f = normalCdf(s - z) + normalCdf(-z - s) - power;
    const slope = density(s - z) - density(s + z);
    const next = s - f / slope;
    const done = Math.abs(next - s) <= 1e-15 * s;
    s = next;
    if (done) break;
  }
  return (s / Math.sqrt(m)) * sd;
}

function density(x: number): number {
  return Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
}
