import type { TopLevelSpec } from 'vega-lite';
import type { PositionX, PositionY } from './chart-parts.js';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { DOMAIN_TOOLTIP, domainValues } from './chart-parts.js';

/** Figure 10: success by domain for each model as a grid, the pooled rates on the top row. */
export function fig10(ctx: GlobeContext): Figure {
  const { domains, rows, pooled, values } = domainValues(ctx);
  const x: PositionX = { field: 'domain', type: 'nominal', sort: domains, title: 'domain', axis: { labelAngle: 0, orient: 'top' } };
  const y: PositionY = { field: 'row', type: 'nominal', sort: rows, title: null, axis: { labelLimit: 240 } };
  return {
    id: 'fig10',
    title: 'Figure 10: success by domain for each model, pooled rates on top',
    source: 'GlobeBench, Figure 10',
    spec: {
      title: { text: 'Task success (%) by domain and model', subtitle: `top row: ${pooled}; then models by overall success` },
      width: { step: 90 },
      height: { step: 20 },
      data: { values },
      layer: [
        {
          mark: { type: 'rect' },
          encoding: {
            x,
            y,
            color: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100], scheme: 'blues' } },
            tooltip: DOMAIN_TOOLTIP,
          },
        },
        {
          mark: { type: 'text', fontSize: 10 },
          encoding: {
            x,
            y,
            text: { field: 'success', type: 'quantitative', format: '.1f' },
            color: { condition: { test: 'datum.success >= 55', value: 'white' }, value: 'black' },
          },
        },
      ],
    } satisfies TopLevelSpec,
    notes: ["Cells show success in percent with one decimal; the top row pools all models' responses to the domain's items."],
  };
}
