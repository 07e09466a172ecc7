import type { TopLevelSpec } from 'vega-lite';
import type { ColorDef, PositionX, TooltipDef } from './chart-parts.js';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { radiusRates } from '../derive/model-rates.js';
import { modelOrder, unlabelledItems } from '../derive/slices.js';
import { meanLabel, Y } from './chart-parts.js';
import { pct100 } from './format.js';

/**
 * Figure 3: success by impact-radius level for each model (one line per model) with the mean over
 * models dotted. Items without a radius are left out.
 */
export function fig03(ctx: GlobeContext): Figure {
  const lv = radiusRates(ctx);
  const order = modelOrder(ctx);
  const values: Record<string, unknown>[] = [];
  for (const { key: level, items, mean, byModel } of lv) {
    for (const m of order) values.push({ series: 'model', model: m.name, level, items, success: pct100(byModel.get(m.model_id)!) });
    values.push({ series: 'mean', model: meanLabel(ctx), level, items, success: pct100(mean) });
  }
  const x: PositionX = { field: 'level', type: 'ordinal', sort: lv.map((l) => l.key), title: 'impact radius', axis: { labelAngle: 0 } };
  const color: ColorDef = {
    field: 'model',
    type: 'nominal',
    title: 'model',
    sort: order.map((m) => m.name),
    scale: { domain: order.map((m) => m.name), scheme: 'tableau20' },
    legend: { labelLimit: 240 },
  };
  const tooltip: TooltipDef = [
    { field: 'model', type: 'nominal' },
    { field: 'level', type: 'ordinal' },
    { field: 'items', type: 'quantitative' },
    { field: 'success', type: 'quantitative', format: '.2f' },
  ];
  return {
    id: 'fig03',
    title: `Figure 3: success by impact radius per model, ${meanLabel(ctx)} dotted`,
    source: 'GlobeBench, Figure 3',
    spec: {
      title: { text: 'Success by impact radius', subtitle: `one line per model; black dotted: ${meanLabel(ctx)}` },
      width: 360,
      height: 260,
      data: { values },
      layer: [
        {
          transform: [{ filter: "datum.series === 'model'" }],
          mark: { type: 'line', point: true, strokeWidth: 1.5 },
          encoding: { x, y: Y, color, tooltip },
        },
        {
          transform: [{ filter: "datum.series === 'mean'" }],
          mark: { type: 'line', point: { color: 'black' }, color: 'black', strokeWidth: 3, strokeDash: [2, 3] },
          encoding: { x, y: Y, tooltip },
        },
      ],
    } satisfies TopLevelSpec,
    notes: [
      `All ${ctx.models.length} models are drawn (the paper's Figure 3 shows 11 of the 20, without saying which in TARGETS.md); Figure 6 has one panel per model with intervals.`,
      `Items without an impact radius (${unlabelledItems(ctx).noRadius}) are left out.`,
    ],
  };
}
