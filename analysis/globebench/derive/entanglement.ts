import { correlationRatio } from '../../../src/derive/stats/correlation-ratio.js';
import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';
import { itemShares } from './slices.js';

const RADIUS_LEVEL: Record<string, number> = { L0: 0, L1: 1, L2: 2, L3: 3 };

/** How much of one difficulty axis the operator explains. */
export type AxisEta = {
  axis: string;
  n_items: number;
  operators: number;
  /** correlation ratio of the axis on the operator, and its square (the share of variance explained) */
  eta: number;
  eta_squared: number;
};

export interface Entanglement {
  /** ln(reach-back), impact radius level (0-3), item difficulty (share of models failing) */
  axes: AxisEta[];
  /** L3 items, those with reach-back > 40, and those whose L3 label the operator declared */
  l3Items: number;
  l3Long: number;
  l3Declared: number;
  /** items with reach-back 0 (left out of the ln(reach-back) axis) */
  reachBackZero: number;
}

/**
 * Construction entanglement: how much of each difficulty axis the construction (the operator that
 * built the item) already explains, as the correlation ratio eta of the axis on the operator.
 * Axes: ln(reach-back) over items with reach-back >= 1, impact radius level (0-3) over items with a
 * radius, and item difficulty (share of models failing) over every item.
 */
export const entanglement = derived((ctx: GlobeContext): Entanglement => {
  const items = ctx.release.items;
  const solvedShare = itemShares(ctx);
  const axis = (name: string, value: (i: number) => number | null): AxisEta => {
    const idx = items.map((_, i) => i).filter((i) => value(i) !== null);
    const eta = correlationRatio(
      idx.map((i) => items[i].operator),
      idx.map((i) => value(i)!),
    );
    return { axis: name, n_items: idx.length, operators: new Set(idx.map((i) => items[i].operator)).size, eta, eta_squared: eta * eta };
  };
  const axes = [
    axis('ln(reach-back)', (i) => (items[i].reach_back === null || items[i].reach_back === 0 ? null : Math.log(items[i].reach_back!))),
    axis('impact radius level (L0-L3 as 0-3)', (i) => (items[i].impact_radius === null ? null : RADIUS_LEVEL[items[i].impact_radius!])),
    axis('item difficulty (share of models failing)', (i) => 1 - solvedShare[i]),
  ];
  const l3 = items.filter((it) => it.impact_radius === 'L3');
  return {
    axes,
    l3Items: l3.length,
    l3Long: l3.filter((it) => it.reach_back !== null && it.reach_back > 40).length,
    l3Declared: l3.filter((it) => it.radius_source === 'declared').length,
    reachBackZero: items.filter((it) => it.reach_back === 0).length,
  };
});
