import { bootstrapMeanCI, type BootstrapOptions, type Interval } from './bootstrap-mean-ci.js';

/**
 * Paired percentile bootstrap of a difference in means, mean(a) - mean(b), where a[i] and b[i] are
 * measured on the same unit (here: two models on the same item). Each resample draws units with
 * replacement and keeps the pair together, so the item-to-item correlation between the two models
 * narrows the interval as it should: the same as a one-sample bootstrap of d[i] = a[i] - b[i].
 */
export function pairedBootstrapDiffCI(a: ArrayLike<number>, b: ArrayLike<number>, opts: BootstrapOptions): Interval {
  if (a.length !== b.length) throw new Error(`paired bootstrap: lengths differ (${a.length} vs ${b.length})`);
  const d = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) d[i] = a[i] - b[i];
  return bootstrapMeanCI(d, opts);
}
