import { createRng } from '../../src/derive/stats/rng.js';

/** A clustered sample for reference checks: values, one cluster label per value. */
export interface ClusteredFixture {
  values: number[];
  clusters: string[];
}

/**
 * Clusters of the given (unequal) sizes with a cluster effect, so clustering matters: continuous
 * values y = effect_g + noise, or 0/1 values with a cluster rate. Labels are strings that would
 * misbehave as object keys (`__proto__`, `constructor`) among ordinary ones.
 */
export function clusteredFixture(sizes: readonly number[], seed: number, kind: 'continuous' | 'binary'): ClusteredFixture {
  const rng = createRng(seed, `clustered-fixture:${kind}`);
  const values: number[] = [];
  const clusters: string[] = [];
  sizes.forEach((size, g) => {
    const label = g === 0 ? '__proto__' : g === 1 ? 'constructor' : `op-${g}`;
    const effect = rng.next();
    for (let i = 0; i < size; i++) {
      values.push(kind === 'binary' ? (rng.next() < 0.15 + 0.7 * effect ? 1 : 0) : 3 * effect + rng.next() * 2 - 1 + (i % 3) * 0.1);
      clusters.push(label);
    }
  });
  // interleave, so a cluster's units are not contiguous (the functions must not rely on order)
  const order = values.map((_, i) => i).sort((i, j) => ((i * 7919) % values.length) - ((j * 7919) % values.length));
  return { values: order.map((i) => values[i]), clusters: order.map((i) => clusters[i]) };
}

/** Unequal cluster sizes, a singleton among them. */
export const UNEQUAL_SIZES = [1, 2, 3, 5, 8, 13, 21, 34, 40, 4, 17, 9, 2, 30, 6, 11, 25, 7, 3, 19];
