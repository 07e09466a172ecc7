import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { leaderboard } from '../derive/leaderboard.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * Table 1: overall success per model (binary pass over all items, refusals counted as failures,
 * as in the paper) with a 95% percentile bootstrap CI over items, and the competition rank
 * (leaderboard, the cell its figure reads too).
 */
export function table01(ctx: GlobeContext): Table {
  const { resamples, seed } = ctx.opts;
  const board = leaderboard(ctx);
  const rows = board.rows.map((r) => ({
    ...r,
    paper: PAPER.at('table01', 'success', { model: r.model }),
    delta: delta(r.success, PAPER.at('table01', 'success', { model: r.model })),
    paper_rank: PAPER.at('table01', 'rank', { model: r.model }),
  }));
  return {
    id: 'table01',
    title: 'Table 1: overall success by model',
    source: 'GlobeBench, Table 1',
    columns: [
      COLUMNS.rank,
      COLUMNS.model,
      GLOBE_COLUMNS.access,
      { key: 'kind', label: 'Kind' },
      { key: 'n_items', label: 'n', format: 'int', count: { kind: 'response', by: { model: 'model' } } },
      column(COLUMNS.passed, { count: { kind: 'response', by: { model: 'model' }, where: { pass: true } } }),
      COLUMNS.success,
      GLOBE_COLUMNS.item_ci_low,
      COLUMNS.ci_high,
      COLUMNS.paper_where_given,
      GLOBE_COLUMNS.delta_points,
      { key: 'paper_rank', label: 'Paper rank', format: 'int' },
    ],
    rows,
    paper: paperField(PAPER, 'table01'),
    notes: [
      `Median of the ${board.general} general LLMs: ${(board.medianGeneral * 100).toFixed(2)}% (paper: about ${PAPER.byId('table01/median-general').printed.text}%).`,
      `Refusals and empty outputs count as failures (the paper's policy). CIs: ${resamples} bootstrap resamples over items, seed ${seed}.`,
    ],
  };
}
