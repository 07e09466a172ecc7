import { GLOBE_COLUMNS } from './columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { designEffects } from '../derive/design-effects.js';
import { modelOrder } from '../derive/slices.js';
import { PAIRED } from '../paper.js';

/**
 * How much the operators' clustering widens each rate's uncertainty (designEffects): the naive and
 * the clustered standard error side by side, their ratio squared, the ICC within operators and the
 * two-stage cluster-bootstrap interval, for every rate the scorecard compares.
 */
export function designEffectsTable(ctx: GlobeContext): Table {
  const leader = ctx.models.find((m) => m.name === PAIRED.a) ?? modelOrder(ctx)[0];
  const rows = designEffects(ctx, leader?.model_id ?? '');
  return {
    id: 'design-effects',
    title: 'Design effects: the uncertainty of each rate with operators as clusters',
    source: 'GlobeBench: the rates of Tables 1, 2, 3, 14, 20 and 22 and of the Table 1 text',
    columns: [
      { key: 'analysis', label: 'Table' },
      { key: 'rate', label: 'Rate' },
      { key: 'unit', label: 'Unit', help: 'what one observation of the rate is; every unit is clustered by the operator of its item' },
      { key: 'units', label: 'Units', format: 'int' },
      GLOBE_COLUMNS.clusters,
      { key: 'estimate', label: 'Rate %', format: 'pct' },
      GLOBE_COLUMNS.se_item,
      GLOBE_COLUMNS.se_cluster,
      GLOBE_COLUMNS.design_effect,
      GLOBE_COLUMNS.icc,
      GLOBE_COLUMNS.ci_cluster_low,
      GLOBE_COLUMNS.ci_cluster_high,
    ],
    rows: rows.map((r) => ({ ...r })),
    notes: [
      `A design effect of d means the rate is as uncertain as one from 1/d as many independent units. Intervals: ${ctx.opts.resamples} two-stage cluster-bootstrap resamples (operators with replacement, then units within each), seed ${ctx.opts.seed}.`,
      "Table 1's rows are its own clustered columns. A mean over models has one unit per item (the share of models passing it); Table 2's shares one per response; Table 3's agreement one per pair of annotators on an anchor item.",
    ],
  };
}
