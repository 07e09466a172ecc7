import { derived } from '../../../src/derive/memo.js';
import { leaderboardComparisons, type PairwiseRow, type RankStanding } from '../../../src/derive/leaderboard-comparisons.js';
import { orderModels, type CubeContext } from './context.js';
import { MODEL_ORDER } from './model-order.js';
import { passCell, sliceEpisodes, sliceKey } from './slices.js';

/** The tiers in the paper's order (Experiment 1's columns). */
const TIERS = ['symbolic', 'visual', 'face', 'vertex'] as const;

/** Experiment 1's ranks and multiplicity: one leaderboard per tier, short horizon, Basic agent without dense reward. */
export interface CubeRanks {
  /** sliceKey of a (model, basic, none, tier, short) cell -> its standing */
  byCell: Map<string, RankStanding>;
  /** every pair of one tier's models once (a ranked above b), tiers in the paper's order */
  pairs: (PairwiseRow & { tier: string })[];
}

/**
 * Ranks and multiplicity of Experiment 1 (leaderboardComparisons), per tier at short horizon over
 * the models of that tier: ranked by pass rate; the units are the tasks every model of the tier
 * ran (one episode per task and model), each task its own cluster, so the bootstrap resamples tasks
 * (stream `exp1-ranks:tier=..`) and both it and McNemar's test pair the models on tasks.
 */
export const cubeRanks = derived((ctx: CubeContext): CubeRanks => {
  const byCell = new Map<string, RankStanding>();
  const pairs: CubeRanks['pairs'] = [];
  const basic = ctx.results.filter((r) => r.agent === 'basic' && r.reward === 'none');
  for (const tier of TIERS) {
    const models = orderModels(
      basic.filter((r) => r.tier === tier && r.horizon === 'short').map((r) => r.model),
      MODEL_ORDER,
    );
    if (models.length === 0) continue;
    const keys = models.map((model) => ({ model, agent: 'basic', reward: 'none', tier, horizon: 'short' }));
    // task -> pass, per model (one episode per task in a cell; a repeated task keeps its first episode)
    const outcome = keys.map((k) => {
      const m = new Map<string, number>();
      for (const i of sliceEpisodes(ctx, k)) if (!m.has(ctx.results[i].task_id)) m.set(ctx.results[i].task_id, ctx.results[i].pass ? 1 : 0);
      return m;
    });
    const tasks = [...outcome[0].keys()].filter((t) => outcome.every((m) => m.has(t)));
    if (tasks.length === 0) continue;
    const columns = outcome.map((m) => Uint8Array.from(tasks, (t) => m.get(t)!));
    const result = leaderboardComparisons({
      ids: models,
      points: keys.map((k) => passCell(ctx, k)!.pass_rate),
      columns,
      clusters: tasks,
      binary: columns,
      resamples: ctx.opts.resamples,
      seed: ctx.opts.seed,
      stream: `exp1-ranks:tier=${tier}`,
    });
    result.ranks.forEach((s, j) => byCell.set(sliceKey(keys[j]), s));
    for (const p of result.pairs) pairs.push({ ...p, tier });
  }
  return { byCell, pairs };
});
