import type { Encoding } from 'vega-lite/types_unstable/encoding.js';
import type { LayerSpec } from 'vega-lite/types_unstable/spec/layer.js';
import type { GlobeContext } from '../derive/context.js';
import { domainRates } from '../derive/model-rates.js';
import { modelOrder, BIN_WIDTH, SPARSE_BIN, unlabelledItems } from '../derive/slices.js';
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

/** The y encoding of every success chart: percent, 0-100. */
export const Y: PositionY = { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100] } };

const N_OFFSET = 34; // pixels below the plot where the items-per-bin line sits

export function reachBinAxis(labels: string[], title: string | null = 'reach-back bin (upper edge, turns); n = items'): PositionX {
  return { field: 'bin', type: 'ordinal', sort: labels, title, axis: { labelAngle: 0, titlePadding: 24 } };
}

/** Layers shared by both figures: the interval, the line, filled markers (>= 50 items) and hollow ones (< 50), the n line. */
export function binLayers(labels: string[], height: number, color: string, filter: string, xTitle?: string | null): Layer[] {
  const x = reachBinAxis(labels, xTitle);
  const tooltip: TooltipDef = [
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

export function binNotes(ctx: GlobeContext, bins: { idx: number[] }[]): string[] {
  const sparse = bins.filter((b) => b.idx.length < SPARSE_BIN).length;
  return [
    `Bins are right-closed and ${BIN_WIDTH} turns wide, labelled by their upper edge: (0, ${BIN_WIDTH}] -> "${BIN_WIDTH}", (${BIN_WIDTH}, ${2 * BIN_WIDTH}] -> "${2 * BIN_WIDTH}", ...; reach-back 0 goes to the first bin. Only bins with items are drawn.`,
    `Hollow markers: bins with fewer than ${SPARSE_BIN} items (${sparse} of ${bins.length} bins). Items without a reach-back (${unlabelledItems(ctx).noReach}) are left out.`,
  ];
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
  const rates = domainRates(ctx);
  const domains = rates.map((r) => r.key);
  const pooled = `pooled (${ctx.models.length} models)`;
  const order = modelOrder(ctx);
  const rows = [pooled, ...order.map((m) => m.name)];
  const values: Record<string, unknown>[] = [];
  for (const { key: d, items, mean, byModel } of rates) {
    values.push({ row: pooled, domain: d, items, success: pct100(mean) });
    for (const m of order) values.push({ row: m.name, domain: d, items, success: pct100(byModel.get(m.model_id)!) });
  }
  return { domains, rows, pooled, values };
}

export const DOMAIN_TOOLTIP: TooltipDef = [
  { field: 'row', type: 'nominal', title: 'model' },
  { field: 'domain', type: 'nominal' },
  { field: 'items', type: 'quantitative' },
  { field: 'success', type: 'quantitative', format: '.2f' },
];
