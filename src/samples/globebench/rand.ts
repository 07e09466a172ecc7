import type { Rng } from '../../derive/stats/rng.js';

/** Standard normal draw (Box-Muller); two uniforms per call keeps streams easy to reason about. */
export function gaussian(rng: Rng): number {
  const u = 1 - rng.next(); // (0, 1]
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Standard Gumbel draw, for Gumbel-top-k sampling without replacement. */
export function gumbel(rng: Rng): number {
  const u = (rng.u32() + 0.5) / 4294967296; // strictly inside (0, 1)
  return -Math.log(-Math.log(u));
}

export function shuffle<T>(rng: Rng, arr: T[]): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = arr[i];
    arr[i] = arr[j];
    arr[j] = t;
  }
  return arr;
}

export function pick<T>(rng: Rng, arr: readonly T[]): T {
  return arr[rng.int(arr.length)];
}

/** Index drawn with probability proportional to weights (all >= 0, not all 0). */
export function weightedIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Splits `total` into integers proportional to weights (largest remainder; ties to the lower index). */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (w / sum) * total);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, f: r - Math.floor(r) })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) out[order[k].i]++;
  return out;
}

/** Uniform integer in [lo, hi]. */
export function intBetween(rng: Rng, lo: number, hi: number): number {
  return lo + rng.int(hi - lo + 1);
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
