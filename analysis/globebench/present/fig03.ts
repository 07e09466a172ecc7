import type { TopLevelSpec } from 'vega-lite';
import type { PositionX, TooltipDef } from './chart-parts.js';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { radiusRates } from '../derive/model-rates.js';
import { modelOrder, unlabelledItems } from '../derive/slices.js';
import { meanLabel, rankPanels, successY, TABLEAU20 } from './chart-parts.js';
import { pct100 } from './format.js';

/**
 * Figure 3: success by impact-radius level, one line per model, in panels of at most seven models
 * by rank (so no panel needs more than eight hues), the mean over models dotted in every panel.
 * Items without a radius are left out.
 */
export function fig03(ctx: GlobeContext): Figure {
  const lv = radiusRates(ctx);
  const order = modelOrder(ctx);
  const { panel, ranges } = rankPanels(order.length);
  const values: Record<string, unknown>[] = [];
  for (const { key: level, items, mean, byModel } of lv) {
    order.forEach((m, i) => values.push({ series: 'model', panel: panel[i], model: m.name, level, items, success: pct100(byModel.get(m.model_id)!) }));
    values.push({ series: 'mean', panel: -1, model: meanLabel(ctx), level, items, success: pct100(mean) });
  }
  const x: PositionX = { field: 'level', type: 'ordinal', sort: lv.map((l) => l.key), title: 'impact radius', axis: { labelAngle: 0 } };
  const y = successY(values);
  const tooltip: TooltipDef = [
    { field: 'model', type: 'nominal' },
    { field: 'level', type: 'ordinal', title: 'impact radius' },
    { field: 'success', type: 'quantitative', title: 'success (%)', format: '.2f' },
    { field: 'items', type: 'quantitative', title: 'n (items)', format: ',' },
  ];
  const panels = ranges.map(([first, last], p) => {
    const names = order.slice(first - 1, last).map((m) => m.name);
    return {
      title: { text: `models ranked ${first}-${last}`, fontSize: 12 },
      width: 240,
      height: 220,
      layer: [
        {
          transform: [{ filter: `datum.series === 'model' && datum.panel === ${p}` }],
          mark: { type: 'line' as const, point: true, strokeWidth: 1.5 },
          encoding: {
            x,
            y,
            color: {
              field: 'model',
              type: 'nominal' as const,
              title: null,
              sort: names,
              scale: {
                domain: names,
                range: TABLEAU20.filter((_, i) => i % 2 === 0)
                  .concat(TABLEAU20.filter((_, i) => i % 2 === 1))
                  .slice(0, names.length),
              },
              legend: { labelLimit: 200, orient: 'bottom' as const, direction: 'vertical' as const },
            },
            tooltip,
          },
        },
        {
          transform: [{ filter: "datum.series === 'mean'" }],
          mark: { type: 'line' as const, point: { color: 'black' }, color: 'black', strokeWidth: 3, strokeDash: [2, 3] },
          encoding: { x, y, tooltip },
        },
      ],
    };
  });
  return {
    id: 'fig03',
    title: `Figure 3: success by impact radius per model, ${meanLabel(ctx)} dotted`,
    source: 'GlobeBench, Figure 3',
    spec: {
      title: { text: 'Success by impact radius', subtitle: `one line per model, panels by overall rank; black dotted: ${meanLabel(ctx)}` },
      data: { values },
      hconcat: panels,
      resolve: { scale: { color: 'independent', y: 'shared' }, legend: { color: 'independent' } },
    } satisfies TopLevelSpec,
    notes: [
      `All ${ctx.models.length} models are drawn, at most seven per panel by overall rank (the paper's Figure 3 shows 11 of the 20 in one panel, without saying which in TARGETS.md); Figure 6 has one panel per model with intervals.`,
      `Items without an impact radius (${unlabelledItems(ctx).noRadius}) are left out.`,
    ],
  };
}
