import type { Encoding } from 'vega-lite/types_unstable/encoding.js';
import type { LayerSpec } from 'vega-lite/types_unstable/spec/layer.js';
import type { GlobeContext } from '../derive/context.js';
import { domainRates } from '../derive/model-rates.js';
import { modelOrder, BIN_WIDTH, SPARSE_BIN, unlabelledItems } from '../derive/slices.js';
import { fittedDomain, INTERVAL_MARK, intervalKey } from '../../../src/present/figures/figure-marks.js';
import { pct100 } from './format.js';

/** Pieces shared by several GlobeBench figures: labels, encodings, layers and per-domain values. */

/** vega-lite's own types for the pieces of a spec built apart from it (shared encodings, layers). */
export type PositionX = NonNullable<Encoding<string>['x']>;
export type PositionY = NonNullable<Encoding<string>['y']>;
export type ColorDef = NonNullable<Encoding<string>['color']>;
export type TooltipDef = NonNullable<Encoding<string>['tooltip']>;
export type Layer = LayerSpec<string>['layer'][number];

const MEAN_LABEL = '20-model mean';

/** Mean label with the actual number of models (the paper has 20). */
export function meanLabel(ctx: GlobeContext): string {
  return ctx.models.length === 20 ? MEAN_LABEL : `${ctx.models.length}-model mean`;
}

/** The y encoding of every success chart: percent, from 0 to just above the largest value or interval bound drawn. */
export function successY(values: Record<string, unknown>[]): PositionY {
  const drawn = values.flatMap((v) => [v.success, v.high]).filter((x): x is number => typeof x === 'number');
  return { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: fittedDomain(drawn) } };
}

const N_OFFSET = 34; // pixels below the plot where the items-per-bin line sits

export function reachBinAxis(labels: string[], title: string | null = 'reach-back bin (upper edge, turns); n = items'): PositionX {
  return { field: 'bin', type: 'ordinal', sort: labels, title, axis: { labelAngle: 0, titlePadding: 24 } };
}

/** Layers shared by both figures: the interval, the line, filled markers (>= 50 items) and hollow ones (< 50), the n line. */
export function binLayers(labels: string[], height: number, color: string, filter: string, Y: PositionY, xTitle?: string | null): Layer[] {
  const x = reachBinAxis(labels, xTitle);
  const tooltip: TooltipDef = [
    { field: 'panel', type: 'nominal', title: 'model' },
    { field: 'bin', type: 'ordinal', title: 'bin upper edge (turns)' },
    { field: 'success', type: 'quantitative', title: 'success (%)', format: '.2f' },
    { field: 'ci_text', type: 'nominal', title: '95% CI (%)' },
    { field: 'items', type: 'quantitative', title: 'n (items)', format: ',' },
  ];
  return [
    {
      transform: [{ filter }],
      mark: INTERVAL_MARK,
      encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, ...intervalKey('95% item-bootstrap CI'), tooltip },
    },
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

export function binNotes(ctx: GlobeContext, bins: { idx: number[] }[]): string[] {
  const sparse = bins.filter((b) => b.idx.length < SPARSE_BIN).length;
  return [
    `Bins are right-closed and ${BIN_WIDTH} turns wide, labelled by their upper edge: (0, ${BIN_WIDTH}] -> "${BIN_WIDTH}", (${BIN_WIDTH}, ${2 * BIN_WIDTH}] -> "${2 * BIN_WIDTH}", ...; reach-back 0 goes to the first bin. Only bins with items are drawn.`,
    `Hollow markers: bins with fewer than ${SPARSE_BIN} items (${sparse} of ${bins.length} bins). Items without a reach-back (${unlabelledItems(ctx).noReach}) are left out.`,
  ];
}

/** At most this many models share one panel, so that a panel has no more than about 8 hues (with the mean). */
const MODELS_PER_PANEL = 7;

/**
 * Models in rank order cut into panels of at most MODELS_PER_PANEL, as even as can be (20 models: 7,
 * 7, 6): the panel index of each model by rank, and each panel's first and last rank.
 */
export function rankPanels(count: number): { panel: number[]; ranges: [number, number][] } {
  const panels = Math.max(1, Math.ceil(count / MODELS_PER_PANEL));
  const panel: number[] = [];
  const ranges: [number, number][] = [];
  let start = 0;
  for (let p = 0; p < panels; p++) {
    const size = Math.floor(count / panels) + (p < count % panels ? 1 : 0);
    for (let i = 0; i < size; i++) panel.push(p);
    ranges.push([start + 1, start + size]);
    start += size;
  }
  return { panel, ranges };
}

/** Vega's tableau20, for a colour per model (cycled beyond 20). */
export const TABLEAU20 = [
  '#4c78a8',
  '#9ecae9',
  '#f58518',
  '#ffbf79',
  '#54a24b',
  '#88d27a',
  '#b79a20',
  '#f2cf5b',
  '#439894',
  '#83bcb6',
  '#e45756',
  '#ff9d98',
  '#79706e',
  '#bab0ac',
  '#d67195',
  '#fcbfd2',
  '#b279a2',
  '#d6a5c9',
  '#9e765f',
  '#d8b5a5',
];

/** Success per domain for the pooled row and every model (best first), domains in the order docs/release-format.md lists them. */
export function domainValues(ctx: GlobeContext) {
  const { panel } = rankPanels(modelOrder(ctx).length);
  const rates = domainRates(ctx);
  const domains = rates.map((r) => r.key);
  const pooled = `pooled (${ctx.models.length} models)`;
  const order = modelOrder(ctx);
  const rows = [pooled, ...order.map((m) => m.name)];
  const values: Record<string, unknown>[] = [];
  for (const { key: d, items, mean, byModel } of rates) {
    values.push({ row: pooled, panel: -1, domain: d, items, success: pct100(mean) });
    order.forEach((m, i) => values.push({ row: m.name, panel: panel[i], domain: d, items, success: pct100(byModel.get(m.model_id)!) }));
  }
  return { domains, rows, pooled, values };
}

export const DOMAIN_TOOLTIP: TooltipDef = [
  { field: 'row', type: 'nominal', title: 'model' },
  { field: 'domain', type: 'nominal' },
  { field: 'success', type: 'quantitative', title: 'success (%)', format: '.2f' },
  { field: 'items', type: 'quantitative', title: 'n (items)', format: ',' },
];
