import { clusterCodes } from './cluster-codes.js';
import type { ClusterRobustEstimate } from './cluster-robust-mean.js';

/**
 * The unpaired difference of means mean(a) - mean(b), one row per response (a's responses with
 * their clusters aClusters, b's with bClusters; a cluster may hold responses of both), with its
 * cluster-robust standard error: the coefficient of the group indicator in `lm(y ~ group)`, y the
 * n = n_a + n_b responses and group 1 for a's, with
 * `sandwich::vcovCL(fit, cluster = ~g, type = "HC1")` (references at clusterRobustMean). With
 * X = [1, group], the coefficient's row of (X'X)^-1 is (-1/n_b, n/(n_a n_b)), and the score of
 * row i is e_i (1, group_i) with e_i the residual from its own group's mean, so
 *
 *   V_CR1 = c * sum_g (A_g / n_a - B_g / n_b)^2,    c = G/(G - 1) * (n - 1)/(n - 2),
 *
 * where A_g and B_g are the sums of a's and b's residuals in cluster g, and c is vcovCL's HC1
 * factor with k = 2 coefficients (cadjust G/(G - 1) times (n - 1)/(n - k)). This equals
 * clubSandwich's CR1S (`vcovCR(fit, cluster = g, type = "CR1S")`, factor G (n - 1)/((G - 1)(n - k))).
 *
 * `seItem` is `sandwich::vcovHC(fit, type = "HC1")`: n/(n - 2) * (sum_a e^2 / n_a^2 + sum_b e^2 / n_b^2),
 * the heteroskedasticity-robust (Welch-like, with HC1's n/(n - k)) standard error of a difference.
 * An empty group gives NaN throughout; fewer than two clusters give se NaN.
 */
export function clusterRobustDiff(
  a: ArrayLike<number>,
  aClusters: ArrayLike<string | number>,
  b: ArrayLike<number>,
  bClusters: ArrayLike<string | number>,
): ClusterRobustEstimate {
  const na = a.length,
    nb = b.length,
    n = na + nb;
  if (aClusters.length !== na) throw new Error(`clusterRobustDiff: ${na} values of a but ${aClusters.length} cluster labels`);
  if (bClusters.length !== nb) throw new Error(`clusterRobustDiff: ${nb} values of b but ${bClusters.length} cluster labels`);
  const labels: (string | number)[] = new Array(n);
  for (let i = 0; i < na; i++) labels[i] = aClusters[i];
  for (let i = 0; i < nb; i++) labels[na + i] = bClusters[i];
  const { codes, count: G } = clusterCodes(labels);
  let ta = 0,
    tb = 0;
  for (let i = 0; i < na; i++) ta += a[i];
  for (let i = 0; i < nb; i++) tb += b[i];
  const ma = ta / na,
    mb = tb / nb;
  const scores = new Float64Array(G); // A_g / n_a - B_g / n_b
  let sa = 0,
    sb = 0;
  for (let i = 0; i < na; i++) {
    const e = a[i] - ma;
    scores[codes[i]] += e / na;
    sa += e * e;
  }
  for (let i = 0; i < nb; i++) {
    const e = b[i] - mb;
    scores[codes[na + i]] -= e / nb;
    sb += e * e;
  }
  let between = 0;
  for (let g = 0; g < G; g++) between += scores[g] * scores[g];
  const empty = na === 0 || nb === 0;
  const variance = !empty && G > 1 && n > 2 ? (G / (G - 1)) * ((n - 1) / (n - 2)) * between : NaN;
  const itemVariance = !empty && n > 2 ? (n / (n - 2)) * (sa / (na * na) + sb / (nb * nb)) : NaN;
  return {
    estimate: empty ? NaN : ma - mb,
    se: Math.sqrt(variance),
    seItem: Math.sqrt(itemVariance),
    designEffect: variance / itemVariance,
    n,
    clusters: G,
    df: G - 1,
  };
}
