import { createRng, rngState, type Rng } from './rng.js';
import { percentileInterval } from './percentile-interval.js';
import { quantileSorted } from './quantile-sorted.js';
import { distinctValues } from './distinct-values.js';
import { MultinomialSampler } from './multinomial-sample.js';
import { BinomialTable } from './binomial-table-sampler.js';

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

export interface BootstrapOptions {
  resamples: number;
  seed: number;
  /** names the random stream, so each table cell has its own reproducible draws */
  stream?: string;
  /** confidence level, default 0.95 */
  level?: number;
  /**
   * How a resample is drawn; both give the same distribution of resample means (see
   * bootstrapMeans). 'items': n indices with replacement. 'counts': multinomial counts over the
   * distinct values. Default: 'counts' when there are few distinct values (MAX_DISTINCT_FOR_COUNTS).
   */
  draw?: 'items' | 'counts';
}

/**
 * Up to how many distinct values a resample is drawn as counts. A resample by counts costs k - 1
 * binomial draws, a resample by items n index draws; on the 2-core machine the workbench is
 * benchmarked on, a binomial draw (BINV walk or BTPE, setup included) cost 25 to 50 index draws
 * in micro-benchmarks under varying load (bench/bootstrap.mjs shows the two paths side by side),
 * so counts are used when (k - 1) 24 < n: never much slower than items at the margin, ~n/k
 * times faster for the large discrete cells that dominate (two-valued samples are cheaper still:
 * binomialTableSampler). The cap of 64 covers every discrete statistic the workbench bootstraps
 * (pass bits: 2 values, paired differences: 3, per-item shares k/20: 21) and lets the count of
 * distinct values stop early; a continuous sample has n distinct values and stays on items.
 */
const MAX_DISTINCT_FOR_COUNTS = 64;
const ITEM_DRAWS_PER_BINOMIAL = 24;

/**
 * Percentile bootstrap confidence interval of a mean (Efron & Tibshirani 1993, ch. 13): draw B
 * resamples of the n values with replacement, take each resample's mean, and report the
 * (1-level)/2 and (1+level)/2 quantiles (type 7) of those B means. Same as scipy.stats.bootstrap
 * with method='percentile'.
 */
export function bootstrapMeanCI(values: ArrayLike<number>, opts: BootstrapOptions): Interval {
  const n = values.length;
  if (n === 0) return { estimate: NaN, low: NaN, high: NaN };
  let total = 0;
  for (let i = 0; i < n; i++) total += values[i];
  const level = opts.level ?? 0.95;
  // NaN has no place in a selection's comparisons: such samples keep the sorted path (NaN last).
  if (!Number.isFinite(total)) return sortedPercentileInterval(total / n, bootstrapMeans(values, opts), level);
  const alpha = (1 - level) / 2;
  const byCounts = countsDraw(values, opts);
  if (byCounts) {
    const q = integerSumQuantiles(byCounts, opts, alpha, 1 - alpha);
    if (q) return { estimate: total / n, low: q[0], high: q[1] };
  }
  return percentileInterval(total / n, byCounts ? meansByCounts(byCounts, opts) : meansByItems(values, opts), level);
}

/**
 * The B resample means, sorted ascending. Resampling n items with replacement from a sample whose
 * distinct values v_1 < ... < v_k occur c_1..c_k times gives the same distribution of resample
 * counts as Multinomial(n; c_1/n, ..., c_k/n) (each draw picks value j with probability c_j/n,
 * independently), so with few distinct values a resample is drawn as those counts
 * (multinomialSample) and its mean is sum_j count_j v_j / n, summed in ascending order of v: exact
 * for integer values, and the same on every run. Otherwise n indices are drawn per resample. Either
 * way the draws come from createRng(seed, stream).
 */
export function bootstrapMeans(values: ArrayLike<number>, opts: BootstrapOptions): Float64Array {
  return drawMeans(values, opts).sort();
}

/** A sample drawn by counts: its n values' distinct values, ascending, and how often each occurs. */
interface CountsDraw {
  n: number;
  values: Float64Array;
  counts: Float64Array;
}

