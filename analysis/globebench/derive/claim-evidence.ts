import { clusterRobustTInterval } from '../../../src/derive/stats/cluster-robust-t-interval.js';
import { clusterRobustMean } from '../../../src/derive/stats/cluster-robust-mean.js';
import { etaSquaredOfGroups, groupMoments } from '../../../src/derive/stats/eta-squared-of-groups.js';
import { mantelHaenszelRD } from '../../../src/derive/stats/mantel-haenszel-rd.js';
import type { Rng } from '../../../src/derive/stats/rng.js';
import { threeWay } from '../../../src/domain/grade/grade-response.js';
import { derived, derivedBy } from '../../../src/derive/memo.js';
import { itemClusters, type ClusterUnit } from './clustered.js';
import type { GlobeContext } from './context.js';
import { decisionGivenStateResponses } from './decision-given-state.js';
import { judgeGaps } from './human-study.js';
import { isLongAudit } from './leader-margin.js';
import { strataCounts, MH_OUTCOME_OPERATOR, type MhSpec } from './mantel-haenszel.js';
import { FAILURE_CODES, NO_RESPONSE, PASSED, responseColumns } from './responses.js';
import { itemsByBand, itemShares, modelOrder, passCounts, radiusLevels } from './slices.js';

/**
 * The per-unit data behind GlobeBench's claims (analysis/globebench/claims.ts): vectors of units
 * with the cluster of each, so the claims engine computes every estimate and interval itself. A
 * unit is an item unless said otherwise; its cluster is its item's operator, or its domain (the
 * alternative cluster unit).
 */

/** Values of some units and the cluster of each (parallel arrays). */
export interface ClusteredValues {
  y: number[];
  cluster: string[];
}

function at(ctx: GlobeContext, values: ArrayLike<number>, idx: readonly number[], unit: ClusterUnit): ClusteredValues {
  const clusters = itemClusters(ctx, unit);
  return { y: idx.map((i) => values[i]), cluster: idx.map((i) => clusters[i]) };
}

const everyItem = (ctx: GlobeContext) => ctx.release.items.map((_, i) => i);

/** The items of `idx` that each of the models has a grade for: all of them unless the context leaves some grades out (ctx.scored). */
function graded(ctx: GlobeContext, idx: readonly number[], ...models: string[]): readonly number[] {
  const { scored } = ctx;
  if (!scored) return idx;
  const marks = models.map((id) => scored.get(id)!);
  return idx.filter((i) => marks.every((m) => m[i] === 1));
}

/** The best model (most items passed; ties by name) and its passes over every item. */
export const bestModelPasses = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): ClusteredValues & { model_id: string } => {
    const best = modelOrder(ctx)[0];
    return { model_id: best.model_id, ...at(ctx, ctx.pass.get(best.model_id)!, graded(ctx, everyItem(ctx), best.model_id), unit) };
  },
  (u) => u,
);

/** Every model's 0/1 passes over every item (the leaderboard's units), with the items' clusters. */
export const leaderboardColumns = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): { scores: { model: string; y: number[] }[]; cluster: string[] } => ({
    scores: ctx.models.map((m) => ({ model: m.model_id, y: Array.from(ctx.pass.get(m.model_id)!) })),
    cluster: itemClusters(ctx, unit),
  }),
  (u) => u,
);

/** Two models' passes on the same items (a_i, b_i), with the items' clusters; null when a model is absent. */
export const pairedPasses = derivedBy(
  (ctx: GlobeContext, p: { a: string; b: string; unit: ClusterUnit }): { a: number[]; b: number[]; cluster: string[] } | null => {
    const a = ctx.pass.get(p.a),
      b = ctx.pass.get(p.b);
    if (!a || !b) return null;
    if (ctx.scored) {
      const both = graded(ctx, everyItem(ctx), p.a, p.b);
      const clusters = itemClusters(ctx, p.unit);
      return { a: both.map((i) => a[i]), b: both.map((i) => b[i]), cluster: both.map((i) => clusters[i]) };
    }
    return { a: Array.from(a), b: Array.from(b), cluster: itemClusters(ctx, p.unit) };
  },
  (p) => JSON.stringify([p.a, p.b, p.unit]),
);

/**
 * The items model a passes and model b fails, each 1 when it is an L3 long audit (impact radius
 * L3, reach-back > 40); null when a model is absent.
 */
