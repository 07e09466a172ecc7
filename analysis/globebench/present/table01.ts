import { COLUMNS } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { rankDescending } from '../../../src/derive/stats/rank-descending.js';
import { median } from '../../../src/derive/stats/median.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import { rate, type GlobeContext } from '../derive/context.js';
import { modelOverallCell } from '../derive/cells.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { modelPasses } from '../derive/slices.js';

/**
 * Table 1: overall success per model (binary pass over all items, refusals counted as failures,
 * as in the paper) with a 95% percentile bootstrap CI over items, and the competition rank.
 */
export function table01(ctx: GlobeContext): Table {
  const { resamples, seed } = ctx.opts;
  const successes = ctx.models.map((m) => rate(ctx.pass.get(m.model_id)!));
  // ranks from integer pass counts (every model answers every item), so ties are exact
  const passes = ctx.models.map((m) => modelPasses(ctx, m.model_id));
  const ranks = rankDescending(passes);
  const rows = ctx.models.map((m, i) => {
    const ci = modelOverallCell(ctx, m.model_id);
    return {
      rank: ranks[i],
      model: m.name,
      model_id: m.model_id,
      access: m.access,
      kind: m.kind,
      n_items: ctx.pass.get(m.model_id)!.length,
      passed: passes[i],
      success: successes[i],
      ci_low: ci.ci_low,
      ci_high: ci.ci_high,
      paper: PAPER.at('table01', 'success', { model: m.name }),
      delta: delta(successes[i], PAPER.at('table01', 'success', { model: m.name })),
      paper_rank: PAPER.at('table01', 'rank', { model: m.name }),
    };
  });
  rows.sort((a, b) => a.rank - b.rank || a.model.localeCompare(b.model));
  const general = rows.filter((r) => r.kind === 'general').map((r) => r.success);
  return {
    id: 'table01',
    title: 'Table 1: overall success by model',
    source: 'GlobeBench, Table 1',
    columns: [
      COLUMNS.rank,
      COLUMNS.model,
      GLOBE_COLUMNS.access,
      { key: 'kind', label: 'Kind' },
      { key: 'n_items', label: 'n', format: 'int' },
      COLUMNS.passed,
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
      `Median of the ${general.length} general LLMs: ${(median(general) * 100).toFixed(2)}% (paper: about ${PAPER.byId('table01/median-general').printed.text}%).`,
      `Refusals and empty outputs count as failures (the paper's policy). CIs: ${resamples} bootstrap resamples over items, seed ${seed}.`,
    ],
  };
}
