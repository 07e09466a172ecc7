import type { ClusterRobustEstimate } from './cluster-robust-mean.js';
import { studentTCdf } from './student-t-cdf.js';
import { studentTQuantile } from './student-t-quantile.js';

/** A CR1 interval and the two-sided p-value of the test against `nullValue`. */
export interface ClusterRobustTInterval {
  estimate: number;
  low: number;
  high: number;
  /** two-sided p-value of estimate = nullValue, from t with df degrees of freedom */
  pValue: number;
  df: number;
}

/**
 * The CR1 confidence interval and test of a cluster-robust estimate (clusterRobustMean,
 * clusterRobustPairedDiff, clusterRobustDiff): estimate +- t(1 - (1 - level)/2, G - 1) * se, and
 * the two-sided p-value 2 P(T_(G-1) > |estimate - nullValue| / se). G - 1 degrees of freedom
 * rather than the normal: the cluster-robust variance is estimated from G cluster sums, and with
 * few clusters the normal interval under-covers (Cameron & Miller 2015, sec. VI.D; Stata's
 * `vce(cluster)` and lmtest::coeftest(fit, vcovCL(...), df = G - 1)). Defaults: level 0.95,
 * nullValue 0. An se of NaN (fewer than two clusters) gives NaN; an se of 0 gives the point
 * interval and p 0 or 1 (NaN when the estimate equals the null).
 */
export function clusterRobustTInterval(
  est: Pick<ClusterRobustEstimate, 'estimate' | 'se' | 'df'>,
  opts: { level?: number; nullValue?: number } = {},
): ClusterRobustTInterval {
  const level = opts.level ?? 0.95;
  const nullValue = opts.nullValue ?? 0;
  const { estimate, se, df } = est;
  const crit = studentTQuantile(1 - (1 - level) / 2, df);
  const half = se === 0 ? 0 : crit * se;
  const t = Math.abs(estimate - nullValue) / se;
  return { estimate, low: estimate - half, high: estimate + half, pValue: Math.min(1, 2 * studentTCdf(t, df, true)), df };
}