/** How a resample of `values` is drawn: by counts (see bootstrapMeans), or null for by items. */
function countsDraw(values: ArrayLike<number>, opts: BootstrapOptions): CountsDraw | null {
  const n = values.length;
  const draw = opts.draw;
  if (draw !== 'items' && n > 0) {
    const distinct = distinctValues(values, draw === 'counts' ? Infinity : MAX_DISTINCT_FOR_COUNTS);
    if (distinct && (draw === 'counts' || (distinct.values.length - 1) * ITEM_DRAWS_PER_BINOMIAL < n)) {
      return { n, values: distinct.values, counts: distinct.counts };
    }
    if (!distinct && draw === 'counts') throw new Error('bootstrap: draw "counts" needs finite values');
  }
  return null;
}

/** The B resample means in the order drawn (bootstrapMeans, unsorted: two independent samples' replicates may be paired by draw). */
export function drawMeans(values: ArrayLike<number>, opts: BootstrapOptions): Float64Array {
  const byCounts = countsDraw(values, opts);
  return byCounts ? meansByCounts(byCounts, opts) : meansByItems(values, opts);
}

/** Whether the two-valued resamples are drawn from a tabulated binomial CDF (meansOfTwoValues). */
const tabulatesTwoValues = (n: number, resamples: number) => n <= 4 * resamples + 1024;

function meansByCounts({ n, values, counts }: CountsDraw, opts: BootstrapOptions): Float64Array {
  const k = values.length;
  if (k === 1) return new Float64Array(opts.resamples).fill(values[0]);
  const rng = createRng(opts.seed, opts.stream ?? '');
  // two values (pass bits): the resample's count of the first is Bin(n, c_1/n), the same (n, p)
  // every time, so its CDF is tabulated once (n + 1 cells, not many next to B draws)
  if (k === 2 && tabulatesTwoValues(n, opts.resamples)) return meansOfTwoValues(n, values, new BinomialTable(n, counts[0] / n), opts.resamples, rng);
  return meansOfCounts(n, values, new MultinomialSampler(n, counts), opts.resamples, rng);
}

/** integerSumQuantiles' histogram, kept between cells (a cell's sums span up to MAX_SUM_CELLS cells). */
let sumCells = new Int32Array(0);

/** Above this many possible resample sums, integerSumQuantiles leaves the quantiles to selection. */
const MAX_SUM_CELLS = 1 << 17;

/**
 * The type 7 quantiles p1 and p2 of the resample means that meansByCounts draws (the same draws,
 * from the same stream), read off a histogram of the resample sums instead of selected from the B
 * means: when every value is an integer, each resample's sum S is exact (|S| <= n max|v| < 2^53),
 * and its mean, computed as S / n either way, is a non-decreasing function of S, so the r-th
 * smallest mean is the mean of the r-th smallest sum. Null (use selection) for one distinct value,
 * a non-integer value, -0 (whose mean quickselect could order either way against a 0), or more
 * than MAX_SUM_CELLS possible sums.
 */
function integerSumQuantiles({ n, values, counts }: CountsDraw, opts: BootstrapOptions, p1: number, p2: number): [number, number] | null {
  const k = values.length;
  const B = opts.resamples;
  if (k < 2 || B < 1) return null;
  for (let j = 0; j < k; j++) if (!Number.isInteger(values[j]) || Object.is(values[j], -0)) return null;
  const lowest = n * values[0],
    highest = n * values[k - 1];
  if (!Number.isSafeInteger(lowest) || !Number.isSafeInteger(highest) || highest - lowest >= MAX_SUM_CELLS) return null;
  // one histogram for every cell of the thread, left all zero after each (cleared where drawn)
  if (sumCells.length < highest - lowest + 1) sumCells = new Int32Array(Math.max(highest - lowest + 1, 2 * sumCells.length));
  const hist = sumCells;
  const rng = createRng(opts.seed, opts.stream ?? '');
  // the smallest and largest cells drawn: the walks start at the first
  const [min, max] =
    k === 2 && tabulatesTwoValues(n, B)
      ? twoValueSums(n, values[0], values[1], new BinomialTable(n, counts[0] / n), B, rng, lowest, hist)
      : countSums(values, new MultinomialSampler(n, counts), B, rng, lowest, hist);
  const q: [number, number] = [histogramQuantile(hist, min, B, p1, lowest, n), histogramQuantile(hist, min, B, p2, lowest, n)];
  hist.fill(0, min, max + 1);
  return q;
}

