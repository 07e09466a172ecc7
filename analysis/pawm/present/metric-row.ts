import type { TableRow } from '../../../src/present/tables/table.js';
import { delta } from '../../../src/present/tables/table.js';
import { BENCHMARK_LABEL } from '../derive/context.js';
import type { Metrics } from '../derive/metrics.js';
import type { Run } from '../derive/runs.js';
import { PAPER } from '../paper.js';

type Metric = 'acc' | 'acc_sd' | 'pass3' | 'intervention_rate' | 'action_change_rate' | 'calls';

/** The fields that name a row of table `analysis` (its published numbers are declared under them). */
export const rowHead = (run: Run, extra: TableRow = {}): TableRow => ({ benchmark: BENCHMARK_LABEL[run.benchmark], config: run.label, ...extra });

/**
 * One row of table `analysis`: the derived run's configuration, its metrics, the row's `extra`
 * columns, and paper / delta for what the paper prints there (paper.ts declares which row and
 * column each number is).
 */
export function metricRow(analysis: string, run: Run, extra: TableRow = {}): TableRow {
  const m = run.metrics;
  const g = run.config;
  const head = rowHead(run, extra);
  const paper = (k: Metric) => PAPER.at(analysis, k, head);
  const d = (k: Metric & keyof Metrics) => delta(m ? (m[k] as number | null) : null, paper(k));
  const row: TableRow = {
    benchmark: BENCHMARK_LABEL[run.benchmark],
    config: run.label,
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
    paper_acc: paper('acc'),
    delta_acc: d('acc'),
    paper_acc_sd: paper('acc_sd'),
    paper_pass3: paper('pass3'),
    delta_pass3: d('pass3'),
    paper_intervention_rate: paper('intervention_rate'),
    delta_intervention_rate: d('intervention_rate'),
    paper_action_change_rate: paper('action_change_rate'),
    delta_action_change_rate: d('action_change_rate'),
    paper_calls: paper('calls'),
    delta_calls: d('calls'),
  };
  return { ...row, ...extra };
}
