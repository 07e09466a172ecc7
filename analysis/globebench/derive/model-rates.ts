import { derived } from '../../../src/derive/memo.js';
import { bandRadiusCell } from './cells.js';
import type { GlobeContext } from './context.js';
import { DOMAINS, itemsByBand, itemsByDomain, itemShares, meanAt, modelRateAt, radiusLevels, reachBins } from './slices.js';

/** Success of each model, and the mean over models, on one group of items. */
export interface SliceRates {
  /** the group: a radius level, a reach-back bin's label, a domain */
  key: string;
  items: number;
  /** mean over models (= pooled over the group's responses) */
  mean: number;
  /** by model_id */
  byModel: Map<string, number>;
}

function sliceRates(ctx: GlobeContext, key: string, idx: readonly number[]): SliceRates {
  return {
    key,
    items: idx.length,
    mean: meanAt(itemShares(ctx), idx),
    byModel: new Map(ctx.models.map((m) => [m.model_id, modelRateAt(ctx, m.model_id, idx)])),
  };
}

/** Figure 3 (and Table 14's notes): every radius level that has items, in order. */
export const radiusRates = derived((ctx: GlobeContext): SliceRates[] => radiusLevels(ctx).map(({ level, idx }) => sliceRates(ctx, level, idx)));

/** Figure 4's grey lines: every reach-back bin that has items, by upper edge. */
export const reachBinRates = derived((ctx: GlobeContext): SliceRates[] => reachBins(ctx).map((b) => sliceRates(ctx, b.label, b.idx)));

/** Figures 9 and 10: every domain that has items, in DOMAINS order, then any other by name. */
export const domainRates = derived((ctx: GlobeContext): SliceRates[] => {
  const by = itemsByDomain(ctx);
  const domains = [...DOMAINS.filter((d) => by.has(d)), ...[...by.keys()].filter((d) => !(DOMAINS as readonly string[]).includes(d)).sort()];
  return domains.map((d) => sliceRates(ctx, d, by.get(d)!));
});

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The impact-radius and reach-back findings of the text, beside Table 14. */
export interface DifficultyGaps {
  /** mean success on L3 minus on L0, and past 40 turns minus within (Table 14's totals); null where a side has no items */
  radiusDiff: number | null;
  bandDiff: number | null;
  /** models whose success on L3 is at or below their success on every other level with items (none without L3 items) */
  lowestOnL3: number;
  /** models less successful past 40 turns than within (both bands need items) */
  dropsPast40: number;
}

export const difficultyGaps = derived((ctx: GlobeContext): DifficultyGaps => {
  const total = (band: '<=40' | '>40' | 'all', radius: 'L0' | 'L3' | 'all') => finite(bandRadiusCell(ctx, { band, radius }).success);
  const diff = (x: number | null, y: number | null) => (x === null || y === null ? null : x - y);
  const levels = radiusRates(ctx);
  const l3 = levels.find((l) => l.key === 'L3');
  const byBand = itemsByBand(ctx);
  const short = byBand.get('<=40'),
    long = byBand.get('>40');
  return {
    radiusDiff: diff(total('all', 'L3'), total('all', 'L0')),
    bandDiff: diff(total('>40', 'all'), total('<=40', 'all')),
    lowestOnL3: l3 ? ctx.models.filter((m) => levels.every((l) => l === l3 || l3.byModel.get(m.model_id)! <= l.byModel.get(m.model_id)!)).length : 0,
    dropsPast40: short && long ? ctx.models.filter((m) => modelRateAt(ctx, m.model_id, long) < modelRateAt(ctx, m.model_id, short)).length : 0,
  };
});
