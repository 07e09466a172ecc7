import { correlationRatio } from '../../../src/derive/stats/correlation-ratio.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { itemShares } from '../derive/slices.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

const RADIUS_LEVEL: Record<string, number> = { L0: 0, L1: 1, L2: 2, L3: 3 };

/**
 * Construction entanglement: how much of each difficulty axis the construction (the operator that
 * built the item) already explains, as the correlation ratio eta of the axis on the operator.
 * Axes: ln(reach-back), impact radius level (0-3), and item difficulty (share of models failing).
 */
export function entanglementTable(ctx: GlobeContext): Table {
  const items = ctx.release.items;
  const solvedShare = itemShares(ctx);
  const axis = (name: string, value: (i: number) => number | null, help: string) => {
    const paperEta = PAPER.at('entanglement', 'eta', { axis: name }), paperR2 = PAPER.at('entanglement', 'eta_squared', { axis: name });
    const idx = items.map((_, i) => i).filter((i) => value(i) !== null);
    const eta = correlationRatio(idx.map((i) => items[i].operator), idx.map((i) => value(i)!));
    return { axis: name, n_items: idx.length, operators: new Set(idx.map((i) => items[i].operator)).size, eta, eta_squared: eta * eta, paper_eta: paperEta, paper_eta_squared: paperR2, delta_eta_squared: delta(eta * eta, paperR2), help };
  };
  const rows = [
    axis('ln(reach-back)', (i) => (items[i].reach_back === null || items[i].reach_back === 0 ? null : Math.log(items[i].reach_back!)), 'items without reach-back, or with reach-back 0, left out'),
    axis('impact radius level (L0-L3 as 0-3)', (i) => (items[i].impact_radius === null ? null : RADIUS_LEVEL[items[i].impact_radius!]), 'items without a radius left out'),
    axis('item difficulty (share of models failing)', (i) => 1 - solvedShare[i], 'the paper\'s eta = 0.69 between construction and difficulty'),
  ].map(({ help: _help, ...r }) => r);
  const l3 = items.filter((it) => it.impact_radius === 'L3');
  return {
    id: 'entanglement',
    title: 'Construction entanglement: difficulty axes explained by the operator',
    source: 'GlobeBench, limitations (eta = 0.69; operator explains 81.64% of the variance of log reach-back)',
    columns: [
      { key: 'axis', label: 'Axis' },
      { key: 'n_items', label: 'Items', format: 'int' },
      { key: 'operators', label: 'Operators', format: 'int' },
      { key: 'eta', label: 'eta', format: 'num3', help: 'correlation ratio of the axis on the operator' },
      { key: 'eta_squared', label: 'eta^2 %', format: 'pct', help: 'share of the axis\' variance explained by the operator' },
      { key: 'paper_eta', label: 'Paper eta', format: 'num' },
      { key: 'paper_eta_squared', label: 'Paper eta^2 %', format: 'pct' },
      { key: 'delta_eta_squared', label: 'Delta', format: 'pp' },
    ],
    rows,
    paper: paperField(PAPER, 'entanglement'),
    notes: [
      `L3 items with reach-back > 40: ${l3.filter((it) => it.reach_back !== null && it.reach_back > 40).length} of ${l3.length} (paper: ${PAPER.byId('astra-vs-rest/l3-long-items').value} of ${PAPER.byId('table14/items/L3').value}); L3 labels declared by the operator rather than measured: ${l3.filter((it) => it.radius_source === 'declared').length} (paper: ${PAPER.byId('entanglement/l3-declared').value}).`,
      `The paper does not say which difficulty axis its eta = 0.69 refers to, nor how a reach-back of 0 is handled: here ln(reach-back) over items with reach-back >= 1 (${items.filter((it) => it.reach_back === 0).length} items have 0; eta^2 does not depend on the log base), and eta for item difficulty is shown against the 0.69.`,
    ],
  };
}
