import type { ScorecardSpec } from '../../src/present/report/scorecard.js';

/**
 * CubeBench's published numbers (../shared/papers/TARGETS.md, CubeBench section; the paper's
 * Experiment 1-3 tables and its tool-use statement), keyed by the id of the analysis that prints
 * them. The only place in analysis/cubebench that holds them; read only to print the "paper" and
 * "delta" columns and the notes that quote the paper, nothing is computed from them. Rates are 0-1; null = not published (the MLP was only run on symbolic input).
 * "long" is the paper's "all long" column: every tier's long-horizon rate is 0.00, so each
 * tier's long cell and their pooled rate are 0.
 */
export type PaperRow = { symbolic: number | null; visual: number | null; face: number | null; vertex: number | null; long: number | null };

export const PAPER = {
  /** Experiment 1: Basic agent, no dense reward; short horizon per tier, and all long */
  exp1: {
    'GPT-5': { symbolic: 0.75, visual: 0.2, face: 0.4, vertex: 0.05, long: 0 },
    'MLP (policy gradient)': { symbolic: 0.75, visual: null, face: null, vertex: null, long: 0 },
    'Grok-4': { symbolic: 0.2, visual: 0.05, face: 0, vertex: 0, long: 0 },
    'Gemini 2.5 Pro': { symbolic: 0.1, visual: 0.05, face: 0.05, vertex: 0, long: 0 },
    'Claude Sonnet 4': { symbolic: 0.05, visual: 0, face: 0, vertex: 0, long: 0 },
    'GPT-4o': { symbolic: 0, visual: 0, face: 0.1, vertex: 0, long: 0 },
  } as Record<string, PaperRow>,
  /** Experiment 2: GPT-5 Basic agent under each reward setting; long tasks all 0 */
  exp2: {
    model: 'GPT-5',
    rewards: {
      none: { symbolic: 0.75, visual: 0.2, face: 0.4, vertex: 0.05, long: 0 },
      face: { symbolic: 0.85, visual: 0.55, face: 0.5, vertex: 0.4, long: 0 },
      sticker: { symbolic: 0.65, visual: 0.55, face: 0.55, vertex: 0.5, long: 0 },
      heuristic: { symbolic: 0.5, visual: 0.45, face: 0.65, vertex: 0.3, long: 0 },
    } as Record<string, PaperRow>,
  },
  /** Experiment 3: solver diagnosis; keys are `${tier}-${horizon}` */
  exp3: [
    { model: 'GPT-5', agent: 'basic', rates: { 'symbolic-short': 0.75, 'symbolic-long': 0, 'visual-short': 0.2, 'face-short': 0.4, 'vertex-short': 0.05 } },
    { model: 'GPT-5', agent: 'standard_solver', rates: { 'symbolic-short': 0.95, 'symbolic-long': 0.95, 'visual-short': 0.65, 'face-short': 1, 'vertex-short': 0 } },
    { model: 'GPT-5', agent: 'ideal_solver', rates: { 'symbolic-short': 1, 'symbolic-long': 1, 'visual-short': 0.95, 'face-short': 0.85, 'vertex-short': 0 } },
    { model: 'Claude Sonnet 4', agent: 'ideal_solver', rates: { 'symbolic-short': 1, 'symbolic-long': 1, 'visual-short': 0, 'face-short': 0, 'vertex-short': 0 } },
  ] as { model: string; agent: string; rates: Record<string, number> }[],
  /** what the paper says about tool use (no table), quoted in the make_move table's notes */
  'make-move-calls': 'some models (InternVL-3, Kimi K2) average tens of thousands of make_move calls per episode, up to 400,000',
} as const;

/**
 * The order the paper lists its models in (Experiment 1 table); tables and figures put these
 * first, any other model after them alphabetically.
 */
export const MODEL_ORDER: readonly string[] = Object.keys(PAPER.exp1);

/** What each published number in a table is compared with, for the scorecard (summary.json). */
export const SCORECARD: ScorecardSpec = Object.fromEntries(
  ['exp1', 'exp2', 'exp3'].map((id) => [id, { comparisons: [{ paper: 'paper', recomputed: 'pass_rate', ci: ['ci_low', 'ci_high'] as [string, string] }] }]),
);
