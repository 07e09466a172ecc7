import type { Interval } from './bootstrap-mean-ci.js';
import { clusterCodes } from './cluster-codes.js';
import { quantileSelect } from './quantile-select.js';
import { MultinomialSampler } from './multinomial-sample.js';
import { BinomialTable } from './binomial-table-sampler.js';
import { createRng, rngState, type Rng } from './rng.js';
import type { ClusterBootstrapOptions } from './two-stage-cluster-bootstrap.js';

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
  const aRows = opts.draw === 'items' ? null : valueCounts(av, aStart, aSize);
  const bRows = opts.draw === 'items' ? null : valueCounts(bv, bStart, bSize);
  const byCounts = aRows !== null && bRows !== null && (opts.draw === 'counts' || (aRows.values.length + bRows.values.length) * 2 <= n);
  const diffs = byCounts
    ? drawDiffsByCounts(aRows, aSize, bRows, bSize, opts)
    : drawDiffs(av, aStart, aSize, bv, bStart, bSize, opts.resamples, rngState(opts.seed, opts.stream ?? ''));
  const alpha = (1 - (opts.level ?? 0.95)) / 2;
  return { estimate, low: quantileSelect(diffs, alpha), high: quantileSelect(diffs, 1 - alpha) };
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

/** Each cluster's distinct values (cluster g's at first[g] .. first[g + 1] - 1) and how many units have each. */
function valueCounts(v: Float64Array, start: Int32Array, size: Int32Array): { values: Float64Array; counts: Int32Array; first: Int32Array } {
  const G = start.length;
  const values: number[] = [];
  const counts: number[] = [];
  const first = new Int32Array(G + 1);
  for (let g = 0; g < G; g++) {
    first[g] = counts.length;
    const seen = new Map<number, number>();
    for (let i = start[g]; i < start[g] + size[g]; i++) {
      const p = seen.get(v[i]);
      if (p !== undefined) counts[p]++;
      else {
        seen.set(v[i], counts.length);
        counts.push(1);
        values.push(v[i]);
      }
    }
  }
  first[G] = counts.length;
  return { values: Float64Array.from(values), counts: Int32Array.from(counts), first };
}

/**
 * How the sum of each cluster's units of one group, drawn with replacement, is drawn as counts of
 * its distinct values: a constant for one value (or none), Binomial(n, c_2 / n) from a tabulated CDF
 * for two (pass bits), Multinomial(n, c / n) for more. Plain arrays by cluster, so that the loop
 * below makes one kind of call per kind.
 */
interface GroupSums {
  constant: Float64Array;
  table: (BinomialTable | null)[];
  low: Float64Array;
  high: Float64Array;
  sampler: (MultinomialSampler | null)[];
  rows: ReturnType<typeof valueCounts>;
  size: Int32Array;
}

function groupSums(rows: ReturnType<typeof valueCounts>, size: Int32Array): GroupSums {
  const G = size.length;
  const out: GroupSums = {
    constant: new Float64Array(G),
    table: new Array(G).fill(null),
    low: new Float64Array(G),
    high: new Float64Array(G),
    sampler: new Array(G).fill(null),
    rows,
    size,
  };
  for (let g = 0; g < G; g++) {
    const from = rows.first[g],
      k = rows.first[g + 1] - from;
    if (k === 1) out.constant[g] = size[g] * rows.values[from];
    else if (k === 2) {
      out.table[g] = new BinomialTable(size[g], rows.counts[from + 1] / size[g]);
      out.low[g] = rows.values[from];
      out.high[g] = rows.values[from + 1];
    } else if (k > 2) out.sampler[g] = new MultinomialSampler(size[g], rows.counts.subarray(from, from + k));
  }
  return out;
}

/** One draw of cluster g's group sum (see GroupSums). */
function drawGroupSum(s: GroupSums, g: number, rng: Rng, drawn: Int32Array): number {
  const table = s.table[g];
  if (table !== null) {
    const x = table.draw(rng);
    return x * s.high[g] + (s.size[g] - x) * s.low[g];
  }
  const sampler = s.sampler[g];
  if (sampler === null) return s.constant[g];
  sampler.draw(rng, drawn);
  let sum = 0;
  for (let p = s.rows.first[g], j = 0; p < s.rows.first[g + 1]; p++, j++) sum += drawn[j] * s.rows.values[p];
  return sum;
}

/**
 * drawDiffs with stage two by counts (ClusterBootstrapOptions.draw): a drawn cluster adds the sum of
 * its a-units drawn with replacement and of its b-units (GroupSums), in distribution what drawing
 * its units one by one adds. The plain scheme is drawDiffs (draw 'items').
 */
function drawDiffsByCounts(
  aRows: ReturnType<typeof valueCounts>,
  aSize: Int32Array,
  bRows: ReturnType<typeof valueCounts>,
  bSize: Int32Array,
  opts: ClusterBootstrapOptions,
): Float64Array {
  const G = aSize.length;
  const aSums = groupSums(aRows, aSize),
    bSums = groupSums(bRows, bSize);
  let widest = 0;
  for (let g = 0; g < G; g++) widest = Math.max(widest, aRows.first[g + 1] - aRows.first[g], bRows.first[g + 1] - bRows.first[g]);
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
