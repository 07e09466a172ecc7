import type { Model } from '../../src/release/schemas/globebench.js';
import { bootstrapMeanCI } from '../../src/derive/stats/bootstrap-mean-ci.js';
import { cached, rate, type GlobeContext } from './context.js';

/**
 * Item slices shared by the issue-3 GlobeBench tables and figures: difficulty axes (impact radius,
 * reach-back band and 200-turn bins), per-item pass counts, and item-bootstrap intervals of the mean
 * 20-model success over a set of items.
 */

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
export function passCounts(ctx: GlobeContext): Int32Array {
  return cached(ctx, 'slices:passCounts', () => {
    const k = new Int32Array(ctx.release.items.length);
    for (const m of ctx.models) {
      const v = ctx.pass.get(m.model_id)!;
      for (let i = 0; i < v.length; i++) k[i] += v[i];
    }
    return k;
  });
}

/**
 * Share of the models passing each item. The mean of these over a set of items is the mean success
 * over models on those items, which equals the pooled success over their responses (every model
 * answers every item: the loader checks it).
 */
export function itemShares(ctx: GlobeContext): Float64Array {
  return cached(ctx, 'slices:itemShares', () => {
    const k = passCounts(ctx);
    const n = ctx.models.length;
    return Float64Array.from(k, (x) => (n ? x / n : NaN));
  });
}

/** Passing items of each model (integer counts: every rank derived from success compares these). */
export function modelPasses(ctx: GlobeContext, model_id: string): number {
  const v = ctx.pass.get(model_id)!;
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return s;
}

/** Models by overall success, best first (exact pass counts over the same items); ties by name. */
export function modelOrder(ctx: GlobeContext): Model[] {
  return cached(ctx, 'slices:modelOrder', () =>
    ctx.models
      .map((m) => ({ m, k: modelPasses(ctx, m.model_id) }))
      .sort((a, b) => b.k - a.k || a.m.name.localeCompare(b.m.name) || a.m.model_id.localeCompare(b.m.model_id))
      .map((x) => x.m),
  );
}

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

export interface CellStat {
  items: number;
  success: number;
  ci_low: number | null;
  ci_high: number | null;
}

/**
 * Mean over the items of the per-item share of models passing, with a 95% percentile bootstrap CI
 * that resamples items (bootstrapMeanCI over the item shares). An empty cell has success NaN and null
 * bounds (pass success through num() before it reaches JSON).
 */
export function itemCell(ctx: GlobeContext, idx: readonly number[], stream: string, resamples = ctx.opts.resamples): CellStat {
  if (idx.length === 0) return { items: 0, success: NaN, ci_low: null, ci_high: null };
  const ci = bootstrapMeanCI(pick(itemShares(ctx), idx), { resamples, seed: ctx.opts.seed, stream });
  return { items: idx.length, success: ci.estimate, ci_low: ci.low, ci_high: ci.high };
}

/** Same for one model: its 0/1 passes over the items, resampled. */
export function modelCell(ctx: GlobeContext, model_id: string, idx: readonly number[], stream: string, resamples = ctx.opts.resamples): CellStat {
  if (idx.length === 0) return { items: 0, success: NaN, ci_low: null, ci_high: null };
  const ci = bootstrapMeanCI(pick(ctx.pass.get(model_id)!, idx), { resamples, seed: ctx.opts.seed, stream });
  return { items: idx.length, success: ci.estimate, ci_low: ci.low, ci_high: ci.high };
}

/** A finite number or null (JSON cannot carry NaN). */
export function num(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** 0.4349 -> "43.49%" for notes. */
export function pctText(x: number | null | undefined, digits = 2): string {
  return x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : `${(x * 100).toFixed(digits)}%`;
}

/** 0.2145 -> "+21.45 pp" for notes. */
export function ppText(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  const s = (x * 100).toFixed(2);
  return `${x >= 0 ? '+' : ''}${s} pp`;
}

/** Percentages 0-100 for figure data, null where undefined. */
export function pct100(x: number | null): number | null {
  return x === null || !Number.isFinite(x) ? null : 100 * x;
}
