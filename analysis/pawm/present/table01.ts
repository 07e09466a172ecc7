import type { Table, TableRow } from '../../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { pilotRuns, type Run } from '../derive/runs.js';
import { cols } from './columns.js';
import { metricRow } from './metric-row.js';

/**
 * Table 1 (pilot study): what should the world model output? Per-step guidance (gating `all`)
 * predicting the next observation, the trajectory to the next subgoal, or the full remaining
 * trajectory, against no world model; accuracy and action change rate (ACR). The runs and the notes'
 * highest-ACR and most accurate horizons are derived (derive/runs.ts).
 */
export function table01(ctx: PawmContext): Table {
  const { runs, top } = pilotRuns(ctx);
  const rows: TableRow[] = runs.map((r) => metricRow('table01', r));
  const notes = BENCHMARKS.map((b) => {
    const t = top[b];
    if (t === null) return `${b}: no per-step guidance runs in this release.`;
    const withRate = (r: Run | null, k: 'action_change_rate' | 'acc') => (r ? `${r.label} (${(r.metrics![k] * 100).toFixed(1)}%)` : 'none');
    return `${BENCHMARK_LABEL[b]}: highest ACR ${withRate(t.acr, 'action_change_rate')}, highest accuracy ${withRate(t.acc, 'acc')}.`;
  });
  return {
    id: 'table01',
    title: 'Table 1: pilot study - what the world model should output (per-step guidance)',
    source: 'PAWM, Table 1',
    columns: cols(
      'benchmark',
      'config',
      'n_tasks',
      'acc',
      'acc_sd',
      'pass3',
      'intervention_rate',
      'action_change_rate',
      'calls',
      'paper_acc',
      'delta_acc',
      'paper_action_change_rate',
      'delta_action_change_rate',
    ),
    rows,
    paper: paperField(PAPER, 'table01'),
    notes: [
      `Agent ${ctx.mainAgent}; the world model guides every step (gating "all"). Acc = mean of the per-run success rates ± their sample sd; ACR = changed steps / steps.`,
      ...notes,
      'The paper: SubGoal-Traj is best on both benchmarks; the highest-ACR horizon (Next-Obv on ScienceWorld, Full-Traj on WebArena-Lite) has the lowest accuracy.',
    ],
  };
}
