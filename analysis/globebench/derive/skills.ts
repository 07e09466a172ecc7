import { compareRatesAscending } from '../../../src/derive/stats/compare-fractions.js';
import { median } from '../../../src/derive/stats/median.js';
import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';
import { skillCell } from './cells.js';
import { itemsBySkill, modelOrder, passCounts } from './slices.js';

export interface SkillStat {
  skill: string;
  idx: number[];
  /** pooled over the skill's responses = mean over models */
  pooled: number;
  /** passing responses to the skill's items, and responses (the exact fraction behind pooled) */
  pooled_passes: number;
  pooled_responses: number;
  ci_low: number | null;
  ci_high: number | null;
  /** share of the skill's items at least one model solves */
  oracle: number;
  /** per model, in modelOrder */
  byModel: { model_id: string; name: string; kind: string; passes: number; success: number }[];
  best: { name: string; model_id: string; success: number; ties: number };
  worst: { name: string; model_id: string; success: number; ties: number };
}

/**
 * Per primary skill: pooled success (with an item-bootstrap CI), oracle coverage, every model's
 * success, and the best and worst model; hardest first (pooled ascending, ties by skill name).
 * Ties for best go to the model ranked higher overall, ties for worst to the model ranked lower.
 */
export const skillStats = derived((ctx: GlobeContext): SkillStat[] => {
  const by = itemsBySkill(ctx);
  const k = passCounts(ctx);
  const order = modelOrder(ctx);
  const out = [...by].map(([skill, idx]): SkillStat => {
    const c = skillCell(ctx, skill);
    // every model answers the same items here, so integer pass counts order the models exactly
    const byModel = order.map((m) => {
      const v = ctx.pass.get(m.model_id)!;
      let passes = 0;
      for (const i of idx) passes += v[i];
      return { model_id: m.model_id, name: m.name, kind: m.kind, passes, success: passes / idx.length };
    });
    const hiN = Math.max(...byModel.map((x) => x.passes));
    const loN = Math.min(...byModel.map((x) => x.passes));
    const best = byModel.find((x) => x.passes === hiN)!;
    const worst = [...byModel].reverse().find((x) => x.passes === loN)!;
    const hi = best.success,
      lo = worst.success;
    let pooledPasses = 0;
    for (const i of idx) pooledPasses += k[i];
    return {
      skill,
      idx,
      pooled: c.success,
      pooled_passes: pooledPasses,
      pooled_responses: idx.length * order.length,
      ci_low: c.ci_low,
      ci_high: c.ci_high,
      oracle: idx.filter((i) => k[i] > 0).length / idx.length,
      byModel,
      best: { name: best.name, model_id: best.model_id, success: hi, ties: byModel.filter((x) => x.passes === hiN).length },
      worst: { name: worst.name, model_id: worst.model_id, success: lo, ties: byModel.filter((x) => x.passes === loN).length },
    };
  });
  // exact fractions, then the documented tie rule (by name): 36/147 and 36/147 tie whatever a float sum says
  return out.sort(
    (a, b) =>
      compareRatesAscending(a.pooled_passes, a.pooled_responses, b.pooled_passes, b.pooled_responses) || (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0),
  );
});

/**
 * Each world model (kind world_model): on how many skills its success is below the median model's
 * success on that skill (the paper: DWM below the median on all 19), of how many skills.
 */
export const worldModelsBelowMedian = derived((ctx: GlobeContext): { name: string; model_id: string; below: number; skills: number }[] => {
  const stats = ctx.models.length ? skillStats(ctx) : [];
  const medians = stats.map((s) => median(s.byModel.map((x) => x.success)));
  return ctx.models
    .filter((m) => m.kind === 'world_model')
    .map((m) => ({
      name: m.name,
      model_id: m.model_id,
      below: stats.filter((s, j) => s.byModel.find((x) => x.model_id === m.model_id)!.success < medians[j]).length,
      skills: stats.length,
    }));
});