// The loops of integerSumQuantiles are functions of their own: in one function, the loop of the
// kind of cell met first was optimised without feedback for the other, and every cell of the other
// kind left the optimised code part way (hundreds of deoptimisations in a run).

/** Counts the B resample sums of a two-valued sample (the count x of v0 is Bin(n, c_0/n)) in `hist`, at sum - lowest; the smallest and largest cells counted. */
function twoValueSums(n: number, v0: number, v1: number, table: BinomialTable, B: number, rng: Rng, lowest: number, hist: Int32Array): [number, number] {
  let min = hist.length,
    max = -1;
  for (let r = 0; r < B; r++) {
    const x = table.draw(rng);
    const at = x * v0 + (n - x) * v1 - lowest;
    hist[at]++;
    if (at < min) min = at;
    if (at > max) max = at;
  }
  return [min, max];
}

/** Counts the B resample sums drawn as multinomial counts over `values` in `hist`, at sum - lowest; the smallest and largest cells counted. */
function countSums(values: Float64Array, sampler: MultinomialSampler, B: number, rng: Rng, lowest: number, hist: Int32Array): [number, number] {
  const k = values.length;
  const drawn = new Float64Array(k);
  let min = hist.length,
    max = -1;
  for (let r = 0; r < B; r++) {
    sampler.draw(rng, drawn);
    let s = 0;
    for (let j = 0; j < k; j++) s += drawn[j] * values[j];
    const at = s - lowest;
    hist[at]++;
    if (at < min) min = at;
    if (at > max) max = at;
  }
  return [min, max];
}

/**
 * The type 7 quantile p of the B resample means whose sums are counted in `hist` (at sum - lowest,
 * none below `min`), as quantileSelect computes it from the order statistics lo and lo + 1.
 */
function histogramQuantile(hist: Int32Array, min: number, B: number, p: number, lowest: number, n: number): number {
  const h = (B - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const frac = h - lo;
  let at = min;
  let below = hist[at]; // resamples with a sum up to lowest + at
  while (below <= lo) below += hist[++at];
  const x = (lowest + at) / n;
  if (frac === 0) return x;
  if (below <= lo + 1) {
    at++;
    while (hist[at] === 0) at++;
  }
  const next = (lowest + at) / n;
  return x + frac * (next - x);
}

// The two loops below are functions of their own, each optimised once for every cell it serves.

function meansOfTwoValues(n: number, values: Float64Array, table: BinomialTable, resamples: number, rng: Rng): Float64Array {
  const means = new Float64Array(resamples);
  const v0 = values[0],
    v1 = values[1];
  for (let r = 0; r < resamples; r++) {
    const x = table.draw(rng);
    means[r] = (x * v0 + (n - x) * v1) / n;
  }
  return means;
}

function meansOfCounts(n: number, values: Float64Array, sampler: MultinomialSampler, resamples: number, rng: Rng): Float64Array {
  const k = values.length;
  const means = new Float64Array(resamples);
  const drawn = new Float64Array(k);
  for (let r = 0; r < resamples; r++) {
    sampler.draw(rng, drawn);
    let s = 0;
    for (let j = 0; j < k; j++) s += drawn[j] * values[j];
    means[r] = s / n;
  }
  return means;
}

function meansByItems(values: ArrayLike<number>, opts: BootstrapOptions): Float64Array {
  const n = values.length;
  const v = Float64Array.from(values as ArrayLike<number>);
  const scale = n / 4294967296;
  const means = new Float64Array(opts.resamples);
  // The hot loop: xoshiro128** inlined on local state, the same stream as
  // createRng(seed, stream).u32() (a test checks it), about 4x faster than a call per draw
  // (bench/bootstrap.mjs).
  let [a, b, c, d] = rngState(opts.seed, opts.stream ?? '');
  for (let r = 0; r < opts.resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const x = Math.imul(b, 5);
      const u = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      s += v[Math.floor(u * scale)];
    }
    means[r] = s / n;
  }
  return means;
}

/** percentileInterval from replicates already sorted (with NaN last, where a selection cannot go). */
function sortedPercentileInterval(estimate: number, sortedReplicates: Float64Array, level: number): Interval {
  const alpha = (1 - level) / 2;
  return {
    estimate,
    low: quantileSorted(sortedReplicates, alpha),
    high: quantileSorted(sortedReplicates, 1 - alpha),
  };
}
