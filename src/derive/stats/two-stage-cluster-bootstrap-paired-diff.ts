import type { Interval } from './bootstrap-mean-ci.js';
import { twoStageClusterBootstrapMeanCI, type ClusterBootstrapOptions } from './two-stage-cluster-bootstrap.js';

/**
 * Two-stage cluster bootstrap percentile interval of a paired difference in means, mean(a) - mean(b),
 * where a[i] and b[i] are measured on the same unit i (two models on one item, two methods on one
 * task) and the unit lies in cluster clusters[i]: clusters are drawn with replacement, then units
 * within each drawn cluster, and a drawn unit brings both its measurements, so the pair stays
 * together (the within-unit correlation narrows the interval as it should). The same as
 * twoStageClusterBootstrapMeanCI of the differences a[i] - b[i] (see there for the scheme and its
 * references, Davison & Hinkley 1997 sec. 3.8, Field & Welsh 2007).
 */
export function twoStageClusterBootstrapPairedDiffCI(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  clusters: ArrayLike<string | number>,
  opts: ClusterBootstrapOptions,
): Interval {
  if (a.length !== b.length) throw new Error(`twoStageClusterBootstrapPairedDiffCI: lengths differ (${a.length} vs ${b.length})`);
  const d = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) d[i] = a[i] - b[i];
  return twoStageClusterBootstrapMeanCI(d, clusters, opts);
}
