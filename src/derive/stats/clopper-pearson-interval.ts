import type { Interval } from './bootstrap-mean-ci.js';
import { betaQuantile } from './beta-quantile.js';

/**
 * The Clopper-Pearson ("exact") confidence interval for a binomial proportion (Clopper & Pearson
 * 1934, "The use of confidence or fiducial limits illustrated in the case of the binomial",
 * Biometrika 26:404-413): the inversion of two one-sided binomial tests, in terms of Beta quantiles,
 *
 *   low  = Beta^-1(alpha/2; k, n - k + 1)      (0 when k = 0)
 *   high = Beta^-1(1 - alpha/2; k + 1, n - k)  (1 when k = n)
 *
 * with alpha = 1 - level. Its coverage is at least the level for every true proportion, so it is
 * wider than the Wilson interval (wilsonInterval), which the workbench shows for rates; this one is
 * for where a guarantee is wanted on small counts. Same as statsmodels
 * proportion_confint(k, n, alpha, method='beta') and R's binom.test(k, n)$conf.int. n = 0 gives NaNs.
 */
export function clopperPearsonInterval(successes: number, n: number, level = 0.95): Interval {
  if (!(n > 0)) return { estimate: NaN, low: NaN, high: NaN };
  if (successes < 0 || successes > n) throw new RangeError(`clopperPearsonInterval: successes ${successes} outside 0..${n}`);
  const alpha = 1 - level;
  return {
    estimate: successes / n,
    low: successes === 0 ? 0 : betaQuantile(alpha / 2, successes, n - successes + 1),
    high: successes === n ? 1 : betaQuantile(1 - alpha / 2, successes + 1, n - successes),
  };
}
