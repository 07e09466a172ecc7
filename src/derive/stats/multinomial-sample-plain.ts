import type { Rng } from './rng.js';

/**
 * One draw of Multinomial(n; w_1/W, ..., w_k/W) as its definition gives it: n independent draws of a
 * category, each the first j with U W < w_1 + ... + w_j for a 53-bit uniform U (inversion of the
 * cumulative weights; Devroye 1986, "Non-Uniform Random Variate Generation", sec. III.2.1), counted
 * per category into `out` (length k), which is returned. O(n k) per draw: the plain reference of
 * `multinomialSample` and `MultinomialSampler` (test/stats/multinomial-sample-plain.test.ts checks
 * the three against scipy's pmf). Weights are non-negative with a positive sum when n > 0.
 */
export function multinomialSamplePlain<T extends { [i: number]: number; length: number }>(rng: Rng, n: number, weights: ArrayLike<number>, out: T): T {
  const k = weights.length;
  let total = 0;
  for (let j = 0; j < k; j++) {
    total += weights[j];
    out[j] = 0;
  }
  for (let t = 0; t < n; t++) {
    const u = rng.uniform53() * total;
    let j = 0;
    let below = weights[0];
    // past the last positive weight only by rounding: that category then takes the draw
    while (u >= below && j < k - 1) below += weights[++j];
    while (weights[j] === 0 && j > 0) j--;
    out[j]++;
  }
  return out;
}
