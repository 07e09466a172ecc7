import type { Column, TableRow } from '../../src/present/tables/table.js';
import { delta } from '../../src/present/tables/table.js';
import type { Episode } from '../../src/release/schemas/pawm.js';
import { BENCHMARK_LABEL, cached, configKey, findConfigs, perBenchmarkManifestNumber, type ConfigKey, type PawmBenchmark, type PawmContext } from './context.js';
import { metrics, type Metrics } from './metrics.js';

/** The paper's names for the release's method ids (unknown ids are shown as they are). */
export const METHOD_LABEL: Record<string, string> = {
  none: 'No guidance',
  next_obs: 'Next-Obv',
  subgoal_traj: 'SubGoal-Traj',
  full_traj: 'Full-Traj',
  pre_task: 'Pre-Task Guidance',
  next_obs_wm: 'Next-Obs WM',
  subgoal_traj_wm: 'SubGoal-Traj WM',
  full_traj_wm: 'Full-Traj WM',
  pawm_sft: 'PAWM (SFT)',
  pawm_grpo: 'PAWM (SFT + GRPO)',
  pre_task_grpo: 'Pre-Task Guidance + GRPO',
  next_obs_wm_grpo: 'Next-Obs WM + GRPO',
  subgoal_traj_wm_grpo: 'SubGoal-Traj WM + GRPO',
  full_traj_wm_grpo: 'Full-Traj WM + GRPO',
};
export const GATING_LABEL: Record<string, string> = { all: 'All guidance', pitfall_only: 'Pitfall-only', non_pitfall: 'Non-pitfall', learned: 'Learned (silent token)', none: 'None' };
export const methodLabel = (m: string): string => METHOD_LABEL[m] ?? m;

/** Metrics of one configuration, computed once per context. */
export function configMetrics(ctx: PawmContext, key: ConfigKey, episodes: Episode[]): Metrics {
  return cached(ctx, `metrics:${configKey(key)}`, () => metrics(ctx.release, episodes));
}

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

export interface Published {
  acc?: number;
  acc_sd?: number;
  pass3?: number;
  intervention_rate?: number;
  action_change_rate?: number;
  calls?: number;
}

/** One table row: the configuration, its metrics, and paper / delta for what the paper prints. */
export function metricRow(ctx: PawmContext, b: PawmBenchmark, label: string, g: { key: ConfigKey; episodes: Episode[] } | null, paper: Published = {}): TableRow {
  const m = g ? configMetrics(ctx, g.key, g.episodes) : null;
  const d = (k: keyof Published & keyof Metrics) => delta(m ? (m[k] as number | null) : null, paper[k]);
  return {
    benchmark: BENCHMARK_LABEL[b],
    config: label,
    method: g?.key.method ?? null,
    gating: g?.key.gating ?? null,
    train_ratio: g?.key.train_ratio ?? null,
    n_tasks: m?.n_tasks ?? null,
    n_episodes: m?.n_episodes ?? null,
    acc: m?.acc ?? null,
    acc_sd: m?.acc_sd ?? null,
    pass3: m?.pass3 ?? null,
    intervention_rate: m?.intervention_rate ?? null,
    action_change_rate: m?.action_change_rate ?? null,
    calls: m?.calls ?? null,
    paper_acc: paper.acc ?? null,
    delta_acc: d('acc'),
    paper_acc_sd: paper.acc_sd ?? null,
    paper_pass3: paper.pass3 ?? null,
    delta_pass3: d('pass3'),
    paper_intervention_rate: paper.intervention_rate ?? null,
    delta_intervention_rate: d('intervention_rate'),
    paper_action_change_rate: paper.action_change_rate ?? null,
    delta_action_change_rate: d('action_change_rate'),
    paper_calls: paper.calls ?? null,
    delta_calls: d('calls'),
  };
}

/** Column declarations shared by the PAWM tables; each table picks the ones it shows. */
export const COL: Record<string, Column> = {
  benchmark: { key: 'benchmark', label: 'Benchmark' },
  config: { key: 'config', label: 'Configuration' },
  method: { key: 'method', label: 'method id' },
  gating: { key: 'gating', label: 'Gating' },
  train_ratio: { key: 'train_ratio', label: 'Train ratio', format: 'num', help: 'silent:pitfall ratio of the SFT data' },
  n_tasks: { key: 'n_tasks', label: 'Tasks', format: 'int' },
  n_episodes: { key: 'n_episodes', label: 'Episodes', format: 'int' },
  acc: { key: 'acc', label: 'Acc %', format: 'pct', help: 'mean over runs of the per-run success rate' },
  acc_sd: { key: 'acc_sd', label: '± sd', format: 'pct', help: 'sample standard deviation of the per-run success rates' },
  pass3: { key: 'pass3', label: 'Pass@3 %', format: 'pct', help: 'share of tasks solved in at least one of the runs' },
  intervention_rate: { key: 'intervention_rate', label: 'IR %', format: 'pct', help: 'guided steps / steps' },
  action_change_rate: { key: 'action_change_rate', label: 'ACR %', format: 'pct', help: 'steps whose final action differs from the tentative one after guidance / steps' },
  calls: { key: 'calls', label: 'Calls', format: 'num', help: 'mean api_calls per episode' },
  paper_acc: { key: 'paper_acc', label: 'Paper Acc %', format: 'pct' },
  delta_acc: { key: 'delta_acc', label: 'Δ Acc', format: 'pp', help: 'recomputed minus published, percentage points' },
  paper_acc_sd: { key: 'paper_acc_sd', label: 'Paper ± sd', format: 'pct' },
  paper_pass3: { key: 'paper_pass3', label: 'Paper Pass@3 %', format: 'pct' },
  delta_pass3: { key: 'delta_pass3', label: 'Δ Pass@3', format: 'pp' },
  paper_intervention_rate: { key: 'paper_intervention_rate', label: 'Paper IR %', format: 'pct' },
  delta_intervention_rate: { key: 'delta_intervention_rate', label: 'Δ IR', format: 'pp' },
  paper_action_change_rate: { key: 'paper_action_change_rate', label: 'Paper ACR %', format: 'pct' },
  delta_action_change_rate: { key: 'delta_action_change_rate', label: 'Δ ACR', format: 'pp' },
  paper_calls: { key: 'paper_calls', label: 'Paper calls', format: 'num' },
  delta_calls: { key: 'delta_calls', label: 'Δ calls', format: 'num' },
};

export const cols = (...keys: string[]): Column[] => keys.map((k) => COL[k]);
