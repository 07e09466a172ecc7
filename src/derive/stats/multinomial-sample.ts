import type { Rng } from './rng.js';
import { BINOMIAL_SETUP, binomialSample, drawBinomial, drawInversionFromPmf, inversionPmf, setupBinomial } from './binomial-sample.js';

/**
 * One draw of Multinomial(n; w_1/W, ..., w_k/W), W = sum of the weights, by conditional binomials
 * (Devroye 1986, "Non-Uniform Random Variate Generation", sec. XI.1.4; as numpy's `multinomial`):
 * X_1 ~ Bin(n, w_1/W), then X_j ~ Bin(n - X_1 - ... - X_(j-1), w_j / (w_j + ... + w_k)), and the last
 * category takes what is left. Exact, with k - 1 binomial draws (fewer once nothing is left), each
 * expected O(1) (binomialSample). Writes the counts into `out` (length k) and returns it; the counts
 * sum to n. Weights are non-negative (e.g. the counts of each distinct value in a sample).
 */
export function multinomialSample<T extends { [i: number]: number; length: number }>(rng: Rng, n: number, weights: ArrayLike<number>, out: T): T {
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

/**
 * multinomialSample for many draws with the same n and weights (a bootstrap cell: B resamples of one
 * sample's counts): the conditional probabilities w_j / (w_j + ... + w_k) are worked out once, and the
 * setup of each binomial draw (setupBinomial; for BINV, its pmf too) is kept per category and count
 * left, which repeat from draw to draw. The same draws as multinomialSample on the same rng, number
 * for number. A class, not a closure, so that every cell's sampler is one call target.
 */
export class MultinomialSampler {
  private readonly n: number;
  private readonly k: number;
  /** per category but the last, what multinomialSample decides from the weights alone: NONE (w = 0), ALL (w is the whole rest), DRAW */
  private readonly kind: Uint8Array;
  /** min(p, 1 - p) of a DRAW category, and whether p > 1/2 (the complement is drawn) */
  private readonly r: Float64Array;
  private readonly flip: Uint8Array;
  // setups by (category, count left), direct-mapped on the count: within a category the count left
  // stays within a few standard deviations of its mean, far fewer than CACHED values
  private readonly setups: Float64Array;
  private readonly pmfs: (Float64Array | null)[] = [];
  private readonly setFor: Int32Array;

  constructor(n: number, weights: ArrayLike<number>) {
    const k = weights.length,
      cats = Math.max(0, k - 1);
    this.n = n;
    this.k = k;
    this.kind = new Uint8Array(cats);
    this.r = new Float64Array(cats);
    this.flip = new Uint8Array(cats);
    let restWeight = 0;
    for (let j = 0; j < k; j++) restWeight += weights[j];
    for (let j = 0; j < k - 1; j++) {
      const w = weights[j];
      const p = w / restWeight;
      // as binomialSample(rng, left, p): p <= 0 draws 0, p >= 1 draws everything left
      this.kind[j] = w === 0 || p <= 0 ? NONE : w >= restWeight || p >= 1 ? ALL : DRAW;
      this.flip[j] = p > 0.5 ? 1 : 0;
      this.r[j] = p > 0.5 ? 1 - p : p;
      restWeight -= w;
    }
    this.setups = new Float64Array(cats * CACHED * BINOMIAL_SETUP);
    this.setFor = new Int32Array(cats * CACHED).fill(-1);
  }

  /** One draw of the counts into `out` (length k), as multinomialSample(rng, n, weights, out). */
  draw<T extends { [i: number]: number; length: number }>(rng: Rng, out: T): T {
    const { k, kind, setups, setFor, pmfs } = this;
    let left = this.n;
    for (let j = 0; j < k - 1; j++) {
      let x = 0;
      if (left !== 0 && kind[j] !== NONE) {
        if (kind[j] === ALL) x = left;
        else {
          const slot = j * CACHED + (left & (CACHED - 1));
          const at = slot * BINOMIAL_SETUP;
          if (setFor[slot] !== left) {
            setupBinomial(left, this.r[j], setups, at);
            pmfs[slot] = inversionPmf(setups, at);
            setFor[slot] = left;
          }
          const pmf = pmfs[slot];
          const y = pmf !== null ? drawInversionFromPmf(rng, pmf) : drawBinomial(rng, setups, at);
          x = this.flip[j] ? left - y : y;
        }
      }
      out[j] = x;
      left -= x;
    }
    if (k > 0) out[k - 1] = left;
    return out;
  }
}
const NONE = 0,
  ALL = 1,
  DRAW = 2;
const CACHED = 256;
