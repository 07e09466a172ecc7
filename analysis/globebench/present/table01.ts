import { COLUMNS, column, RANK_COLUMNS } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { leaderboard } from '../derive/leaderboard.js';
import { modelClusteredCell, operatorCount } from '../derive/clustered.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import type { RankStanding } from '../../../src/derive/leaderboard-comparisons.js';
import { globeRanks } from '../derive/ranks.js';

const rankCells = (s: RankStanding) => ({ rank_low: s.rank_low, rank_high: s.rank_high, in_leader_group: s.in_leader_group });

/**
 * Table 1: overall success per model (binary pass over all items, refusals counted as failures,
 * as in the paper) with a 95% percentile bootstrap CI over items, and the competition rank
 * (leaderboard, the cell its figure reads too).
 */
export function table01(ctx: GlobeContext): Table {
  const { resamples, seed } = ctx.opts;
  const board = leaderboard(ctx);
  const rows = board.rows.map((r) => {
    const cl = modelClusteredCell(ctx, r.model_id);
    return {
      ...r,
      clusters: cl.clusters,
      se_item: cl.se_item,
      se_cluster: cl.se_cluster,
      ci_cluster_low: cl.ci_cluster_low,
      ci_cluster_high: cl.ci_cluster_high,
      design_effect: cl.design_effect,
      paper: PAPER.at('table01', 'success', { model: r.model }),
      delta: delta(r.success, PAPER.at('table01', 'success', { model: r.model })),
      paper_rank: PAPER.at('table01', 'rank', { model: r.model }),
    };
  });
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
      GLOBE_COLUMNS.clusters,
      GLOBE_COLUMNS.se_item,
      GLOBE_COLUMNS.se_cluster,
      GLOBE_COLUMNS.ci_cluster_low,
      GLOBE_COLUMNS.ci_cluster_high,
      GLOBE_COLUMNS.design_effect,
      COLUMNS.paper_where_given,
      GLOBE_COLUMNS.delta_points,
      { key: 'paper_rank', label: 'Paper rank', format: 'int' },
      RANK_COLUMNS.rank_low,
      RANK_COLUMNS.rank_high,
      RANK_COLUMNS.in_leader_group,
    ],
    rows: rows.map((r) => ({ ...r, ...rankCells(globeRanks(ctx).byModel.get(r.model_id)!) })),
    paper: paperField(PAPER, 'table01'),
    notes: [
      "Rank intervals: the two-stage cluster bootstrap over operators (then items within them), with the resamples and seed below; the leader's group and every pair of models are in the pairwise table.",
      `Median of the ${board.general} general LLMs: ${(board.medianGeneral * 100).toFixed(2)}% (paper: about ${PAPER.byId('table01/median-general').printed.text}%).`,
      `Refusals and empty outputs count as failures (the paper's policy). CIs: ${resamples} bootstrap resamples over items, seed ${seed}.`,
      `Items are built by ${operatorCount(ctx)} operators, and the items of one operator are not independent: SE (by operator) is the CR1 cluster-robust standard error (R's sandwich::vcovCL, type HC1), the interval by operator a two-stage cluster bootstrap percentile interval (${resamples} resamples: operators with replacement, then items within each), and the design effect the clustered variance over the naive one.`,
    ],
  };
}
