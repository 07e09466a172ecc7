import type { Rng } from './rng.js';

/**
 * One draw of Binomial(n, p) as its definition gives it: the number of successes among n independent
 * Bernoulli(p) trials, each a 53-bit uniform U < p (so P(success) = p up to 2^-53; Feller 1968, "An
 * Introduction to Probability Theory", vol. 1, VI.1). O(n) uniforms per draw: the plain reference of
 * `binomialSample` and `binomialTableSampler`, which draw the same law in expected O(1) steps
 * (test/stats/binomial-sample-plain.test.ts checks all three against scipy's pmf). n a non-negative
 * integer, p in [0, 1].
 */
export function binomialSamplePlain(rng: Rng, n: number, p: number): number {
  let successes = 0;
  for (let i = 0; i < n; i++) if (rng.uniform53() < p) successes++;
  return successes;
}
