/** One group's size, mean and sum of squared deviations from its mean (its within-group SS). */
export interface GroupMoments {
  n: number;
  mean: number;
  ss: number;
}

/** Each group's GroupMoments (Welford's one-pass update, Welford 1962, Technometrics 4(3):419-420). */
export function groupMoments(groups: readonly (readonly number[])[]): GroupMoments[] {
  return groups.map((values) => {
    let n = 0,
      mean = 0,
      ss = 0;
    for (const v of values) {
      n++;
      const d = v - mean;
      mean += d / n;
      ss += d * (v - mean);
    }
    return { n, mean, ss };
  });
}

/**
 * eta^2 (Pearson 1903; the R^2 of a one-way ANOVA) of the units of these groups taken together,
 * from each group's moments alone: with N = sum n_g and grand mean m = sum n_g mean_g / N,
 * eta^2 = SS_between / (SS_between + SS_within), SS_between = sum n_g (mean_g - m)^2,
 * SS_within = sum ss_g. The same number as correlationRatio(labels, values) ** 2 on the units (a
 * group listed twice counting as two groups), in O(groups) instead of O(units): a bootstrap that
 * draws whole groups with replacement recomputes it per resample from the drawn groups' moments.
 * NaN when the units do not vary (or there are none).
 */
export function etaSquaredOfGroups(groups: readonly GroupMoments[]): number {
  let N = 0,
    weighted = 0;
  for (const g of groups) {
    N += g.n;
    weighted += g.n * g.mean;
  }
  if (N === 0) return NaN;
  const m = weighted / N;
  let between = 0,
    within = 0;
  for (const g of groups) {
    between += g.n * (g.mean - m) ** 2;
    within += g.ss;
  }
  const total = between + within;
  return total === 0 ? NaN : between / total;
}
