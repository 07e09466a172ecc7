import { describe, expect, it } from 'vitest';
import { rankInterval } from '../../src/derive/stats/rank-interval.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { rscript } from '../helpers/reference.js';

/** B replicates of k scores around the given means, on a coarse grid so that ties occur. */
function replicates(means: number[], B: number, spread: number, seed: number): number[][] {
  const rng = createRng(seed, 'rank-replicates');
  return Array.from({ length: B }, () => means.map((m) => Math.round((m + (rng.next() - 0.5) * spread) * 50) / 50));
}

describe('rankInterval', () => {
  it('equals R: rank(-x, ties.method = "min") per replicate, then quantile(type = 7) at 2.5% and 97.5%', () => {
    const scores = [0.61, 0.6, 0.45, 0.61, 0.3, 0.52];
    const reps = replicates(scores, 501, 0.25, 61);
    const ref: { low: number[]; high: number[]; point: number[] } = rscript(
      `d <- jsonlite::fromJSON(file("stdin"))
ranks <- t(apply(d$reps, 1, function(x) rank(-x, ties.method = "min")))
cat(jsonlite::toJSON(list(low = apply(ranks, 2, quantile, 0.025, type = 7), high = apply(ranks, 2, quantile, 0.975, type = 7),
  point = rank(-d$scores, ties.method = "min")), digits = NA))`,
      { scores, reps },
    );
    const flat = Float64Array.from(reps.flat());
    for (const input of [reps, flat]) {
      const ours = rankInterval(scores, input);
      expect(ours.map((r) => r.rank)).toEqual(ref.point);
      ours.forEach((r, j) => {
        expect(r.low).toBeCloseTo(ref.low[j], 12);
        expect(r.high).toBeCloseTo(ref.high[j], 12);
      });
    }
  });

  it('on clear-cut data the intervals contain the point ranks and are narrow', () => {
    const scores = [0.9, 0.2, 0.7, 0.5, 0.35];
    const ours = rankInterval(scores, replicates(scores, 1000, 0.08, 62));
    expect(ours.map((r) => r.rank)).toEqual([1, 5, 2, 3, 4]);
    for (const r of ours) {
      expect(r.low).toBeLessThanOrEqual(r.rank);
      expect(r.high).toBeGreaterThanOrEqual(r.rank);
      expect(r.high - r.low).toBeLessThanOrEqual(1);
    }
  });

  it('hand-worked: ties share the best rank, and the interval of two equal models spans both places', () => {
    // replicates: A beats B in half, ties in a quarter, loses in a quarter
    const reps = [
      [2, 1],
      [2, 1],
      [1, 1],
      [1, 2],
    ];
    const [a, b] = rankInterval([1, 1], reps, 0.5);
    expect([a.rank, b.rank]).toEqual([1, 1]);
    // A's ranks 1, 1, 1, 2: type 7 at 0.25 is 1, at 0.75 is 1.25; B's 2, 2, 1, 1: 1 and 2
    expect([a.low, a.high]).toEqual([1, 1.25]);
    expect([b.low, b.high]).toEqual([1, 2]);
  });

  it('refuses NaN scores and ragged replicates', () => {
    expect(() => rankInterval([1, NaN], [[1, 2]])).toThrow(/point score of model 1 is NaN/);
    expect(() => rankInterval([1, 2], [[1, NaN]])).toThrow(/replicate 0 has a NaN score for model 1/);
    expect(() => rankInterval([1, 2], [[1, 2, 3]])).toThrow(/replicate 0 has 3 scores, not 2/);
    expect(() => rankInterval([1, 2], new Float64Array(3))).toThrow(/do not make rows of 2/);
  });
});
