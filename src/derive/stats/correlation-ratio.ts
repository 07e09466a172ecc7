import { mean as ssMean } from 'simple-statistics';

/**
 * Correlation ratio eta (Pearson 1903): how much of a numeric variable's variance a grouping
 * explains. eta^2 = SS_between / SS_total = sum_g n_g (mean_g - mean)^2 / sum_i (y_i - mean)^2,
 * which equals the R^2 of a one-way ANOVA (a linear model on the group as a factor).
 * Returns eta (the square root); square it for the share of variance explained.
 */
export function correlationRatio(groups: readonly string[], values: readonly number[]): number {
  if (groups.length !== values.length) throw new Error('correlationRatio: groups and values differ in length');
  const n = values.length;
  if (n === 0) return NaN;
  const mean = ssMean(values as number[]);
  const sum = new Map<string, { s: number; n: number }>();
  let total = 0;
  for (let i = 0; i < n; i++) {
    const g = sum.get(groups[i]) ?? { s: 0, n: 0 };
    g.s += values[i];
    g.n++;
    sum.set(groups[i], g);
    total += (values[i] - mean) ** 2;
  }
  if (total === 0) return NaN;
  let between = 0;
  for (const g of sum.values()) between += g.n * (g.s / g.n - mean) ** 2;
  return Math.sqrt(between / total);
}
