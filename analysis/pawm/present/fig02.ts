import type { Figure } from '../../../src/present/figures/figure.js';
import type { PawmContext } from '../derive/context.js';
import { grpoFamilies } from '../derive/configs.js';
import { FIG02_VARIANTS, fig02Rows } from './fig02-data.js';
import { barsFromRows, groupedBars } from './grouped-bars.js';

/** Figure 2: the bars of fig02-data's rows (the same derived cell). */
export function fig02(ctx: PawmContext): Figure {
  const data = barsFromRows(fig02Rows(ctx).rows, 'family');
  return groupedBars({
    id: 'fig02',
    title: 'Figure 2: guidance methods before and after GRPO co-training',
    source: 'PAWM, Figure 2',
    data,
    groupTitle: 'Guidance method',
    groups: grpoFamilies(ctx).map((p) => p.family),
    variants: FIG02_VARIANTS,
    notes: ['Bars: recomputed Acc (mean of per-run success rates), rules: ± one sd over runs, black ticks: values printed in the paper.'],
  });
}
