import type { TopLevelSpec } from 'vega-lite';
import type { PositionY, TooltipDef } from './chart-parts.js';
import type { Figure } from '../../../src/present/figures/figure.js';
import { fittedDomain, INTERVAL_MARK, intervalKey, intervalText, PAPER_MARK, paperKey, valueText } from '../../../src/present/figures/figure-marks.js';
import type { GlobeContext } from '../derive/context.js';
import { leaderboard } from '../derive/leaderboard.js';
import { PAPER } from '../paper.js';

/** Table 1 as bars with bootstrap CIs as grey rules (the table's cell, leaderboard); published values as open diamonds. */
export function figTable01(ctx: GlobeContext): Figure {
  const values = leaderboard(ctx).rows.map((r) => {
    const paper = PAPER.at('table01', 'success', { model: r.model });
    const low = 100 * (r.ci_low as number);
    const high = 100 * (r.ci_high as number);
    return {
      model: r.model,
      access: r.access,
      kind: r.kind,
      success: 100 * r.success,
      ci_low: low,
      ci_high: high,
      ci_text: intervalText(low, high, 2),
      items: r.n_items,
      paper: paper === null ? null : 100 * paper,
      paper_text: valueText(paper === null ? null : 100 * paper, 2),
    };
  });
  // an explicit order: a layered chart cannot sort a shared axis by one layer's field
  // Table 1's rows are already in rank order (exact pass counts), ties by name
  const order = values.map((v) => String(v.model));
  const y: PositionY = { field: 'model', type: 'nominal', sort: order, title: null };
  const domain = fittedDomain(values.flatMap((v) => [v.success, v.ci_high, v.paper]));
  const x = { field: 'success', type: 'quantitative' as const, title: 'success (%)', scale: { domain }, stack: null };
  const tooltip: TooltipDef = [
    { field: 'model', type: 'nominal' },
    { field: 'success', type: 'quantitative', title: 'success (%)', format: '.2f' },
    { field: 'ci_text', type: 'nominal', title: '95% CI (%)' },
    { field: 'items', type: 'quantitative', title: 'n (items)', format: ',' },
    { field: 'paper_text', type: 'nominal', title: 'paper (%)' },
  ];
  return {
    id: 'fig-table01',
    title: 'Table 1: success by model with 95% bootstrap CIs',
    source: 'GlobeBench, Table 1',
    spec: {
      title: 'Success by model: recomputed, 95% bootstrap CI and the paper',
      width: 480,
      height: { step: 18 },
      data: { values },
      layer: [
        {
          mark: { type: 'bar', opacity: 0.85, height: { band: 0.7 } },
          encoding: {
            y,
            // one bar per model, never stacked: Vega's stack groups rows in a plain object, so a model named "constructor" broke it
            x,
            color: { field: 'kind', type: 'nominal', title: 'model kind' },
            tooltip,
          },
        },
        {
          mark: INTERVAL_MARK,
          encoding: { y, x: { field: 'ci_low', type: 'quantitative' }, x2: { field: 'ci_high' }, ...intervalKey('95% bootstrap CI'), tooltip },
        },
        {
          transform: [{ filter: 'datum.paper !== null' }],
          mark: PAPER_MARK,
          encoding: { y, x: { field: 'paper', type: 'quantitative' }, ...paperKey(), tooltip },
        },
      ],
    } satisfies TopLevelSpec,
  };
}
