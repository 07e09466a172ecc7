import type { Interval } from './bootstrap-mean-ci.js';
import { clusterCodes } from './cluster-codes.js';
import { quantileSelect } from './quantile-select.js';
import { BinomialTable } from './binomial-table-sampler.js';
import { MultinomialSampler } from './multinomial-sample.js';
import { distinctValues } from './distinct-values.js';
import { createRng, rngState } from './rng.js';

export interface ClusterBootstrapOptions {
  resamples: number;
  seed: number;
  /** names the random stream, so each table cell has its own reproducible draws */
  stream?: string;
  /** confidence level, default 0.95 */
  level?: number;
  /**
   * How stage two is drawn; both give the same distribution of resample means. 'items' (the plain
   * scheme): n_g unit indices per drawn cluster. 'counts': how many times each of the cluster's
   * distinct rows (its units' values across the columns) is drawn, Multinomial(n_g, c_gp / n_g)
   * with c_gp the cluster's count of row p (MultinomialSampler), one draw per distinct row instead
   * of n_g; for one column of two distinct values (pass bits) the count of the larger value,
   * Binomial(n_g, k_g / n_g), from a tabulated CDF (BinomialTable). Default: 'counts' where the
   * clusters hold at most half as many distinct rows as units (pass bits, paired differences in
   * {-1, 0, 1}, k models' pass bits), else 'items'.
   */
  draw?: 'items' | 'counts';
}

/**
 * Two-stage cluster bootstrap percentile interval of a mean (Davison & Hinkley 1997, "Bootstrap
 * Methods and their Application", sec. 3.8, hierarchical data, resampling at both stages; Field &
 * Welsh 2007, "Bootstrapping clustered data", JRSS B 69(3):369-390, the "two-stage bootstrap";
 * Efron & Tibshirani 1993, ch. 13 for the percentile interval). Each of B resamples
 *
 * 1. draws G clusters with replacement from the G clusters (stage one), then
 * 2. within each drawn cluster of n_g units, draws n_g units with replacement from that cluster
 *    (stage two; a cluster drawn twice is resampled twice, independently),
 *
 * and takes the mean of all the units drawn (sum over sum of sizes: the pooled mean, the same
 * estimand as the point estimate, whose denominator varies with the clusters drawn). The interval
 * is the (1 - level)/2 and (1 + level)/2 quantiles (type 7) of the B means. For G clusters of m
 * units, between-cluster variance s_b^2 and within s_w^2, the variance of the mean is about
 * (s_b^2 + s_w^2/m)/G; stage one alone reproduces it times (G - 1)/G (mildly liberal), and stage
 * two adds s_w^2/(G m) once more (mildly conservative, the more so with few units per cluster) -
 * the trade-off Davison & Hinkley discuss in sec. 3.8. With every unit its own cluster it is the
 * item bootstrap (bootstrapMeanCI) in distribution.
 *
 * Randomness: createRng(seed, stream)'s stream (xoshiro128** inlined here, a test checks it equals
 * the plain draws: cluster index floor(u G / 2^32), then unit index floor(u n_g / 2^32) within it).
 * Pass bits (two distinct values) are drawn by counts (see `draw`): O(B G) instead of O(B N).
 * Measured in bench/cluster-bootstrap.mjs.
 * Empty input, or a value that is not finite, gives NaN bounds.
 */
export function twoStageClusterBootstrapMeanCI(values: ArrayLike<number>, clusters: ArrayLike<string | number>, opts: ClusterBootstrapOptions): Interval {
  const n = values.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += values[i];
  if (n === 0 || !Number.isFinite(total)) return { estimate: total / n, low: NaN, high: NaN };
  const means = twoStageClusterBootstrapMeans([values], clusters, opts);
  const alpha = (1 - (opts.level ?? 0.95)) / 2;
  return { estimate: total / n, low: quantileSelect(means, alpha), high: quantileSelect(means, 1 - alpha) };
}

/**
 * The B two-stage cluster-bootstrap resample means (see twoStageClusterBootstrapMeanCI) of k
 * columns measured on the same units (k models' scores on shared items), from the same draws:
 * every column is averaged over the same resampled units, so the replicates keep the pairing
 * (what rankInterval and paired comparisons need). Returned row by row, in draw order: replicate r's
 * mean of column j at r k + j (for one column, the B means). One column of two distinct values is
 * drawn by counts unless opts.draw is 'items'.
 */
