import { COLUMNS } from '../../../src/present/tables/columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import { orderModels, type CubeContext } from '../derive/context.js';
import { passCell } from '../derive/slices.js';
import { MODEL_ORDER } from '../derive/model-order.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { AGENT_LABEL, AGENTS, CELL_COLUMNS, cellRow, pivot, pivotColumns, type CellRow } from './pass-rate-view.js';

/** The five columns of the paper's Experiment 3 table. */
export const EXP3_COLUMNS = [
  { id: 'symbolic-short', label: 'symbolic short', tier: 'symbolic', horizon: 'short' },
  { id: 'symbolic-long', label: 'symbolic long', tier: 'symbolic', horizon: 'long' },
  { id: 'visual-short', label: 'visual short', tier: 'visual', horizon: 'short' },
  { id: 'face-short', label: 'face short', tier: 'face', horizon: 'short' },
  { id: 'vertex-short', label: 'vertex short', tier: 'vertex', horizon: 'short' },
];

/** Experiment 3: Basic vs Standard-Solver vs Ideal-Solver for every model that has solver runs. */
export function exp3Table(ctx: CubeContext): Table {
  const solverModels = new Set(ctx.results.filter((r) => r.agent !== 'basic').map((r) => r.model));
  const models = orderModels(solverModels, MODEL_ORDER);
  // every tier x horizon the solver runs cover (the paper's five, and any other a release has)
  const covered = new Set(ctx.results.filter((r) => r.agent !== 'basic').map((r) => `${r.tier}-${r.horizon}`));
  const columns = [
    ...EXP3_COLUMNS,
    ...[...covered]
      .filter((c) => !EXP3_COLUMNS.some((e) => e.id === c))
      .sort()
      .map((c) => ({ id: c, label: c.replace('-', ' '), tier: c.split('-')[0], horizon: c.split('-')[1] })),
  ];
  const rows: CellRow[] = [];
  for (const model of models) {
    for (const agent of AGENTS) {
      for (const c of columns) {
        const cell = passCell(ctx, { model, agent, reward: 'none', tier: c.tier, horizon: c.horizon });
        if (cell) rows.push(cellRow(cell, 'exp3'));
      }
    }
  }
  const p = pivot(
    rows,
    (r) => JSON.stringify([r.model, r.agent]),
    (r) => ({ model: r.model, agent: AGENT_LABEL.get(r.agent) ?? r.agent }),
    columns,
    true,
  );
  return {
    id: 'exp3',
    title: 'Experiment 3: solver diagnosis (Basic / Standard-Solver / Ideal-Solver)',
    source: 'CubeBench, Experiment 3 table',
    columns: CELL_COLUMNS,
    rows,
    paper: paperField(PAPER, 'exp3'),
    display: {
      columns: pivotColumns([COLUMNS.model, COLUMNS.agent], columns),
      rows: p,
    },
    notes: [
      'Basic rows are the Experiment 1 runs (no dense reward). Standard-Solver: an optimal solver that needs the state in its own exact format, so the agent must perceive and translate; Ideal-Solver: the translation is done for the agent.',
      'Read as the paper does: Basic -> Standard-Solver is the planning gap, Standard -> Ideal the translation gap, and what Ideal still fails under partial views is exploration (table solver-diagnosis attributes each task).',
    ],
  };
}
