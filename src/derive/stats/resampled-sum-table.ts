import { binomialPmf, inversionTable } from './binomial-table-sampler.js';

/**
 * The largest n^2 R P / 2 (the convolutions' multiply-adds; n draws, R the values' range, P how many
 * distinct values) for which a table of three or more values is built, about a millisecond; beyond
 * it a caller draws another way (a multinomial of the value counts, or the units one by one).
 */
export const RESAMPLED_SUM_WORK = 2_000_000;

/**
 * Whether ResampledSumTable can tabulate the sum of n draws from these distinct values: one or two
 * values always (a constant; a binomial count of the larger), three or more when every one is an
 * integer (pass bits' paired differences, per-run successes), so the sums lie on the integers
 * n min .. n max and are exact in floating point, and the table is cheap to build.
 */
export function resampledSumTabulable(values: ArrayLike<number>, n: number): boolean {
  if (values.length <= 2) return true;
  let min = Infinity,
    max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isSafeInteger(v)) return false;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return Math.abs(n * max) <= 2 ** 31 && Math.abs(n * min) <= 2 ** 31 && (n * n * (max - min) * values.length) / 2 <= RESAMPLED_SUM_WORK;
}

/**
 * The sum of n units drawn with replacement from a sample whose distinct values v_1..v_P occur
 * c_1..c_P times (n is usually c_1 + ... + c_P; KindSums draws m times that many): stage two of a
 * cluster bootstrap for one cluster, drawn as one number instead of n. Its distribution, tabulated once:
 * - P = 1: the constant n v_1;
 * - P = 2 (v_1 < v_2): X v_2 + (n - X) v_1 with X ~ Binomial(n, c_2 / (c_1 + c_2)) (binomialPmf);
 * - P >= 3 integers: the n-fold convolution of the empirical pmf f(v_p) = c_p / (c_1 + ... + c_P) on the integers
 *   (the sum of n i.i.d. draws; Feller 1968, vol. 1, sec. XI.2), by n convolutions with it;
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
      const min = present[0].v;
      const range = present[present.length - 1].v - min;
      pmf = new Float64Array(n * range + 1);
      let next = new Float64Array(n * range + 1);
      pmf[0] = 1;
      for (let t = 0; t < n; t++) {
        const width = t * range + 1; // the support after t draws
        next.fill(0, 0, width + range);
        for (let s = 0; s < width; s++) {
          const f = pmf[s];
          if (f === 0) continue;
          for (const x of present) next[s + x.v - min] += (f * x.c) / total;
        }
        [pmf, next] = [next, pmf];
      }
      sums = new Float64Array(n * range + 1);
      for (let s = 0; s < sums.length; s++) sums[s] = n * min + s;
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
