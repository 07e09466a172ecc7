import type { Episode } from '../../../src/format/pawm.js';
import { BENCHMARKS, findConfigs, perBenchmarkManifestNumber, type ConfigKey, type PawmBenchmark, type PawmContext } from './context.js';
import { GRPO_PAIRS, grpoBase, grpoOf, mainAgentMethods, methodLabel } from './methods.js';

/**
 * The one configuration a table row stands for: those matching the query; when several match,
 * the one with train_ratio null, else the one with the most episodes (then the smallest ratio).
 */
export function pickConfig(ctx: PawmContext, q: Partial<ConfigKey>): { key: ConfigKey; episodes: Episode[] } | null {
  const found = findConfigs(ctx, q);
  if (found.length === 0) return null;
  found.sort((a, b) => {
    if ((a.key.train_ratio === null) !== (b.key.train_ratio === null)) return a.key.train_ratio === null ? -1 : 1;
    return b.episodes.length - a.episodes.length || (a.key.train_ratio ?? 0) - (b.key.train_ratio ?? 0);
  });
  return found[0];
}

/**
 * The silent:pitfall ratio PAWM was trained with on a benchmark: the manifest's
 * `chosen_train_ratio` when given, else the ratio of the main agent's PAWM + GRPO runs.
 */
export function chosenRatio(ctx: PawmContext, b: PawmBenchmark): number | null {
  const named = perBenchmarkManifestNumber(ctx.release, 'chosen_train_ratio', b);
  if (named !== null) return named;
  const g = pickConfig(ctx, { benchmark: b, agent: ctx.mainAgent, method: 'pawm_grpo' });
  return g ? g.key.train_ratio : null;
}

/**
 * The query for one method of one agent on a benchmark: a PAWM method (id `pawm...`) at the chosen
 * train ratio when there is one, any other method at whatever ratio it has.
 */
export function methodQuery(ctx: PawmContext, b: PawmBenchmark, agent: string, method: string): Partial<ConfigKey> {
  const ratio = method.startsWith('pawm') ? chosenRatio(ctx, b) : null;
  return { benchmark: b, agent, method, ...(ratio !== null ? { train_ratio: ratio } : {}) };
}

/** The backbones of the release: the main agent first, then the others by name. */
export function backbones(ctx: PawmContext): string[] {
  const agents = new Set(ctx.release.episodes.map((e) => e.agent));
  agents.delete(ctx.mainAgent);
  return [ctx.mainAgent, ...[...agents].sort()];
}

/**
 * Figure 2's families: each method that has a "+ GRPO" run (by the format page's ids, or any other
 * id with its `_grpo` counterpart, which gets its own family) and PAWM, always. Format families
 * first, then the others by id, PAWM last.
 */
export function grpoFamilies(ctx: PawmContext): { family: string; base: string; grpo: string }[] {
  const ran = new Set(BENCHMARKS.flatMap((b) => mainAgentMethods(ctx, b)));
  const format = GRPO_PAIRS.filter((p) => p.base !== 'pawm_sft' && ran.has(p.grpo));
  const known = new Set(GRPO_PAIRS.flatMap((p) => [p.base, p.grpo]));
  const others = [...new Set([...ran].filter((m) => !known.has(m) && grpoBase(m) !== null).map((m) => grpoBase(m)!))]
    .sort()
    .map((base) => ({ family: methodLabel(base), base, grpo: grpoOf(base) }));
  return [...format, ...others, GRPO_PAIRS[GRPO_PAIRS.length - 1]];
}
