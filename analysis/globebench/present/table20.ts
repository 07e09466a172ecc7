import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table, type TableRow } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { NONE, unsolvedByLevel } from '../derive/solved-by.js';

/**
 * Table 20: the items no model solves, by primary skill, domain, impact radius and reach-back band
 * (long form: one row per dimension level, unsolvedByLevel). share_of_unsolved = the level's
 * unsolved items / all unsolved items; share_of_dimension_level = the level's unsolved items / all its items.
 */
export function table20(ctx: GlobeContext): Table {
  const levels = unsolvedByLevel(ctx);
  const [all] = levels;
  const rows: TableRow[] = levels.map((l) => {
    if (l.dimension === 'all') {
      const paper = PAPER.at('table20', 'items', { dimension: 'all', value: 'all' });
      return { ...l, paper_items: paper, paper_share_of_unsolved: null, delta_items: delta(l.items, paper), delta_share: null };
    }
    const paperShare = PAPER.at('table20', 'share_of_unsolved', { dimension: l.dimension, value: l.value });
    return { ...l, paper_items: null, paper_share_of_unsolved: paperShare, delta_items: null, delta_share: delta(l.share_of_unsolved, paperShare) };
  });
  return {
    id: 'table20',
    title: 'Table 20: the items no model solves, by skill, domain, impact radius and reach-back',
    source: 'GlobeBench, Table 20',
    columns: [
      { key: 'dimension', label: 'Dimension' },
      { key: 'value', label: 'Level' },
      column(COLUMNS.items, {
        label: 'Unsolved items',
        count: { kind: 'item', where: { solved_by: 0 }, named: { field: 'dimension', value: 'value' }, any: ['all'] },
      }),
      { key: 'level_items', label: 'Items at level', format: 'int', count: { kind: 'item', named: { field: 'dimension', value: 'value' }, any: ['all'] } },
      { key: 'share_of_unsolved', label: '% of unsolved', format: 'pct', help: "the level's unsolved items / all unsolved items" },
      { key: 'share_of_dimension_level', label: '% of level unsolved', format: 'pct', help: "the level's unsolved items / all its items" },
      GLOBE_COLUMNS.paper_items,
      GLOBE_COLUMNS.delta_items,
      { key: 'paper_share_of_unsolved', label: 'Paper % of unsolved', format: 'pct' },
      { key: 'delta_share', label: 'Delta', format: 'pp' },
    ],
    rows,
    paper: paperField(PAPER, 'table20'),
    notes: [
      `Unsolved = no model passes the item (${all.items} of ${all.level_items} items; paper ${PAPER.byId('table19/unsolved').value}). Within each dimension the shares of unsolved sum to 100%.`,
      `Skills are ordered by unsolved items, most first; radius and reach-back list items without a label as "${NONE}". Reach-back is split at 40 turns (<= 40, > 40).`,
    ],
  };
}
