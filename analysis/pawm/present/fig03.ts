import type { Figure } from '../../../src/present/figures/figure.js';
import type { PawmContext } from '../derive/context.js';
import { backbones } from '../derive/configs.js';
import { FIG03_VARIANTS, fig03Rows } from './fig03-data.js';
import { barsFromRows, groupedBars } from './grouped-bars.js';

/** Figure 3: the bars of fig03-data's rows (the same derived cell). */
export function fig03(ctx: PawmContext): Figure {
  const data = barsFromRows(fig03Rows(ctx).rows, 'agent');
  return groupedBars({
    id: 'fig03',
    title: 'Figure 3: transfer across backbones (with / without PAWM)',
    source: 'PAWM, Figure 3',
    data,
    groupTitle: 'Backbone',
    groups: backbones(ctx),
    variants: FIG03_VARIANTS,
    notes: ['Bars: recomputed Acc, rules: ± one sd over runs, black ticks: values printed in the paper (co-training backbone only).'],
  });
}
