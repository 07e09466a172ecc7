import { median } from '../../../src/derive/stats/median.js';
import { rankDescending } from '../../../src/derive/stats/rank-descending.js';
import { derived } from '../../../src/derive/memo.js';
import type { Model } from '../../../src/format/globebench.js';
import { modelOverallCell } from './cells.js';
import { rate, type GlobeContext } from './context.js';
import { modelPasses } from './slices.js';

/** One model's overall standing: Table 1's row and its figure's bar. */
export type Standing = {
  rank: number;
  model: string;
  model_id: string;
  access: Model['access'];
  kind: Model['kind'];
  n_items: number;
  passed: number;
  success: number;
  ci_low: number | null;
  ci_high: number | null;
};

export interface Leaderboard {
  /** by rank (ties by name) */
  rows: Standing[];
  /** general LLMs (kind general), and the median of their success */
  general: number;
  medianGeneral: number;
}

/**
 * Table 1 and its figure: every model's overall success (binary pass over all items, refusals
 * counted as failures, as in the paper) with its 95% bootstrap CI over items (modelOverallCell), and
 * its competition rank from integer pass counts (every model answers every item, so ties are exact).
 */
export const leaderboard = derived((ctx: GlobeContext): Leaderboard => {
  const successes = ctx.models.map((m) => rate(ctx.pass.get(m.model_id)!));
  const passes = ctx.models.map((m) => modelPasses(ctx, m.model_id));
  const ranks = rankDescending(passes);
  const rows = ctx.models.map((m, i): Standing => {
    const ci = modelOverallCell(ctx, m.model_id);
    return {
      rank: ranks[i],
      model: m.name,
      model_id: m.model_id,
      access: m.access,
      kind: m.kind,
      n_items: ctx.pass.get(m.model_id)!.length,
      passed: passes[i],
      success: successes[i],
      ci_low: ci.ci_low,
      ci_high: ci.ci_high,
    };
  });
  rows.sort((a, b) => a.rank - b.rank || a.model.localeCompare(b.model));
  const general = rows.filter((r) => r.kind === 'general').map((r) => r.success);
  return { rows, general: general.length, medianGeneral: median(general) };
});