export const onlyFirstSolvesLongAudit = derivedBy(
  (ctx: GlobeContext, p: { a: string; b: string; unit: ClusterUnit }): ClusteredValues | null => {
    const a = ctx.pass.get(p.a),
      b = ctx.pass.get(p.b);
    if (!a || !b) return null;
    const items = ctx.release.items;
    const only = graded(ctx, everyItem(ctx), p.a, p.b).filter((i) => a[i] && !b[i]);
    return at(
      ctx,
      items.map((it) => (isLongAudit(it) ? 1 : 0)),
      only,
      p.unit,
    );
  },
  (p) => JSON.stringify([p.a, p.b, p.unit]),
);

/** The mean over models on the items of one slice: per item the share of models passing it. */
function sliceShares(ctx: GlobeContext, idx: readonly number[] | undefined, unit: ClusterUnit): ClusteredValues | null {
  const shares = itemShares(ctx);
  // an item no model has a grade for (every response left out) has no share
  const kept = ctx.scored && idx ? idx.filter((i) => Number.isFinite(shares[i])) : idx;
  return kept?.length ? at(ctx, shares, kept, unit) : null;
}

/** Impact radius L3 against L0: per item the share of models passing (the 20-model means of Table 14); null without either. */
export const radiusShares = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): { l3: ClusteredValues; l0: ClusteredValues } | null => {
    const by = new Map(radiusLevels(ctx).map((l) => [l.level, l.idx]));
    const l3 = sliceShares(ctx, by.get('L3'), unit),
      l0 = sliceShares(ctx, by.get('L0'), unit);
    return l3 && l0 ? { l3, l0 } : null;
  },
  (u) => u,
);

/** Reach-back past 40 turns against within: per item the share of models passing; null without either band. */
export const bandShares = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): { long: ClusteredValues; short: ClusteredValues } | null => {
    const by = itemsByBand(ctx);
    const long = sliceShares(ctx, by.get('>40'), unit),
      short = sliceShares(ctx, by.get('<=40'), unit);
    return long && short ? { long, short } : null;
  },
  (u) => u,
);

/** One model's passes on two sets of items (a claimed lower, b the comparison). */
export interface ModelContrast {
  model_id: string;
  /** what b is: a radius level, a reach-back band */
  against: string;
  a: ClusteredValues;
  b: ClusteredValues;
}

/**
 * Per model: its passes on the L3 items against its passes on its best other radius level (the
 * level other than L3 where its success is highest; ties: the first in L0..L2 order). Empty
 * without L3 items or another level.
 */
export const modelL3AgainstBestOther = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): ModelContrast[] => {
    const levels = radiusLevels(ctx);
    const l3 = levels.find((l) => l.level === 'L3');
    const others = levels.filter((l) => l.level !== 'L3');
    if (!l3 || others.length === 0) return [];
    return ctx.models.map((m) => {
      const pass = ctx.pass.get(m.model_id)!;
      const mine = (idx: readonly number[]) => graded(ctx, idx, m.model_id);
      const rate = (idx: readonly number[]) => {
        const k = mine(idx);
        return k.reduce((s, i) => s + pass[i], 0) / k.length;
      };
      let best = others[0];
      for (const l of others) if (rate(l.idx) > rate(best.idx)) best = l;
      return { model_id: m.model_id, against: best.level, a: at(ctx, pass, mine(l3.idx), unit), b: at(ctx, pass, mine(best.idx), unit) };
    });
  },
  (u) => u,
);

/** Per model: its passes past 40 turns of reach-back against within 40. Empty without either band. */
export const modelLongAgainstShort = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): ModelContrast[] => {
    const by = itemsByBand(ctx);
    const long = by.get('>40'),
      short = by.get('<=40');
    if (!long || !short) return [];
    return ctx.models.map((m) => {
      const pass = ctx.pass.get(m.model_id)!;
      return {
        model_id: m.model_id,
        against: '<=40',
        a: at(ctx, pass, graded(ctx, long, m.model_id), unit),
        b: at(ctx, pass, graded(ctx, short, m.model_id), unit),
      };
    });
  },
  (u) => u,
);

/** One stratum's responses as 0/1 outcomes: a the exposed side's, b the unexposed side's. */
export interface ResponseStratum {
  stratum: string;
  a: number[];
  b: number[];
}

const outcomes = (passes: number, n: number): number[] => Array.from({ length: n }, (_, i) => (i < passes ? 1 : 0));

/**
 * The responses behind a Mantel-Haenszel table (strataCounts: per stratum the passes and responses
 * on each side) as 0/1 outcomes, in stratum order. Within a side of a stratum the order of the
 * responses does not matter to a risk difference, so passes come first.
 */
