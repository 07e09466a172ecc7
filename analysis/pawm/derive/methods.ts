import { findConfigs, type ConfigKey, type PawmBenchmark, type PawmContext } from './context.js';

/**
 * The method ids of docs/release-format.md that the tables comparing published methods look for, in the
 * paper's order. A method ending in `_grpo` is the "+ GRPO" version of the method without it
 * (`pawm_grpo` is PAWM's, whose base is `pawm_sft`).
 */
export const FORMAT_METHODS = ['none', 'next_obs', 'subgoal_traj', 'full_traj', 'pre_task', 'pawm_sft', 'pawm_grpo'] as const;
const GRPO_SUFFIX = '_grpo';

/** The base method of a "+ GRPO" id (`pre_task_grpo` -> `pre_task`, `pawm_grpo` -> `pawm_sft`), else null. */
export function grpoBase(method: string): string | null {
  if (method === 'pawm_grpo') return 'pawm_sft';
  return method.endsWith(GRPO_SUFFIX) && method.length > GRPO_SUFFIX.length ? method.slice(0, -GRPO_SUFFIX.length) : null;
}

/** The "+ GRPO" id of a base method. */
export function grpoOf(base: string): string {
  return base === 'pawm_sft' ? 'pawm_grpo' : `${base}${GRPO_SUFFIX}`;
}

/** Method ids the main agent ran on a benchmark, in release order. */
export function mainAgentMethods(ctx: PawmContext, b: PawmBenchmark): string[] {
  return [...new Set(findConfigs(ctx, { benchmark: b, agent: ctx.mainAgent }).map((g) => g.key.method))];
}

/**
 * Method ids of the main agent that the format page does not list and that are not a "+ GRPO"
 * version: each gets its own rows (sorted by id) instead of being left out.
 */
export function otherBaseMethods(ctx: PawmContext, b: PawmBenchmark): string[] {
  const known = new Set<string>(FORMAT_METHODS);
  return mainAgentMethods(ctx, b)
    .filter((m) => !known.has(m) && grpoBase(m) === null)
    .sort();
}

/**
 * The paper's names for the release's method ids (unknown ids are shown as they are). A Map: a
 * method id is a release string (`toString` must find nothing here, not Object.prototype's function).
 */
const METHOD_LABEL: ReadonlyMap<string, string> = new Map([
  ['none', 'No guidance'],
  ['next_obs', 'Next-Obv'],
  ['subgoal_traj', 'SubGoal-Traj'],
  ['full_traj', 'Full-Traj'],
  ['pre_task', 'Pre-Task Guidance'],
  ['next_obs_wm', 'Next-Obs WM'],
  ['subgoal_traj_wm', 'SubGoal-Traj WM'],
  ['full_traj_wm', 'Full-Traj WM'],
  ['pawm_sft', 'PAWM (SFT)'],
  ['pawm_grpo', 'PAWM (SFT + GRPO)'],
  ['pre_task_grpo', 'Pre-Task Guidance + GRPO'],
  ['next_obs_wm_grpo', 'Next-Obs WM + GRPO'],
  ['subgoal_traj_wm_grpo', 'SubGoal-Traj WM + GRPO'],
  ['full_traj_wm_grpo', 'Full-Traj WM + GRPO'],
]);
/** Keyed by the format's gating enum (the schema refuses any other value). */
export const GATING_LABEL: Record<ConfigKey['gating'], string> = {
  all: 'All guidance',
  pitfall_only: 'Pitfall-only',
  non_pitfall: 'Non-pitfall',
  learned: 'Learned (silent token)',
  none: 'None',
};
export const methodLabel = (m: string): string => METHOD_LABEL.get(m) ?? m;

/** The format page's guidance methods and their "+ GRPO" ids (PAWM's base is its SFT model). */
export const GRPO_PAIRS: { family: string; base: string; grpo: string }[] = [
  { family: 'Pre-Task Guidance', base: 'pre_task', grpo: 'pre_task_grpo' },
  { family: 'Next-Obv', base: 'next_obs', grpo: 'next_obs_grpo' },
  { family: 'SubGoal-Traj', base: 'subgoal_traj', grpo: 'subgoal_traj_grpo' },
  { family: 'Full-Traj', base: 'full_traj', grpo: 'full_traj_grpo' },
  { family: 'PAWM', base: 'pawm_sft', grpo: 'pawm_grpo' },
];
