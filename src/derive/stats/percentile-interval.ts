import { quantileSelect } from './quantile-select.js';

/**
 * The bootstrap percentile interval (Efron & Tibshirani 1993, sec. 13.3): the (1 - level)/2 and
 * (1 + level)/2 quantiles (type 7, as numpy.percentile) of the B replicates, beside the estimate.
 * Two selections instead of a sort (quantileSelect; at 10,000 replicates a sort costs more than the
 * draws); the replicates are left permuted.
 */
export function percentileInterval(estimate: number, replicates: Float64Array, level = 0.95): { estimate: number; low: number; high: number } {
  const alpha = (1 - level) / 2;
  return { estimate, low: quantileSelect(replicates, alpha), high: quantileSelect(replicates, 1 - alpha) };
}
