import type { Rng } from './rng.js';

/**
 * Uniform double in [0, 1) with 53 random bits, from two 32-bit outputs: the upper 27 bits of the
 * first and the upper 26 of the second, (a 2^26 + b) / 2^53, the construction of numpy's
 * `next_double` and of Vigna's "Generating uniform doubles in the unit interval". Samplers that
 * compare a uniform against small probabilities (binomial inversion and BTPE's acceptance tests)
 * use it so that 32-bit granularity (2^-32) cannot bias their tails.
 */
export function uniformDouble(rng: Rng): number {
  const a = rng.u32() >>> 5;
  const b = rng.u32() >>> 6;
  return (a * 67108864 + b) / 9007199254740992;
}
