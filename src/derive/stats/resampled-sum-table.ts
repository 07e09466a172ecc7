import { binomialPmf, inversionTable } from './binomial-table-sampler.js';

/**
 * The largest n^2 R P / 2 (the convolutions' multiply-adds; n draws, R the values' range, P how many
 * distinct values) for which a table of three or more values is built, about a millisecond; beyond
 * it a caller draws another way (a multinomial of the value counts, or the units one by one).
 */
export const RESAMPLED_SUM_WORK = 2_000_000;

/**
 * Whether ResampledSumTable can tabulate the sum of n draws from these distinct values: one or two
 * values always (a constant; a binomial count of the larger), three or more when they lie on a
 * lattice min + step x {0, 1, ..., R} (latticeOf: pass bits' paired differences, per-run successes,
 * shares of 20 models) and the table is cheap to build.
 */
export function resampledSumTabulable(values: ArrayLike<number>, n: number): boolean {
  if (values.length <= 2) return true;
  const lattice = latticeOf(values);
  return lattice !== null && (n * n * lattice.range * values.length) / 2 <= RESAMPLED_SUM_WORK;
}

/**
 * The lattice finite values lie on: the smallest, and the step, the greatest common divisor of
 * their gaps (Euclid's algorithm, a remainder under 1e-9 of the step counting as zero, so shares
 * such as 3/20 and 7/20 computed in floating point are on the lattice of 1/20); each value's offset
 * in steps, and the largest offset (the range). Null when a value is not within 1e-6 of a step of
 * the lattice, or the range exceeds 100,000 steps (values that merely happen to be rational).
 */
export function latticeOf(values: ArrayLike<number>): { min: number; step: number; range: number; offsets: Int32Array } | null {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length === 0 || !Number.isFinite(sorted[0]) || !Number.isFinite(sorted[sorted.length - 1])) return null;
  const min = sorted[0];
  let step = 0;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i] - sorted[i - 1];
    if (gap === 0) continue;
    if (step === 0) {
      step = gap;
      continue;
    }
    let [x, y] = step >= gap ? [step, gap] : [gap, step];
    while (y > 1e-9 * step) [x, y] = [y, x % y];
    step = x;
  }
  if (step === 0) return { min, step: 1, range: 0, offsets: new Int32Array(values.length) };
  const offsets = new Int32Array(values.length);
  for (let p = 0; p < values.length; p++) {
    const q = (values[p] - min) / step;
    const o = Math.round(q);
    if (Math.abs(q - o) > 1e-6 || o > 100_000) return null;
    offsets[p] = o;
  }
  let range = 0;
  for (const o of offsets) range = Math.max(range, o);
  return { min, step, range, offsets };
}

/**
 * The sum of n units drawn with replacement from a sample whose distinct values v_1..v_P occur
 * c_1..c_P times (n is usually c_1 + ... + c_P; KindSums draws m times that many): stage two of a
 * cluster bootstrap for one cluster, drawn as one number instead of n. Its distribution, tabulated once:
 * - P = 1: the constant n v_1;
 * - P = 2 (v_1 < v_2): X v_2 + (n - X) v_1 with X ~ Binomial(n, c_2 / (c_1 + c_2)) (binomialPmf);
 * - P >= 3 on a lattice min + step x {0..R} (latticeOf): the n-fold convolution of the empirical
 *   pmf f(v_p) = c_p / (c_1 + ... + c_P) on the lattice (the sum of n i.i.d. draws; Feller 1968,
 *   vol. 1, sec. XI.2), by n convolutions with it; sum s steps is n min + s step;
 * then drawn by inversion of its CDF with a guide table (inversionTable; Chen & Asau 1974, Devroye
 * 1986 sec. III.2.4): one 53-bit uniform and a comparison or two per draw (sumAt). The plain scheme
 * is n indices drawn one by one (the bootstraps' draw 'items'); a test checks both give the same
 * distribution. The values are taken in increasing order whatever order they come in, so the table
 * depends on the sample only. Build only where resampledSumTabulable says so.
 */
export class ResampledSumTable {
  /** the one possible sum (P = 1, or n = 0), drawn without a uniform; else NaN */
  readonly constant: number = NaN;
  private readonly size: number = 0;
  private readonly sums: Float64Array = new Float64Array(0);
  private readonly cdf: Float64Array = new Float64Array(0);
  private readonly guide: Int32Array = new Int32Array(0);

  constructor(values: ArrayLike<number>, counts: ArrayLike<number>, n: number) {
    const present: { v: number; c: number }[] = [];
    for (let p = 0; p < values.length; p++) if (counts[p] > 0) present.push({ v: values[p], c: counts[p] });
    present.sort((x, y) => x.v - y.v);
    if (n === 0 || present.length <= 1) {
      this.constant = n === 0 || present.length === 0 ? 0 : n * present[0].v;
      return;
    }
    let total = 0;
    for (const x of present) total += x.c;
    let pmf: Float64Array;
    let sums: Float64Array;
    if (present.length === 2) {
      const [low, high] = present;
      pmf = binomialPmf(n, high.c / total);
      sums = new Float64Array(n + 1);
      for (let x = 0; x <= n; x++) sums[x] = x * high.v + (n - x) * low.v;
    } else {
      const lattice = latticeOf(present.map((x) => x.v));
      if (lattice === null) throw new Error('ResampledSumTable: three or more values not on a lattice (see resampledSumTabulable)');
      const { min, step, range, offsets } = lattice;
      pmf = new Float64Array(n * range + 1);
      let next = new Float64Array(n * range + 1);
      pmf[0] = 1;
      for (let t = 0; t < n; t++) {
        const width = t * range + 1; // the support after t draws
        next.fill(0, 0, width + range);
        for (let s = 0; s < width; s++) {
          const f = pmf[s];
          if (f === 0) continue;
          for (let p = 0; p < present.length; p++) next[s + offsets[p]] += (f * present[p].c) / total;
        }
        [pmf, next] = [next, pmf];
      }
      sums = new Float64Array(n * range + 1);
      for (let s = 0; s < sums.length; s++) sums[s] = n * min + s * step;
    }
    const { cdf, guide } = inversionTable(pmf);
    this.size = sums.length;
    this.sums = sums;
    this.cdf = cdf;
    this.guide = guide;
  }

  /** The sum for a uniform u in [0, 1) (53 bits, as Rng.uniform53): the inverse of the tabulated CDF. */
  sumAt(u: number): number {
    let s = this.guide[Math.floor(u * this.size)];
    while (this.cdf[s] <= u) s++;
    return this.sums[s];
  }
}
