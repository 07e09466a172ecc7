import { normalQuantile } from './normal-quantile.js';

export interface CohensKappa {
  n: number;
  /** observed agreement p_o = sum_i p_ii */
  agreement: number;
  /** chance agreement p_e = sum_i p_i. p_.i */
  expected: number;
  kappa: number;
  /** asymptotic standard error (not under the null) */
  se: number;
  low: number;
  high: number;
}

/**
 * Cohen's kappa of a k x k agreement table (rows: rater A's category, columns: rater B's),
 * kappa = (p_o - p_e) / (1 - p_e), with the large-sample variance of Fleiss, Cohen & Everitt
 * (1969), Psychological Bulletin 72(5):323-327:
 *   var = [ sum_i p_ii (1 - (p_i. + p_.i)(1 - kappa))^2
 *         + (1 - kappa)^2 sum_{i != j} p_ij (p_.i + p_j.)^2
 *         - (kappa - p_e (1 - kappa))^2 ] / ((1 - p_e)^2 n)
 * and a Wald interval kappa +- z_{1-alpha/2} sqrt(var), as statsmodels.stats.inter_rater.cohens_kappa
 * computes it. Undefined (NaN) when n = 0 or p_e = 1 (both raters always give one same category).
 */
export function cohensKappa(table: readonly (readonly number[])[], alpha = 0.05): CohensKappa {
  const k = table.length;
  let n = 0;
  for (const row of table) for (const x of row) n += x;
  const nan = { n, agreement: NaN, expected: NaN, kappa: NaN, se: NaN, low: NaN, high: NaN };
  if (n === 0) return nan;
  const p = table.map((row) => row.map((x) => x / n));
  const rowP = p.map((row) => row.reduce((a, b) => a + b, 0));
  const colP = Array.from({ length: k }, (_, j) => p.reduce((a, row) => a + row[j], 0));
  let po = 0,
    pe = 0;
  for (let i = 0; i < k; i++) {
    po += p[i][i];
    pe += rowP[i] * colP[i];
  }
  if (1 - pe === 0) return { ...nan, agreement: po, expected: pe };
  const kappa = (po - pe) / (1 - pe);
  let a = 0,
    b = 0;
  for (let i = 0; i < k; i++) {
    a += p[i][i] * (1 - (rowP[i] + colP[i]) * (1 - kappa)) ** 2;
    for (let j = 0; j < k; j++) if (i !== j) b += p[i][j] * (colP[i] + rowP[j]) ** 2;
  }
  const c = (kappa - pe * (1 - kappa)) ** 2;
  const variance = (a + (1 - kappa) ** 2 * b - c) / ((1 - pe) ** 2 * n);
  const se = Math.sqrt(Math.max(0, variance));
  const z = normalQuantile(1 - alpha / 2);
  return { n, agreement: po, expected: pe, kappa, se, low: kappa - z * se, high: kappa + z * se };
}
