import type { Figure } from '../../../src/present/figures/figure.js';
import type { PawmContext } from '../derive/context.js';
import { backboneTransfer, FIG03_VARIANTS } from '../derive/runs.js';
import { barsFromRuns, groupedBars } from './grouped-bars.js';

/** Figure 3: the bars of fig03-data's pairs (the same derived cell). */
export function fig03(ctx: PawmContext): Figure {
  const { backbones, pairs } = backboneTransfer(ctx);
  const data = barsFromRuns(
    'fig03-data',
    pairs.flatMap((p) =>
      (
        [
          [p.without, FIG03_VARIANTS[0]],
          [p.with, FIG03_VARIANTS[1]],
        ] as const
      ).map(([run, variant]) => ({ run, group: p.agent, variant, extra: { agent: p.agent, variant } })),
    ),
  );
  return groupedBars({
    id: 'fig03',
    title: 'Figure 3: transfer across backbones (with / without PAWM)',
    source: 'PAWM, Figure 3',
    data,
    groupTitle: 'Backbone',
    groups: backbones,
    variants: FIG03_VARIANTS,
    notes: ['Bars: recomputed Acc, thick grey rules: ± one sd over runs, open red diamonds: values printed in the paper (co-training backbone only).'],
  });
}
