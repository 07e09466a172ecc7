import type { ClaimDeclaration, Evidence } from '../../src/derive/claims/claim.js';
import { backbonePairs, gatingPairs, lexicalWords, mainPairs, pilotPairs, pitfallByChange, ratioPairs, type PairEvidence } from './derive/claim-evidence.js';
import { BENCHMARKS, type PawmContext } from './derive/context.js';

/**
 * PAWM's conclusions (docs/papers.md, "Claims"), each declared once: what is claimed, where, and the
 * evidence it is judged on, read from derived cells (derive/claim-evidence.ts). Methods are compared
 * on the same (task, run) units, clustered on the task: runs are nested in tasks and methods share
 * tasks. The claims engine turns the evidence into estimates, intervals and verdicts.
 */

/** Outcomes paired on (task, run), clustered on the task; or what the release lacks. */
function paired(p: PairEvidence): Evidence {
  if ('missing' in p) return { kind: 'not-computable', missing: p.missing };
  return { kind: 'paired-difference', a: p.a, b: p.b, cluster: p.cluster };
}

/** Every comparison must hold (intersection-union); each is a unit named by its label. */
function everyPair(pairs: PairEvidence[]): Evidence {
  return { kind: 'every-unit', units: pairs.map((p) => ({ label: p.label, evidence: paired(p) })) };
}

const ON_TASK_RUNS = { paired_on: 'task run', clustered_on: 'task' };
const PAIRED_TEST =
  'paired difference of success over the (task, run) units both configurations ran: two-stage cluster bootstrap over tasks (then runs); CR1 by task';
const EVERY_TEST = `${PAIRED_TEST}; every comparison must hold (intersection-union)`;