export function twoStageClusterBootstrapMeans(
  columns: readonly ArrayLike<number>[],
  clusters: ArrayLike<string | number>,
  opts: ClusterBootstrapOptions,
): Float64Array {
  const k = columns.length;
  const n = clusters.length;
  for (const [j, c] of columns.entries())
    if (c.length !== n) throw new Error(`twoStageClusterBootstrap: column ${j} has ${c.length} values but there are ${n} cluster labels`);
  const B = opts.resamples;
  if (n === 0 || k === 0) return new Float64Array(B * k).fill(NaN);
  const { codes, count: G, sizes } = clusterCodes(clusters);
  // units laid out cluster by cluster: cluster g's are at start[g] .. start[g] + sizes[g] - 1
  const start = new Int32Array(G);
  for (let g = 1; g < G; g++) start[g] = start[g - 1] + sizes[g - 1];
  const at = start.slice();
  const ordered = new Int32Array(n);
  for (let i = 0; i < n; i++) ordered[at[codes[i]]++] = i;
  const state = rngState(opts.seed, opts.stream ?? '');
  if (opts.draw !== 'items') {
    if (k === 1) {
      const distinct = distinctValues(columns[0], 2);
      if (distinct && distinct.values.length === 2) return meansByCounts(columns[0], distinct.values, codes, sizes, opts);
    }
    // every unit its own cluster: stage two draws the drawn unit itself, so a resample is n units
    // drawn with replacement from all n, which is one cluster of all the units (stage one drawing it)
    const whole = G === n && G > 1;
    const rows = whole ? distinctRows(columns, ordered, new Int32Array(1), Int32Array.of(n)) : distinctRows(columns, ordered, start, sizes);
    if (opts.draw === 'counts' || rows.count * 2 <= n) return meansByRowCounts(rows, k, whole ? Int32Array.of(n) : sizes, opts);
  }
  if (k === 1) {
    const v = new Float64Array(n);
    for (let t = 0; t < n; t++) v[t] = columns[0][ordered[t]];
    return meansOfOneColumn(v, start, sizes, B, state);
  }
  const v = new Float64Array(n * k); // unit t's k values at t k .. t k + k - 1
  for (let t = 0; t < n; t++) for (let j = 0; j < k; j++) v[t * k + j] = columns[j][ordered[t]];
  return meansOfColumns(v, k, start, sizes, B, state);
}

// The hot loops: xoshiro128** inlined on local state (the createRng(seed, stream) stream, as in
// bootstrapMeans' item loop), one function per shape so each is optimised for its own.

function meansOfOneColumn(v: Float64Array, start: Int32Array, sizes: Int32Array, B: number, state: [number, number, number, number]): Float64Array {
  const G = start.length;
  const clusterScale = G / 4294967296;
  const means = new Float64Array(B);
  let [a, b, c, d] = state;
  for (let r = 0; r < B; r++) {
    let s = 0,
      units = 0;
    for (let draw = 0; draw < G; draw++) {
      let x = Math.imul(b, 5);
      let u = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
      let t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      const g = Math.floor(u * clusterScale);
      const from = start[g],
        size = sizes[g];
      const scale = size / 4294967296;
      for (let i = 0; i < size; i++) {
        x = Math.imul(b, 5);
        u = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
        t = b << 9;
        c ^= a;
        d ^= b;
        b ^= c;
        a ^= d;
        c ^= t;
        d = (d << 11) | (d >>> 21);
        s += v[from + Math.floor(u * scale)];
      }
      units += size;
    }
    means[r] = s / units;
  }
  return means;
}

function meansOfColumns(v: Float64Array, k: number, start: Int32Array, sizes: Int32Array, B: number, state: [number, number, number, number]): Float64Array {
  const G = start.length;
  const clusterScale = G / 4294967296;
  const means = new Float64Array(B * k);
  const sums = new Float64Array(k);
  let [a, b, c, d] = state;
  for (let r = 0; r < B; r++) {
    sums.fill(0);
    let units = 0;
    for (let draw = 0; draw < G; draw++) {
      let x = Math.imul(b, 5);
      let u = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
      let t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      const g = Math.floor(u * clusterScale);
      const from = start[g],
        size = sizes[g];
      const scale = size / 4294967296;
      for (let i = 0; i < size; i++) {
        x = Math.imul(b, 5);
        u = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
        t = b << 9;
        c ^= a;
        d ^= b;
        b ^= c;
        a ^= d;
        c ^= t;
        d = (d << 11) | (d >>> 21);
        const row = (from + Math.floor(u * scale)) * k;
        for (let j = 0; j < k; j++) sums[j] += v[row + j];
      }
      units += size;
    }
    for (let j = 0; j < k; j++) means[r * k + j] = sums[j] / units;
  }
  return means;
}

/**
 * Stage two by counts for a column of two values v0 < v1: a drawn cluster with k_g of its n_g units
 * at v1 contributes X v1 + (n_g - X) v0, X ~ Binomial(n_g, k_g / n_g) (resampling n_g units with
 * replacement from it counts v1 that many times). One table per distinct (n_g, k_g); a cluster
 * with k_g = 0 or n_g draws nothing at stage two.
 */
