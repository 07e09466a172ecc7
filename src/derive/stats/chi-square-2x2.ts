import { chiSquareSf } from './chi-square-sf.js';

export interface ChiSquare2x2 {
  /** Pearson's statistic without continuity correction */
  chi2: number;
  /** p-value of chi2 on 1 degree of freedom */
  p: number;
  /** with Yates' continuity correction (scipy.stats.chi2_contingency's default for 2x2) */
  chi2Yates: number;
  pYates: number;
  /** expected counts under independence, same layout as the input */
  expected: [[number, number], [number, number]];
}

/**
 * Pearson's chi-square test of independence for a 2x2 table [[a, b], [c, d]] (Pearson 1900;
 * Agresti, Categorical Data Analysis, 3rd ed., sec. 3.2):
 *
 *   E_ij = row_i * col_j / n,   chi2 = sum (O_ij - E_ij)^2 / E_ij,   df = 1,
 *
 * and with Yates' continuity correction (Yates 1934) each |O_ij - E_ij| is reduced by 0.5 but never
 * below 0 (the same rule as scipy.stats.chi2_contingency, see scipy gh-13875). p-values are the
 * chi-square(1) survival function. A table with an empty row or column has no defined statistic:
 * every result is NaN.
 */
export function chiSquare2x2(table: readonly [readonly [number, number], readonly [number, number]]): ChiSquare2x2 {
  const [[a, b], [c, d]] = table;
  const n = a + b + c + d;
  const rows = [a + b, c + d];
  const cols = [a + c, b + d];
  const expected: [[number, number], [number, number]] = [
    [(rows[0] * cols[0]) / n, (rows[0] * cols[1]) / n],
    [(rows[1] * cols[0]) / n, (rows[1] * cols[1]) / n],
  ];
  if (rows[0] === 0 || rows[1] === 0 || cols[0] === 0 || cols[1] === 0) {
    return { chi2: NaN, p: NaN, chi2Yates: NaN, pYates: NaN, expected };
  }
  let chi2 = 0;
  let chi2Yates = 0;
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 2; j++) {
      const diff = Math.abs(table[i][j] - expected[i][j]);
      const corrected = Math.max(0, diff - 0.5);
      chi2 += (diff * diff) / expected[i][j];
      chi2Yates += (corrected * corrected) / expected[i][j];
    }
  }
  return { chi2, p: chiSquareSf(chi2, 1), chi2Yates, pYates: chiSquareSf(chi2Yates, 1), expected };
}
