import type { BootstrapOptions, Interval } from './bootstrap-mean-ci.js';
import { percentileInterval } from './percentile-interval.js';
import { drawMeans } from './bootstrap-mean-ci.js';
import { createRng } from './rng.js';

/**
 * Percentile bootstrap interval of an unpaired difference in means, mean(a) - mean(b), from two
 * independent samples (Efron & Tibshirani 1993, ch. 13 and sec. 8.3, the two-sample bootstrap): each
 * of B resamples draws n_a values of a and n_b values of b with replacement, each group from its
 * own units (so both group sizes stay fixed), and takes the difference of their means; the
 * interval is the (1 - level)/2 and (1 + level)/2 quantiles (type 7) of the B differences. Same
 * scheme as scipy.stats.bootstrap((a, b), lambda x, y: x.mean() - y.mean(), method='percentile').
 * Each group is resampled on its own stream (`<stream>:a`, `<stream>:b`) by drawMeans, as counts
 * of its distinct values where it has few, else as indices; bootstrapDiffCIPlain draws the indices
 * of both groups from one stream, a's before b's in each resample. An empty group gives NaN bounds.
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
  // each group resampled on its own stream, by counts where it has few distinct values (drawMeans:
  // the same distribution as drawing na and nb items, which bootstrapDiffCIPlain does)
  const stream = opts.stream ?? '';
  const ma = drawMeans(a, { ...opts, stream: `${stream}:a` });
  const mb = drawMeans(b, { ...opts, stream: `${stream}:b` });
  const diffs = new Float64Array(opts.resamples);
  for (let r = 0; r < diffs.length; r++) diffs[r] = ma[r] - mb[r];
  return percentileInterval(estimate, diffs, opts.level);
}

/** The plain twin of bootstrapDiffCI: each resample draws na items from a and nb from b, on one stream. The same distribution. */
export function bootstrapDiffCIPlain(a: ArrayLike<number>, b: ArrayLike<number>, opts: BootstrapOptions): Interval {
  const na = a.length,
    nb = b.length;
  let ta = 0,
    tb = 0;
  for (let i = 0; i < na; i++) ta += a[i];
  for (let i = 0; i < nb; i++) tb += b[i];
  if (na === 0 || nb === 0) return { estimate: Number.NaN, low: Number.NaN, high: Number.NaN };
  const rng = createRng(opts.seed, opts.stream ?? '');
  const diffs = new Float64Array(opts.resamples);
  for (let r = 0; r < diffs.length; r++) {
    let sa = 0,
      sb = 0;
    for (let i = 0; i < na; i++) sa += a[rng.int(na)];
    for (let i = 0; i < nb; i++) sb += b[rng.int(nb)];
    diffs[r] = sa / na - sb / nb;
  }
  return percentileInterval(ta / na - tb / nb, diffs, opts.level);
}
