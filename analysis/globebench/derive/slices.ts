import type { Model } from '../../../src/format/globebench.js';
import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';

/**
 * Item slices shared by the GlobeBench tables and figures: difficulty axes (impact radius,
 * reach-back band and 200-turn bins), the item groups along them, and per-item pass counts. Each is
 * declared once with `derived`, so every table and figure reads the same arrays.
 */

/** The five domains in the order docs/release-format.md lists them; a domain with no items is left out. */
export const DOMAINS = ['code', 'enterprise', 'games', 'math_science', 'dialogue'] as const;

export const RADII = ['L0', 'L1', 'L2', 'L3'] as const;
export type RadiusLevel = (typeof RADII)[number];

/** The paper's long-horizon cut: reach-back <= 40 turns vs > 40. */
export const REACH_BACK_CUT = 40;
export const BANDS = ['<=40', '>40'] as const;
export type Band = (typeof BANDS)[number];

export function reachBand(rb: number | null): Band | null {
  if (rb === null) return null;
  return rb <= REACH_BACK_CUT ? '<=40' : '>40';
}

export const BIN_WIDTH = 200;
/** Markers are hollow where a reach-back bin has fewer items than this (Fig 4, 7). */
export const SPARSE_BIN = 50;

/**
 * Right-closed 200-turn bin of a reach-back, named by its upper edge: (0,200] -> 200,
 * (200,400] -> 400, ...; 0 goes to the first bin.
 */
export function reachBin(rb: number): number {
  return rb <= BIN_WIDTH ? BIN_WIDTH : Math.ceil(rb / BIN_WIDTH) * BIN_WIDTH;
}

/** Number of models passing each item, in items.jsonl order. */
export const passCounts = derived((ctx: GlobeContext): Int32Array => {
  const k = new Int32Array(ctx.release.items.length);
  for (const m of ctx.models) {
    const v = ctx.pass.get(m.model_id)!;
    for (let i = 0; i < v.length; i++) k[i] += v[i];
  }
  return k;
});

/**
 * Share of the models passing each item. The mean of these over a set of items is the mean success
 * over models on those items, which equals the pooled success over their responses (every model
 * answers every item: the loader checks it).
 */
export const itemShares = derived((ctx: GlobeContext): Float64Array => {
  const k = passCounts(ctx);
  const graded = gradedCounts(ctx);
  if (graded) return Float64Array.from(k, (x, i) => (graded[i] ? x / graded[i] : NaN));
  const n = ctx.models.length;
  return Float64Array.from(k, (x) => (n ? x / n : NaN));
});

/**
 * How many models have a grade for each item; null when every model has one for every item
 * (ctx.scored null). In a context that leaves some grades out (refusals as missing), the shares and
 * the Mantel-Haenszel strata count only the graded responses.
 */
export const gradedCounts = derived((ctx: GlobeContext): Int32Array | null => {
  if (!ctx.scored) return null;
  const k = new Int32Array(ctx.release.items.length);
  for (const v of ctx.scored.values()) for (let i = 0; i < v.length; i++) k[i] += v[i];
  return k;
});

/** Passing items of each model (integer counts: every rank derived from success compares these). */
export function modelPasses(ctx: GlobeContext, model_id: string): number {
  const v = ctx.pass.get(model_id)!;
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return s;
}

/** Models by overall success, best first (exact pass counts over the same items); ties by name. */
export const modelOrder = derived((ctx: GlobeContext): Model[] =>
  ctx.models
    .map((m) => ({ m, k: modelPasses(ctx, m.model_id) }))
    .sort((a, b) => b.k - a.k || a.m.name.localeCompare(b.m.name) || a.m.model_id.localeCompare(b.m.model_id))
    .map((x) => x.m),
);

/** Item indices (items.jsonl order) grouped by a key; items whose key is null are left out. */
export function groupItems<K>(ctx: GlobeContext, key: (i: number) => K | null): Map<K, number[]> {
  const out = new Map<K, number[]>();
  ctx.release.items.forEach((_, i) => {
    const k = key(i);
    if (k === null) return;
    let a = out.get(k);
    if (!a) out.set(k, (a = []));
    a.push(i);
  });
  return out;
}

export function pick(values: ArrayLike<number>, idx: readonly number[]): Float64Array {
  return Float64Array.from(idx, (i) => values[i]);
}

export function meanAt(values: ArrayLike<number>, idx: readonly number[]): number {
  if (idx.length === 0) return NaN;
  let s = 0;
  for (const i of idx) s += values[i];
  return s / idx.length;
}

/** Success of one model over a set of items. */
export function modelRateAt(ctx: GlobeContext, model_id: string, idx: readonly number[]): number {
  return meanAt(ctx.pass.get(model_id)!, idx);
}

const allIdx = (ctx: GlobeContext) => ctx.release.items.map((_, i) => i);

/** Every item index, items.jsonl order. */
export const allItems = derived(allIdx);

/** Items by impact radius (items without one left out). */
export const itemsByRadius = derived((ctx: GlobeContext) => groupItems(ctx, (i) => ctx.release.items[i].impact_radius));

/** Items by reach-back band (items without a reach-back left out). */
export const itemsByBand = derived((ctx: GlobeContext) => groupItems(ctx, (i) => reachBand(ctx.release.items[i].reach_back)));

/** Items by band x radius, keyed `band|radius` (items lacking either left out). */
export const itemsByBandRadius = derived((ctx: GlobeContext) =>
  groupItems(ctx, (i) => {
    const it = ctx.release.items[i];
    const b = reachBand(it.reach_back);
    return b === null || it.impact_radius === null ? null : `${b}|${it.impact_radius}`;
  }),
);

/** Radius levels that have items, in order, with their item indices. */
export const radiusLevels = derived((ctx: GlobeContext): { level: RadiusLevel; idx: number[] }[] => {
  const by = itemsByRadius(ctx);
  return RADII.filter((r) => by.has(r)).map((r) => ({ level: r, idx: by.get(r)! }));
});

/** Reach-back bins that have items, by upper edge, with their item indices (items without reach-back left out). */
export const reachBins = derived((ctx: GlobeContext): { edge: number; label: string; idx: number[] }[] => {
  const by = groupItems(ctx, (i) => {
    const rb = ctx.release.items[i].reach_back;
    return rb === null ? null : reachBin(rb);
  });
  return [...by.keys()].sort((a, b) => a - b).map((edge) => ({ edge, label: String(edge), idx: by.get(edge)! }));
});

/** Items by primary skill, in first-seen order. */
export const itemsBySkill = derived((ctx: GlobeContext) => groupItems(ctx, (i) => ctx.release.items[i].skill));

/** Items by the outcome of the final action. */
export const itemsByOutcome = derived((ctx: GlobeContext) => groupItems(ctx, (i) => ctx.release.items[i].outcome));

/** Items by domain, in first-seen order. */
export const itemsByDomain = derived((ctx: GlobeContext) => groupItems(ctx, (i) => ctx.release.items[i].domain));

/** Items without an impact radius, without a reach-back, and without either (left out of those slices). */
export const unlabelledItems = derived((ctx: GlobeContext): { noRadius: number; noReach: number; noEither: number } => {
  const items = ctx.release.items;
  return {
    noRadius: items.filter((it) => it.impact_radius === null).length,
    noReach: items.filter((it) => it.reach_back === null).length,
    noEither: items.filter((it) => it.impact_radius === null || it.reach_back === null).length,
  };
});
