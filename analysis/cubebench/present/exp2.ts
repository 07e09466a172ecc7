import { COLUMNS } from '../../../src/present/tables/columns.js';
import { CUBE_COLUMNS } from './columns.js';
import { formatCell } from '../../../src/present/tables/number-format.js';
import type { Table } from '../../../src/present/tables/table.js';
import { orderModels, type CubeContext } from '../derive/context.js';
import { MODEL_ORDER } from '../derive/model-order.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { CELL_COLUMNS, EXP12_COLUMNS, pivot, pivotColumns, REWARDS, rowsFor } from './pass-rate-view.js';

/** What the paper reports for long tasks under the dense rewards, quoted from paper.ts. */
function longNote(): string {
  const longs = [...new Set(PAPER.list.filter((p) => /^exp2\/.*\/all-long$/.test(p.id)).map((p) => p.value))];
  const quoted = longs.length === 1 ? `all ${100 * longs[0]} under every reward` : `at ${longs.map((v) => formatCell(v, 'pct')).join(', ')} across the rewards`;
  return `The paper reports long tasks as ${quoted}; those are the 'all long' cells.`;
}

/** Experiment 2: the Basic agent of each model that has dense-reward runs, under each reward setting. */
export function exp2Table(ctx: CubeContext): Table {
  const dense = new Set(ctx.results.filter((r) => r.agent === 'basic' && r.reward !== 'none').map((r) => r.model));
  const models = orderModels(dense, MODEL_ORDER);
  const rows = models.flatMap((m) => REWARDS.flatMap((reward) => rowsFor(ctx, 'exp2', m, 'basic', reward)));
  const p = pivot(
    rows,
    (r) => JSON.stringify([r.model, r.reward]),
    (r) => ({ model: r.model, reward: r.reward }),
    EXP12_COLUMNS,
    true,
  );
  return {
    id: 'exp2',
    title: 'Experiment 2: dense reward ablation (Basic agent)',
    source: 'CubeBench, Experiment 2 table',
    columns: CELL_COLUMNS,
    rows,
    paper: paperField(PAPER, 'exp2'),
    display: {
      columns: pivotColumns([COLUMNS.model, CUBE_COLUMNS.reward_kinds], EXP12_COLUMNS),
      rows: p,
    },
    notes: [
      "Reward 'none' reuses the Experiment 1 episodes (the same runs). Dense rewards are R_t = phi(s_t+1) - phi(s_t); the workbench recomputes them per step (table dense-rewards).",
      longNote(),
    ],
  };
}
