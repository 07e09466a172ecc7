import type { ClaimDeclaration, Evidence } from '../../src/derive/claims/claim.js';
import { horizonCells, pairedPassEvidence } from './derive/claim-evidence.js';
import { orderModels, type CubeContext } from './derive/context.js';
import { toolUse } from './derive/episode-counts.js';
import { MODEL_ORDER } from './derive/model-order.js';
import { passCells, type SliceKey } from './derive/slices.js';

/**
 * CubeBench's claims (docs/papers.md, section Claims), each judged on the replayed episodes. Every
 * cell holds one episode per task, so a comparison of two cells (two models, tiers, rewards or
 * agents) is paired on the task, and the task is the cluster (of one pair: the cluster bootstrap
 * is the paired bootstrap, CR1 the paired t).
 */

const cell = (model: string, tier: string, opts: { agent?: string; reward?: string; horizon?: string } = {}): SliceKey => ({
  model,
  agent: opts.agent ?? 'basic',
  reward: opts.reward ?? 'none',
  tier,
  horizon: opts.horizon ?? 'short',
});

/** The policy-gradient MLP is a baseline the paper runs beside the LLM agents, not one of them. */
const NON_LLM_BASELINES = new Set(['MLP (policy gradient)']);

const paired = (ctx: CubeContext, a: SliceKey, b: SliceKey): Evidence => pairedPassEvidence(ctx, { a, b });

const everyUnit = (ctx: CubeContext, units: [string, SliceKey, SliceKey][]): Evidence => ({
  kind: 'every-unit',
  units: units.map(([label, a, b]) => ({ label, evidence: paired(ctx, a, b) })),
});

const PAIRED_TEST = 'paired on the task (one episode per task per cell): paired bootstrap over tasks; CR1 by task (the paired t)';

export const CLAIMS: ClaimDeclaration<CubeContext>[] = [
  {
    id: 'cubebench.long-tasks-zero',
    claim: 'Every model passes no long task (depth 8 or more): every long cell of the Basic agent is 0.00, under every reward',
    paper_ref: 'Experiment 1 table (all long), Experiment 2 text',
    estimand: 'zero-rates',
    direction: 'less',
    threshold: 0,
    units: {},
    test: "every long cell's count is 0 (holds); any cell's Wilson lower bound above 0 contradicts it",
    evaluate: (ctx) => {
      const cells = horizonCells(ctx, { horizon: 'long', agent: 'basic' });
      return cells.length ? { kind: 'zero-rates', cells } : { kind: 'not-computable', missing: 'episodes.jsonl: no long episode of the Basic agent' };
    },
  },
  {
    id: 'cubebench.gpt5-best-basic',
    claim: 'GPT-5 is ahead of every other LLM with the Basic agent on symbolic short tasks (the MLP baseline, not an LLM agent, is left out)',
    paper_ref: 'Experiment 1 table (symbolic short)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: { paired_on: 'task', clustered_on: 'task' },
    test: `GPT-5 minus each other model, every one must hold; ${PAIRED_TEST}`,
    evaluate: (ctx) => {
      const models = [...passCells(ctx).values()]
        .filter((c) => c.agent === 'basic' && c.reward === 'none' && c.tier === 'symbolic' && c.horizon === 'short')
        .map((c) => c.model);
      const others = orderModels(models, MODEL_ORDER).filter((m) => m !== 'GPT-5' && !NON_LLM_BASELINES.has(m));
      return everyUnit(
        ctx,
        others.map((m) => [`GPT-5 vs ${m}`, cell('GPT-5', 'symbolic'), cell(m, 'symbolic')]),
      );
    },
  },
  {
    id: 'cubebench.symbolic-beats-visual',
    claim: 'With full views, GPT-5 passes more short tasks from symbolic input than from visual input',
    paper_ref: 'Experiment 1 table (GPT-5, symbolic vs visual short)',
    estimand: 'paired-difference',
    direction: 'greater',
    threshold: 0,
    units: { paired_on: 'task', clustered_on: 'task' },
    test: PAIRED_TEST,
    evaluate: (ctx) => paired(ctx, cell('GPT-5', 'symbolic'), cell('GPT-5', 'visual')),
  },
  {
    id: 'cubebench.partial-views-hardest',
    claim: "The vertex view (a partial view) is GPT-5's hardest tier: its short pass rate is below each other tier's",
    paper_ref: 'Experiment 1 table (GPT-5 short)',
    estimand: 'every-unit',
    direction: 'less',
    threshold: 0,
    units: { paired_on: 'task', clustered_on: 'task' },
    test: `vertex minus each other tier, every one must hold; ${PAIRED_TEST}`,
    evaluate: (ctx) =>
      everyUnit(
        ctx,
        ['symbolic', 'visual', 'face'].map((t) => [`vertex vs ${t}`, cell('GPT-5', 'vertex'), cell('GPT-5', t)]),
      ),
  },
  {
    id: 'cubebench.dense-rewards-help-visual',
    claim: "Dense rewards (face and sticker) raise GPT-5's short pass rate on visual input above the sparse reward",
    paper_ref: 'Experiment 2 table (visual short)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: { paired_on: 'task', clustered_on: 'task' },
    test: `each dense reward minus no dense reward, both must hold; ${PAIRED_TEST}`,
    evaluate: (ctx) =>
      everyUnit(
        ctx,
        ['face', 'sticker'].map((r) => [`reward ${r} vs none`, cell('GPT-5', 'visual', { reward: r }), cell('GPT-5', 'visual')]),
      ),
  },
  {
    id: 'cubebench.solvers-help',
    claim: "The Standard- and Ideal-Solver agents raise GPT-5's symbolic short pass rate above the Basic agent",
    paper_ref: 'Experiment 3 table (GPT-5, symbolic short)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: { paired_on: 'task', clustered_on: 'task' },
    test: `each solver agent minus the Basic agent, both must hold; ${PAIRED_TEST}`,
    evaluate: (ctx) =>
      everyUnit(
        ctx,
        ['standard_solver', 'ideal_solver'].map((agent) => [`${agent} vs basic`, cell('GPT-5', 'symbolic', { agent }), cell('GPT-5', 'symbolic')]),
      ),
  },
  {
    id: 'cubebench.ideal-solver-needs-perception',
    claim: "Claude Sonnet 4's Ideal-Solver agent passes more short tasks from symbolic input than from visual input",
    paper_ref: 'Experiment 3 table (Claude Sonnet 4, Ideal-Solver)',
    estimand: 'paired-difference',
    direction: 'greater',
    threshold: 0,
    units: { paired_on: 'task', clustered_on: 'task' },
    test: PAIRED_TEST,
    evaluate: (ctx) =>
      paired(ctx, cell('Claude Sonnet 4', 'symbolic', { agent: 'ideal_solver' }), cell('Claude Sonnet 4', 'visual', { agent: 'ideal_solver' })),
  },
  {
    id: 'cubebench.runaway-tool-calls',
    claim: 'Some model makes more than 10,000 make_move calls in an episode (the paper: tens of thousands, up to about 400,000)',
    paper_ref: 'text (tool use)',
    estimand: 'value',
    direction: 'greater',
    threshold: 10000,
    units: {},
    test: 'the most make_move calls of any episode, as recorded, against 10,000 (a maximum: judged as it is, no interval)',
    evaluate: (ctx) => {
      const maxima = [...toolUse(ctx).values()].map((t) => t.max);
      return maxima.length ? { kind: 'value', estimate: Math.max(...maxima) } : { kind: 'not-computable', missing: 'episodes.jsonl: no episode' };
    },
  },
];
