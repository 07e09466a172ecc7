import type { Figure } from '../../../src/present/figures/figure.js';
import type { PawmContext } from '../derive/context.js';
import { FIG02_VARIANTS, grpoComparison } from '../derive/runs.js';
import { barsFromRuns, groupedBars } from './grouped-bars.js';

/** Figure 2: the bars of fig02-data's runs (the same derived cell). */
export function fig02(ctx: PawmContext): Figure {
  const { families, runs } = grpoComparison(ctx);
  const data = barsFromRuns(
    'fig02-data',
    runs.map((r) => ({ run: r, group: r.family, variant: r.variant, extra: { family: r.family, variant: r.variant } })),
  );
  return groupedBars({
    id: 'fig02',
    title: 'Figure 2: guidance methods before and after GRPO co-training',
    source: 'PAWM, Figure 2',
    data,
    groupTitle: 'Guidance method',
    groups: families.map((p) => p.family),
    variants: FIG02_VARIANTS,
    notes: ['Bars: recomputed Acc (mean of per-run success rates), thick grey rules: ± one sd over runs, open red diamonds: values printed in the paper.'],
  });
}
