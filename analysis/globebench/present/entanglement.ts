import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { entanglement } from '../derive/entanglement.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * Construction entanglement (entanglement): how much of each difficulty axis the operator that built
 * the item already explains, as the correlation ratio eta, beside the paper's.
 */
export function entanglementTable(ctx: GlobeContext): Table {
  const e = entanglement(ctx);
  const rows = e.axes.map((a) => {
    const paperEta = PAPER.at('entanglement', 'eta', { axis: a.axis }),
      paperR2 = PAPER.at('entanglement', 'eta_squared', { axis: a.axis });
    return { ...a, paper_eta: paperEta, paper_eta_squared: paperR2, delta_eta_squared: delta(a.eta_squared, paperR2) };
  });
  return {
    id: 'entanglement',
    title: 'Construction entanglement: difficulty axes explained by the operator',
    source: 'GlobeBench, limitations (eta = 0.69; operator explains 81.64% of the variance of log reach-back)',
    columns: [
      { key: 'axis', label: 'Axis' },
      { key: 'n_items', label: 'Items', format: 'int' },
      { key: 'operators', label: 'Operators', format: 'int' },
      { key: 'eta', label: 'eta', format: 'num3', help: 'correlation ratio of the axis on the operator' },
      { key: 'eta_squared', label: 'eta^2 %', format: 'pct', help: "share of the axis' variance explained by the operator" },
      { key: 'paper_eta', label: 'Paper eta', format: 'num' },
      { key: 'paper_eta_squared', label: 'Paper eta^2 %', format: 'pct' },
      { key: 'delta_eta_squared', label: 'Delta', format: 'pp' },
    ],
    rows,
    paper: paperField(PAPER, 'entanglement'),
    notes: [
      `L3 items with reach-back > 40: ${e.l3Long} of ${e.l3Items} (paper: ${PAPER.byId('astra-vs-rest/l3-long-items').value} of ${PAPER.byId('table14/items/L3').value}); L3 labels declared by the operator rather than measured: ${e.l3Declared} (paper: ${PAPER.byId('entanglement/l3-declared').value}).`,
      `The paper does not say which difficulty axis its eta = 0.69 refers to, nor how a reach-back of 0 is handled: here ln(reach-back) over items with reach-back >= 1 (${e.reachBackZero} items have 0; eta^2 does not depend on the log base), and eta for item difficulty is shown against the 0.69.`,
    ],
  };
}