export const mhResponseStrata = derivedBy(
  (ctx: GlobeContext, spec: MhSpec): ResponseStratum[] =>
    strataCounts(ctx, spec).map((s) => ({ stratum: s.stratum, a: outcomes(s.a, s.n1), b: outcomes(s.c, s.n0) })),
  (spec) => spec.id,
);

/** Each item's per-model passes summed (k) and its side (1 exposed, 0 not, -1 out), for resampling a pooled-vs-MH gap by operator. */
function outcomeSides(ctx: GlobeContext): { k: Int32Array; side: Int8Array; operator: string[] } {
  const items = ctx.release.items;
  return {
    k: passCounts(ctx),
    side: Int8Array.from(items, (it) => {
      const s = MH_OUTCOME_OPERATOR.exposed(it);
      return s === null ? -1 : s ? 1 : 0;
    }),
    operator: items.map((it) => MH_OUTCOME_OPERATOR.stratum(it)),
  };
}

/** Pooled minus Mantel-Haenszel (within-operator) risk difference over the items `idx` (repeats allowed), each operator copy its own stratum. */
function pooledMinusWithin(models: number, d: { k: Int32Array; side: Int8Array }, groups: readonly number[][]): number {
  const strata = groups.map((idx) => {
    let a = 0,
      n1 = 0,
      c = 0,
      n0 = 0;
    for (const i of idx) {
      if (d.side[i] === 1) {
        a += d.k[i];
        n1 += models;
      } else if (d.side[i] === 0) {
        c += d.k[i];
        n0 += models;
      }
    }
    return { a, n1, c, n0 };
  });
  const t = strata.reduce((s, x) => ({ a: s.a + x.a, n1: s.n1 + x.n1, c: s.c + x.c, n0: s.n0 + x.n0 }), { a: 0, n1: 0, c: 0, n0: 0 });
  return t.a / t.n1 - t.c / t.n0 - mantelHaenszelRD(strata).rd;
}

/**
 * How much of the final action's raw effect (error / block minus normal, pooled over responses) the
 * operator accounts for: the pooled difference minus the within-operator Mantel-Haenszel one (the
 * tables mh-outcome-operator and 22 show both), with a resampler that draws operators with
 * replacement (each drawn copy its own stratum) and recomputes the gap; null without items on both sides.
 */
export const outcomeConfounding = derived((ctx: GlobeContext): { pooled: number; within: number; gap: number; resample: (rng: Rng) => number } | null => {
  const d = outcomeSides(ctx);
  const byOperator = new Map<string, number[]>();
  d.operator.forEach((op, i) => {
    const l = byOperator.get(op);
    if (l) l.push(i);
    else byOperator.set(op, [i]);
  });
  const groups = [...byOperator.values()];
  const models = ctx.models.length;
  const strata = strataCounts(ctx, MH_OUTCOME_OPERATOR);
  const n1 = strata.reduce((s, x) => s + x.n1, 0),
    n0 = strata.reduce((s, x) => s + x.n0, 0);
  if (n1 === 0 || n0 === 0) return null;
  const pooled = strata.reduce((s, x) => s + x.a, 0) / n1 - strata.reduce((s, x) => s + x.c, 0) / n0;
  const within = mantelHaenszelRD(strata).rd;
  return {
    pooled,
    within,
    gap: pooledMinusWithin(models, d, groups),
    resample: (rng) =>
      pooledMinusWithin(
        models,
        d,
        Array.from(groups, () => groups[rng.int(groups.length)]),
      ),
  };
});

/**
 * The share of the variance of ln(reach-back) that the operator explains (eta^2 of the entanglement
 * table's first axis), with a resampler that draws operators with replacement (each copy its own
 * group) and recomputes it; null without items with a reach-back >= 1.
 */
export const logReachBackEtaSquared = derived((ctx: GlobeContext): { estimate: number; resample: (rng: Rng) => number } | null => {
  const byOperator = new Map<string, number[]>();
  for (const it of ctx.release.items) {
    if (it.reach_back === null || it.reach_back === 0) continue;
    const l = byOperator.get(it.operator);
    if (l) l.push(Math.log(it.reach_back));
    else byOperator.set(it.operator, [Math.log(it.reach_back)]);
  }
  const groups = groupMoments([...byOperator.values()]);
  if (groups.length === 0) return null;
  // drawn operators' moments: an operator drawn twice counts as two groups, as the plain
  // correlationRatio(String(copy index), values) ** 2 over the drawn operators' items would count it
  return { estimate: etaSquaredOfGroups(groups), resample: (rng) => etaSquaredOfGroups(Array.from(groups, () => groups[rng.int(groups.length)])) };
});

