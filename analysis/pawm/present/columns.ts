import type { Column } from '../../../src/present/tables/table.js';
import { COLUMNS, column } from '../../../src/present/tables/columns.js';

/**
 * The columns PAWM's tables repeat, each declared once (the shared ones from
 * src/present/tables/columns.ts); a table lists the ones it shows with `cols(...)`.
 */
export const PAWM_COLUMNS = {
  benchmark: { key: 'benchmark', label: 'Benchmark' },
  config: { key: 'config', label: 'Configuration' },
  method: { key: 'method', label: 'method id' },
  gating: { key: 'gating', label: 'Gating' },
  train_ratio: { key: 'train_ratio', label: 'Train ratio', format: 'num', help: 'silent:pitfall ratio of the SFT data' },
  n_tasks: {
    key: 'n_tasks',
    label: 'Tasks',
    format: 'int',
    count: { kind: 'episode', by: { benchmark: 'benchmark', method: 'method', gating: 'gating', train_ratio: 'train_ratio' }, distinct: 'task_id' },
  },
  n_episodes: column(COLUMNS.episodes, { key: 'n_episodes' }),
  acc: { key: 'acc', label: 'Acc %', format: 'pct', help: 'mean over runs of the per-run success rate' },
  acc_sd: { key: 'acc_sd', label: '± sd', format: 'pct', help: 'sample standard deviation of the per-run success rates' },
  pass3: { key: 'pass3', label: 'Pass@3 %', format: 'pct', help: 'share of tasks solved in at least one of the runs' },
  intervention_rate: { key: 'intervention_rate', label: 'IR %', format: 'pct', help: 'guided steps / steps' },
  action_change_rate: {
    key: 'action_change_rate',
    label: 'ACR %',
    format: 'pct',
    help: 'steps whose final action differs from the tentative one after guidance / steps',
  },
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
  rank: { key: 'rank', label: 'Rank', format: 'int', help: 'by Acc within the benchmark, higher first; equal Acc shares a rank' },
  /** the backbone (agent) a figure-3 row is about */
  backbone: column(COLUMNS.agent, { label: 'Backbone' }),
  /** the word columns of the lexical tables */
  word: { key: 'word', label: 'Word' },
  z_min: { key: 'z_min', label: 'z_min', format: 'num', help: "the smaller of the two benchmarks' z" },
} as const satisfies Record<string, Column>;

export type PawmColumn = keyof typeof PAWM_COLUMNS;

export const cols = (...keys: PawmColumn[]): Column[] => keys.map((k) => PAWM_COLUMNS[k]);
