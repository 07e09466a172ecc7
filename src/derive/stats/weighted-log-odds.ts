import { logOddsZ } from './log-odds-z.js';

export interface LogOdds {
  /** count of the word in group 1 and group 2 */
  y1: number;
  y2: number;
  /** the prior pseudo-count a_w */
  prior: number;
  /** delta_w, the log-odds ratio of group 1 over group 2 */
  logOdds: number;
  /** the approximate variance of delta_w */
  variance: number;
  /** delta_w / sqrt(variance); positive = characteristic of group 1 */
  z: number;
}

export interface WeightedLogOddsOptions {
  /**
   * The Dirichlet prior a_w. `'pooled'` (default): the word's count in both groups together,
   * a_w = y_w1 + y_w2, the empirical-Bayes prior of R's tidylo::bind_log_odds. A number: the same
   * pseudo-count for every word (an uninformative, flat prior).
   */
  prior?: 'pooled' | number;
}

/**
 * Weighted log-odds ratio with an informative Dirichlet prior, two groups (Monroe, Colaresi & Quinn
 * 2008, "Fightin' Words", Political Analysis 16(4), eqs. 15-22):
 *
 *   delta_w = log((y_w1 + a_w) / (n_1 + a_0 - y_w1 - a_w)) - log((y_w2 + a_w) / (n_2 + a_0 - y_w2 - a_w))
 *   var(delta_w) ~= 1 / (y_w1 + a_w) + 1 / (y_w2 + a_w)
 *   z_w = delta_w / sqrt(var(delta_w))
 *
 * where y_wi is the count of word w in group i, n_i the total count of group i, a_w the prior
 * pseudo-count of w and a_0 the sum of a_w over the vocabulary (the union of both groups' words).
 * The prior shrinks the log-odds of rare words towards 0, so a word needs both a large and a
 * well-supported difference to get a large z.
 */
export function weightedLogOdds(
  group1: ReadonlyMap<string, number>,
  group2: ReadonlyMap<string, number>,
  opts: WeightedLogOddsOptions = {},
): Map<string, LogOdds> {
  const prior = opts.prior ?? 'pooled';
  const vocab = new Set<string>([...group1.keys(), ...group2.keys()]);
  let n1 = 0;
  let n2 = 0;
  for (const v of group1.values()) n1 += v;
  for (const v of group2.values()) n2 += v;
  const priorOf = (w: string): number => (prior === 'pooled' ? (group1.get(w) ?? 0) + (group2.get(w) ?? 0) : prior);
  let a0 = 0;
  for (const w of vocab) a0 += priorOf(w);
  const out = new Map<string, LogOdds>();
  for (const w of [...vocab].sort()) {
    const y1 = group1.get(w) ?? 0;
    const y2 = group2.get(w) ?? 0;
    const a = priorOf(w);
    out.set(w, { y1, y2, prior: a, ...logOddsZ(y1, y2, n1, n2, a, a0) });
  }
  return out;
}
