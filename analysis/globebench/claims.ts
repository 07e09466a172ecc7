import type { ClaimDeclaration, Evidence } from '../../src/derive/claims/claim.js';
import {
  bandShares,
  bestModelPasses,
  decisionsGivenState,
  failureTypeLead,
  JUDGE_EQUIVALENCE_MARGIN,
  judgeAgreement,
  leaderboardColumns,
  logReachBackEtaSquared,
  mhResponseStrata,
  modelL3AgainstBestOther,
  modelLongAgainstShort,
  onlyFirstSolvesLongAudit,
  outcomeConfounding,
  pairedPasses,
  radiusShares,
  unsolvedAtL3,
  type ModelContrast,
} from './derive/claim-evidence.js';
import type { ClusterUnit } from './derive/clustered.js';
import type { GlobeContext } from './derive/context.js';
import { MH_RADIUS_OPERATOR, MH_SPECS } from './derive/mantel-haenszel.js';
import { PAPER } from './paper.js';

/**
 * GlobeBench's conclusions (docs/papers.md, "Claims"), each declared once with the evidence the
 * claims engine judges: per-item vectors with the operator of each item as its cluster (the domain
 * is the alternative unit, globeClaims('domain')). The models a claim names are named by model_id.
 */

const ASTRA = 'gpt-6-astra';
const GROK = 'grok-4.6';

/** Counts a claim states: declared once, in paper.ts. */
const UNSOLVED = PAPER.byId('table19/unsolved').value;
const DIMENSIONS_AGREEING = PAPER.byId('table03/dimensions-agreeing').value;

const MH_REACHBACK_SKILL = MH_SPECS.find((s) => s.id === 'mh-reachback-skill')!;

const missingModel = (...ids: string[]): Evidence => ({ kind: 'not-computable', missing: `models.jsonl: model ${ids.join(' or ')}` });

const nameOf = (ctx: GlobeContext, id: string) => ctx.models.find((m) => m.model_id === id)?.name ?? id;

/** Per model: its passes on one set of items minus another (unpaired, the items differ), judged one by one. */
function everyModel(ctx: GlobeContext, contrasts: ModelContrast[], missing: string): Evidence {
  if (contrasts.length === 0) return { kind: 'not-computable', missing };
  return {
    kind: 'every-unit',
    units: contrasts.map((c) => ({
      label: `${nameOf(ctx, c.model_id)} (against ${c.against})`,
      evidence: { kind: 'difference', a: c.a.y, b: c.b.y, cluster_a: c.a.cluster, cluster_b: c.b.cluster },
    })),
  };
}

