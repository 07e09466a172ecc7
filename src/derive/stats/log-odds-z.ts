/**
 * The log-odds ratio of one word between two groups with Dirichlet prior pseudo-counts, its
 * approximate variance and z-score (Monroe, Colaresi & Quinn 2008, eqs. 16-22):
 *
 *   delta = log((y1 + a) / (n1 + a0 - y1 - a)) - log((y2 + a) / (n2 + a0 - y2 - a))
 *   var   = 1 / (y1 + a) + 1 / (y2 + a),   z = delta / sqrt(var)
 *
 * y1, y2: the word's counts; n1, n2: the groups' total counts; a: the word's prior pseudo-count;
 * a0: the prior's total over the vocabulary. `weightedLogOdds` applies this to a whole vocabulary.
 */
export function logOddsZ(y1: number, y2: number, n1: number, n2: number, a: number, a0: number): { logOdds: number; variance: number; z: number } {
  const logOdds = Math.log((y1 + a) / (n1 + a0 - y1 - a)) - Math.log((y2 + a) / (n2 + a0 - y2 - a));
  const variance = 1 / (y1 + a) + 1 / (y2 + a);
  return { logOdds, variance, z: logOdds / Math.sqrt(variance) };
}
