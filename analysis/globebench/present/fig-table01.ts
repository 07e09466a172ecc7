import type { TopLevelSpec } from 'vega-lite';
import type { PositionY } from './chart-parts.js';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { leaderboard } from '../derive/leaderboard.js';
import { PAPER } from '../paper.js';

/** Table 1 as bars with bootstrap CI error bars (the table's cell, leaderboard); published values as black ticks. */
export function figTable01(ctx: GlobeContext): Figure {
  const values = leaderboard(ctx).rows.map((r) => {
    const paper = PAPER.at('table01', 'success', { model: r.model });
    return {
      model: r.model,
      access: r.access,
      kind: r.kind,
      success: 100 * r.success,
      ci_low: 100 * (r.ci_low as number),
      ci_high: 100 * (r.ci_high as number),
      paper: paper === null ? null : 100 * paper,
    };
  });
  // an explicit order: a layered chart cannot sort a shared axis by one layer's field
  // Table 1's rows are already in rank order (exact pass counts), ties by name
  const order = values.map((v) => String(v.model));
  const y: PositionY = { field: 'model', type: 'nominal', sort: order, title: null };
  return {
    id: 'fig-table01',
    title: 'Table 1: success by model with 95% bootstrap CIs',
    source: 'GlobeBench, Table 1',
    spec: {
      title: 'Success by model (bars: recomputed, whiskers: 95% bootstrap CI, ticks: paper)',
      width: 480,
      height: { step: 18 },
      data: { values },
      layer: [
        {
          mark: { type: 'bar', tooltip: true },
          encoding: {
            y,
            // one bar per model, never stacked: Vega's stack groups rows in a plain object, so a model named "constructor" broke it
            x: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100] }, stack: null },
            color: { field: 'kind', type: 'nominal', title: 'kind' },
          },
        },
        {
          mark: { type: 'rule' },
          encoding: { y, x: { field: 'ci_low', type: 'quantitative' }, x2: { field: 'ci_high' } },
        },
        {
          transform: [{ filter: 'datum.paper !== null' }],
          mark: { type: 'tick', color: 'black', thickness: 2 },
          encoding: { y, x: { field: 'paper', type: 'quantitative' } },
        },
      ],
    } satisfies TopLevelSpec,
  };
}
