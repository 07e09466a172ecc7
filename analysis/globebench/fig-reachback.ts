import type { Figure } from '../../src/present/figures/figure.js';
import type { GlobeContext } from './context.js';
import { meanLabel } from './fig-radius.js';
import { BIN_WIDTH, groupItems, itemCell, meanAt, modelCell, modelOrder, pct100, reachBin, SPARSE_BIN } from './slices.js';

/** Reach-back bins that have items, by upper edge, with their item indices (items without reach-back left out). */
export function reachBins(ctx: GlobeContext): { edge: number; label: string; idx: number[] }[] {
  const by = groupItems(ctx, (i) => {
    const rb = ctx.release.items[i].reach_back;
    return rb === null ? null : reachBin(rb);
  });
  return [...by.keys()].sort((a, b) => a - b).map((edge) => ({ edge, label: String(edge), idx: by.get(edge)! }));
}

/** Per-model interval resamples in Figure 7: 20 models x every bin would cost 20x Figure 4's. */
export const FIG07_MAX_RESAMPLES = 2000;

const Y = { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100] } };
const N_OFFSET = 34; // pixels below the plot where the items-per-bin line sits

function xAxis(labels: string[], title: string | null = 'reach-back bin (upper edge, turns); n = items') {
  return { field: 'bin', type: 'ordinal', sort: labels, title, axis: { labelAngle: 0, titlePadding: 24 } };
}

/** Layers shared by both figures: the interval, the line, filled markers (>= 50 items) and hollow ones (< 50), the n line. */
function binLayers(labels: string[], height: number, color: string, filter: string, xTitle?: string | null) {
  const x = xAxis(labels, xTitle);
  const tooltip = [
    { field: 'bin', type: 'ordinal', title: 'bin upper edge' },
    { field: 'items', type: 'quantitative' },
    { field: 'success', type: 'quantitative', format: '.2f' },
    { field: 'low', type: 'quantitative', format: '.2f', title: 'CI low' },
    { field: 'high', type: 'quantitative', format: '.2f', title: 'CI high' },
  ];
  return [
    { transform: [{ filter }], mark: { type: 'rule', color }, encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } } },
    { transform: [{ filter }], mark: { type: 'line', color }, encoding: { x, y: Y } },
    {
      transform: [{ filter: `${filter} && datum.items >= ${SPARSE_BIN}` }],
      mark: { type: 'point', filled: true, color, size: 40, opacity: 1 },
      encoding: { x, y: Y, tooltip },
    },
    {
      transform: [{ filter: `${filter} && datum.items < ${SPARSE_BIN}` }],
      mark: { type: 'point', filled: false, fill: 'white', color, size: 40, strokeWidth: 1.5, opacity: 1 },
      encoding: { x, y: Y, tooltip },
    },
    {
      transform: [{ filter }],
      mark: { type: 'text', fontSize: 9, color: '#555', baseline: 'top' },
      encoding: { x, y: { value: height + N_OFFSET - 14 }, text: { field: 'n_label' } },
    },
  ];
}

function binNotes(ctx: GlobeContext, bins: { idx: number[] }[]): string[] {
  const sparse = bins.filter((b) => b.idx.length < SPARSE_BIN).length;
  return [
    `Bins are right-closed and ${BIN_WIDTH} turns wide, labelled by their upper edge: (0, ${BIN_WIDTH}] -> "${BIN_WIDTH}", (${BIN_WIDTH}, ${2 * BIN_WIDTH}] -> "${2 * BIN_WIDTH}", ...; reach-back 0 goes to the first bin. Only bins with items are drawn.`,
    `Hollow markers: bins with fewer than ${SPARSE_BIN} items (${sparse} of ${bins.length} bins). Items without a reach-back (${ctx.release.items.filter((it) => it.reach_back === null).length}) are left out.`,
  ];
}

