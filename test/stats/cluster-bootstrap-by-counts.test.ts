import { describe, expect, it } from 'vitest';
import { bootstrapDiffCI, bootstrapDiffCIPlain } from '../../src/derive/stats/bootstrap-diff-ci.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { twoStageClusterBootstrapDiffCI } from '../../src/derive/stats/two-stage-cluster-bootstrap-diff.js';
import { twoStageClusterBootstrapMeanCI, twoStageClusterBootstrapMeans } from '../../src/derive/stats/two-stage-cluster-bootstrap.js';
import { quantileSorted } from '../../src/derive/stats/quantile-sorted.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';

/**
 * Stage two by counts of each cluster's distinct rows (a multinomial per drawn cluster) against the
 * plain scheme (draw 'items': n_g unit indices per drawn cluster), and the item bootstrap of an
 * unpaired difference by each group's counts against its plain loop: the same distribution, so the
 * percentile bounds agree within Monte Carlo error. The tolerance is 5 standard errors of the
 * difference of two independent 2.5% (97.5%) quantile estimates, sqrt(2 p (1 - p) / B) / phi(z) x
 * the replicates' sd (the asymptotic variance of a sample quantile of a normal).
 */
const B = 20000;
const phi = Math.exp(-(1.959964 ** 2) / 2) / Math.sqrt(2 * Math.PI);
const tolerance = (sd: number) => (5 * Math.SQRT2 * sd * Math.sqrt(0.025 * 0.975)) / (phi * Math.sqrt(B));
const sdOf = (xs: ArrayLike<number>) => {
  const v = Array.from(xs);
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  return Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / (v.length - 1));
};

const a = clusteredFixture(UNEQUAL_SIZES, 91, 'binary');
const rng = createRng(92, 'columns');
const columns = [a.values, a.values.map((x) => (rng.next() < 0.6 ? x : rng.next() < 0.5 ? 1 : 0)), a.values.map(() => (rng.next() < 0.3 ? 1 : 0))];

describe('two-stage cluster bootstrap by counts of distinct rows', () => {
  it('k columns: each column’s bounds and the pairing (differences of columns) agree with the plain scheme', () => {
    const counts = twoStageClusterBootstrapMeans(columns, a.clusters, { resamples: B, seed: 1, stream: 'c', draw: 'counts' });
    const items = twoStageClusterBootstrapMeans(columns, a.clusters, { resamples: B, seed: 2, stream: 'i', draw: 'items' });
    const k = columns.length;
    const column = (m: Float64Array, f: (r: number) => number) => Float64Array.from({ length: B }, (_, r) => f(r)).sort();
    for (const [name, f] of [
      ['column 0', (m: Float64Array, r: number) => m[r * k]],
      ['column 2', (m: Float64Array, r: number) => m[r * k + 2]],
      ['column 0 - column 1 (paired)', (m: Float64Array, r: number) => m[r * k] - m[r * k + 1]],
    ] as const) {
      const c = column(counts, (r) => f(counts, r));
      const i = column(items, (r) => f(items, r));
      const tol = tolerance(sdOf(i));
      expect(Math.abs(quantileSorted(c, 0.025) - quantileSorted(i, 0.025)), name).toBeLessThan(tol);
      expect(Math.abs(quantileSorted(c, 0.975) - quantileSorted(i, 0.975)), name).toBeLessThan(tol);
    }
  });

  it('one column of three values (paired differences in {-1, 0, 1}) agrees with the plain scheme', () => {
    const d = columns[0].map((x, i) => x - columns[1][i]);
    const counts = twoStageClusterBootstrapMeanCI(d, a.clusters, { resamples: B, seed: 3, stream: 'c', draw: 'counts' });
    const items = twoStageClusterBootstrapMeanCI(d, a.clusters, { resamples: B, seed: 4, stream: 'i', draw: 'items' });
    const tol = tolerance(sdOf(twoStageClusterBootstrapMeans([d], a.clusters, { resamples: 2000, seed: 5, draw: 'items' })));
    expect(Math.abs(counts.low - items.low)).toBeLessThan(tol);
    expect(Math.abs(counts.high - items.high)).toBeLessThan(tol);
    expect(counts.estimate).toBe(items.estimate);
  });

  it('every unit its own cluster: by counts (one cluster of all units) is the item bootstrap', () => {
    const own = columns[0].map((_, i) => `u${i}`);
    const counts = twoStageClusterBootstrapMeanCI(columns[1], own, { resamples: B, seed: 6, stream: 'c', draw: 'counts' });
    const items = twoStageClusterBootstrapMeanCI(columns[1], own, { resamples: B, seed: 7, stream: 'i', draw: 'items' });
    // by hand: the item bootstrap's sd of a mean of n pass bits is sqrt(p (1 - p) / n)
    const n = columns[1].length;
    const p = columns[1].reduce((s, x) => s + x, 0) / n;
    const tol = tolerance(Math.sqrt((p * (1 - p)) / n));
    expect(Math.abs(counts.low - items.low)).toBeLessThan(tol);
    expect(Math.abs(counts.high - items.high)).toBeLessThan(tol);
  });

  it('an unpaired difference of clustered groups: by counts agrees with the plain scheme', () => {
    const half = Math.floor(columns[0].length / 2);
    const [ya, yb] = [columns[0].slice(0, half), columns[2].slice(half)];
    const [ca, cb] = [a.clusters.slice(0, half), a.clusters.slice(half)];
    const counts = twoStageClusterBootstrapDiffCI(ya, ca, yb, cb, { resamples: B, seed: 8, stream: 'c', draw: 'counts' });
    const items = twoStageClusterBootstrapDiffCI(ya, ca, yb, cb, { resamples: B, seed: 9, stream: 'i', draw: 'items' });
    // the spread of the items replicates, from a second plain run's interval width (width = 2 z sd)
    const width = twoStageClusterBootstrapDiffCI(ya, ca, yb, cb, { resamples: 4000, seed: 10, draw: 'items' });
    const tol = tolerance((width.high - width.low) / (2 * 1.959964));
    expect(Math.abs(counts.low - items.low)).toBeLessThan(tol);
    expect(Math.abs(counts.high - items.high)).toBeLessThan(tol);
    expect(counts.estimate).toBe(items.estimate);
  });
});