export const CLAIMS: ClaimDeclaration<PawmContext>[] = [
  {
    id: 'pawm.subgoal-best-pilot',
    claim:
      'In the pilot study on ScienceWorld, per-step SubGoal-Traj guidance is more accurate than no world model and than the other output horizons (Next-Obv, Full-Traj).',
    paper_ref: 'Table 1 (pilot study)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: ON_TASK_RUNS,
    test: EVERY_TEST,
    evaluate: (ctx) => everyPair(pilotPairs(ctx).scienceworld.subgoalVsOthers),
  },
  {
    id: 'pawm.full-traj-hurts-webarena',
    claim: 'On WebArena-Lite, per-step Full-Traj guidance is less accurate than no world model.',
    paper_ref: 'Table 1 (pilot study)',
    estimand: 'paired-difference',
    direction: 'less',
    threshold: 0,
    units: ON_TASK_RUNS,
    test: PAIRED_TEST,
    evaluate: (ctx) => paired(pilotPairs(ctx).webarena_lite.fullVsNone),
  },
  {
    id: 'pawm.changed-guidance-anticipates-pitfalls',
    claim: 'Guidance that changes the agent’s action anticipates a pitfall more often than guidance that does not.',
    paper_ref: 'text (semantic analysis of guidance)',
    estimand: 'difference',
    direction: 'greater',
    threshold: 0,
    units: { clustered_on: 'task' },
    test: 'difference of pitfall shares, CHANGED minus UNCHANGED labelled guided steps: two-stage cluster bootstrap over tasks (then steps); CR1 by task',
    evaluate: (ctx) => {
      const d = pitfallByChange(ctx);
      if (d.changed.length === 0 || d.unchanged.length === 0) {
        return { kind: 'not-computable', missing: 'guidance_labels.jsonl: no labelled guided step with a changed and one with an unchanged action' };
      }
      return { kind: 'difference', a: d.changed, b: d.unchanged, cluster_a: d.changedTask, cluster_b: d.unchangedTask };
    },
  },
  {
    id: 'pawm.lexical-top-words',
    claim:
      '"without", "remains" and "fails" are the words most distinctive of guidance that changes the action: each is significant on both benchmarks (z_min above 1.96); their places in the ranking are in the lexical table.',
    paper_ref: 'Tables 2 and 6 (lexical analysis)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 1.96,
    units: {},
    test: 'z_min of each word (weighted log-odds with an informative Dirichlet prior, Monroe et al. 2008), interval by drawing each benchmark’s z as z + N(0, 1); every word must hold',
    evaluate: (ctx) => {
      const words = lexicalWords(ctx);
      return {
        kind: 'every-unit',
        units: ['without', 'remains', 'fails'].map((word) => {
          const w = words.get(word);
          const label = `"${word}"${w ? ` (rank ${w.rank})` : ''}`;
          const evidence: Evidence = w
            ? { kind: 'value', estimate: w.z_min, resample: w.resample }
            : { kind: 'not-computable', missing: `steps.jsonl: "${word}" is not in the guidance of both benchmarks` };
          return { label, evidence };
        }),
      };
    },
  },
  {
    id: 'pawm.pitfall-gating-keeps-accuracy',
    claim:
      'On ScienceWorld, guiding only at pitfalls keeps the accuracy of guiding every step: at most 3 points lower (judged here; the fewer calls it makes are in Table 3).',
    paper_ref: 'Table 3 (gating ablation)',
    estimand: 'non-inferiority',
    direction: 'greater',
    threshold: -0.03,
    margin: 0.03,
    units: ON_TASK_RUNS,
    test: `non-inferiority with a margin of 3 points: ${PAIRED_TEST}`,
    evaluate: (ctx) => paired(gatingPairs(ctx).scienceworld),
  },
  {
    id: 'pawm.grpo-beats-no-guidance',
    claim: 'PAWM after GRPO is more accurate than the frozen agent without guidance, on both benchmarks.',
    paper_ref: 'Table 4 (main results)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: ON_TASK_RUNS,
    test: EVERY_TEST,
    evaluate: (ctx) => everyPair(BENCHMARKS.map((b) => mainPairs(ctx)[b].grpoVsNone)),
  },
  {
    id: 'pawm.grpo-beats-best-baseline',
    claim: 'PAWM after GRPO is more accurate than the best other guidance method of Table 4, on both benchmarks.',
    paper_ref: 'Table 4 (main results)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: ON_TASK_RUNS,
    test: `${EVERY_TEST}; the best other guidance is the most accurate Table 4 row other than no guidance and PAWM`,
    evaluate: (ctx) => everyPair(BENCHMARKS.map((b) => mainPairs(ctx)[b].grpoVsBestOther)),
  },
  {
    id: 'pawm.grpo-beats-sft',
    claim: 'GRPO co-training makes PAWM more accurate than after SFT alone, on both benchmarks.',
    paper_ref: 'Table 4 (main results)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: ON_TASK_RUNS,
    test: EVERY_TEST,
    evaluate: (ctx) => everyPair(BENCHMARKS.map((b) => mainPairs(ctx)[b].grpoVsSft)),
  },
  {
    id: 'pawm.balanced-ratio-best',
    claim:
      'PAWM (SFT) trained at the balanced silent:pitfall ratio it was chosen with is more accurate than at every other ratio tried, on both benchmarks (judged here; that the raw ratio leaves it almost silent is in Table 5).',
    paper_ref: 'Table 5 (training ratio)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: ON_TASK_RUNS,
    test: `${EVERY_TEST}; the chosen ratio is the manifest's chosen_train_ratio; the raw ratio's intervention rate and Pass@3 are in Table 5`,
    evaluate: (ctx) => everyPair(BENCHMARKS.flatMap((b) => ratioPairs(ctx)[b].vsOthers)),
  },
  {
    id: 'pawm.transfer-to-backbones',
    claim: 'PAWM trained with Claude Sonnet 4.5 makes each of the other backbones more accurate than without guidance, on both benchmarks.',
    paper_ref: 'Figure 3 (transfer across backbones)',
    estimand: 'every-unit',
    direction: 'greater',
    threshold: 0,
    units: ON_TASK_RUNS,
    test: EVERY_TEST,
    evaluate: (ctx) => {
      const pairs = backbonePairs(ctx);
      if (pairs.length === 0) return { kind: 'not-computable', missing: 'episodes.jsonl: no backbone other than the main agent' };
      return everyPair(pairs);
    },
  },
];
