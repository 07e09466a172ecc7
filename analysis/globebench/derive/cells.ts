import { bootstrapMeanCI } from '../../../src/derive/stats/bootstrap-mean-ci.js';
import { derived, derivedBy } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';
import {
  allItems,
  itemsByBand,
  itemsByBandRadius,
  itemsByOutcome,
  itemsByRadius,
  itemsBySkill,
  itemShares,
  pick,
  reachBins,
  type Band,
  type RadiusLevel,
} from './slices.js';

/**
 * Every GlobeBench CI cell, declared once. A cell is named for its slice, and that name is its
 * random stream (`table14:band=all:radius=L0`), so the table and the figure that show the same
 * slice read one draw, and adding a cell does not shift another.
 */
export interface CellStat {
  items: number;
  success: number;
  ci_low: number | null;
  ci_high: number | null;
}

const EMPTY: CellStat = { items: 0, success: NaN, ci_low: null, ci_high: null };

/**
 * Mean over the items of the per-item share of models passing, with a 95% percentile bootstrap CI
 * that resamples items (bootstrapMeanCI over the item shares). An empty cell has success NaN and null
 * bounds (pass success through num() before it reaches JSON).
 */
function itemCell(ctx: GlobeContext, idx: readonly number[], stream: string, resamples = ctx.opts.resamples): CellStat {
  if (idx.length === 0) return EMPTY;
  const ci = bootstrapMeanCI(pick(itemShares(ctx), idx), { resamples, seed: ctx.opts.seed, stream });
  return { items: idx.length, success: ci.estimate, ci_low: ci.low, ci_high: ci.high };
}

/** Same for one model: its 0/1 passes over the items, resampled. */
function modelCell(ctx: GlobeContext, model_id: string, idx: readonly number[], stream: string, resamples = ctx.opts.resamples): CellStat {
  if (idx.length === 0) return EMPTY;
  const ci = bootstrapMeanCI(pick(ctx.pass.get(model_id)!, idx), { resamples, seed: ctx.opts.seed, stream });
  return { items: idx.length, success: ci.estimate, ci_low: ci.low, ci_high: ci.high };
}

/** Table 1 (and its figure): one model over every item. */
export const modelOverallCell = derivedBy(
  (ctx: GlobeContext, model_id: string) => modelCell(ctx, model_id, allItems(ctx), `table01:model=${model_id}`),
  (m) => m,
);

export interface BandRadius {
  band: Band | 'all';
  radius: RadiusLevel | 'all';
}

/** Items of a band x radius cell of Table 14 ('all' = the band or radius total). */
function bandRadiusItems(ctx: GlobeContext, { band, radius }: BandRadius): number[] {
  if (radius === 'all') return band === 'all' ? allItems(ctx) : (itemsByBand(ctx).get(band) ?? []);
  if (band === 'all') return itemsByRadius(ctx).get(radius) ?? [];
  return itemsByBandRadius(ctx).get(`${band}|${radius}`) ?? [];
}

/** Table 14's cells; Figure 6's mean panel reads the radius totals (band 'all'). */
export const bandRadiusCell = derivedBy(
  (ctx: GlobeContext, c: BandRadius) => itemCell(ctx, bandRadiusItems(ctx, c), `table14:band=${c.band}:radius=${c.radius}`),
  (c) => `${c.band}|${c.radius}`,
);

/** Figure 6's model panels: one model on one radius level. */
export const modelRadiusCell = derivedBy(
  (ctx: GlobeContext, c: { model_id: string; radius: RadiusLevel }) =>
    modelCell(ctx, c.model_id, itemsByRadius(ctx).get(c.radius) ?? [], `fig06:model=${c.model_id}:radius=${c.radius}`),
  (c) => `${c.model_id}\u0000${c.radius}`,
);

const binItems = (ctx: GlobeContext, edge: number) => reachBins(ctx).find((b) => b.edge === edge)?.idx ?? [];

/** Figure 4, and Figure 7's mean panel: the mean over models on one reach-back bin. */
export const reachBinCell = derivedBy((ctx: GlobeContext, edge: number) => itemCell(ctx, binItems(ctx, edge), `fig04:reach-bin=${edge}`), String);

/** Per-model interval resamples in Figure 7: 20 models x every bin would cost 20x Figure 4's. */
export const FIG07_MAX_RESAMPLES = 2000;

/** Figure 7's model panels: one model on one reach-back bin, at most FIG07_MAX_RESAMPLES resamples. */
export const modelReachBinCell = derivedBy(
  (ctx: GlobeContext, c: { model_id: string; edge: number }) =>
    modelCell(ctx, c.model_id, binItems(ctx, c.edge), `fig07:model=${c.model_id}:reach-bin=${c.edge}`, Math.min(ctx.opts.resamples, FIG07_MAX_RESAMPLES)),
  (c) => `${c.model_id}\u0000${c.edge}`,
);

/** Table 18 (and Figures 2 and 8): the mean over models on one primary skill. */
export const skillCell = derivedBy(
  (ctx: GlobeContext, skill: string) => itemCell(ctx, itemsBySkill(ctx).get(skill) ?? [], `table18:skill=${skill}`),
  (s) => s,
);

/** Table 22: the mean over models on the items of one final-action outcome. */
export const outcomeCell = derivedBy(
  (ctx: GlobeContext, outcome: 'error' | 'normal') => itemCell(ctx, itemsByOutcome(ctx).get(outcome) ?? [], `table22:outcome=${outcome}`),
  (o) => o,
);

/** Table 22: error minus normal items' mean success (outcomeCell), null where a side has no items. */
export const outcomeDiff = derived((ctx: GlobeContext): number | null => {
  const e = outcomeCell(ctx, 'error').success,
    n = outcomeCell(ctx, 'normal').success;
  return Number.isFinite(e) && Number.isFinite(n) ? e - n : null;
});