describe('the item bootstrap of an unpaired difference', () => {
  it('bootstrapDiffCI (each group by its counts) agrees with its plain twin; the sd is the one worked out by hand', () => {
    const ya = columns[0];
    const yb = columns[2].slice(0, 150);
    const fast = bootstrapDiffCI(ya, yb, { resamples: B, seed: 11, stream: 'f' });
    const plain = bootstrapDiffCIPlain(ya, yb, { resamples: B, seed: 12, stream: 'p' });
    const mean = (v: ArrayLike<number>) => Array.from(v).reduce((s, x) => s + x, 0) / v.length;
    const [pa, pb] = [mean(ya), mean(yb)];
    const sd = Math.sqrt((pa * (1 - pa)) / ya.length + (pb * (1 - pb)) / yb.length);
    const tol = tolerance(sd);
    expect(fast.estimate).toBe(plain.estimate);
    expect(Math.abs(fast.low - plain.low)).toBeLessThan(tol);
    expect(Math.abs(fast.high - plain.high)).toBeLessThan(tol);
    // and the interval is about estimate -+ 1.96 sd
    expect(Math.abs(fast.high - fast.low - 2 * 1.959964 * sd)).toBeLessThan(0.1 * sd * 2 * 1.959964);
  });
});

describe('two-stage cluster bootstrap by kinds of cluster', () => {
  // 120 tasks of three runs, each run 0 or 1 and paired differences in {-1, 0, 1}: a handful of kinds
  const rng = createRng(93, 'tasks');
  const tasks = Array.from({ length: 120 }, (_, g) => (g === 0 ? '__proto__' : `task-${g}`));
  const rate = tasks.map(() => rng.next());
  const clusters = tasks.flatMap((t) => [t, t, t]);
  const x = clusters.map((_, i) => (rng.next() < rate[Math.floor(i / 3)] ? 1 : 0));
  const y = clusters.map((_, i) => (rng.next() < 0.5 * rate[Math.floor(i / 3)] ? 1 : 0));
  const d = x.map((v, i) => v - y[i]);

  for (const [name, values] of [
    ['pass bits', x],
    ['paired differences', d],
  ] as const)
    it(`${name} in small clusters: the default (by kinds) agrees with the plain scheme`, () => {
      const kinds = twoStageClusterBootstrapMeanCI(values, clusters, { resamples: B, seed: 13, stream: 'k' });
      const items = twoStageClusterBootstrapMeanCI(values, clusters, { resamples: B, seed: 14, stream: 'i', draw: 'items' });
      const tol = tolerance(sdOf(twoStageClusterBootstrapMeans([values], clusters, { resamples: 4000, seed: 15, draw: 'items' })));
      expect(Math.abs(kinds.low - items.low)).toBeLessThan(tol);
      expect(Math.abs(kinds.high - items.high)).toBeLessThan(tol);
      expect(kinds.estimate).toBe(items.estimate);
    });

  it('an unpaired difference of three-valued groups by tabulated sums agrees with the plain scheme', () => {
    const half = Math.floor(d.length / 2);
    const [ya, yb] = [d.slice(0, half), x.map((v, i) => v + y[i]).slice(half)];
    // 36 clusters of ten units, each holding both groups' units
    const wide = d.map((_, i) => `wide-${i % 36}`);
    const [ca, cb] = [wide.slice(0, half), wide.slice(half)];
    const counts = twoStageClusterBootstrapDiffCI(ya, ca, yb, cb, { resamples: B, seed: 16, stream: 'c' });
    const items = twoStageClusterBootstrapDiffCI(ya, ca, yb, cb, { resamples: B, seed: 17, stream: 'i', draw: 'items' });
    const width = twoStageClusterBootstrapDiffCI(ya, ca, yb, cb, { resamples: 4000, seed: 18, draw: 'items' });
    const tol = tolerance((width.high - width.low) / (2 * 1.959964));
    expect(Math.abs(counts.low - items.low)).toBeLessThan(tol);
    expect(Math.abs(counts.high - items.high)).toBeLessThan(tol);
  });
});
