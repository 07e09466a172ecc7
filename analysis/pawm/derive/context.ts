import type { PawmRelease } from '../../../src/release/load/pawm.js';
import type { RunOptions } from '../../../src/derive/run-options.js';
import type { Episode, Step } from '../../../src/format/pawm.js';

/** The part of the episode key that names one experimental configuration (everything but task and run). */
export interface ConfigKey {
  benchmark: Episode['benchmark'];
  agent: string;
  method: string;
  gating: Episode['gating'];
  train_ratio: number | null;
}

export const configKey = (c: ConfigKey): string => JSON.stringify([c.benchmark, c.agent, c.method, c.gating, c.train_ratio]);

export const BENCHMARKS = ['scienceworld', 'webarena_lite'] as const;
export type PawmBenchmark = (typeof BENCHMARKS)[number];
export const BENCHMARK_LABEL: Record<PawmBenchmark, string> = { scienceworld: 'ScienceWorld', webarena_lite: 'WebArena-Lite' };

/** A loaded release with its episodes grouped by configuration, shared by every PAWM analysis. */
export interface PawmContext {
  release: PawmRelease;
  opts: RunOptions;
  /** the frozen agent the paper steers (Claude Sonnet 4.5 in the paper) */
  mainAgent: string;
  /** configKey -> its episodes, in release order */
  configs: Map<string, { key: ConfigKey; episodes: Episode[] }>;
}

/**
 * The fields that name one step (its episode's key and its number), written once: rows that point at
 * a step (the exploration frame, the word drill-down) carry these.
 */
export type StepKeyFields = Pick<Step, 'benchmark' | 'agent' | 'method' | 'gating' | 'train_ratio' | 'task_id' | 'run' | 'step'>;

/** The step-key fields of a step (a copy, so a row does not hold the step's text). */
export const stepKeyFields = (s: StepKeyFields): StepKeyFields => ({
  benchmark: s.benchmark,
  agent: s.agent,
  method: s.method,
  gating: s.gating,
  train_ratio: s.train_ratio,
  task_id: s.task_id,
  run: s.run,
  step: s.step,
});

/**
 * The main agent: the manifest's `main_agent` when the release names one, else the agent with the
 * most episodes (the agent every ablation was run with), ties broken by name.
 */
function mainAgentOf(release: PawmRelease): string {
  const named = (release.manifest as Record<string, unknown>).main_agent;
  const counts = new Map<string, number>();
  for (const e of release.episodes) counts.set(e.agent, (counts.get(e.agent) ?? 0) + 1);
  if (typeof named === 'string' && counts.has(named)) return named;
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
}

export function preparePawm(release: PawmRelease, opts: RunOptions): PawmContext {
  const configs = new Map<string, { key: ConfigKey; episodes: Episode[] }>();
  for (const e of release.episodes) {
    const key: ConfigKey = { benchmark: e.benchmark, agent: e.agent, method: e.method, gating: e.gating, train_ratio: e.train_ratio };
    const k = configKey(key);
    let g = configs.get(k);
    if (!g) configs.set(k, (g = { key, episodes: [] }));
    g.episodes.push(e);
  }
  return { release, opts, mainAgent: mainAgentOf(release), configs };
}

/** Configurations matching a partial key (train_ratio: undefined matches any). */
export function findConfigs(ctx: PawmContext, q: Partial<ConfigKey>): { key: ConfigKey; episodes: Episode[] }[] {
  const out: { key: ConfigKey; episodes: Episode[] }[] = [];
  for (const g of ctx.configs.values()) {
    const k = g.key;
    if (q.benchmark !== undefined && k.benchmark !== q.benchmark) continue;
    if (q.agent !== undefined && k.agent !== q.agent) continue;
    if (q.method !== undefined && k.method !== q.method) continue;
    if (q.gating !== undefined && k.gating !== q.gating) continue;
    if (q.train_ratio !== undefined && k.train_ratio !== q.train_ratio) continue;
    out.push(g);
  }
  return out;
}

/** A manifest field of the form {scienceworld: x, webarena_lite: y}, when the release states one. */
export function perBenchmarkManifestNumber(release: PawmRelease, field: string, b: PawmBenchmark): number | null {
  const v = (release.manifest as Record<string, unknown>)[field];
  if (v && typeof v === 'object' && typeof (v as Record<string, unknown>)[b] === 'number') return (v as Record<string, number>)[b];
  return null;
}