function meansByCounts(values: ArrayLike<number>, twoValues: Float64Array, codes: Int32Array, sizes: Int32Array, opts: ClusterBootstrapOptions): Float64Array {
  const G = sizes.length;
  const v0 = twoValues[0],
    v1 = twoValues[1];
  const high = new Int32Array(G);
  for (let i = 0; i < values.length; i++) if (values[i] === v1) high[codes[i]]++;
  const tables = new Map<number, BinomialTable>();
  const tableOf: BinomialTable[] = new Array(G);
  let largest = 0;
  for (let g = 0; g < G; g++) largest = Math.max(largest, sizes[g]);
  for (let g = 0; g < G; g++) {
    const key = high[g] * (largest + 1) + sizes[g];
    let table = tables.get(key);
    if (!table) {
      table = new BinomialTable(sizes[g], high[g] / sizes[g]);
      tables.set(key, table);
    }
    tableOf[g] = table;
  }
  const rng = createRng(opts.seed, opts.stream ?? '');
  const B = opts.resamples;
  const means = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    let s = 0,
      units = 0;
    for (let draw = 0; draw < G; draw++) {
      const g = rng.int(G);
      const x = tableOf[g].draw(rng);
      s += x * v1 + (sizes[g] - x) * v0;
      units += sizes[g];
    }
    means[r] = s / units;
  }
  return means;
}

/** Each cluster's distinct rows (values across the k columns) and how many of its units have each. */
interface ClusterRows {
  /** cluster g's rows at rowStart[g] .. rowStart[g + 1] - 1; row p's values at p k .. p k + k - 1 */
  values: Float64Array;
  counts: Int32Array;
  rowStart: Int32Array;
  count: number;
}

function distinctRows(columns: readonly ArrayLike<number>[], ordered: Int32Array, start: Int32Array, sizes: Int32Array): ClusterRows {
  const k = columns.length;
  const G = sizes.length;
  const values: number[] = [];
  const counts: number[] = [];
  const rowStart = new Int32Array(G + 1);
  for (let g = 0; g < G; g++) {
    rowStart[g] = counts.length;
    // the row's values joined are the key: numbers, never a release's strings
    const seen = new Map<string, number>();
    for (let t = start[g]; t < start[g] + sizes[g]; t++) {
      const i = ordered[t];
      let key = '';
      for (let j = 0; j < k; j++) key += `${columns[j][i]},`;
      const p = seen.get(key);
      if (p !== undefined) counts[p]++;
      else {
        seen.set(key, counts.length);
        counts.push(1);
        for (let j = 0; j < k; j++) values.push(columns[j][i]);
      }
    }
  }
  rowStart[G] = counts.length;
  return { values: Float64Array.from(values), counts: Int32Array.from(counts), rowStart, count: counts.length };
}

/**
 * Stage two by counts of each cluster's distinct rows (see `draw`): a drawn cluster adds x_p times
 * row p for x ~ Multinomial(n_g, c_gp / n_g), which is the sum of n_g rows drawn with replacement
 * from its units. The plain scheme is meansOfColumns (draw 'items'): the same distribution.
 */
function meansByRowCounts(rows: ClusterRows, k: number, sizes: Int32Array, opts: ClusterBootstrapOptions): Float64Array {
  const G = sizes.length;
  const samplers: MultinomialSampler[] = [];
  for (let g = 0; g < G; g++) samplers.push(new MultinomialSampler(sizes[g], rows.counts.subarray(rows.rowStart[g], rows.rowStart[g + 1])));
  let widest = 0;
  for (let g = 0; g < G; g++) widest = Math.max(widest, rows.rowStart[g + 1] - rows.rowStart[g]);
  const drawn = new Int32Array(widest);
  const rng = createRng(opts.seed, opts.stream ?? '');
  const B = opts.resamples;
  const means = new Float64Array(B * k);
  const sums = new Float64Array(k);
  const { values, rowStart } = rows;
  for (let r = 0; r < B; r++) {
    sums.fill(0);
    let units = 0;
    for (let draw = 0; draw < G; draw++) {
      const g = rng.int(G);
      const first = rowStart[g],
        P = rowStart[g + 1] - first;
      samplers[g].draw(rng, drawn);
      for (let p = 0; p < P; p++) {
        const x = drawn[p];
        if (x === 0) continue;
        const at = (first + p) * k;
        for (let j = 0; j < k; j++) sums[j] += x * values[at + j];
      }
      units += sizes[g];
    }
    for (let j = 0; j < k; j++) means[r * k + j] = sums[j] / units;
  }
  return means;
}
