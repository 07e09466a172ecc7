import type { ScorecardSpec } from '../../src/present/report/scorecard.js';

/**
 * PAWM's published numbers (../shared/papers/TARGETS.md and the paper summary
 * ../shared/papers/003_49decdc132bc8500.txt). Read only to print the "paper" and "delta" columns;
 * nothing is computed from them. Keyed by analysis id (the id of the table that prints the number). Rates are 0-1; null = not given in the sources we have.
 * Keys are the release's method ids (analysis/pawm/derive/methods.ts maps them to the paper's names).
 */

export interface Published {
  acc?: number;
  acc_sd?: number;
  pass3?: number;
  intervention_rate?: number;
  action_change_rate?: number;
  calls?: number;
}

type PerBench = { scienceworld: Record<string, Published>; webarena_lite: Record<string, Published> };

export const PAPER = {
  /** Table 1, pilot study: per-step guidance with three output horizons */
  table01: {
    scienceworld: {
      none: { acc: 0.546 },
      next_obs: { acc: 0.585, action_change_rate: 0.201 },
      subgoal_traj: { acc: 0.667 },
      full_traj: {},
    },
    webarena_lite: {
      none: { acc: 0.727 },
      next_obs: { acc: 0.731 },
      subgoal_traj: { acc: 0.741 },
      full_traj: { acc: 0.711, action_change_rate: 0.246 },
    },
  } as PerBench,
  /** Table 3, gating ablation of the SubGoal-Traj world model (the summary gives ScienceWorld's numbers) */
  table03: {
    scienceworld: {
      all: { acc: 0.667, calls: 36.5 },
      pitfall_only: { acc: 0.652, intervention_rate: 0.444, calls: 26.7 },
      non_pitfall: { acc: 0.584, intervention_rate: 0.527 },
    },
    webarena_lite: {},
  } as PerBench,
  /** Table 4, main results */
  table04: {
    scienceworld: {
      none: { acc: 0.546, acc_sd: 0.019, pass3: 0.668 },
      subgoal_traj_wm: { acc: 0.676, acc_sd: 0.016 },
      pawm_sft: { acc: 0.714 },
      pawm_grpo: { acc: 0.789, acc_sd: 0.009, pass3: 0.875 },
    },
    webarena_lite: {
      none: { acc: 0.727, acc_sd: 0.006, pass3: 0.8 },
      pre_task: { acc: 0.743, acc_sd: 0.013 },
      pawm_sft: { acc: 0.75 },
      pawm_grpo: { acc: 0.804, acc_sd: 0.013, pass3: 0.861 },
    },
  } as PerBench,
  /** Table 5, silent:pitfall training-ratio ablation of PAWM SFT; keys are ratios or 'raw' */
  table05: {
    scienceworld: { raw: { pass3: 0.032 } } as Record<string, Published>,
    webarena_lite: {} as Record<string, Published>,
    /** the ratio the paper selects */
    best: { scienceworld: 1.0, webarena_lite: 0.75 },
  },
  /** Figure 2 (every method + GRPO, PAWM best): the values printed in Table 4 */
  'fig02-data': {
    scienceworld: { pawm_sft: { acc: 0.714 }, pawm_grpo: { acc: 0.789 }, subgoal_traj_wm: { acc: 0.676 } },
    webarena_lite: { pawm_sft: { acc: 0.75 }, pawm_grpo: { acc: 0.804 }, pre_task: { acc: 0.743 } },
  } as PerBench,
  /** Figure 3 (transfer): only the co-training backbone's numbers are printed (Table 4) */
  'fig03-data': {
    scienceworld: { 'claude-sonnet-4.5|none': { acc: 0.546 }, 'claude-sonnet-4.5|pawm_grpo': { acc: 0.789 } },
    webarena_lite: { 'claude-sonnet-4.5|none': { acc: 0.727 }, 'claude-sonnet-4.5|pawm_grpo': { acc: 0.804 } },
  } as PerBench,
  /** Table 2 / 6: the top of the z_min ranking */
  lexical: {
    top: { without: 34.6, remains: 21.1, fails: 14.7 } as Record<string, number>,
    prominent: ['failure', 'without', 'fails', 'stuck', 'unable'],
    note: 'top words by z_min: without 34.6, remains 21.1, fails 14.7; failure/stagnation words (failure, stuck, unable) prominent in the word cloud',
  },
  /** semantic analysis: pitfall-anticipating share of CHANGED vs UNCHANGED guidance */
  semantic: { changed_pitfall: 0.768, unchanged_pitfall: 0.29, chi2: 181.1, p_below: 0.001 },
} as const;

/**
 * What each published number in a table is compared with, for the scorecard (summary.json). A
 * column `paper_X` is compared with `X` unless listed here.
 */
export const SCORECARD: ScorecardSpec = {
  // the paper's 181.1 is the Yates-corrected statistic (scipy's chi2_contingency default)
  semantic: { rowKeys: ['scope'], comparisons: [{ paper: 'paper_chi2', recomputed: 'chi2_yates' }] },
  table01: { rowKeys: ['benchmark', 'config'] },
  table03: { rowKeys: ['benchmark', 'config'] },
  table04: { rowKeys: ['benchmark', 'config'] },
  table05: { rowKeys: ['benchmark', 'config'] },
  'fig02-data': { rowKeys: ['benchmark', 'family', 'variant'] },
  'fig03-data': { rowKeys: ['benchmark', 'agent', 'variant'] },
  lexical: { rowKeys: ['word'] },
};
