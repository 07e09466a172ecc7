import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { fittedDomain } from '../../../src/present/figures/figure-marks.js';
import { DOMAIN_TOOLTIP, domainValues, rankPanels, TABLEAU20 } from './chart-parts.js';

/**
 * Figure 9: success by domain, grouped bars: the pooled rate (black) then each model, best first, in
 * panels of at most seven models by rank (no panel needs more than eight hues).
 */
export function fig09(ctx: GlobeContext): Figure {
  const { domains, rows, pooled, values } = domainValues(ctx);
  const models = rows.slice(1);
  const { ranges } = rankPanels(models.length);
  const domain = fittedDomain(values.map((v) => v.success as number | null));
  const panels = ranges.map(([first, last], p) => {
    const shown = [pooled, ...models.slice(first - 1, last)];
    const range = ['#000000', ...shown.slice(1).map((_, i) => TABLEAU20[(2 * i) % TABLEAU20.length])];
    return {
      title: { text: `models ranked ${first}-${last}`, fontSize: 12 },
      width: { step: Math.max(6, Math.min(14, Math.floor(600 / (domains.length * shown.length)))) },
      height: 200,
      transform: [{ filter: `datum.panel === -1 || datum.panel === ${p}` }],
      mark: { type: 'bar' as const },
      encoding: {
        x: { field: 'domain', type: 'nominal' as const, sort: domains, title: 'domain', axis: { labelAngle: 0 } },
        xOffset: { field: 'row', type: 'nominal' as const, sort: shown },
        // side by side, not stacked: Vega's stack groups rows in a plain object, so a model named "constructor" broke it
        y: { field: 'success', type: 'quantitative' as const, title: 'success (%)', scale: { domain }, stack: null },
        color: { field: 'row', type: 'nominal' as const, title: null, sort: shown, scale: { domain: shown, range }, legend: { labelLimit: 240 } },
        tooltip: DOMAIN_TOOLTIP,
      },
    };
  });
  return {
    id: 'fig09',
    title: 'Figure 9: success by domain per model',
    source: 'GlobeBench, Figure 9',
    spec: {
      title: { text: 'Task success (%) by domain', subtitle: `first (black) bar in each group: ${pooled}; then models by overall success, seven per panel` },
      data: { values },
      vconcat: panels,
      resolve: { scale: { color: 'independent', xOffset: 'independent', y: 'shared' }, legend: { color: 'independent' } },
    } satisfies TopLevelSpec,
    notes: [
      `All ${ctx.models.length} models are drawn, at most seven per panel by overall rank (the paper's Figure 9 names 11 in its legend); the pooled rate pools every model's responses to the domain's items (= mean over models).`,
    ],
  };
}
