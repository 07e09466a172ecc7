import { ResampledSumTable, resampledSumTabulable } from './resampled-sum-table.js';

/**
 * Clusters grouped by kind: clusters whose samples are identical (the caller's key: the same size
 * and the same values with the same counts) are exchangeable in a two-stage cluster bootstrap, so
 * stage one may draw how many clusters of each kind it takes, Multinomial(G, w_q / G) with w_q the
 * kind's number of clusters (drawing G clusters uniformly and counting them by kind), and stage
 * two the sum of m clusters of one kind at once: m n draws from the kind's sample (KindSums). PAWM's
 * tasks of three runs come in a handful of kinds, so a resample costs a few draws instead of one
 * per task.
 */
export interface ClusterKinds {
  /** how many kinds */
  count: number;
  /** cluster g's kind */
  kindOf: Int32Array;
  /** kind q's number of clusters */
  clusters: Int32Array;
  /** one cluster of kind q (the first) */
  first: Int32Array;
}

/** Groups the clusters by their keys (strings made of numbers, never a release's strings). */
export function clusterKinds(keys: readonly string[]): ClusterKinds {
  const index = new Map<string, number>();
  const kindOf = new Int32Array(keys.length);
  const clusters: number[] = [];
  const first: number[] = [];
  keys.forEach((key, g) => {
    let q = index.get(key);
    if (q === undefined) {
      q = clusters.length;
      index.set(key, q);
      clusters.push(0);
      first.push(g);
    }
    kindOf[g] = q;
    clusters[q]++;
  });
  return { count: clusters.length, kindOf, clusters: Int32Array.from(clusters), first: Int32Array.from(first) };
}

/** A cluster's sample as a key: its size and its distinct values with their counts, in value order. */
export function sampleKey(values: ArrayLike<number>, counts: ArrayLike<number>, size: number): string {
  const pairs = Array.from(values, (v, p) => [v, counts[p]] as const).sort((x, y) => x[0] - y[0]);
  return `${size}:${pairs.map(([v, c]) => `${v}x${c}`).join(',')}`;
}

/**
 * The sum of m clusters of one kind drawn at stage two: each draws its n units with replacement from
 * the same sample, so together they are m n draws from it (ResampledSumTable of the sample with
 * m n draws), tabulated on first use of each m.
 */
export class KindSums {
  private readonly tables: (ResampledSumTable | undefined)[] = [];
  constructor(
    private readonly values: Float64Array,
    private readonly counts: Int32Array,
    private readonly size: number,
  ) {}

  /** Whether every m up to mMax can be tabulated. */
  tabulable(mMax: number): boolean {
    return resampledSumTabulable(this.values, mMax * this.size);
  }

  at(m: number): ResampledSumTable {
    let table = this.tables[m];
    if (table === undefined) {
      table = new ResampledSumTable(this.values, this.counts, m * this.size);
      this.tables[m] = table;
    }
    return table;
  }
}
