import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cubebench } from '../../analysis/cubebench/index.js';
import { globebench } from '../../analysis/globebench/index.js';
import { pawm } from '../../analysis/pawm/index.js';
import type { Analysis } from '../../src/benchmark/contract.js';
import { holmAdjust } from '../../src/derive/stats/holm-adjust.js';
import type { Table, TableRow } from '../../src/present/tables/table.js';

/**
 * The three leaderboards on the bundled samples: the ranked table's rank columns and its pairwise
 * table. On these samples every rank interval contains its point rank (not so in general: the
 * intervals are marginal); the pairwise table holds every pair of a leaderboard once; the leader's
 * group is the leader and the models whose McNemar p against it, Holm-adjusted over the k - 1
 * comparisons with it, is >= 0.05.
 */
const data = (b: string) => join(import.meta.dirname, '../../data', b);
const build = <C>(analyses: Analysis<C>[], ctx: C, id: string) => analyses.find((a) => a.id === id)!.build(ctx) as Table;

function checkLeaderboard(ranked: TableRow[], pairs: TableRow[], id: (r: TableRow) => string) {
  const k = ranked.length;
  expect(k).toBeGreaterThan(2);
  for (const r of ranked) {
    expect(r.rank_low as number, id(r)).toBeLessThanOrEqual(r.rank as number);
    expect(r.rank_high as number, id(r)).toBeGreaterThanOrEqual(r.rank as number);
  }
  expect(pairs).toHaveLength((k * (k - 1)) / 2);
  const seen = new Set(pairs.map((p) => JSON.stringify([p.a_id, p.b_id].sort())));
  expect(seen.size).toBe(pairs.length);
  const leader = ranked.filter((r) => r.rank === 1)[0];
  const others = ranked.filter((r) => r !== leader);
  const p = others.map(
    (r) => pairs.find((x) => (x.a_id === id(leader) && x.b_id === id(r)) || (x.b_id === id(leader) && x.a_id === id(r)))!.mcnemar_p as number,
  );
  const adjusted = holmAdjust(p);
  expect(leader.in_leader_group).toBe(true);
  others.forEach((r, i) => expect(r.in_leader_group, id(r)).toBe(adjusted[i] >= 0.05));
}

describe('ranks and multiplicity on the bundled samples', () => {
  it('GlobeBench Table 1 (models)', () => {
    const ctx = globebench.prepare(globebench.load(data('globebench')), { seed: 20261130, resamples: 200 });
    const t = build(globebench.analyses, ctx, 'table01');
    checkLeaderboard(t.rows, build(globebench.analyses, ctx, 'pairwise').rows, (r) => r.model_id as string);
  }, 600_000);

  it('PAWM Table 4 (methods, one leaderboard per benchmark)', () => {
    const ctx = pawm.prepare(pawm.load(data('pawm')), { seed: 20261130, resamples: 200 });
    const t = build(pawm.analyses, ctx, 'table04');
    const pairs = build(pawm.analyses, ctx, 'pairwise').rows;
    for (const b of ['ScienceWorld', 'WebArena-Lite'])
      checkLeaderboard(
        t.rows.filter((r) => r.benchmark === b && r.rank !== null),
        pairs.filter((p) => p.benchmark === b),
        (r) => r.method as string,
      );
  }, 600_000);

  it('CubeBench Experiment 1 (models, one leaderboard per tier at short horizon)', () => {
    const ctx = cubebench.prepare(cubebench.load(data('cubebench')), { seed: 20261130, resamples: 200 });
    const t = build(cubebench.analyses, ctx, 'exp1');
    const pairs = build(cubebench.analyses, ctx, 'pairwise').rows;
    expect(t.rows.filter((r) => r.rank !== null).every((r) => r.horizon === 'short' && r.tier !== 'all')).toBe(true);
    for (const tier of ['symbolic', 'visual', 'face', 'vertex'])
      checkLeaderboard(
        t.rows.filter((r) => r.tier === tier && r.horizon === 'short'),
        pairs.filter((p) => p.tier === tier),
        (r) => r.model as string,
      );
  }, 600_000);
});
