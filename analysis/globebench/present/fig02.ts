import type { TopLevelSpec } from 'vega-lite';
import type { PositionX, PositionY } from './chart-parts.js';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { skillStats } from '../derive/skills.js';
import { modelOrder } from '../derive/slices.js';
import { pct100 } from './format.js';

/** Figure 2: model x skill heat map; rows are models by overall success, columns skills hardest first. */
export function fig02(ctx: GlobeContext): Figure {
  const stats = skillStats(ctx);
  const order = modelOrder(ctx);
  const values = stats.flatMap((s) => s.byModel.map((x) => ({ model: x.name, skill: s.skill, items: s.idx.length, success: pct100(x.success) })));
  const x: PositionX = {
    field: 'skill',
    type: 'nominal',
    sort: stats.map((s) => s.skill),
    // no axis title: Vega places it below its estimate of the angled labels' extent, far below the
    // labels themselves; the subtitle names the columns
    title: null,
    axis: { labelAngle: -45, labelLimit: 240 },
  };
  const y: PositionY = { field: 'model', type: 'nominal', sort: order.map((m) => m.name), title: null };
  return {
    id: 'fig02',
    title: 'Figure 2: success by model and primary skill',
    source: 'GlobeBench, Figure 2',
    spec: {
      title: {
        text: 'Task success (%) by model and primary skill',
        subtitle: 'rows: models by overall success; columns: primary skill, by pooled success, hardest first',
      },
      width: { step: 34 },
      height: { step: 20 },
      data: { values },
      layer: [
        {
          mark: { type: 'rect' },
          encoding: {
            x,
            y,
            tooltip: [
              { field: 'model', type: 'nominal' },
              { field: 'skill', type: 'nominal', title: 'primary skill' },
              { field: 'success', type: 'quantitative', title: 'success (%)', format: '.2f' },
              { field: 'items', type: 'quantitative', title: 'n (items)', format: ',' },
            ],
            color: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100], scheme: 'blues' } },
          },
        },
        {
          mark: { type: 'text', fontSize: 9 },
          encoding: {
            x,
            y,
            text: { field: 'success', type: 'quantitative', format: '.0f' },
            color: { condition: { test: 'datum.success >= 55', value: 'white' }, value: 'black' },
          },
        },
      ],
    } satisfies TopLevelSpec,
    notes: ["Success of each model on each skill's items, rounded to whole percent in the cells (exact values in the tooltip and in Table 18's data)."],
  };
}
