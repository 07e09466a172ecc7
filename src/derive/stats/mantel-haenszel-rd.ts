import { normalQuantile } from './normal-quantile.js';

/** One stratum's 2x2 counts: successes and totals among the exposed (1) and the unexposed (0). */
export interface Stratum2x2 {
  a: number; // exposed successes
  n1: number; // exposed total
  c: number; // unexposed successes
  n0: number; // unexposed total
}

export interface MantelHaenszelRD {
  /** stratified risk difference, exposed minus unexposed (a rate difference, -1..1) */
  rd: number;
  variance: number;
  se: number;
  low: number;
  high: number;
  /** strata with units on both sides; the others carry no weight and drop out */
  strataUsed: number;
}

/**
 * Mantel-Haenszel stratified risk difference (Greenland & Robins 1985), weights w_k = n1k n0k / N_k:
 *   RD_MH = sum_k (a_k n0k - c_k n1k) / N_k  /  sum_k w_k,
 * with the variance estimator of Sato (1989) / Greenland & Robins, valid for sparse and large strata:
 *   Var = [RD_MH sum_k (c_k (n1k/N_k)^2 - a_k (n0k/N_k)^2 + (n1k/N_k)(n0k/N_k)(n0k - n1k)/2)
 *          + sum_k (a_k (n0k - c_k) + c_k (n1k - a_k)) / (2 N_k)]  /  (sum_k w_k)^2,
 * the form R's metafor::rma.mh(measure = "RD") computes; the CI is RD_MH -+ z_{1-alpha/2} sqrt(Var).
 */
export function mantelHaenszelRD(strata: readonly Stratum2x2[], level = 0.95): MantelHaenszelRD {
  const used = strata.filter((s) => s.n1 > 0 && s.n0 > 0);
  let num = 0,
    den = 0,
    p = 0,
    q = 0;
  for (const { a, n1, c, n0 } of used) {
    const N = n1 + n0;
    num += a * (n0 / N) - c * (n1 / N);
    den += n1 * (n0 / N);
    p += c * (n1 / N) ** 2 - a * (n0 / N) ** 2 + ((n1 / N) * (n0 / N) * (n0 - n1)) / 2;
    q += (a * (n0 - c)) / N + (c * (n1 - a)) / N;
  }
  if (den === 0) return { rd: NaN, variance: NaN, se: NaN, low: NaN, high: NaN, strataUsed: 0 };
  const rd = num / den;
  const variance = (rd * p + q / 2) / den ** 2;
  const se = Math.sqrt(variance);
  const z = normalQuantile(1 - (1 - level) / 2);
  return { rd, variance, se, low: rd - z * se, high: rd + z * se, strataUsed: used.length };
}
