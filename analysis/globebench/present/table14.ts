import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table, type TableRow } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { bandRadiusCell } from '../derive/cells.js';
import { difficultyGaps } from '../derive/model-rates.js';
import { BANDS, RADII, unlabelledItems, type Band, type RadiusLevel } from '../derive/slices.js';
import { num, ppText } from './format.js';

/**
 * Table 14: mean 20-model success by reach-back band (<= 40, > 40 turns) x impact radius (L0..L3),
 * with band totals, radius totals and the overall mean. Each cell: items, mean over models of their
 * success on the cell's items (= pooled success over the cell's responses), and a 95% percentile
 * bootstrap CI that resamples the cell's items (statistic: mean of the per-item share of models passing).
 */
export function table14(ctx: GlobeContext): Table {
  const P = (id: string) => PAPER.byId(`table14/${id}`).value;
  // the items without a radius / reach-back that the paper's counts imply (it prints no such number)
  const total = PAPER.byId('release/items').value;
  const impliedNoRadius = total - ['L0', 'L1', 'L2', 'L3'].reduce((a, r) => a + P(`items/${r}`), 0);
  const impliedNoReach = total - P('items/<=40') - P('items/>40');

  const rows: TableRow[] = [];
  const push = (b: Band | 'all', r: RadiusLevel | 'all') => {
    const c = bandRadiusCell(ctx, { band: b, radius: r });
    const paper = { items: PAPER.at('table14', 'items', { band: b, radius: r }), success: PAPER.at('table14', 'success', { band: b, radius: r }) };
    rows.push({
      band: b,
      radius: r,
      items: c.items,
      success: num(c.success),
      ci_low: c.ci_low,
      ci_high: c.ci_high,
      paper_items: paper.items,
      paper: paper.success,
      delta: delta(num(c.success), paper.success),
    });
  };
  for (const b of BANDS) {
    for (const r of RADII) push(b, r);
    push(b, 'all');
  }
  for (const r of RADII) push('all', r);
  push('all', 'all');

  const gaps = difficultyGaps(ctx);
  const unlabelled = unlabelledItems(ctx);

  return {
    id: 'table14',
    title: 'Table 14: mean 20-model success by reach-back band and impact radius',
    source: 'GlobeBench, Table 14 (and the impact-radius / reach-back numbers of the text)',
    columns: [
      { key: 'band', label: 'Reach-back', help: 'turns between the final action and the earliest event the answer depends on' },
      GLOBE_COLUMNS.radius,
      column(COLUMNS.items, { count: { kind: 'item', by: { reach_back: 'band', impact_radius: 'radius' }, any: ['all'] } }),
      GLOBE_COLUMNS.cell_success,
      GLOBE_COLUMNS.cell_item_ci_low,
      COLUMNS.ci_high,
      GLOBE_COLUMNS.paper_items,
      COLUMNS.paper,
      COLUMNS.delta,
    ],
    rows,
    paper: paperField(PAPER, 'table14'),
    notes: [
      `L3 minus L0: ${ppText(gaps.radiusDiff)} (paper ${ppText(P('radius-diff'))}); > 40 minus <= 40 turns: ${ppText(gaps.bandDiff)} (paper ${ppText(PAPER.byId('mh-reachback-skill/pooled').value)}; within skill the paper gives ${ppText(PAPER.byId('mh-reachback-skill/mh').value)}).`,
      `Models lowest on L3 (ties count as lowest): ${gaps.lowestOnL3} of ${ctx.models.length} (paper: all 20). Models lower past 40 turns: ${gaps.dropsPast40} of ${ctx.models.length} (paper: every model drops).`,
      `Items without an impact radius (${unlabelled.noRadius}; paper ${impliedNoRadius}) are left out of the radius cells and radius totals; items without a reach-back (${unlabelled.noReach}; paper ${impliedNoReach}) are left out of the band cells and band totals; the band x radius cells leave out ${unlabelled.noEither} items lacking either. The all / all row holds every item.`,
      `CIs: ${ctx.opts.resamples} resamples of the cell's items (seed ${ctx.opts.seed}, one named stream per cell). Items within a cell are treated as exchangeable; the models are fixed.`,
    ],
  };
}
