import { betaQuantile } from './beta-quantile.js';
import type { Rng } from './rng.js';

/**
 * A clustered 0/1 sample with a given mean and intraclass correlation, by the beta-binomial model
 * (Skellam 1948; Ridout, Demetrio & Firth 1999, Biometrics 55:137-148): cluster g's rate is
 * p_g ~ Beta(alpha, beta) with
 *
 *   alpha = mean (1/icc - 1),   beta = (1 - mean)(1/icc - 1),
 *
 * so E p_g = mean and Var p_g = mean (1 - mean) icc, and its sizes[g] units are independent
 * Bernoulli(p_g); two units of one cluster then correlate by icc = 1/(alpha + beta + 1). icc = 0
 * gives independent units (p_g = mean), icc = 1 whole clusters of 0 or of 1. p_g is drawn by
 * inversion (betaQuantile of a 53-bit uniform), a unit as uniform53() < p_g, all from `rng`. The
 * expected pooled mean is `mean` whatever the sizes (the rates do not depend on them), which makes
 * it the true value in coverage simulations (bench/cluster-coverage.mjs) and the model of
 * parametric replicates of a clustered rate. Returns the units cluster by cluster.
 */
export function betaBinomialClusterSample(rng: Rng, sizes: ArrayLike<number>, mean: number, icc: number): Uint8Array {
  if (!(mean >= 0 && mean <= 1) || !(icc >= 0 && icc <= 1)) throw new RangeError(`betaBinomialClusterSample: mean ${mean} and icc ${icc} must lie in [0, 1]`);
  let n = 0;
  for (let g = 0; g < sizes.length; g++) n += sizes[g];
  const out = new Uint8Array(n);
  const scale = 1 / icc - 1;
  let at = 0;
  for (let g = 0; g < sizes.length; g++) {
    const rate =
      icc === 0 || mean === 0 || mean === 1
        ? mean
        : icc === 1
          ? rng.uniform53() < mean
            ? 1
            : 0
          : betaQuantile(rng.uniform53(), mean * scale, (1 - mean) * scale);
    for (let i = 0; i < sizes[g]; i++) out[at++] = rng.uniform53() < rate ? 1 : 0;
  }
  return out;
}
