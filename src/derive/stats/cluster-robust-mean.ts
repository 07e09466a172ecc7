import { clusterCodes } from './cluster-codes.js';

/** A mean or a difference of means with its cluster-robust (CR1) and item (HC1) standard errors. */
export interface ClusterRobustEstimate {
  estimate: number;
  /** the cluster-robust standard error: sqrt of sandwich::vcovCL(type = "HC1") */
  se: number;
  /** the same estimate's standard error as if every unit were independent: sqrt of sandwich::vcovHC(type = "HC1") */
  seItem: number;
  /** se^2 / seItem^2: how many times the clustered variance exceeds the naive one */
  designEffect: number;
  /** units (rows of the regression) */
  n: number;
  /** distinct clusters G */
  clusters: number;
  /** G - 1, the degrees of freedom of the CR1 t interval and p-value (clusterRobustTInterval) */
  df: number;
}

/**
 * The mean of `values` with its cluster-robust standard error, exactly as R's
 * `sandwich::vcovCL(lm(y ~ 1), cluster = ~g, type = "HC1")` (Zeileis, Koell & Graham 2020,
 * "Various versatile variances", J. Stat. Softw. 95(1); Liang & Zeger 1986; Cameron & Miller 2015,
 * "A practitioner's guide to cluster-robust inference", J. Hum. Resour. 50(2), sec. VI.B). For the
 * intercept-only model the sandwich is a scalar: with residuals e_i = y_i - mean and cluster sums
 * E_g = sum of e_i over cluster g,
 *
 *   V_CR1 = c / n^2 * sum_g E_g^2,    c = G/(G - 1) * (n - 1)/(n - k),   k = 1 here,
 *
 * where c is vcovCL's small-sample factor for type "HC1" with the default cadjust = TRUE: the
 * cluster adjustment G/(G - 1) times the HC1 factor (n - 1)/(n - k) (for k = 1 the latter is 1).
 * This is the "CR1S" of clubSandwich and Stata's `vce(cluster g)`.
 *
 * `seItem` is `sandwich::vcovHC(lm(y ~ 1), type = "HC1")`: n/(n - k) * sum_i e_i^2 / n^2 =
 * s^2 / n, the classical standard error of a mean (the cluster formula with every unit its own
 * cluster gives the same). `designEffect` = se^2 / seItem^2 (Kish 1965: the variance under the
 * design over the variance under independence). `clusters` are labels (strings or numbers, one per
 * value; see clusterCodes). Fewer than two clusters give se NaN (G/(G - 1) is undefined), fewer than
 * two units seItem NaN; a NaN value makes everything NaN (nothing is dropped). The paired mean
 * difference is this on the differences (clusterRobustPairedDiff).
 */
export function clusterRobustMean(values: ArrayLike<number>, clusters: ArrayLike<string | number>): ClusterRobustEstimate {
  const n = values.length;
  if (clusters.length !== n) throw new Error(`clusterRobustMean: ${n} values but ${clusters.length} cluster labels`);
  const { codes, count: G } = clusterCodes(clusters);
  let total = 0;
  for (let i = 0; i < n; i++) total += values[i];
  const mean = total / n;
  const sums = new Float64Array(G);
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const e = values[i] - mean;
    sums[codes[i]] += e;
    squares += e * e;
  }
  let between = 0;
  for (let g = 0; g < G; g++) between += sums[g] * sums[g];
  const variance = G > 1 ? ((G / (G - 1)) * between) / (n * n) : NaN;
  const itemVariance = n > 1 ? squares / (n * (n - 1)) : NaN;
  return {
    estimate: n > 0 ? mean : NaN,
    se: Math.sqrt(variance),
    seItem: Math.sqrt(itemVariance),
    designEffect: variance / itemVariance,
    n,
    clusters: G,
    df: G - 1,
  };
}
