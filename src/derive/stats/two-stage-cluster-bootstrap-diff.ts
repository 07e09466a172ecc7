import type { Interval } from './bootstrap-mean-ci.js';
import { percentileInterval } from './percentile-interval.js';
import { clusterCodes } from './cluster-codes.js';
import { MultinomialSampler } from './multinomial-sample.js';
import { ResampledSumTable, resampledSumTabulable } from './resampled-sum-table.js';
import { createRng, rngState, type Rng } from './rng.js';
import { distinctRows, type ClusterBootstrapOptions, type ClusterRows } from './two-stage-cluster-bootstrap.js';

/**
 * Two-stage cluster bootstrap percentile interval of an unpaired difference in means,
 * mean(a) - mean(b), one value per response, a's in clusters aClusters and b's in bClusters (a
 * cluster may hold responses of both groups, as in the regression lm(y ~ group) that
 * clusterRobustDiff clusters on the same labels). Each of B resamples draws G clusters with
 * replacement from the G clusters of both groups together (stage one), then within each drawn
 * cluster draws its a-units with replacement from its a-units and its b-units from its b-units,
 * as many of each as it holds (stage two, stratified by group so a cluster keeps its mix), and
 * takes mean(a*) - mean(b*) over all the units drawn. The interval is the (1 - level)/2 and
 * (1 + level)/2 quantiles (type 7) of the B differences. References at
 * twoStageClusterBootstrapMeanCI (Davison & Hinkley 1997 sec. 3.8; Field & Welsh 2007); the
 * two-sample, stratified form is Davison & Hinkley's sec. 3.2.
 *
 * A resample that happens to draw no unit of one group (only possible when clusters hold one
 * group each and there are few) has no difference: it is drawn again from the same stream, so
 * the interval is conditional on both groups being present. Empty groups, or a value that is not
 * finite, give NaN bounds. Randomness from createRng(seed, stream) (inlined: cluster index
 * floor(u G / 2^32), then unit indices floor(u m / 2^32) within each group's m units of the cluster).
 */
export function twoStageClusterBootstrapDiffCI(
  a: ArrayLike<number>,
  aClusters: ArrayLike<string | number>,
  b: ArrayLike<number>,
  bClusters: ArrayLike<string | number>,
  opts: ClusterBootstrapOptions,
): Interval {
  const na = a.length,
    nb = b.length,
    n = na + nb;
  if (aClusters.length !== na) throw new Error(`twoStageClusterBootstrapDiffCI: ${na} values of a but ${aClusters.length} cluster labels`);
  if (bClusters.length !== nb) throw new Error(`twoStageClusterBootstrapDiffCI: ${nb} values of b but ${bClusters.length} cluster labels`);
  let ta = 0,
    tb = 0;
  for (let i = 0; i < na; i++) ta += a[i];
  for (let i = 0; i < nb; i++) tb += b[i];
  const estimate = ta / na - tb / nb;
  if (na === 0 || nb === 0 || !Number.isFinite(ta) || !Number.isFinite(tb)) return { estimate: na && nb ? estimate : NaN, low: NaN, high: NaN };
  const labels: (string | number)[] = new Array(n);
  for (let i = 0; i < na; i++) labels[i] = aClusters[i];
  for (let i = 0; i < nb; i++) labels[na + i] = bClusters[i];
  const { codes, count: G } = clusterCodes(labels);
  // cluster g's a-units at aStart[g] .. + aSize[g] - 1 of av, its b-units likewise in bv
  const aSize = new Int32Array(G),
    bSize = new Int32Array(G);
  for (let i = 0; i < na; i++) aSize[codes[i]]++;
  for (let i = 0; i < nb; i++) bSize[codes[na + i]]++;
  const aStart = new Int32Array(G),
    bStart = new Int32Array(G);
  for (let g = 1; g < G; g++) {
    aStart[g] = aStart[g - 1] + aSize[g - 1];
    bStart[g] = bStart[g - 1] + bSize[g - 1];
  }
  const av = new Float64Array(na),
    bv = new Float64Array(nb);
  const aAt = aStart.slice(),
    bAt = bStart.slice();
  for (let i = 0; i < na; i++) av[aAt[codes[i]]++] = a[i];
  for (let i = 0; i < nb; i++) bv[bAt[codes[na + i]]++] = b[i];
  const aRows = opts.draw === 'items' ? null : distinctRows([av], identity(na), aStart, aSize);
  const bRows = opts.draw === 'items' ? null : distinctRows([bv], identity(nb), bStart, bSize);
  // by counts where every group sum is one draw (a constant, a binomial or a tabulated sum), or
  // where the clusters hold at most half as many distinct values as units
  const byCounts =
    aRows !== null &&
    bRows !== null &&
    (opts.draw === 'counts' || (everyGroupSumTabulated(aRows, aSize) && everyGroupSumTabulated(bRows, bSize)) || (aRows.count + bRows.count) * 2 <= n);
  const diffs = byCounts
    ? drawDiffsByCounts(aRows, aSize, bRows, bSize, opts)
    : drawDiffs(av, aStart, aSize, bv, bStart, bSize, opts.resamples, rngState(opts.seed, opts.stream ?? ''));
  return percentileInterval(estimate, diffs, opts.level);
}

