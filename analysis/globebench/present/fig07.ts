import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { FIG07_MAX_RESAMPLES, modelReachBinCell, reachBinCell } from '../derive/cells.js';
import { modelOrder, reachBins, SPARSE_BIN } from '../derive/slices.js';
import { binLayers, binNotes, meanLabel, successY } from './chart-parts.js';
import { intervalText } from '../../../src/present/figures/figure-marks.js';
import { pct100 } from './format.js';

/**
 * Figure 7: success by reach-back bin, one panel per model (best first) plus the mean over models
 * first, each bin with a 95% item-bootstrap interval, items per bin under the axis and hollow markers
 * for bins with fewer than 50 items.
 */
export function fig07(ctx: GlobeContext): Figure {
  const bins = reachBins(ctx);
  const labels = bins.map((b) => b.label);
  const order = modelOrder(ctx);
  const mean = meanLabel(ctx);
  const resamples = Math.min(ctx.opts.resamples, FIG07_MAX_RESAMPLES);
  const values: Record<string, unknown>[] = [];
  for (const b of bins) {
    const base = { bin: b.label, items: b.idx.length, n_label: `n=${b.idx.length}` };
    // the mean panel is Figure 4's cell (all the run's resamples: one interval per bin, cheap)
    const c = reachBinCell(ctx, b.edge);
    values.push({
      panel: mean,
      ...base,
      success: pct100(c.success),
      low: pct100(c.ci_low),
      high: pct100(c.ci_high),
      ci_text: intervalText(pct100(c.ci_low), pct100(c.ci_high), 2),
    });
    for (const m of order) {
      const mc = modelReachBinCell(ctx, { model_id: m.model_id, edge: b.edge });
      values.push({
        panel: m.name,
        ...base,
        success: pct100(mc.success),
        low: pct100(mc.ci_low),
        high: pct100(mc.ci_high),
        ci_text: intervalText(pct100(mc.ci_low), pct100(mc.ci_high), 2),
      });
    }
  }
  const height = 120;
  const panelWidth = Math.max(200, 34 * bins.length);
  // as many panels per row as fit in about 1,400 pixels
  const columns = Math.max(1, Math.min(4, Math.floor(1400 / (panelWidth + 60))));
  return {
    id: 'fig07',
    title: 'Figure 7: success by reach-back (200-turn bins) per model, with items per bin and 95% CIs',
    source: 'GlobeBench, Figure 7',
    spec: {
      title: {
        text: 'Success by reach-back, per model',
        subtitle: `x: reach-back bin (upper edge, turns), n = items per bin; grey rules: 95% item-bootstrap CI; hollow: bin with < ${SPARSE_BIN} items`,
      },
      data: { values },
      columns,
      spacing: { row: 40, column: 20 },
      facet: { field: 'panel', type: 'nominal', sort: [mean, ...order.map((m) => m.name)], title: null },
      resolve: { axis: { x: 'independent' } },
      spec: {
        width: panelWidth,
        height,
        layer: binLayers(labels, height, '#4c78a8', 'true', successY(values), null),
      },
    } satisfies TopLevelSpec,
    notes: [
      ...binNotes(ctx, bins),
      `Intervals: ${resamples} percentile-bootstrap resamples per model and bin (min of the run's ${ctx.opts.resamples} and ${FIG07_MAX_RESAMPLES}, to keep ${order.length} x ${bins.length} intervals cheap; seed ${ctx.opts.seed}, one stream per model and bin). The first panel is the ${mean}, with Figure 4's intervals (${ctx.opts.resamples} resamples, the same cells).`,
    ],
  };
}
