import { COLUMNS } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { comparePair } from '../derive/paired.js';
import { modelOrder } from '../derive/slices.js';
import { PAIRED, PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * Paired differences between models ranked next to each other (1 vs 2, 2 vs 3, ...), plus the
 * paper's GPT-6 Astra vs Grok 4.6 where both are in the release: paired percentile bootstrap over
 * items and an exact McNemar test on the discordant items.
 */
export function table01Paired(ctx: GlobeContext): Table {
  const order = modelOrder(ctx);
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < order.length; i++) pairs.push([order[i].model_id, order[i + 1].model_id]);
  const byName = (n: string) => ctx.models.find((m) => m.name === n)?.model_id;
  const pa = byName(PAIRED.a),
    pb = byName(PAIRED.b);
  if (pa && pb && !pairs.some(([x, y]) => x === pa && y === pb)) pairs.unshift([pa, pb]);
  const rows = pairs.map(([x, y]) => {
    const r = comparePair(ctx, x, y);
    const paper = PAPER.at('table01-paired', 'diff', r);
    return {
      ...r,
      paper,
      paper_ci_low: PAPER.at('table01-paired', 'ci_low', r),
      paper_ci_high: PAPER.at('table01-paired', 'ci_high', r),
      delta: delta(r.diff, paper),
    };
  });
  return {
    id: 'table01-paired',
    title: 'Table 1 (paired): success differences between models on the same items',
    source: 'GlobeBench, Table 1 text (Astra vs Grok 4.6) and beyond the paper (adjacent ranks)',
    columns: [
      { key: 'a', label: 'Model A' },
      { key: 'b', label: 'Model B' },
      { key: 'diff', label: 'A - B (pp)', format: 'pp' },
      GLOBE_COLUMNS.paired_ci_low,
      GLOBE_COLUMNS.paired_ci_high,
      { key: 'items_a_only', label: 'Items A only', format: 'int' },
      { key: 'items_b_only', label: 'Items B only', format: 'int' },
      { key: 'mcnemar_p', label: 'McNemar exact p', format: 'p' },
      GLOBE_COLUMNS.paper_diff,
      { key: 'paper_ci_low', label: 'Paper CI low', format: 'pp' },
      { key: 'paper_ci_high', label: 'Paper CI high', format: 'pp' },
      COLUMNS.delta,
    ],
    rows,
    paper: paperField(PAPER, 'table01-paired'),
    notes: [`The paper's "350 items" is the net count: items A only minus items B only.`],
  };
}
