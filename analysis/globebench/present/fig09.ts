import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { DOMAIN_TOOLTIP, domainValues, TABLEAU20 } from './chart-parts.js';

/** Figure 9: success by domain, grouped bars: the pooled rate (black) then each model, best first. */
export function fig09(ctx: GlobeContext): Figure {
  const { domains, rows, pooled, values } = domainValues(ctx);
  const range = ['#000000', ...rows.slice(1).map((_, i) => TABLEAU20[i % TABLEAU20.length])];
  return {
    id: 'fig09',
    title: 'Figure 9: success by domain per model',
    source: 'GlobeBench, Figure 9',
    spec: {
      title: { text: 'Task success (%) by domain', subtitle: `first (black) bar in each group: ${pooled}; then models by overall success` },
      width: { step: Math.max(6, Math.min(14, Math.floor(600 / (domains.length * rows.length)))) },
      height: 260,
      data: { values },
      mark: { type: 'bar' },
      encoding: {
        x: { field: 'domain', type: 'nominal', sort: domains, title: 'domain', axis: { labelAngle: 0 } },
        xOffset: { field: 'row', type: 'nominal', sort: rows },
        // side by side, not stacked: Vega's stack groups rows in a plain object, so a model named "constructor" broke it
        y: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100] }, stack: null },
        color: { field: 'row', type: 'nominal', title: 'model', sort: rows, scale: { domain: rows, range }, legend: { labelLimit: 240 } },
        tooltip: DOMAIN_TOOLTIP,
      },
    } satisfies TopLevelSpec,
    notes: [
      `All ${ctx.models.length} models are drawn (the paper's Figure 9 names 11 in its legend); the pooled rate pools every model's responses to the domain's items (= mean over models).`,
    ],
  };
}
