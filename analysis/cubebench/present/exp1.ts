import type { Table } from '../../../src/present/tables/table.js';
import { orderModels, type CubeContext } from '../derive/context.js';
import { MODEL_ORDER, PAPER } from '../paper.js';
import { CELL_COLUMNS, EXP12_COLUMNS, pivot, rowsFor } from './pass-rate-view.js';

/**
 * Experiment 1: the Basic agent without dense reward, per model: each tier at short horizon and
 * all tiers at long horizon, as replayed.
 */
export function exp1Table(ctx: CubeContext): Table {
  const basic = ctx.results.filter((r) => r.agent === 'basic' && r.reward === 'none');
  const models = orderModels(basic.map((r) => r.model), MODEL_ORDER);
  const rows = models.flatMap((m) => rowsFor(ctx, m, 'basic', 'none', PAPER.exp1[m]));
  const p = pivot(rows, (r) => r.model, (r) => ({ model: r.model }), EXP12_COLUMNS, true);
  return {
    id: 'exp1',
    title: 'Experiment 1: Basic agent pass rates by model, tier and horizon',
    source: 'CubeBench, Experiment 1 table',
    columns: CELL_COLUMNS,
    rows,
    paper: PAPER.exp1,
    display: {
      columns: [{ key: 'model', label: 'Model' }, { key: 'which', label: '' }, ...EXP12_COLUMNS.map((c) => ({ key: c.id, label: c.label, help: 'pass rate % [Wilson 95% CI]' }))],
      rows: p,
    },
    notes: [
      'Pass = the episode\'s actions, replayed on its task\'s state, leave every face one colour (after any rotations); the agent\'s own claim is not used (see the audit table).',
      'Intervals: Wilson score 95%. With 20 tasks per cell a rate moves in steps of 5 points and its interval is about +-20 points wide.',
      "The paper's 'all long' column is one number per model (0.00 for all); the long form gives each tier's long cell and the pooled 'all' cell, each compared with 0.",
      'Models without published numbers (here the brute-force coders the paper names only for their make_move counts) have no paper row.',
    ],
  };
}
