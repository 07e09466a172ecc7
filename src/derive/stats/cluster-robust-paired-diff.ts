import { clusterRobustMean, type ClusterRobustEstimate } from './cluster-robust-mean.js';

/**
 * The paired mean difference mean(a - b), where a[i] and b[i] are measured on the same unit i
 * (two models on one item, two methods on one task) and the unit lies in cluster clusters[i], with
 * its cluster-robust standard error: the regression of the differences on a constant,
 * `sandwich::vcovCL(lm(d ~ 1), cluster = ~g, type = "HC1")` with d = a - b (see clusterRobustMean
 * for the formula and its small-sample factor G/(G - 1)). Pairing enters through the
 * differences; clustering through the cluster sums of their residuals. `seItem` is the paired
 * standard error sd(d)/sqrt(n) (vcovHC HC1).
 */
export function clusterRobustPairedDiff(a: ArrayLike<number>, b: ArrayLike<number>, clusters: ArrayLike<string | number>): ClusterRobustEstimate {
  if (a.length !== b.length) throw new Error(`clusterRobustPairedDiff: lengths differ (${a.length} vs ${b.length})`);
  const d = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) d[i] = a[i] - b[i];
  return clusterRobustMean(d, clusters);
}
