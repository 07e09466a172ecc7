import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { reachBinCell } from '../derive/cells.js';
import { reachBinRates } from '../derive/model-rates.js';
import { modelOrder, reachBins, SPARSE_BIN } from '../derive/slices.js';
import { binLayers, binNotes, meanLabel, reachBinAxis, successY } from './chart-parts.js';
import { intervalText } from '../../../src/present/figures/figure-marks.js';
import { pct100 } from './format.js';

/**
 * Figure 4: success by reach-back bin, the mean over models (the per-item share of models passing,
 * averaged over the bin's items) with a 95% item-bootstrap interval, and each model as a thin grey line.
 */
export function fig04(ctx: GlobeContext): Figure {
  const bins = reachBins(ctx);
  const labels = bins.map((b) => b.label);
  const values: Record<string, unknown>[] = [];
  const rates = reachBinRates(ctx);
  bins.forEach((b, j) => {
    const c = reachBinCell(ctx, b.edge);
    values.push({
      series: 'mean',
      model: meanLabel(ctx),
      panel: meanLabel(ctx),
      bin: b.label,
      items: b.idx.length,
      n_label: `n=${b.idx.length}`,
      success: pct100(c.success),
      low: pct100(c.ci_low),
      high: pct100(c.ci_high),
      ci_text: intervalText(pct100(c.ci_low), pct100(c.ci_high), 2),
    });
    for (const m of modelOrder(ctx))
      values.push({ series: 'model', model: m.name, bin: b.label, items: b.idx.length, success: pct100(rates[j].byModel.get(m.model_id)!) });
  });
  const height = 260;
  const x = reachBinAxis(labels);
  const Y = successY(values);
  return {
    id: 'fig04',
    title: `Figure 4: success by reach-back (200-turn bins), ${meanLabel(ctx)} with 95% CI`,
    source: 'GlobeBench, Figure 4',
    spec: {
      title: {
        text: 'Success by reach-back',
        subtitle: `black: ${meanLabel(ctx)} with its 95% item-bootstrap CI (grey rules); grey: each model; hollow: bin with < ${SPARSE_BIN} items`,
      },
      width: Math.max(360, 44 * bins.length),
      height,
      data: { values },
      layer: [
        {
          transform: [{ filter: "datum.series === 'model'" }],
          mark: { type: 'line', color: '#bbbbbb', strokeWidth: 1, opacity: 0.8 },
          encoding: {
            x,
            y: Y,
            detail: { field: 'model', type: 'nominal' },
            tooltip: [
              { field: 'model', type: 'nominal' },
              { field: 'bin', type: 'ordinal', title: 'bin upper edge (turns)' },
              { field: 'success', type: 'quantitative', title: 'success (%)', format: '.2f' },
              { field: 'items', type: 'quantitative', title: 'n (items)', format: ',' },
            ],
          },
        },
        ...binLayers(labels, height, 'black', "datum.series === 'mean'", Y),
      ],
    } satisfies TopLevelSpec,
    notes: [
      ...binNotes(ctx, bins),
      `Interval: ${ctx.opts.resamples} percentile-bootstrap resamples of the bin's items (seed ${ctx.opts.seed}). All ${ctx.models.length} models are drawn in grey (the paper names 11 of them); Figure 7 has one panel per model.`,
    ],
  };
}