function drawDiffs(
  av: Float64Array,
  aStart: Int32Array,
  aSize: Int32Array,
  bv: Float64Array,
  bStart: Int32Array,
  bSize: Int32Array,
  B: number,
  state: [number, number, number, number],
): Float64Array {
  const G = aStart.length;
  const clusterScale = G / 4294967296;
  const diffs = new Float64Array(B);
  let [a, b, c, d] = state;
  for (let r = 0; r < B; r++) {
    let sa = 0,
      sb = 0,
      ua = 0,
      ub = 0;
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
      let from = aStart[g],
        size = aSize[g];
      let scale = size / 4294967296;
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
        sa += av[from + Math.floor(u * scale)];
      }
      ua += size;
      from = bStart[g];
      size = bSize[g];
      scale = size / 4294967296;
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
        sb += bv[from + Math.floor(u * scale)];
      }
      ub += size;
    }
    if (ua === 0 || ub === 0) {
      r--; // a group left out: draw this resample again (see twoStageClusterBootstrapDiffCI)
      continue;
    }
    diffs[r] = sa / ua - sb / ub;
  }
  return diffs;
}

/**
 * How the sum of each cluster's units of one group, drawn with replacement, is drawn from counts of
 * its distinct values: from its tabulated distribution (ResampledSumTable: a constant for one value,
 * a binomial count for two, a convolution for more on a lattice), else as Multinomial(n, c / n)
 * counts of its values. Plain arrays by cluster.
 */
interface GroupSums {
  table: (ResampledSumTable | null)[];
  sampler: (MultinomialSampler | null)[];
  rows: ClusterRows;
}

function groupSums(rows: ClusterRows, size: Int32Array): GroupSums {
  const G = size.length;
  const out: GroupSums = { table: new Array(G).fill(null), sampler: new Array(G).fill(null), rows };
  for (let g = 0; g < G; g++) {
    const values = rows.values.subarray(rows.rowStart[g], rows.rowStart[g + 1]),
      counts = rows.counts.subarray(rows.rowStart[g], rows.rowStart[g + 1]);
    if (resampledSumTabulable(values, size[g])) out.table[g] = new ResampledSumTable(values, counts, size[g]);
    else out.sampler[g] = new MultinomialSampler(size[g], counts);
  }
  return out;
}

/** One draw of cluster g's group sum (see GroupSums). */
function drawGroupSum(s: GroupSums, g: number, rng: Rng, drawn: Int32Array): number {
  const table = s.table[g];
  if (table !== null) return Number.isNaN(table.constant) ? table.sumAt(rng.uniform53()) : table.constant;
  (s.sampler[g] as MultinomialSampler).draw(rng, drawn);
  let sum = 0;
  for (let p = s.rows.rowStart[g], j = 0; p < s.rows.rowStart[g + 1]; p++, j++) sum += drawn[j] * s.rows.values[p];
  return sum;
}

