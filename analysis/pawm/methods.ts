import type { PawmBenchmark, PawmContext } from './context.js';
import { findConfigs } from './context.js';

/**
 * The method ids of RELEASE-FORMAT.md that the tables comparing published methods look for, in the
 * paper's order. A method ending in `_grpo` is the "+ GRPO" version of the method without it
 * (`pawm_grpo` is PAWM's, whose base is `pawm_sft`).
 */
export const FORMAT_METHODS = ['none', 'next_obs', 'subgoal_traj', 'full_traj', 'pre_task', 'pawm_sft', 'pawm_grpo'] as const;
export const GRPO_SUFFIX = '_grpo';

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
