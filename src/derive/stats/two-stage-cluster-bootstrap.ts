import type { Interval } from './bootstrap-mean-ci.js';
import { percentileInterval } from './percentile-interval.js';
import { clusterCodes } from './cluster-codes.js';
import { MultinomialSampler } from './multinomial-sample.js';
import { clusterKinds, KindSums, sampleKey, type ClusterKinds } from './cluster-kinds.js';
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
   * scheme): n_g unit indices per drawn cluster. 'counts': for one column, the sum of a drawn
   * cluster's n_g units in one draw from its tabulated law (ResampledSumTable: two values, or more
   * on a lattice such as pass bits' differences or shares of 20 models), and where few kinds of
   * cluster repeat (PAWM's tasks of three runs) both stages by kinds (clusterKinds); for k columns
   * or values off a lattice, how many times each of the cluster's distinct rows is drawn,
   * Multinomial(n_g, c_gp / n_g) (MultinomialSampler). Default: by kinds where there are at most
   * G/4 kinds, else tabulated sums where clusters average 4 units or more, else distinct rows where
   * the clusters hold at most half as many distinct rows as units (k models' pass bits), else
   * 'items'.
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
  return percentileInterval(total / n, means, opts.level);
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
    // every unit its own cluster: stage two draws the drawn unit itself, so a resample is n units
    // drawn with replacement from all n, which is one cluster of all the units (stage one drawing it)
    const whole = G === n && G > 1;
    const rowSizes = whole ? Int32Array.of(n) : sizes;
    const rows = distinctRows(columns, ordered, whole ? new Int32Array(1) : start, rowSizes);
    if (k === 1) {
      // clusters with identical samples are one kind, with one table of their sums
      const kinds = clusterKinds(Array.from(rowSizes, (size, g) => sampleKey(clusterValues(rows, g), clusterCounts(rows, g), size)));
      const sums = Array.from(kinds.first, (g) => new KindSums(clusterValues(rows, g), clusterCounts(rows, g), rowSizes[g]));
      if (sums.every((x) => x.tabulable(1))) {
        // a few kinds of cluster: by kinds; else clusters of 4 units or more on average: one draw per
        // cluster; else (3 runs of a task) drawing the units one by one is as fast
        if (kinds.count * 4 <= rowSizes.length && sums.every((x) => x.tabulable(rowSizes.length))) return meansByClusterKinds(kinds, sums, rowSizes, opts);
        if (n >= 4 * rowSizes.length || opts.draw === 'counts') return meansBySumTables(kinds, sums, rowSizes, B, state);
      }
    }
    if (opts.draw === 'counts') return meansByRowCounts(rows, k, rowSizes, opts);
    if (rows.count * 2 <= n)
      return k === 1 ? meansByRowCounts(rows, k, rowSizes, opts) : meansOfRepeatedRows(rows, k, whole ? new Int32Array(1) : start, rowSizes, B, state);
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
 * meansOfColumns where units repeat a few distinct rows (k models' pass bits on items: ~9 patterns
 * among an operator's ~27 items): the same draws, unit for unit, but a drawn unit only counts its
 * row (how many times each distinct row is drawn in this resample), and each column's sum is made
 * once per resample from the counts, times[p] x row p, instead of k additions per drawn unit. For
 * integer values (pass bits) the same sums, hence the same means, as meansOfColumns; for others the
 * same up to the order of floating-point additions. The plain loop is meansOfColumns:
 *   for (let j = 0; j < k; j++) sums[j] += v[row + j];
 */
function meansOfRepeatedRows(
  rows: ClusterRows,
  k: number,
  start: Int32Array,
  sizes: Int32Array,
  B: number,
  state: [number, number, number, number],
): Float64Array {
  const G = sizes.length;
  const { rowOf, values } = rows;
  const clusterScale = G / 4294967296;
  const means = new Float64Array(B * k);
  const times = new Int32Array(rows.count);
  const sums = new Float64Array(k);
  let [a, b, c, d] = state;
  for (let r = 0; r < B; r++) {
    times.fill(0);
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
        times[rowOf[from + Math.floor(u * scale)]]++;
      }
      units += size;
    }
    sums.fill(0);
    for (let p = 0; p < times.length; p++) {
      const m = times[p];
      if (m === 0) continue;
      for (let j = 0; j < k; j++) sums[j] += m * values[p * k + j];
    }
    for (let j = 0; j < k; j++) means[r * k + j] = sums[j] / units;
  }
  return means;
}

/** Each cluster's distinct rows (values across the k columns) and how many of its units have each. */
export interface ClusterRows {
  /** cluster g's rows at rowStart[g] .. rowStart[g + 1] - 1; row p's values at p k .. p k + k - 1 */
  values: Float64Array;
  counts: Int32Array;
  rowStart: Int32Array;
  count: number;
  /** unit t's row (t in the order distinctRows walked the units: cluster by cluster) */
  rowOf: Int32Array;
}

export function distinctRows(columns: readonly ArrayLike<number>[], ordered: Int32Array, start: Int32Array, sizes: Int32Array): ClusterRows {
  const k = columns.length;
  const G = sizes.length;
  const values: number[] = [];
  const counts: number[] = [];
  const rowStart = new Int32Array(G + 1);
  const rowOf = new Int32Array(G === 0 ? 0 : start[G - 1] + sizes[G - 1]);
  for (let g = 0; g < G; g++) {
    rowStart[g] = counts.length;
    // the row's values joined are the key: numbers, never a release's strings
    const seen = new Map<string, number>();
    for (let t = start[g]; t < start[g] + sizes[g]; t++) {
      const i = ordered[t];
      let key = '';
      for (let j = 0; j < k; j++) key += `${columns[j][i]},`;
      let p = seen.get(key);
      if (p !== undefined) counts[p]++;
      else {
        p = counts.length;
        seen.set(key, p);
        counts.push(1);
        for (let j = 0; j < k; j++) values.push(columns[j][i]);
      }
      rowOf[t] = p;
    }
  }
  rowStart[G] = counts.length;
  return { values: Float64Array.from(values), counts: Int32Array.from(counts), rowStart, count: counts.length, rowOf };
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

/**
 * Stage two by one draw per drawn cluster for one column (pass bits, their paired differences,
 * per-run successes, shares of 20 models): the sum of its n_g units drawn with replacement, from the
 * tabulated distribution of that sum (ResampledSumTable: a binomial count for two values, a
 * convolution for more on a lattice; one table per kind of cluster, KindSums at m = 1). Each drawn cluster costs one step of the
 * generator for its index and two for the 53-bit uniform (none for a cluster of one value), against
 * n_g steps drawing its units one by one. The plain scheme is meansOfOneColumn (draw 'items'): the
 * same distribution; in plain draws, per resample and drawn cluster:
 *   g = rng.int(G); s += tables[g].constant, or tables[g].sumAt(rng.uniform53()); units += sizes[g]
 */
function meansBySumTables(kinds: ClusterKinds, sums: KindSums[], sizes: Int32Array, B: number, state: [number, number, number, number]): Float64Array {
  const G = sizes.length;
  const tables = Array.from(kinds.kindOf, (q) => sums[q].at(1));
  const constant = Float64Array.from(tables, (t) => t.constant);
  const clusterScale = G / 4294967296;
  const means = new Float64Array(B);
  let [a, b, c, d] = state;
  for (let r = 0; r < B; r++) {
    let s = 0,
      units = 0;
    for (let draw = 0; draw < G; draw++) {
      let x = Math.imul(b, 5);
      const u = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
      let t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      const g = Math.floor(u * clusterScale);
      units += sizes[g];
      if (!Number.isNaN(constant[g])) {
        s += constant[g];
        continue;
      }
      // uniform53: the upper 27 bits of one output and the upper 26 of the next
      x = Math.imul(b, 5);
      const hi = (Math.imul((x << 7) | (x >>> 25), 9) >>> 0) >>> 5;
      t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      x = Math.imul(b, 5);
      const lo = (Math.imul((x << 7) | (x >>> 25), 9) >>> 0) >>> 6;
      t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      s += tables[g].sumAt((hi * 67108864 + lo) / 9007199254740992);
    }
    means[r] = s / units;
  }
  return means;
}

const clusterValues = (rows: ClusterRows, g: number) => rows.values.subarray(rows.rowStart[g], rows.rowStart[g + 1]);
const clusterCounts = (rows: ClusterRows, g: number) => rows.counts.subarray(rows.rowStart[g], rows.rowStart[g + 1]);

/**
 * Both stages by kinds of cluster (clusterKinds): per resample, how many clusters of each kind
 * stage one draws, Multinomial(G, w / G) (MultinomialSampler), then for each kind drawn m times the
 * sum of its m clusters' stage-two draws in one draw (KindSums). The same distribution as drawing
 * the G clusters one by one and their units one by one (meansOfOneColumn, draw 'items').
 */
function meansByClusterKinds(kinds: ClusterKinds, sums: KindSums[], sizes: Int32Array, opts: ClusterBootstrapOptions): Float64Array {
  const G = sizes.length,
    K = kinds.count;
  const stageOne = new MultinomialSampler(G, kinds.clusters);
  const size = Int32Array.from(kinds.first, (g) => sizes[g]);
  const m = new Int32Array(K);
  const rng = createRng(opts.seed, opts.stream ?? '');
  const B = opts.resamples;
  const means = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    stageOne.draw(rng, m);
    let s = 0,
      units = 0;
    for (let q = 0; q < K; q++) {
      if (m[q] === 0) continue;
      const table = sums[q].at(m[q]);
      s += Number.isNaN(table.constant) ? table.sumAt(rng.uniform53()) : table.constant;
      units += m[q] * size[q];
    }
    means[r] = s / units;
  }
  return means;
}