/**
 * Figure 4: success by reach-back bin, the mean over models (the per-item share of models passing,
 * averaged over the bin's items) with a 95% item-bootstrap interval, and each model as a thin grey line.
 */
export function fig04(ctx: GlobeContext): Figure {
  const bins = reachBins(ctx);
  const labels = bins.map((b) => b.label);
  const values: Record<string, unknown>[] = [];
  for (const b of bins) {
    const c = itemCell(ctx, b.idx, `fig04:${b.edge}`);
    values.push({ series: 'mean', model: meanLabel(ctx), bin: b.label, items: b.idx.length, n_label: `n=${b.idx.length}`, success: pct100(c.success), low: pct100(c.ci_low), high: pct100(c.ci_high) });
    for (const m of modelOrder(ctx)) values.push({ series: 'model', model: m.name, bin: b.label, items: b.idx.length, success: pct100(meanAt(ctx.pass.get(m.model_id)!, b.idx)) });
  }
  const height = 260;
  const x = xAxis(labels);
  return {
    id: 'fig04',
    title: `Figure 4: success by reach-back (200-turn bins), ${meanLabel(ctx)} with 95% CI`,
    source: 'GlobeBench, Figure 4',
    spec: {
      title: { text: 'Success by reach-back', subtitle: `black: ${meanLabel(ctx)} with 95% item-bootstrap CI; grey: each model; hollow: bin with < ${SPARSE_BIN} items` },
      width: Math.max(360, 44 * bins.length),
      height,
      data: { values },
      layer: [
        {
          transform: [{ filter: "datum.series === 'model'" }],
          mark: { type: 'line', color: '#bbbbbb', strokeWidth: 1, opacity: 0.8 },
          encoding: { x, y: Y, detail: { field: 'model', type: 'nominal' }, tooltip: [{ field: 'model', type: 'nominal' }, { field: 'bin', type: 'ordinal' }, { field: 'success', type: 'quantitative', format: '.2f' }] },
        },
        ...binLayers(labels, height, 'black', "datum.series === 'mean'"),
      ],
    },
    notes: [
      ...binNotes(ctx, bins),
      `Interval: ${ctx.opts.resamples} percentile-bootstrap resamples of the bin's items (seed ${ctx.opts.seed}). All ${ctx.models.length} models are drawn in grey (the paper names 11 of them); Figure 7 has one panel per model.`,
    ],
  };
}

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
    const c = itemCell(ctx, b.idx, `fig07:mean:${b.edge}`, resamples);
    values.push({ panel: mean, ...base, success: pct100(c.success), low: pct100(c.ci_low), high: pct100(c.ci_high) });
    for (const m of order) {
      const mc = modelCell(ctx, m.model_id, b.idx, `fig07:${m.model_id}:${b.edge}`, resamples);
      values.push({ panel: m.name, ...base, success: pct100(mc.success), low: pct100(mc.ci_low), high: pct100(mc.ci_high) });
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
        subtitle: `x: reach-back bin (upper edge, turns), n = items per bin; whiskers: 95% item-bootstrap CI; hollow: bin with < ${SPARSE_BIN} items`,
      },
      data: { values },
      columns,
      spacing: { row: 40, column: 20 },
      facet: { field: 'panel', type: 'nominal', sort: [mean, ...order.map((m) => m.name)], title: null },
      resolve: { axis: { x: 'independent' } },
      spec: {
        width: panelWidth,
        height,
        layer: binLayers(labels, height, '#4c78a8', 'true', null),
      },
    },
    notes: [
      ...binNotes(ctx, bins),
      `Intervals: ${resamples} percentile-bootstrap resamples per model and bin (min of the run's ${ctx.opts.resamples} and ${FIG07_MAX_RESAMPLES}, to keep ${order.length} x ${bins.length} intervals cheap; seed ${ctx.opts.seed}, one stream per model and bin). The first panel is the ${mean}.`,
    ],
  };
}