/** The items no model solves: how many, and each 1 when at impact radius L3 (with its cluster). */
export const unsolvedAtL3 = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): { count: number; l3: ClusteredValues } => {
    const k = passCounts(ctx);
    const items = ctx.release.items;
    const unsolved = everyItem(ctx).filter((i) => k[i] === 0);
    return {
      count: unsolved.length,
      l3: at(
        ctx,
        items.map((it) => (it.impact_radius === 'L3' ? 1 : 0)),
        unsolved,
        unit,
      ),
    };
  },
  (u) => u,
);

/** One model's responses whose state is right (decision-given-state): 1 when the decision is right too; null without the model. */
export const decisionsGivenState = derivedBy(
  (ctx: GlobeContext, p: { model_id: string; unit: ClusterUnit }): ClusteredValues | null => {
    const k = ctx.models.findIndex((m) => m.model_id === p.model_id);
    if (k < 0) return null;
    const { item, right } = decisionGivenStateResponses(ctx)[k];
    const clusters = itemClusters(ctx, p.unit);
    return { y: right, cluster: item.map((i) => clusters[i]) };
  },
  (p) => JSON.stringify([p.model_id, p.unit]),
);

/**
 * How far the judge's mean rating may lie from the humans' and still agree with them: a quarter of
 * one step of the 1-5 scale.
 */
export const JUDGE_EQUIVALENCE_MARGIN = 0.25;

/** One dimension of the human study: the judge's rating minus the humans' per anchor item, and whether the two agree. */
export interface JudgeDimension {
  dimension: string;
  gaps: ClusteredValues;
  /** the 90% CR1 interval of the mean gap lies within +-JUDGE_EQUIVALENCE_MARGIN (two one-sided tests at 5%) */
  agrees: boolean;
}

/**
 * Per human-study dimension, the LLM judge's rating minus the annotators' mean on each anchor item
 * (judgeGaps) with the anchors' clusters, and whether the judge agrees with the humans there: an
 * equivalence test (Schuirmann 1987, two one-sided tests at 5%: the 90% CR1 t interval of the mean
 * gap inside +-JUDGE_EQUIVALENCE_MARGIN; a dimension on which the two never differ agrees). Empty
 * without human ratings or the LLM audit.
 */
export const judgeAgreement = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): JudgeDimension[] => {
    const clusters = itemClusters(ctx, unit);
    const clusterOf = new Map(ctx.release.items.map((it, i) => [it.item_id, clusters[i]]));
    return judgeGaps(ctx).map((g) => {
      const y = Array.from(g.llm_minus_human);
      const cluster = g.item_id.map((id) => clusterOf.get(id) ?? id);
      const ci = clusterRobustTInterval(clusterRobustMean(y, cluster), { level: 0.9 });
      const agrees = y.length > 0 && (y.every((x) => x === 0) || (-JUDGE_EQUIVALENCE_MARGIN < ci.low && ci.high < JUDGE_EQUIVALENCE_MARGIN));
      return { dimension: g.dimension, gaps: { y, cluster }, agrees };
    });
  },
  (u) => u,
);

/**
 * Table 2's answered failures (all models), each 1 in `a` when of the given type and 1 in `b` when
 * of the most frequent other type (wrong value / structure only / no state fields, the error types
 * counted as wrong value; ties by name): the paired mean of a minus b is the type's lead over the
 * next. Null without answered failures of another type.
 */
export const failureTypeLead = derivedBy(
  (ctx: GlobeContext, p: { type: string; unit: ClusterUnit }): { other: string; a: number[]; b: number[]; cluster: string[] } | null => {
    const cols = responseColumns(ctx);
    const clusters = itemClusters(ctx, p.unit);
    const types: string[] = [];
    const cluster: string[] = [];
    for (let m = 0, r = 0; m < cols.models; m++)
      for (let i = 0; i < cols.items; i++, r++) {
        const f = cols.failure[r];
        if (!cols.present[r] || f === PASSED || f === NO_RESPONSE) continue;
        types.push(threeWay(FAILURE_CODES[f]));
        cluster.push(clusters[i]);
      }
    const count = new Map<string, number>();
    for (const t of types) if (t !== p.type) count.set(t, (count.get(t) ?? 0) + 1);
    const other = [...count].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]?.[0];
    if (other === undefined) return null;
    return { other, a: types.map((t) => (t === p.type ? 1 : 0)), b: types.map((t) => (t === other ? 1 : 0)), cluster };
  },
  (p) => JSON.stringify([p.type, p.unit]),
);
