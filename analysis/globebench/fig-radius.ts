import type { Figure } from '../../src/present/figures/figure.js';
import type { GlobeContext } from './context.js';
import { groupItems, itemCell, itemShares, meanAt, modelCell, modelOrder, pct100, RADII, type RadiusLevel } from './slices.js';

export const MEAN_LABEL = '20-model mean';

/** Mean label with the actual number of models (the paper has 20). */
export function meanLabel(ctx: GlobeContext): string {
  return ctx.models.length === 20 ? MEAN_LABEL : `${ctx.models.length}-model mean`;
}

/** Radius levels that have items, in order, with their item indices. */
function levels(ctx: GlobeContext): { level: RadiusLevel; idx: number[] }[] {
  const by = groupItems(ctx, (i) => ctx.release.items[i].impact_radius);
  return RADII.filter((r) => by.has(r)).map((r) => ({ level: r, idx: by.get(r)! }));
}

const Y = { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100] } };

/**
 * Figure 3: success by impact-radius level for each model (one line per model) with the mean over
 * models dotted. Items without a radius are left out.
 */
export function fig03(ctx: GlobeContext): Figure {
  const lv = levels(ctx);
  const order = modelOrder(ctx);
  const values: Record<string, unknown>[] = [];
  for (const { level, idx } of lv) {
    for (const m of order) values.push({ series: 'model', model: m.name, level, items: idx.length, success: pct100(meanAt(ctx.pass.get(m.model_id)!, idx)) });
    values.push({ series: 'mean', model: meanLabel(ctx), level, items: idx.length, success: pct100(meanAt(itemShares(ctx), idx)) });
  }
  const x = { field: 'level', type: 'ordinal', sort: lv.map((l) => l.level), title: 'impact radius', axis: { labelAngle: 0 } };
  const color = { field: 'model', type: 'nominal', title: 'model', sort: order.map((m) => m.name), scale: { domain: order.map((m) => m.name), scheme: 'tableau20' }, legend: { labelLimit: 240 } };
  const tooltip = [
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
    },
    notes: [
      `All ${ctx.models.length} models are drawn (the paper's Figure 3 shows 11 of the 20, without saying which in TARGETS.md); Figure 6 has one panel per model with intervals.`,
      `Items without an impact radius (${ctx.release.items.filter((it) => it.impact_radius === null).length}) are left out.`,
    ],
  };
}

/**
 * Figure 6: success by impact radius, one panel per model (best first) with 95% item-bootstrap
 * intervals, the mean over models dotted in every panel; the first panel is the mean itself with
 * its own interval (resampling items of the per-item share of models passing).
 */
export function fig06(ctx: GlobeContext): Figure {
  const lv = levels(ctx);
  const order = modelOrder(ctx);
  const mean = meanLabel(ctx);
  const values: Record<string, unknown>[] = [];
  const meanRows = lv.map(({ level, idx }) => {
    const c = itemCell(ctx, idx, `fig06:mean:${level}`);
    return { level, items: idx.length, success: pct100(c.success), low: pct100(c.ci_low), high: pct100(c.ci_high) };
  });
  for (const r of meanRows) values.push({ panel: mean, series: 'model', ...r });
  for (const m of order) {
    lv.forEach(({ level, idx }, j) => {
      const c = modelCell(ctx, m.model_id, idx, `fig06:${m.model_id}:${level}`);
      values.push({ panel: m.name, series: 'model', level, items: idx.length, success: pct100(c.success), low: pct100(c.ci_low), high: pct100(c.ci_high) });
      values.push({ panel: m.name, series: 'mean', level, items: idx.length, success: meanRows[j].success, low: null, high: null });
    });
  }
  const x = { field: 'level', type: 'ordinal', sort: lv.map((l) => l.level), title: 'impact radius', axis: { labelAngle: 0 } };
  const tooltip = [
    { field: 'panel', type: 'nominal', title: 'model' },
    { field: 'level', type: 'ordinal' },
    { field: 'items', type: 'quantitative' },
    { field: 'success', type: 'quantitative', format: '.2f' },
    { field: 'low', type: 'quantitative', format: '.2f', title: 'CI low' },
    { field: 'high', type: 'quantitative', format: '.2f', title: 'CI high' },
  ];
  return {
    id: 'fig06',
    title: 'Figure 6: success by impact radius for every model, with 95% item-bootstrap intervals',
    source: 'GlobeBench, Figure 6',
    spec: {
      title: { text: 'Success by impact radius, per model', subtitle: `whiskers: 95% bootstrap CI over items; dotted: ${mean}` },
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
            mark: { type: 'rule', color: '#4c78a8' },
            encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } },
          },
          {
            transform: [{ filter: "datum.series === 'model'" }],
            mark: { type: 'line', point: true, color: '#4c78a8' },
            encoding: { x, y: Y, tooltip },
          },
        ],
      },
    },
    notes: [
      `Intervals: ${ctx.opts.resamples} percentile-bootstrap resamples of the level's items (seed ${ctx.opts.seed}, one stream per model and level); the first panel is the ${mean} with the interval of the per-item share of models passing.`,
      `Items without an impact radius (${ctx.release.items.filter((it) => it.impact_radius === null).length}) are left out.`,
    ],
  };
}
