import { clusterCodes } from './cluster-codes.js';

/**
 * The intraclass correlation by the one-way analysis-of-variance estimator, for clusters of unequal
 * sizes (Fisher 1925; Snedecor & Cochran 1989, "Statistical Methods", 8th ed., sec. 13.8; Donner 1986,
 * "A review of inference procedures for the intraclass correlation coefficient in the one-way
 * random effects model", Int. Stat. Rev. 54(1):67-82; for 0/1 outcomes, Ridout, Demetrio & Firth
 * 1999, Biometrics 55:137-148, who recommend it):
 *
 *   MSB = sum_g n_g (mean_g - mean)^2 / (G - 1)          (between clusters)
 *   MSW = sum_g sum_(i in g) (y_i - mean_g)^2 / (N - G)  (within clusters)
 *   n0  = (N - sum_g n_g^2 / N) / (G - 1)                (the "average" cluster size)
 *   ICC = (MSB - MSW) / (MSB + (n0 - 1) MSW)
 *
 * MSB and MSW are the mean squares of R's `anova(lm(y ~ factor(g)))`. The estimator is not
 * truncated: it can be negative (down to -1/(n0 - 1)) when clusters vary less than chance would
 * make them. NaN with fewer than two clusters, no within-cluster degrees of freedom (N = G), or no
 * variation at all.
 */
export function iccAnova(values: ArrayLike<number>, clusters: ArrayLike<string | number>): number {
  const N = values.length;
  if (clusters.length !== N) throw new Error(`iccAnova: ${N} values but ${clusters.length} cluster labels`);
  const { codes, count: G, sizes } = clusterCodes(clusters);
  if (G < 2 || N <= G) return NaN;
  const sums = new Float64Array(G);
  let total = 0;
  for (let i = 0; i < N; i++) {
    sums[codes[i]] += values[i];
    total += values[i];
  }
  const mean = total / N;
  let within = 0;
  for (let i = 0; i < N; i++) {
    const e = values[i] - sums[codes[i]] / sizes[codes[i]];
    within += e * e;
  }
  let between = 0,
    sizeSquares = 0;
  for (let g = 0; g < G; g++) {
    const d = sums[g] / sizes[g] - mean;
    between += sizes[g] * d * d;
    sizeSquares += sizes[g] * sizes[g];
  }
  const msb = between / (G - 1);
  const msw = within / (N - G);
  const n0 = (N - sizeSquares / N) / (G - 1);
  const denominator = msb + (n0 - 1) * msw;
  return denominator === 0 ? NaN : (msb - msw) / denominator;
}