/** The claims, with every clustered unit the item's `unit` (operator by default). */
export function globeClaims(unit: ClusterUnit): ClaimDeclaration<GlobeContext>[] {
  const clustered = `two-stage cluster bootstrap over ${unit}s (headline); CR1 t interval by ${unit}; item bootstrap`;
  return [
    {
      id: 'globebench.best-below-half',
      claim: 'Even the best model passes fewer than half of the items.',
      paper_ref: 'Table 1',
      estimand: 'share',
      direction: 'less',
      threshold: 0.5,
      units: { clustered_on: unit },
      test: `best model's success against 0.5; ${clustered}`,
      evaluate: (ctx) => {
        if (ctx.models.length === 0) return { kind: 'not-computable', missing: 'models.jsonl: no models' };
        const best = bestModelPasses(ctx, unit);
        return { kind: 'mean', y: best.y, cluster: best.cluster };
      },
    },
    {
      id: 'globebench.astra-ranks-first',
      claim: 'GPT-6 Astra tops the leaderboard (Grok 4.6 follows it).',
      paper_ref: 'Table 1',
      estimand: 'rank',
      direction: 'less',
      threshold: 1.5,
      units: { paired_on: 'item', clustered_on: unit },
      test: `rank interval of GPT-6 Astra (2.5 and 97.5 percentiles of its min-rank) over the two-stage cluster bootstrap by ${unit}, every model on the same resampled items`,
      evaluate: (ctx) => {
        if (!ctx.pass.has(ASTRA)) return missingModel(ASTRA);
        const board = leaderboardColumns(ctx, unit);
        return { kind: 'rank', model: ASTRA, scores: board.scores, cluster: board.cluster };
      },
    },
    {
      id: 'globebench.astra-beats-grok',
      claim: 'On the same items, GPT-6 Astra passes more than Grok 4.6 (+21.45 points).',
      paper_ref: 'Table 1 text',
      estimand: 'paired-difference',
      direction: 'greater',
      threshold: 0,
      units: { paired_on: 'item', clustered_on: unit },
      test: `paired difference over items; ${clustered}`,
      evaluate: (ctx) => {
        const p = pairedPasses(ctx, { a: ASTRA, b: GROK, unit });
        return p ? { kind: 'paired-difference', a: p.a, b: p.b, cluster: p.cluster } : missingModel(ASTRA, GROK);
      },
    },
    {
      id: 'globebench.astra-gap-is-long-audits',
      claim: 'Most of the items GPT-6 Astra solves and Grok 4.6 does not are L3 long audits (272 of 350).',
      paper_ref: 'Table 1 text',
      estimand: 'share',
      direction: 'greater',
      threshold: 0.5,
      units: { clustered_on: unit },
      test: `share of L3 long audits among the Astra-only items against 0.5; ${clustered}`,
      evaluate: (ctx) => {
        const v = onlyFirstSolvesLongAudit(ctx, { a: ASTRA, b: GROK, unit });
        if (!v) return missingModel(ASTRA, GROK);
        return v.y.length
          ? { kind: 'mean', y: v.y, cluster: v.cluster }
          : { kind: 'not-computable', missing: 'responses/: no item that only GPT-6 Astra solves' };
      },
    },
    {
      id: 'globebench.radius-collapse',
      claim: 'Success at impact radius L3 is far below L0 (mean over the 20 models, 43.49% to 5.10%).',
      paper_ref: 'Table 14 text, Figure 3',
      estimand: 'difference',
      direction: 'less',
      threshold: 0,
      units: { clustered_on: unit },
      test: `L3 minus L0 items' mean share of models passing, unpaired; ${clustered}`,
      evaluate: (ctx) => {
        const r = radiusShares(ctx, unit);
        if (!r) return { kind: 'not-computable', missing: 'items.jsonl: impact_radius (no L0 or no L3 items)' };
        return { kind: 'difference', a: r.l3.y, b: r.l0.y, cluster_a: r.l3.cluster, cluster_b: r.l0.cluster };
      },
    },
    {
      id: 'globebench.every-model-lowest-on-l3',
      claim: 'Every one of the 20 models does worst on L3.',
      paper_ref: 'Figure 6',
      estimand: 'every-unit',
      direction: 'less',
      threshold: 0,
      units: { clustered_on: unit },
      test: `per model, L3 minus its best other radius level (unpaired), ${clustered}; holds only if every model holds (intersection-union)`,
      evaluate: (ctx) => everyModel(ctx, modelL3AgainstBestOther(ctx, unit), 'items.jsonl: impact_radius (no L3 items or no other level)'),
    },
    {
      id: 'globebench.reach-back-drop',
      claim: 'Items whose answer reaches back more than 40 turns are far harder than the rest (42.28% vs 11.44%).',
      paper_ref: 'Table 14 text, Figure 4',
      estimand: 'difference',
      direction: 'less',
      threshold: 0,
      units: { clustered_on: unit },
      test: `reach-back > 40 minus <= 40 items' mean share of models passing, unpaired; ${clustered}`,
      evaluate: (ctx) => {
        const b = bandShares(ctx, unit);
        if (!b) return { kind: 'not-computable', missing: 'items.jsonl: reach_back (no items on one side of 40)' };
        return { kind: 'difference', a: b.long.y, b: b.short.y, cluster_a: b.long.cluster, cluster_b: b.short.cluster };
      },
    },
    {
      id: 'globebench.every-model-drops-with-reach-back',
      claim: 'Every model is less successful past 40 turns of reach-back.',
      paper_ref: 'Figure 7',
      estimand: 'every-unit',
      direction: 'less',
      threshold: 0,
      units: { clustered_on: unit },
      test: `per model, reach-back > 40 minus <= 40 (unpaired), ${clustered}; holds only if every model holds (intersection-union)`,
      evaluate: (ctx) => everyModel(ctx, modelLongAgainstShort(ctx, unit), 'items.jsonl: reach_back (no items on one side of 40)'),
    },
    {
      id: 'globebench.reach-back-within-skill',
      claim: 'The reach-back drop remains when items are compared within their primary skill (-25.11 points).',
      paper_ref: 'text (reach-back)',
      estimand: 'stratified-difference',
      direction: 'less',
      threshold: 0,
      units: { clustered_on: 'skill' },
      test: 'Mantel-Haenszel risk difference over responses, strata the skills (Sato / Greenland-Robins variance)',
      evaluate: (ctx) => ({ kind: 'stratified-difference', strata: mhResponseStrata(ctx, MH_REACHBACK_SKILL) }),
    },
    {
      id: 'globebench.simpson-radius-within-operator',
      claim: "Within an operator's items, L3 items are passed more often than the other radii (+12.09 points): the pooled radius effect reverses.",
      paper_ref: 'text (Simpson reversal)',
      estimand: 'stratified-difference',
      direction: 'greater',
      threshold: 0,
      units: { clustered_on: 'operator' },
      test: 'Mantel-Haenszel risk difference of L3 against L0-L2 over responses, strata the operators (Sato / Greenland-Robins variance)',
      evaluate: (ctx) => ({ kind: 'stratified-difference', strata: mhResponseStrata(ctx, MH_RADIUS_OPERATOR) }),
    },
    {
      id: 'globebench.error-action-confounded',
      claim: 'An error or block as final action seems to help by +37.00 points, but within operators only by +4.57: most of the raw effect is the operator.',
      paper_ref: 'Table 22 text',
      estimand: 'value',
      direction: 'greater',
      threshold: 0,
      units: { clustered_on: 'operator' },
      test: 'pooled minus within-operator (Mantel-Haenszel) risk difference; percentile bootstrap drawing operators with replacement',
      evaluate: (ctx) => {
        const c = outcomeConfounding(ctx);
        return c
          ? { kind: 'value', estimate: c.gap, resample: c.resample }
          : { kind: 'not-computable', missing: 'items.jsonl: outcome (no error or no normal items)' };
      },
    },
    {
      id: 'globebench.construction-entanglement',
      claim: 'Who built an item explains most of how far back its answer reaches (81.64% of the variance of log reach-back; eta 0.69 for difficulty).',
      paper_ref: 'text (limitations)',
      estimand: 'value',
      direction: 'greater',
      threshold: 0.5,
      units: { clustered_on: 'operator' },
      test: 'eta^2 of ln(reach-back) on the operator against 0.5; percentile bootstrap drawing operators with replacement',
      evaluate: (ctx) => {
        const e = logReachBackEtaSquared(ctx);
        return e ? { kind: 'value', estimate: e.estimate, resample: e.resample } : { kind: 'not-computable', missing: 'items.jsonl: reach_back (none >= 1)' };
      },
    },
    {
      id: 'globebench.unsolved-mostly-l3',
      claim: 'No model solves 631 items, and most of them (87.6%) are at impact radius L3.',
      paper_ref: 'Tables 19 and 20',
      estimand: 'count',
      direction: 'greater',
      threshold: 0.5,
      units: { clustered_on: unit },
      test: `the count as recomputed; the L3 share of the unsolved items against 0.5, ${clustered}`,
      evaluate: (ctx) => {
        const u = unsolvedAtL3(ctx, unit);
        return {
          kind: 'count',
          recomputed: u.count,
          expected: UNSOLVED,
          ...(u.count > 0 ? { share: { kind: 'mean', y: u.l3.y, cluster: u.l3.cluster } as const } : {}),
        };
      },
    },
    {
      id: 'globebench.astra-decides-given-state',
      claim: 'When its predicted state is right, GPT-6 Astra decides the error handling right more than 99% of the time (its peers 61-91%).',
      paper_ref: 'text (decision given a correct state)',
      estimand: 'share',
      direction: 'greater',
      threshold: 0.99,
      units: { clustered_on: unit },
      test: `GPT-6 Astra's share of right decisions among its state-right responses against 0.99; ${clustered}`,
      evaluate: (ctx) => {
        const d = decisionsGivenState(ctx, { model_id: ASTRA, unit });
        if (!d) return missingModel(ASTRA);
        return d.y.length
          ? { kind: 'mean', y: d.y, cluster: d.cluster }
          : { kind: 'not-computable', missing: 'responses/: no state-right response of GPT-6 Astra on the error operators' };
      },
    },
    {
      id: 'globebench.judge-agrees-two-of-four',
      claim: 'The LLM judge agrees with the annotators on two of the four dimensions and is stricter on state coherence.',
      paper_ref: 'Table 3',
      estimand: 'count',
      direction: 'less',
      threshold: 0,
      units: { paired_on: 'item', clustered_on: unit },
      test: `dimensions whose judge minus human rating (per anchor item) is equivalent to 0 within ${JUDGE_EQUIVALENCE_MARGIN} rating points (90% CR1 interval, two one-sided tests), as recomputed; the state-coherence gap against 0, ${clustered}`,
      evaluate: (ctx) => {
        if (!ctx.release.ratings) return { kind: 'not-computable', missing: 'human/ratings.jsonl' };
        if (!ctx.release.audit) return { kind: 'not-computable', missing: 'audit/llm.jsonl' };
        const dims = judgeAgreement(ctx, unit);
        const state = dims.find((d) => d.dimension === 'state_coherence');
        if (!state || state.gaps.y.length === 0) return { kind: 'not-computable', missing: 'audit/llm.jsonl: no state_coherence rating of an anchor item' };
        return {
          kind: 'count',
          recomputed: dims.filter((d) => d.agrees).length,
          expected: DIMENSIONS_AGREEING,
          share: { kind: 'mean', y: state.gaps.y, cluster: state.gaps.cluster },
        };
      },
    },
    {
      id: 'globebench.wrong-value-dominates',
      claim: 'A wrong value is the most common way an answered response fails (53.21% of answered failures).',
      paper_ref: 'Table 2',
      estimand: 'paired-difference',
      direction: 'greater',
      threshold: 0,
      units: { paired_on: 'response', clustered_on: unit },
      test: `wrong value's share minus the next most common type's, over the same answered failures; ${clustered}`,
      evaluate: (ctx) => {
        const t = failureTypeLead(ctx, { type: 'wrong_value', unit });
        if (!t) return { kind: 'not-computable', missing: 'responses/: no answered failure of a type other than wrong value' };
        return { kind: 'paired-difference', a: t.a, b: t.b, cluster: t.cluster };
      },
    },
  ];
}

/** GlobeBench's claims, operators as clusters. */
export const CLAIMS: ClaimDeclaration<GlobeContext>[] = globeClaims('operator');
