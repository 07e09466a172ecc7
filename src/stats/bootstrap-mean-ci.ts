import { createRng } from './rng.js';
import { quantileSorted } from './quantile-sorted.js';

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

export interface BootstrapOptions {
  resamples: number;
  seed: number;
  /** names the random stream, so each table cell has its own reproducible draws */
  stream?: string;
  /** confidence level, default 0.95 */
  level?: number;
}

/**
 * Percentile bootstrap confidence interval of a mean (Efron & Tibshirani 1993, ch. 13): draw B
 * resamples of the n values with replacement, take each resample's mean, and report the
 * (1-level)/2 and (1+level)/2 quantiles (type 7) of those B means. Same as scipy.stats.bootstrap
 * with method='percentile'.
 */
export function bootstrapMeanCI(values: ArrayLike<number>, opts: BootstrapOptions): Interval {
  const n = values.length;
  if (n === 0) return { estimate: NaN, low: NaN, high: NaN };
  let total = 0;
  for (let i = 0; i < n; i++) total += values[i];
  const means = bootstrapMeans(values, opts);
  return percentileInterval(total / n, means, opts.level ?? 0.95);
}

/** The B resample means, sorted ascending. */
export function bootstrapMeans(values: ArrayLike<number>, opts: BootstrapOptions): Float64Array {
  const n = values.length;
  const u32 = createRng(opts.seed, opts.stream ?? '').u32;
  // a typed copy and a hoisted scale keep the hot loop monomorphic (see bench/bootstrap.mjs)
  const v = Float64Array.from(values as ArrayLike<number>);
  const scale = n / 4294967296;
  const means = new Float64Array(opts.resamples);
  for (let b = 0; b < opts.resamples; b++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += v[Math.floor(u32() * scale)];
    means[b] = s / n;
  }
  return means.sort();
}

/** Interval from sorted bootstrap replicates. */
export function percentileInterval(estimate: number, sortedReplicates: Float64Array, level: number): Interval {
  const alpha = (1 - level) / 2;
  return {
    estimate,
    low: quantileSorted(sortedReplicates, alpha),
    high: quantileSorted(sortedReplicates, 1 - alpha),
  };
}
