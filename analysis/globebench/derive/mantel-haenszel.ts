import { mantelHaenszelRD, type MantelHaenszelRD, type Stratum2x2 } from '../../../src/derive/stats/mantel-haenszel-rd.js';
import { derivedBy } from '../../../src/derive/memo.js';
import type { Item } from '../../../src/format/globebench.js';
import type { GlobeContext } from './context.js';
import { gradedCounts, passCounts } from './slices.js';

/**
 * A stratified comparison: the unit is the response (item x model, success = the grader's pass);
 * `exposed` says which side an item is on (null leaves it out), `stratum` names its stratum.
 */
export interface MhSpec {
  id: `mh-${string}`;
  title: string;
  exposure: string;
  strataBy: string;
  exposed: (it: Item) => boolean | null;
  stratum: (it: Item) => string;
  /**
   * the explorer's record field that holds `stratum(it)` (`operator`, `skill`), so the counts of its
   * tables link to their responses; a spec without one (a notebook's own) has no count links
   */
  stratumField?: string;
}

/** Which side of a comparison an item's responses are on, as the explorer's records say it (the field is the spec's id). */
export function mhSide(spec: MhSpec, it: Item): 'exposed' | 'unexposed' | null {
  const side = spec.exposed(it);
  return side === null ? null : side ? 'exposed' : 'unexposed';
}

/** Impact radius L3 vs L0-L2 within operator (the paper's Simpson reversal); judge-sensitivity follows it too. */
export const MH_RADIUS_OPERATOR: MhSpec = {
  id: 'mh-radius-operator',
  title: 'Simpson reversal: impact radius L3 vs L0-L2, pooled and within operator',
  exposure: 'impact radius L3 (vs L0-L2; items without a radius left out)',
  strataBy: 'operator',
  exposed: (it) => (it.impact_radius === null ? null : it.impact_radius === 'L3'),
  stratum: (it) => it.operator,
  stratumField: 'operator',
};

/** Error vs normal final action within operator; Table 22's within-operator row is this estimate. */
export const MH_OUTCOME_OPERATOR: MhSpec = {
  id: 'mh-outcome-operator',
  title: 'Outcome of the final action: error vs normal, pooled and within operator',
  exposure: 'outcome error (vs normal)',
  strataBy: 'operator',
  exposed: (it) => it.outcome === 'error',
  stratum: (it) => it.operator,
  stratumField: 'operator',
};

export const MH_SPECS: MhSpec[] = [
  MH_RADIUS_OPERATOR,
  MH_OUTCOME_OPERATOR,
  {
    id: 'mh-reachback-skill',
    title: 'Reach-back > 40 vs <= 40 turns, pooled and within skill',
    exposure: 'reach-back > 40 turns (vs <= 40; items without reach-back left out)',
    strataBy: 'skill',
    exposed: (it) => (it.reach_back === null ? null : it.reach_back > 40),
    stratum: (it) => it.skill,
    stratumField: 'skill',
  },
];

// a spec is its own memo key: a notebook's own spec that reuses an id does not share a value
const specKeys = new WeakMap<MhSpec, string>();
let specCount = 0;
function specKey(spec: MhSpec): string {
  let k = specKeys.get(spec);
  if (k === undefined) specKeys.set(spec, (k = String(specCount++)));
  return k;
}

export interface StratumCounts extends Stratum2x2 {
  stratum: string;
}

/** Per-stratum 2x2 counts over responses, strata in name order. */
export const strataCounts = derivedBy((ctx: GlobeContext, spec: MhSpec): StratumCounts[] => {
  const byStratum = new Map<string, StratumCounts>();
  const nModels = ctx.models.length;
  const counts = passCounts(ctx);
  const graded = gradedCounts(ctx);
  ctx.release.items.forEach((it, i) => {
    const side = spec.exposed(it);
    if (side === null) return;
    const passes = counts[i];
    const n = graded ? graded[i] : nModels;
    const key = spec.stratum(it);
    const s = byStratum.get(key) ?? { stratum: key, a: 0, n1: 0, c: 0, n0: 0 };
    if (side) {
      s.a += passes;
      s.n1 += n;
    } else {
      s.c += passes;
      s.n0 += n;
    }
    byStratum.set(key, s);
  });
  return [...byStratum.values()].sort((x, y) => (x.stratum < y.stratum ? -1 : x.stratum > y.stratum ? 1 : 0));
}, specKey);

/** The pooled comparison over every stratum and the Mantel-Haenszel stratified one. */
export interface MhEstimate {
  /** responses (successes) on each side, summed over the strata */
  exposed: { n: number; successes: number };
  unexposed: { n: number; successes: number };
  exposed_success: number;
  unexposed_success: number;
  /** exposed minus unexposed success, pooled over the strata */
  pooled_diff: number;
  /** the stratified risk difference with its 95% CI (Sato / Greenland-Robins variance) */
  mh: MantelHaenszelRD;
  strata: number;
}

/** Pooled difference and Mantel-Haenszel stratified difference with its 95% CI, from strataCounts. */
export const mhEstimate = derivedBy((ctx: GlobeContext, spec: MhSpec): MhEstimate => {
  const strata = strataCounts(ctx, spec);
  const tot = strata.reduce((t, s) => ({ a: t.a + s.a, n1: t.n1 + s.n1, c: t.c + s.c, n0: t.n0 + s.n0 }), { a: 0, n1: 0, c: 0, n0: 0 });
  return {
    exposed: { n: tot.n1, successes: tot.a },
    unexposed: { n: tot.n0, successes: tot.c },
    exposed_success: tot.a / tot.n1,
    unexposed_success: tot.c / tot.n0,
    pooled_diff: tot.a / tot.n1 - tot.c / tot.n0,
    mh: mantelHaenszelRD(strata),
    strata: strata.length,
  };
}, specKey);

/** One stratum behind an MH estimate: its rates, their difference and its share of the MH weight. */
export type StratumRow = {
  stratum: string;
  exposed_responses: number;
  unexposed_responses: number;
  exposed_success: number | null;
  unexposed_success: number | null;
  diff: number | null;
  weight_share: number;
};

/** The strata by Mantel-Haenszel weight n1 n0 / N, largest first (ties by name); one side empty: weight 0. */
export const mhStrata = derivedBy((ctx: GlobeContext, spec: MhSpec): StratumRow[] => {
  const strata = strataCounts(ctx, spec);
  const w = strata.map((s) => (s.n1 > 0 && s.n0 > 0 ? (s.n1 * s.n0) / (s.n1 + s.n0) : 0));
  const W = w.reduce((a, b) => a + b, 0);
  const rows = strata.map((s, i) => ({
    stratum: s.stratum,
    exposed_responses: s.n1,
    unexposed_responses: s.n0,
    exposed_success: s.n1 ? s.a / s.n1 : null,
    unexposed_success: s.n0 ? s.c / s.n0 : null,
    diff: s.n1 && s.n0 ? s.a / s.n1 - s.c / s.n0 : null,
    weight_share: W ? w[i] / W : 0,
  }));
  return rows.sort((x, y) => y.weight_share - x.weight_share || (x.stratum < y.stratum ? -1 : 1));
}, specKey);
