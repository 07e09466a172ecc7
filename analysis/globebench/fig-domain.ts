import type { Figure } from '../../src/present/figures/figure.js';
import type { GlobeContext } from './context.js';
import { groupItems, itemShares, meanAt, modelOrder, pct100 } from './slices.js';
import { DOMAINS } from './table23.js';

/** Vega's tableau20, for a colour per model (cycled beyond 20). */
const TABLEAU20 = ['#4c78a8', '#9ecae9', '#f58518', '#ffbf79', '#54a24b', '#88d27a', '#b79a20', '#f2cf5b', '#439894', '#83bcb6', '#e45756', '#ff9d98', '#79706e', '#bab0ac', '#d67195', '#fcbfd2', '#b279a2', '#d6a5c9', '#9e765f', '#d8b5a5'];

/** Success per domain for the pooled row and every model (best first), domains in RELEASE-FORMAT.md order. */
function domainValues(ctx: GlobeContext) {
  const by = groupItems(ctx, (i) => ctx.release.items[i].domain);
  const domains = [...DOMAINS.filter((d) => by.has(d)), ...[...by.keys()].filter((d) => !(DOMAINS as readonly string[]).includes(d)).sort()];
  const pooled = `pooled (${ctx.models.length} models)`;
  const order = modelOrder(ctx);
  const rows = [pooled, ...order.map((m) => m.name)];
  const values: Record<string, unknown>[] = [];
  for (const d of domains) {
    const idx = by.get(d)!;
    values.push({ row: pooled, domain: d, items: idx.length, success: pct100(meanAt(itemShares(ctx), idx)) });
    for (const m of order) values.push({ row: m.name, domain: d, items: idx.length, success: pct100(meanAt(ctx.pass.get(m.model_id)!, idx)) });
  }
  return { domains, rows, pooled, values };
}

const TOOLTIP = [
  { field: 'row', type: 'nominal', title: 'model' },
  { field: 'domain', type: 'nominal' },
  { field: 'items', type: 'quantitative' },
  { field: 'success', type: 'quantitative', format: '.2f' },
];

/** Figure 9: success by domain, grouped bars: the pooled rate (black) then each model, best first. */
export function fig09(ctx: GlobeContext): Figure {
  const { domains, rows, pooled, values } = domainValues(ctx);
  const range = ['#000000', ...rows.slice(1).map((_, i) => TABLEAU20[i % TABLEAU20.length])];
  return {
    id: 'fig09',
    title: 'Figure 9: success by domain per model',
    source: 'GlobeBench, Figure 9',
    spec: {
      title: { text: 'Task success (%) by domain', subtitle: `first (black) bar in each group: ${pooled}; then models by overall success` },
      width: { step: Math.max(6, Math.min(14, Math.floor(600 / (domains.length * rows.length)))) },
      height: 260,
      data: { values },
      mark: { type: 'bar' },
      encoding: {
        x: { field: 'domain', type: 'nominal', sort: domains, title: 'domain', axis: { labelAngle: 0 } },
        xOffset: { field: 'row', type: 'nominal', sort: rows },
        // side by side, not stacked: Vega's stack groups rows in a plain object, so a model named "constructor" broke it
        y: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100] }, stack: null },
        color: { field: 'row', type: 'nominal', title: 'model', sort: rows, scale: { domain: rows, range }, legend: { labelLimit: 240 } },
        tooltip: TOOLTIP,
      },
    },
    notes: [`All ${ctx.models.length} models are drawn (the paper's Figure 9 names 11 in its legend); the pooled rate pools every model's responses to the domain's items (= mean over models).`],
  };
}

/** Figure 10: success by domain for each model as a grid, the pooled rates on the top row. */
export function fig10(ctx: GlobeContext): Figure {
  const { domains, rows, pooled, values } = domainValues(ctx);
  const x = { field: 'domain', type: 'nominal', sort: domains, title: 'domain', axis: { labelAngle: 0, orient: 'top' } };
  const y = { field: 'row', type: 'nominal', sort: rows, title: null, axis: { labelLimit: 240 } };
  return {
    id: 'fig10',
    title: 'Figure 10: success by domain for each model, pooled rates on top',
    source: 'GlobeBench, Figure 10',
    spec: {
      title: { text: 'Task success (%) by domain and model', subtitle: `top row: ${pooled}; then models by overall success` },
      width: { step: 90 },
      height: { step: 20 },
      data: { values },
      layer: [
        {
          mark: { type: 'rect' },
          encoding: { x, y, color: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100], scheme: 'blues' } }, tooltip: TOOLTIP },
        },
        {
          mark: { type: 'text', fontSize: 10 },
          encoding: {
            x,
            y,
            text: { field: 'success', type: 'quantitative', format: '.1f' },
            color: { condition: { test: 'datum.success >= 55', value: 'white' }, value: 'black' },
          },
        },
      ],
    },
    notes: ['Cells show success in percent with one decimal; the top row pools all models\' responses to the domain\'s items.'],
  };
}
