import { describe, expect, it } from 'vitest';
import { leaderboardComparisons } from '../../src/derive/leaderboard-comparisons.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { rscript } from '../helpers/reference.js';

/**
 * k contestants on n units in G clusters: contestant j passes a unit with probability rates[j] plus
 * the unit's cluster effect (clamped), so the units are clustered and the contestants paired.
 */
function fixture(rates: number[], G: number, perCluster: number, seed: number) {
  const rng = createRng(seed, 'leaderboard-fixture');
  const clusters: string[] = [];
  const columns = rates.map(() => [] as number[]);
  for (let g = 0; g < G; g++) {
    const effect = (rng.next() - 0.5) * 0.3;
    const label = g === 0 ? '__proto__' : `c${g}`;
    for (let i = 0; i < perCluster; i++) {
      clusters.push(label);
      const u = rng.next(); // one draw per unit, shared: the contestants are positively correlated
      rates.forEach((r, j) => columns[j].push(u < Math.min(1, Math.max(0, r + effect)) ? 1 : 0));
    }
  }
  const points = columns.map((c) => c.reduce((s, x) => s + x, 0) / c.length);
  return { clusters, columns, points };
}

describe('leaderboardComparisons', () => {
  it('clear-cut leaderboard: the rank intervals contain the point ranks, the leader group is the leader alone', () => {
    const { clusters, columns, points } = fixture([0.9, 0.15, 0.65, 0.4], 30, 20, 71);
    const ids = ['a', 'b', 'c', 'd'];
    const { ranks, pairs } = leaderboardComparisons({ ids, points, columns, clusters, binary: columns, resamples: 1000, seed: 7, stream: 'test' });
    expect(ranks.map((r) => r.rank)).toEqual([1, 4, 2, 3]);
    for (const r of ranks) {
      expect(r.rank_low).toBeLessThanOrEqual(r.rank);
      expect(r.rank_high).toBeGreaterThanOrEqual(r.rank);
    }
    expect(ranks.map((r) => r.in_leader_group)).toEqual([true, false, false, false]);
    // every pair once, in rank order
    expect(pairs.map((p) => [p.a_id, p.b_id])).toEqual([
      ['a', 'c'],
      ['a', 'd'],
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'b'],
      ['d', 'b'],
    ]);
    for (const p of pairs) {
      const a = columns[ids.indexOf(p.a_id)];
      const b = columns[ids.indexOf(p.b_id)];
      // hand count of the discordant units; the difference is a's rate minus b's on the shared units
      expect(p.a_only).toBe(a.filter((x, i) => x === 1 && b[i] === 0).length);
      expect(p.b_only).toBe(a.filter((x, i) => x === 0 && b[i] === 1).length);
      expect(p.diff).toBeCloseTo((p.a_only - p.b_only) / a.length, 14);
      expect(p.ci_low).toBeLessThanOrEqual(p.diff);
      expect(p.ci_high).toBeGreaterThanOrEqual(p.diff);
      expect(p.ci_low).toBeGreaterThan(0);
    }
  });

  it("the leader's group: McNemar against the leader, Holm over the k - 1 comparisons (hand-worked)", () => {
    // 40 units, one cluster each. Leader L passes units 0-29. X passes 0-27 and 30 (discordant 2 vs 1:
    // p = 1); Y passes 0-19 (10 vs 0: p = 2 / 2^10 = 0.001953, Holm x3 = 0.0059); Z passes 0-24 and
    // 30-33 (5 vs 4: p = 1). X and Z tie (29 passes: rank 2). In the group: L, X, Z.
    const n = 40;
    const col = (passes: (i: number) => boolean): number[] => Array.from({ length: n }, (_, i) => (passes(i) ? 1 : 0));
    const columns = [col((i) => i < 30), col((i) => i < 28 || i === 30), col((i) => i < 20), col((i) => i < 25 || (i >= 30 && i < 34))];
    const points = columns.map((c) => c.reduce((s, x) => s + x, 0) / n);
    const clusters = Array.from({ length: n }, (_, i) => `u${i}`);
    const { ranks, pairs } = leaderboardComparisons({
      ids: ['L', 'X', 'Y', 'Z'],
      points,
      columns,
      clusters,
      binary: columns,
      resamples: 200,
      seed: 1,
      stream: 's',
    });
    expect(ranks.map((r) => r.rank)).toEqual([1, 2, 4, 2]);
    expect(ranks.map((r) => r.in_leader_group)).toEqual([true, true, false, true]);
    const ly = pairs.find((p) => p.a_id === 'L' && p.b_id === 'Y')!;
    expect([ly.a_only, ly.b_only]).toEqual([10, 0]);
    expect(ly.mcnemar_p).toBeCloseTo(2 / 1024, 15);
  });

  it("p_holm and p_bh equal R's p.adjust over all pairs exactly (the same doubles)", () => {
    const { clusters, columns, points } = fixture([0.6, 0.55, 0.5, 0.45, 0.35, 0.62], 25, 12, 72);
    const ids = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
    const { pairs } = leaderboardComparisons({ ids, points, columns, clusters, binary: columns, resamples: 200, seed: 3, stream: 't' });
    expect(pairs).toHaveLength(15);
    const p = pairs.map((x) => x.mcnemar_p);
    expect(new Set(p).size).toBeGreaterThan(5); // ties and distinct values both present
    const ref: { holm: string[]; bh: string[] } = rscript(
      `p <- jsonlite::fromJSON(file("stdin"))
f <- function(x) sprintf("%.17g", x)
cat(jsonlite::toJSON(list(holm = f(p.adjust(p, method = "holm")), bh = f(p.adjust(p, method = "BH")))))`,
      p,
    );
    expect(pairs.map((x) => x.p_holm)).toEqual(ref.holm.map(Number));
    expect(pairs.map((x) => x.p_bh)).toEqual(ref.bh.map(Number));
  });

  it('the same seed and stream give the same intervals; another stream other draws', () => {
    const { clusters, columns, points } = fixture([0.5, 0.48, 0.45], 20, 10, 73);
    const run = (stream: string) =>
      leaderboardComparisons({ ids: ['a', 'b', 'c'], points, columns, clusters, binary: columns, resamples: 300, seed: 5, stream });
    expect(run('x')).toEqual(run('x'));
    // the bounds are multiples of 1/200 (20 clusters of 10 units): another stream may land on the same
    // ones by chance, but not every one of four others
    const bounds = (stream: string) => JSON.stringify(run(stream).pairs.map((p) => [p.ci_low, p.ci_high]));
    expect(['y', 'z', 'w', 'v'].some((s) => bounds(s) !== bounds('x'))).toBe(true);
  });
});
