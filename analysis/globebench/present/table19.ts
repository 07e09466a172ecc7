import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { solvedByK } from '../derive/solved-by.js';

/** Table 19: the number of items solved by exactly k of the models, k = 0..N. */
export function table19(ctx: GlobeContext): Table {
  const N = ctx.models.length;
  const total = ctx.release.items.length;
  const rows = solvedByK(ctx).map((r) => {
    const paper = PAPER.at('table19', 'items', { k: r.k });
    return { ...r, paper, delta: delta(r.items, paper) };
  });
  return {
    id: 'table19',
    title: `Table 19: items solved by exactly k of the ${N} models`,
    source: 'GlobeBench, Table 19',
    columns: [
      { key: 'k', label: 'k models', format: 'int' },
      column(COLUMNS.items, { count: { kind: 'item', by: { solved_by: 'k' } } }),
      { key: 'share', label: 'Share %', format: 'pct', help: 'share of all items' },
      { key: 'cumulative_share', label: 'Cumulative %', format: 'pct', help: 'items solved by k or fewer models' },
      GLOBE_COLUMNS.paper_item_count,
      GLOBE_COLUMNS.delta_count,
    ],
    rows,
    paper: paperField(PAPER, 'table19'),
    notes: [
      `${total} items, ${N} models; every k from 0 to ${N} is listed, also where no item has it. The paper publishes k = 0 only (${PAPER.byId('table19/unsolved').value} items no model solves).`,
    ],
  };
}