/**
 * drawDiffs with stage two by counts (ClusterBootstrapOptions.draw): a drawn cluster adds the sum of
 * its a-units drawn with replacement and of its b-units (GroupSums), in distribution what drawing
 * its units one by one adds. The plain scheme is drawDiffs (draw 'items'). Where every group sum
 * is tabulated the loop is drawDiffsBySumTables, the same draws with the generator inlined.
 */
function drawDiffsByCounts(aRows: ClusterRows, aSize: Int32Array, bRows: ClusterRows, bSize: Int32Array, opts: ClusterBootstrapOptions): Float64Array {
  const G = aSize.length;
  const aSums = groupSums(aRows, aSize),
    bSums = groupSums(bRows, bSize);
  if (aSums.sampler.every((x) => x === null) && bSums.sampler.every((x) => x === null))
    return drawDiffsBySumTables(
      aSums.table as ResampledSumTable[],
      aSize,
      bSums.table as ResampledSumTable[],
      bSize,
      opts.resamples,
      rngState(opts.seed, opts.stream ?? ''),
    );
  let widest = 0;
  for (let g = 0; g < G; g++) widest = Math.max(widest, aRows.rowStart[g + 1] - aRows.rowStart[g], bRows.rowStart[g + 1] - bRows.rowStart[g]);
  const drawn = new Int32Array(widest);
  const rng = createRng(opts.seed, opts.stream ?? '');
  const B = opts.resamples;
  const diffs = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    let sa = 0,
      sb = 0,
      ua = 0,
      ub = 0;
    for (let draw = 0; draw < G; draw++) {
      const g = rng.int(G);
      sa += drawGroupSum(aSums, g, rng, drawn);
      sb += drawGroupSum(bSums, g, rng, drawn);
      ua += aSize[g];
      ub += bSize[g];
    }
    if (ua === 0 || ub === 0) {
      r--; // a group left out: draw this resample again, as drawDiffs does
      continue;
    }
    diffs[r] = sa / ua - sb / ub;
  }
  return diffs;
}

/**
 * drawDiffsByCounts's loop where every group sum is tabulated, with xoshiro128** inlined (the
 * createRng(seed, stream) stream, number for number): per drawn cluster one step for its index,
 * then two for each group's 53-bit uniform unless that group's sum is a constant.
 */
function drawDiffsBySumTables(
  aTable: ResampledSumTable[],
  aSize: Int32Array,
  bTable: ResampledSumTable[],
  bSize: Int32Array,
  B: number,
  state: [number, number, number, number],
): Float64Array {
  const G = aSize.length;
  const clusterScale = G / 4294967296;
  const aConstant = Float64Array.from(aTable, (t) => t.constant),
    bConstant = Float64Array.from(bTable, (t) => t.constant);
  const diffs = new Float64Array(B);
  let [a, b, c, d] = state;
  for (let r = 0; r < B; r++) {
    let sa = 0,
      sb = 0,
      ua = 0,
      ub = 0;
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
      ua += aSize[g];
      ub += bSize[g];
      for (let group = 0; group < 2; group++) {
        const constant = group === 0 ? aConstant[g] : bConstant[g];
        if (!Number.isNaN(constant)) {
          if (group === 0) sa += constant;
          else sb += constant;
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
        u = (hi * 67108864 + lo) / 9007199254740992;
        if (group === 0) sa += aTable[g].sumAt(u);
        else sb += bTable[g].sumAt(u);
      }
    }
    if (ua === 0 || ub === 0) {
      r--; // a group left out: draw this resample again, as drawDiffs does
      continue;
    }
    diffs[r] = sa / ua - sb / ub;
  }
  return diffs;
}

/** Whether every cluster's group sum is drawn in one step: at most two distinct values, or a tabulated sum. */
function everyGroupSumTabulated(rows: ClusterRows, size: Int32Array): boolean {
  for (let g = 0; g < size.length; g++) {
    const from = rows.rowStart[g],
      k = rows.rowStart[g + 1] - from;
    if (k > 2 && !resampledSumTabulable(rows.values.subarray(from, from + k), size[g])) return false;
  }
  return true;
}

function identity(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}
