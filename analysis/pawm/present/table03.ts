import type { Table, TableRow } from '../../../src/present/tables/table.js';
import type { PawmContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { gatingRuns } from '../derive/runs.js';
import { cols } from './columns.js';
import { metricRow } from './metric-row.js';

/**
 * Table 3 (gating ablation): the SubGoal-Traj world model with all guidance passed to the agent,
 * only pitfall-anticipating guidance, or only the rest. Accuracy, intervention rate and calls.
 */
export function table03(ctx: PawmContext): Table {
  const rows: TableRow[] = gatingRuns(ctx).map((r) => metricRow('table03', r));
  return {
    id: 'table03',
    title: 'Table 3: gating ablation - when the world model should speak',
    source: 'PAWM, Table 3',
    columns: cols(
      'benchmark',
      'config',
      'n_tasks',
      'acc',
      'acc_sd',
      'intervention_rate',
      'action_change_rate',
      'calls',
      'paper_acc',
      'delta_acc',
      'paper_intervention_rate',
      'delta_intervention_rate',
      'paper_calls',
      'delta_calls',
    ),
    rows,
    paper: paperField(PAPER, 'table03'),
    notes: [
      `Agent ${ctx.mainAgent}, SubGoal-Traj world model; a classifier passes all guidance, only pitfall-anticipating guidance, or only non-pitfall guidance. Calls = mean api_calls per episode (Δ calls in calls, not points).`,
      'The paper (ScienceWorld): pitfall-only keeps most of the accuracy of all guidance (65.2% vs 66.7%) at an intervention rate of 44.4% and 26.7 instead of 36.5 calls; non-pitfall guidance intervenes more (52.7%) for 58.4%. The summary gives no WebArena-Lite numbers for this table.',
    ],
  };
}
