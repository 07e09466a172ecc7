import type { Rng } from './rng.js';
import { binomialSample } from './binomial-sample.js';

/**
 * One draw of Multinomial(n; w_1/W, ..., w_k/W), W = sum of the weights, by conditional binomials
 * (Devroye 1986, "Non-Uniform Random Variate Generation", sec. XI.1.4; as numpy's `multinomial`):
 * X_1 ~ Bin(n, w_1/W), then X_j ~ Bin(n - X_1 - ... - X_(j-1), w_j / (w_j + ... + w_k)), and the last
 * category takes what is left. Exact, with k - 1 binomial draws (fewer once nothing is left), each
 * expected O(1) (binomialSample). Writes the counts into `out` (length k) and returns it; the counts
 * sum to n. Weights are non-negative (e.g. the counts of each distinct value in a sample).
 */
export function multinomialSample<T extends { [i: number]: number; length: number }>(
  rng: Rng,
  n: number,
  weights: ArrayLike<number>,
  out: T,
): T {
  const k = weights.length;
  let restWeight = 0;
  for (let j = 0; j < k; j++) restWeight += weights[j];
  let left = n;
  for (let j = 0; j < k - 1; j++) {
    const w = weights[j];
    const x = left === 0 || w === 0 ? 0 : w >= restWeight ? left : binomialSample(rng, left, w / restWeight);
    out[j] = x;
    left -= x;
    restWeight -= w;
  }
  if (k > 0) out[k - 1] = left;
  return out;
}
