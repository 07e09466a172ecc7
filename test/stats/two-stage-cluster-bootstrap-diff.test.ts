import { describe, expect, it } from 'vitest';
import { clusterCodes } from '../../src/derive/stats/cluster-codes.js';
import { quantileSorted } from '../../src/derive/stats/quantile-sorted.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { twoStageClusterBootstrapDiffCI } from '../../src/derive/stats/two-stage-cluster-bootstrap-diff.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';
import { rscript } from '../helpers/reference.js';

/** The unpaired scheme written plainly with createRng: clusters jointly, then each group's units within. */
function plainDiffs(a: number[], ga: string[], b: number[], gb: string[], B: number, seed: number, stream: string): number[] {
  const { codes, count: G } = clusterCodes([...ga, ...gb]);
  const inA: number[][] = Array.from({ length: G }, () => []);
  const inB: number[][] = Array.from({ length: G }, () => []);
  a.forEach((v, i) => inA[codes[i]].push(v));
  b.forEach((v, i) => inB[codes[a.length + i]].push(v));
  const rng = createRng(seed, stream);
  const out: number[] = [];
  while (out.length < B) {
    let sa = 0,
      na = 0,
      sb = 0,
      nb = 0;
    for (let d = 0; d < G; d++) {
      const g = rng.int(G);
      for (let i = 0; i < inA[g].length; i++) sa += inA[g][rng.int(inA[g].length)];
      na += inA[g].length;
      for (let i = 0; i < inB[g].length; i++) sb += inB[g][rng.int(inB[g].length)];
      nb += inB[g].length;
    }
    if (na > 0 && nb > 0) out.push(sa / na - sb / nb);
  }
  return out;
}

describe('twoStageClusterBootstrapDiffCI (unpaired)', () => {
  const x = clusteredFixture(UNEQUAL_SIZES, 91, 'continuous');
  const cut = Math.floor(x.values.length * 0.45);
  const a = x.values.slice(0, cut),
    ga = x.clusters.slice(0, cut);
  const b = x.values.slice(cut).map((v) => v - 0.3),
    gb = x.clusters.slice(cut);

  it('draws what the plain scheme draws (the inlined generator), percentiles type 7', () => {
    const opts = { resamples: 801, seed: 92, stream: 'diff-plain' };
    const ci = twoStageClusterBootstrapDiffCI(a, ga, b, gb, opts);
    const plain = Float64Array.from(plainDiffs(a, ga, b, gb, 801, 92, 'diff-plain')).sort();
    expect(ci.low).toBe(quantileSorted(plain, 0.025));
    expect(ci.high).toBe(quantileSorted(plain, 0.975));
    const mean = (v: number[]) => v.reduce((s, t) => s + t, 0) / v.length;
    expect(ci.estimate).toBeCloseTo(mean(a) - mean(b), 14);
  });

  it('redraws a resample that leaves a group out (few clusters, one group each), as the plain scheme does', () => {
    const opts = { resamples: 400, seed: 93, stream: 'sparse' };
    const pa = [1, 0, 1],
      pga = ['x', 'x', 'y'],
      pb = [0, 0, 1, 0],
      pgb = ['z', 'z', 'w', 'w'];
    const ci = twoStageClusterBootstrapDiffCI(pa, pga, pb, pgb, opts);
    const plain = Float64Array.from(plainDiffs(pa, pga, pb, pgb, 400, 93, 'sparse')).sort();
    expect([ci.low, ci.high]).toEqual([quantileSorted(plain, 0.025), quantileSorted(plain, 0.975)]);
    expect(Number.isFinite(ci.low) && Number.isFinite(ci.high)).toBe(true);
  });

  it('agrees with R boot (clusters jointly, then each group within) + boot.ci(type = "perc") within Monte Carlo error', () => {
    const B = 4000; // R's loop is slow; ours draws 20,000
    const ref: { low: number; high: number } = rscript(
      `suppressMessages(library(boot))
f <- jsonlite::fromJSON(file("stdin"))
set.seed(7)
ids <- unique(c(f$ga, f$gb))
A <- lapply(ids, function(k) f$a[f$ga == k]); B <- lapply(ids, function(k) f$b[f$gb == k])
draw <- function(v) if (length(v)) v[sample.int(length(v), length(v), replace = TRUE)] else numeric(0)
stat <- function(d, i) {
  sa <- 0; na <- 0; sb <- 0; nb <- 0
  for (k in i) { x <- draw(A[[k]]); y <- draw(B[[k]]); sa <- sa + sum(x); na <- na + length(x); sb <- sb + sum(y); nb <- nb + length(y) }
  sa / na - sb / nb
}
b <- boot(seq_along(ids), stat, R = ${B})
ci <- boot.ci(b, type = "perc", conf = 0.95)$percent
cat(jsonlite::toJSON(list(low = ci[4], high = ci[5]), auto_unbox = TRUE, digits = NA))`,
      { a, ga, b, gb },
    );
    const ours = twoStageClusterBootstrapDiffCI(a, ga, b, gb, { resamples: 20000, seed: 94 });
    const plain = plainDiffs(a, ga, b, gb, 3000, 95, 'sd');
    const m = plain.reduce((s, t) => s + t, 0) / plain.length;
    const sd = Math.sqrt(plain.reduce((s, t) => s + (t - m) ** 2, 0) / (plain.length - 1));
    const phi = Math.exp(-(1.959964 ** 2) / 2) / Math.sqrt(2 * Math.PI);
    // 5 Monte Carlo s.e. of the difference of two endpoints from B and 20,000 resamples
    const tol = (5 * sd * Math.sqrt(0.025 * 0.975) * Math.sqrt(1 / B + 1 / 20000)) / phi;
    expect(Math.abs(ours.low - ref.low)).toBeLessThan(tol);
    expect(Math.abs(ours.high - ref.high)).toBeLessThan(tol);
    expect(ours.high - ours.low).toBeGreaterThan(15 * tol);
  });

  it('same seed and stream, same interval; NaN for an empty group or a non-finite value; lengths checked', () => {
    const opts = { resamples: 300, seed: 96, stream: 's' };
    expect(twoStageClusterBootstrapDiffCI(a, ga, b, gb, opts)).toEqual(twoStageClusterBootstrapDiffCI(a, ga, b, gb, opts));
    expect(twoStageClusterBootstrapDiffCI([], [], b, gb, opts).low).toBeNaN();
    expect(twoStageClusterBootstrapDiffCI([1, NaN], ['a', 'b'], b, gb, opts).high).toBeNaN();
    expect(() => twoStageClusterBootstrapDiffCI([1, 2], ['a'], b, gb, opts)).toThrow(/2 values of a but 1 cluster labels/);
  });
});
