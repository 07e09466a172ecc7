import type { Table, TableRow } from '../../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { mainRuns } from '../derive/runs.js';
import { pawmRanks } from '../derive/ranks.js';
import { RANK_COLUMNS } from '../../../src/present/tables/columns.js';
import { cols } from './columns.js';
import { metricRow } from './metric-row.js';

/** Table 4 (main results): Acc ± sd, Pass@3, intervention and action change rates, calls. */
export function table04(ctx: PawmContext): Table {
  const { runs, gain } = mainRuns(ctx);
  const ranks = pawmRanks(ctx).byRun;
  const rows: TableRow[] = runs.map((r) => {
    const s = ranks.get(r);
    return {
      ...metricRow('table04', r),
      rank: s?.rank ?? null,
      rank_low: s?.rank_low ?? null,
      rank_high: s?.rank_high ?? null,
      in_leader_group: s?.in_leader_group ?? null,
    };
  });
  const gains: string[] = [];
  for (const b of BENCHMARKS) {
    const g = gain[b];
    if (g !== null) {
      const paperGain = (PAPER.byId(`table04/${b}/PAWM (SFT + GRPO)/acc`).value - PAPER.byId(`table04/${b}/No guidance/acc`).value) * 100;
      gains.push(
        `${BENCHMARK_LABEL[b]}: PAWM + GRPO minus no guidance = ${(g.acc * 100).toFixed(2)} points (paper ${paperGain.toFixed(1)}); Pass@3 gain ${(g.pass3 * 100).toFixed(2)} points.`,
      );
    }
  }
  return {
    id: 'table04',
    title: 'Table 4: main results - steering the frozen agent',
    source: 'PAWM, Table 4',
    columns: cols(
      'benchmark',
      'config',
      'train_ratio',
      'n_tasks',
      'acc',
      'acc_sd',
      'pass3',
      'intervention_rate',
      'action_change_rate',
      'calls',
      'paper_acc',
      'paper_acc_sd',
      'delta_acc',
      'paper_pass3',
      'delta_pass3',
      'rank',
    ).concat([RANK_COLUMNS.rank_low, RANK_COLUMNS.rank_high, RANK_COLUMNS.in_leader_group]),
    rows,
    paper: paperField(PAPER, 'table04'),
    notes: [
      `Methods by the format page's ids (none, pre_task, next_obs, subgoal_traj, full_traj, pawm_sft, pawm_grpo); any other method id of the main agent has its own row (after the baselines, by id).`,
      `Agent ${ctx.mainAgent}. PAWM rows use the training ratio PAWM was trained with (manifest chosen_train_ratio, else the PAWM + GRPO runs' ratio). Acc ± sd over runs; Pass@3 = tasks solved in at least one run.`,
      ...gains,
      `Rank: by Acc within the benchmark; rank intervals over ${ctx.opts.resamples} two-stage cluster bootstrap resamples (tasks, then runs within them, on the task runs every method ran), seed ${ctx.opts.seed}; the leader's group by McNemar on Pass@3 per task. Every pair is in the pairwise table.`,
    ],
  };
}
