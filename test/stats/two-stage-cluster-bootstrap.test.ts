import { describe, expect, it } from 'vitest';
import { BinomialTable } from '../../src/derive/stats/binomial-table-sampler.js';
import { bootstrapMeanCI } from '../../src/derive/stats/bootstrap-mean-ci.js';
import { clusterCodes } from '../../src/derive/stats/cluster-codes.js';
import { quantileSorted } from '../../src/derive/stats/quantile-sorted.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { twoStageClusterBootstrapMeanCI, twoStageClusterBootstrapMeans } from '../../src/derive/stats/two-stage-cluster-bootstrap.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';
import { rscript } from '../helpers/reference.js';

/**
 * The two-stage scheme written plainly: createRng's draws, cluster rng.int(G), then rng.int(n_g)
 * within it, for each of k columns. The library's loops inline the generator; they must draw the same.
 */
function plainMeans(columns: number[][], clusters: string[], B: number, seed: number, stream: string): number[] {
  const { codes, count: G } = clusterCodes(clusters);
  const members: number[][] = Array.from({ length: G }, () => []);
  codes.forEach((g, i) => members[g].push(i));
  const rng = createRng(seed, stream);
  const out: number[] = [];
  for (let r = 0; r < B; r++) {
    const sums = columns.map(() => 0);
    let units = 0;
    for (let draw = 0; draw < G; draw++) {
      const m = members[rng.int(G)];
      for (let i = 0; i < m.length; i++) {
        const unit = m[rng.int(m.length)];
        columns.forEach((c, j) => (sums[j] += c[unit]));
      }
      units += m.length;
    }
    out.push(...sums.map((s) => s / units));
  }
  return out;
}

/** Endpoint tolerance for two percentile intervals of B resamples each: 5 Monte Carlo s.e. of their difference. */
function mcTolerance(bootSd: number, B: number): number {
  const phi = Math.exp(-(1.959964 ** 2) / 2) / Math.sqrt(2 * Math.PI);
  return (5 * Math.SQRT2 * bootSd * Math.sqrt(0.025 * 0.975)) / (phi * Math.sqrt(B));
}

