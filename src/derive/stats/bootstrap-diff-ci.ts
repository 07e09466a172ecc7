import type { BootstrapOptions, Interval } from './bootstrap-mean-ci.js';
import { quantileSelect } from './quantile-select.js';
import { createRng } from './rng.js';

/**
 * Percentile bootstrap interval of an unpaired difference in means, mean(a) - mean(b), from two
 * independent samples (Efron & Tibshirani 1993, ch. 13 and sec. 8.3, the two-sample bootstrap): each
 * of B resamples draws n_a values of a and n_b values of b with replacement, each group from its
 * own units (so both group sizes stay fixed), and takes the difference of their means; the
 * interval is the (1 - level)/2 and (1 + level)/2 quantiles (type 7) of the B differences. Same
 * scheme as scipy.stats.bootstrap((a, b), lambda x, y: x.mean() - y.mean(), method='percentile').
 * Indices are floor(u n / 2^32) of createRng(seed, stream)'s u32 draws, a's before b's in each
 * resample. An empty group gives NaN bounds.
 */
export function bootstrapDiffCI(a: ArrayLike<number>, b: ArrayLike<number>, opts: BootstrapOptions): Interval {
  const na = a.length,
    nb = b.length;
  let ta = 0,
    tb = 0;
  for (let i = 0; i < na; i++) ta += a[i];
  for (let i = 0; i < nb; i++) tb += b[i];
  const estimate = ta / na - tb / nb;
  if (na === 0 || nb === 0) return { estimate: Number.NaN, low: Number.NaN, high: Number.NaN };
  const rng = createRng(opts.seed, opts.stream ?? '');
  const B = opts.resamples;
  const diffs = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    let sa = 0,
      sb = 0;
    for (let i = 0; i < na; i++) sa += a[Math.floor((rng.u32() * na) / 4294967296)];
    for (let i = 0; i < nb; i++) sb += b[Math.floor((rng.u32() * nb) / 4294967296)];
    diffs[r] = sa / na - sb / nb;
  }
  const alpha = (1 - (opts.level ?? 0.95)) / 2;
  return { estimate, low: quantileSelect(diffs, alpha), high: quantileSelect(diffs, 1 - alpha) };
}
