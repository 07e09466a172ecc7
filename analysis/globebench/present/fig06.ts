import type { TopLevelSpec } from 'vega-lite';
import type { PositionX, TooltipDef } from './chart-parts.js';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { bandRadiusCell, modelRadiusCell } from '../derive/cells.js';
import { modelOrder, radiusLevels, unlabelledItems } from '../derive/slices.js';
import { meanLabel, successY } from './chart-parts.js';
import { INTERVAL_MARK, intervalKey, intervalText } from '../../../src/present/figures/figure-marks.js';
import { pct100 } from './format.js';

/**
 * Figure 6: success by impact radius, one panel per model (best first) with 95% item-bootstrap
 * intervals, the mean over models dotted in every panel; the first panel is the mean itself with
 * its own interval (resampling items of the per-item share of models passing).
 */
export function fig06(ctx: GlobeContext): Figure {
  const lv = radiusLevels(ctx);
  const order = modelOrder(ctx);
  const mean = meanLabel(ctx);
  const values: Record<string, unknown>[] = [];
  const meanRows = lv.map(({ level, idx }) => {
    // the mean panel is Table 14's radius total: one cell, one draw, one interval in both
    const c = bandRadiusCell(ctx, { band: 'all', radius: level });
    return {
      level,
      items: idx.length,
      success: pct100(c.success),
      low: pct100(c.ci_low),
      high: pct100(c.ci_high),
      ci_text: intervalText(pct100(c.ci_low), pct100(c.ci_high), 2),
    };
  });
  for (const r of meanRows) values.push({ panel: mean, series: 'model', ...r });
  for (const m of order) {
    lv.forEach(({ level, idx }, j) => {
      const c = modelRadiusCell(ctx, { model_id: m.model_id, radius: level });
      values.push({
        panel: m.name,
        series: 'model',
        level,
        items: idx.length,
        success: pct100(c.success),
        low: pct100(c.ci_low),
        high: pct100(c.ci_high),
        ci_text: intervalText(pct100(c.ci_low), pct100(c.ci_high), 2),
      });
      values.push({ panel: m.name, series: 'mean', level, items: idx.length, success: meanRows[j].success, low: null, high: null });
    });
  }
  const x: PositionX = { field: 'level', type: 'ordinal', sort: lv.map((l) => l.level), title: 'impact radius', axis: { labelAngle: 0 } };
  const tooltip: TooltipDef = [
    { field: 'panel', type: 'nominal', title: 'model' },
    { field: 'level', type: 'ordinal' },
    { field: 'success', type: 'quantitative', title: 'success (%)', format: '.2f' },
    { field: 'ci_text', type: 'nominal', title: '95% CI (%)' },
    { field: 'items', type: 'quantitative', title: 'n (items)', format: ',' },
  ];
  const Y = successY(values);
  return {
    id: 'fig06',
    title: 'Figure 6: success by impact radius for every model, with 95% item-bootstrap intervals',
    source: 'GlobeBench, Figure 6',
    spec: {
      title: { text: 'Success by impact radius, per model', subtitle: `grey rules: 95% bootstrap CI over items; dotted: ${mean}` },
      data: { values },
      columns: 5,
      facet: { field: 'panel', type: 'nominal', sort: [mean, ...order.map((m) => m.name)], title: null },
      spec: {
        width: 150,
        height: 120,
        layer: [
          {
            transform: [{ filter: "datum.series === 'mean'" }],
            mark: { type: 'line', color: 'black', strokeWidth: 1.5, strokeDash: [2, 3] },
            encoding: { x, y: Y },
          },
          {
            transform: [{ filter: "datum.series === 'model'" }],
            mark: INTERVAL_MARK,
            encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, ...intervalKey('95% item-bootstrap CI'), tooltip },
          },
          {
            transform: [{ filter: "datum.series === 'model'" }],
            mark: { type: 'line', point: true, color: '#4c78a8' },
            encoding: { x, y: Y, tooltip },
          },
        ],
      },
    } satisfies TopLevelSpec,
    notes: [
      `Intervals: ${ctx.opts.resamples} percentile-bootstrap resamples of the level's items (seed ${ctx.opts.seed}, one stream per model and level); the first panel is the ${mean} with the interval of the per-item share of models passing, the same cell as Table 14's radius totals (stream table14:band=all:radius=L0, ...).`,
      `Items without an impact radius (${unlabelledItems(ctx).noRadius}) are left out.`,
    ],
  };
}