const sd = (xs: ArrayLike<number>) => {
  const m = Array.from(xs).reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(Array.from(xs).reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

describe('twoStageClusterBootstrapMeanCI', () => {
  const continuous = clusteredFixture(UNEQUAL_SIZES, 71, 'continuous');
  const binary = clusteredFixture(UNEQUAL_SIZES, 72, 'binary');

  it('the inlined loops draw exactly what the plain scheme draws (one column, several columns)', () => {
    const opts = { resamples: 300, seed: 5, stream: 'plain-check', draw: 'items' as const };
    expect(Array.from(twoStageClusterBootstrapMeans([continuous.values], continuous.clusters, opts))).toEqual(
      plainMeans([continuous.values], continuous.clusters, 300, 5, 'plain-check'),
    );
    const second = continuous.values.map((v) => v * v - 1);
    expect(Array.from(twoStageClusterBootstrapMeans([continuous.values, second, binary.values.slice(0, second.length)], continuous.clusters, opts))).toEqual(
      plainMeans([continuous.values, second, binary.values.slice(0, second.length)], continuous.clusters, 300, 5, 'plain-check'),
    );
  });

  it('0/1 data drawn by counts (one binomial per drawn cluster) is the plain scheme: same draws as rng.int + BinomialTable', () => {
    const { codes, count: G, sizes } = clusterCodes(binary.clusters);
    const ones = new Array(G).fill(0);
    binary.values.forEach((v, i) => (ones[codes[i]] += v));
    const tables = Array.from({ length: G }, (_, g) => new BinomialTable(sizes[g], ones[g] / sizes[g]));
    const rng = createRng(9, 'counts-check');
    const plain = Array.from({ length: 200 }, () => {
      let s = 0,
        n = 0;
      for (let d = 0; d < G; d++) {
        const g = rng.int(G);
        s += tables[g].draw(rng);
        n += sizes[g];
      }
      return s / n;
    });
    expect(Array.from(twoStageClusterBootstrapMeans([binary.values], binary.clusters, { resamples: 200, seed: 9, stream: 'counts-check' }))).toEqual(plain);
  });

  it('by counts and by items give the same interval within Monte Carlo error', () => {
    const B = 20000;
    const counts = twoStageClusterBootstrapMeanCI(binary.values, binary.clusters, { resamples: B, seed: 3, stream: 'c', draw: 'counts' });
    const items = twoStageClusterBootstrapMeanCI(binary.values, binary.clusters, { resamples: B, seed: 4, stream: 'i', draw: 'items' });
    const tol = mcTolerance(sd(twoStageClusterBootstrapMeans([binary.values], binary.clusters, { resamples: 2000, seed: 1 })), B);
    expect(Math.abs(counts.low - items.low)).toBeLessThan(tol);
    expect(Math.abs(counts.high - items.high)).toBeLessThan(tol);
    expect(counts.estimate).toBe(items.estimate);
  });

  it('agrees with R boot (clusters as the resampled units, units redrawn within each) + boot.ci(type = "perc") within Monte Carlo error', () => {
    const B = 10000;
    const ref: { low: number; high: number } = rscript(
      `suppressMessages(library(boot))
f <- jsonlite::fromJSON(file("stdin"))
set.seed(20250101)
groups <- split(f$y, f$g)
stat <- function(ids, i) {
  s <- 0; n <- 0
  for (v in groups[i]) { s <- s + sum(v[sample.int(length(v), length(v), replace = TRUE)]); n <- n + length(v) }
  s / n
}
b <- boot(seq_along(groups), stat, R = ${B})
ci <- boot.ci(b, type = "perc", conf = 0.95)$percent
cat(jsonlite::toJSON(list(low = ci[4], high = ci[5]), auto_unbox = TRUE, digits = NA))`,
      { y: continuous.values, g: continuous.clusters },
    );
    const ours = twoStageClusterBootstrapMeanCI(continuous.values, continuous.clusters, { resamples: B, seed: 6, stream: 'vs-boot' });
    const replicates = twoStageClusterBootstrapMeans([continuous.values], continuous.clusters, { resamples: 4000, seed: 7 });
    const tol = mcTolerance(sd(replicates), B);
    expect(Math.abs(ours.low - ref.low)).toBeLessThan(tol);
    expect(Math.abs(ours.high - ref.high)).toBeLessThan(tol);
    // the check has teeth: the item bootstrap's interval is several tolerances narrower on these data
    const item = bootstrapMeanCI(continuous.values, { resamples: B, seed: 6 });
    expect(ours.high - ours.low - (item.high - item.low)).toBeGreaterThan(10 * tol);
  });

  it('its variance is the two-stage bootstrap variance worked out by hand (equal clusters)', () => {
    // G clusters of m: the resample mean averages G independent draws, each a drawn cluster's mean
    // of m units resampled within it, so Var* = (1/G) [ (1/G) sum_g (ybar_g - ybar)^2
    //   + (1/G) sum_g s2_g / m ],  s2_g = (1/m) sum_i (y_gi - ybar_g)^2
    const G = 12,
      m = 6;
    const rng = createRng(8, 'equal-clusters');
    const y: number[] = [],
      g: string[] = [];
    for (let c = 0; c < G; c++) {
      const effect = rng.next() * 2;
      for (let i = 0; i < m; i++) {
        y.push(effect + rng.next());
        g.push(`c${c}`);
      }
    }
    const ybar = y.reduce((a, b) => a + b, 0) / y.length;
    let between = 0,
      within = 0;
    for (let c = 0; c < G; c++) {
      const v = y.slice(c * m, (c + 1) * m);
      const mc = v.reduce((a, b) => a + b, 0) / m;
      between += (mc - ybar) ** 2 / G;
      within += v.reduce((a, x) => a + (x - mc) ** 2, 0) / m / m / G;
    }
    const exact = (between + within) / G;
    const B = 40000;
    const reps = twoStageClusterBootstrapMeans([y], g, { resamples: B, seed: 10, stream: 'variance' });
    const variance = sd(reps) ** 2;
    // the s.e. of a sample variance of B near-normal replicates is var sqrt(2 / (B - 1)): allow 5 of them
    expect(Math.abs(variance - exact)).toBeLessThan(5 * exact * Math.sqrt(2 / (B - 1)));
    // and the item bootstrap's variance (s^2 / N) is far below it here
    const s2 = y.reduce((a, x) => a + (x - ybar) ** 2, 0) / y.length;
    expect(s2 / y.length).toBeLessThan(exact / 2);
  });

  it('every unit its own cluster is the item bootstrap in distribution', () => {
    const B = 20000;
    const own = twoStageClusterBootstrapMeanCI(
      continuous.values,
      continuous.values.map((_, i) => i),
      { resamples: B, seed: 11 },
    );
    const item = bootstrapMeanCI(continuous.values, { resamples: B, seed: 12 });
    const tol = mcTolerance(sd(continuous.values) / Math.sqrt(continuous.values.length), B);
    expect(Math.abs(own.low - item.low)).toBeLessThan(tol);
    expect(Math.abs(own.high - item.high)).toBeLessThan(tol);
  });

  it('the interval is the type 7 quantiles of the replicates; same seed and stream, same interval; another stream, another', () => {
    const opts = { resamples: 999, seed: 13, stream: 'table01:model=astra' };
    const ci = twoStageClusterBootstrapMeanCI(continuous.values, continuous.clusters, opts);
    const sorted = twoStageClusterBootstrapMeans([continuous.values], continuous.clusters, opts).sort();
    expect(ci.low).toBe(quantileSorted(sorted, 0.025));
    expect(ci.high).toBe(quantileSorted(sorted, 0.975));
    expect(twoStageClusterBootstrapMeanCI(continuous.values, continuous.clusters, opts)).toEqual(ci);
    expect(twoStageClusterBootstrapMeanCI(continuous.values, continuous.clusters, { ...opts, stream: 'table01:model=grok' })).not.toEqual(ci);
    const level = twoStageClusterBootstrapMeanCI(continuous.values, continuous.clusters, { ...opts, level: 0.5 });
    expect(level.low).toBe(quantileSorted(sorted, 0.25));
  });

  it('edges: empty, NaN, constant, mismatched lengths, counts of data that are not two-valued', () => {
    expect(twoStageClusterBootstrapMeanCI([], [], { resamples: 10, seed: 1 }).low).toBeNaN();
    expect(twoStageClusterBootstrapMeanCI([1, NaN], ['a', 'b'], { resamples: 10, seed: 1 }).high).toBeNaN();
    const constant = twoStageClusterBootstrapMeanCI([0.4, 0.4, 0.4], ['a', 'b', 'b'], { resamples: 50, seed: 1 });
    expect(constant.low).toBeCloseTo(0.4, 15);
    expect(constant.high).toBeCloseTo(0.4, 15);
    expect(() => twoStageClusterBootstrapMeans([[1, 2]], ['a'], { resamples: 10, seed: 1 })).toThrow(/column 0 has 2 values but there are 1 cluster labels/);
    // by counts of each cluster's distinct values. Worked out by hand: two clusters drawn from a = {1, 2}
    // and b = {3}; a drawn twice gives 4 units summing 4..8, a and b 3 units summing 5..7, b twice 3
    const threeValued = twoStageClusterBootstrapMeans([[1, 2, 3]], ['a', 'a', 'b'], { resamples: 400, seed: 1, draw: 'counts' });
    const possible = [1, 1.25, 1.5, 1.75, 2, 5 / 3, 7 / 3, 3];
    for (const m of threeValued)
      expect(
        possible.some((p) => Math.abs(p - m) < 1e-12),
        String(m),
      ).toBe(true);
    // each of the three cluster pairs occurs (aa about 1/4, bb about 1/4 of 400)
    expect(threeValued.filter((m) => m === 3).length).toBeGreaterThan(60);
    expect(threeValued.filter((m) => m <= 1.75).length).toBeGreaterThan(40);
  });
});
