import { derived } from '../../../src/derive/memo.js';
import { leaderboardComparisons, type PairwiseRow, type RankStanding } from '../../../src/derive/leaderboard-comparisons.js';
import type { GlobeContext } from './context.js';
import { leaderboard } from './leaderboard.js';

/** Table 1's ranks and multiplicity: each model's rank interval and leader's group, and every pair of models once. */
export interface GlobeRanks {
  /** model_id -> its standing */
  byModel: Map<string, RankStanding>;
  /** every pair once, in Table 1's order (a above b), with the model names */
  pairs: (PairwiseRow & { a: string; b: string })[];
}

/**
 * Ranks and multiplicity of Table 1 (leaderboardComparisons): the models' pass bits on every item,
 * resampled by the two-stage cluster bootstrap over operators then items within them (stream
 * `table01-ranks`); McNemar's test pairs the models on items.
 */
export const globeRanks = derived((ctx: GlobeContext): GlobeRanks => {
  const rows = leaderboard(ctx).rows;
  const { ranks, pairs } = leaderboardComparisons({
    ids: rows.map((r) => r.model_id),
    points: rows.map((r) => r.success),
    columns: rows.map((r) => ctx.pass.get(r.model_id)!),
    clusters: ctx.release.items.map((it) => it.operator),
    binary: rows.map((r) => ctx.pass.get(r.model_id)!),
    resamples: ctx.opts.resamples,
    seed: ctx.opts.seed,
    stream: 'table01-ranks',
  });
  const name = new Map(rows.map((r) => [r.model_id, r.model]));
  return {
    byModel: new Map(ranks.map((s) => [s.id, s])),
    pairs: pairs.map((p) => ({ ...p, a: name.get(p.a_id)!, b: name.get(p.b_id)! })),
  };
});
