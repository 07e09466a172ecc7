import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table, type TableRow } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { BANDS, passCounts, RADII, reachBand } from '../derive/slices.js';
import { DOMAINS } from './table23.js';

/** Label of a missing radius or reach-back. */
export const NONE = '(none)';

/**
 * Table 20: the items no model solves, by primary skill, domain, impact radius and reach-back band
 * (long form: one row per dimension level). share_of_unsolved = the level's unsolved items / all
 * unsolved items; share_of_dimension_level = the level's unsolved items / all its items.
 */
export function table20(ctx: GlobeContext): Table {
  const items = ctx.release.items;
  const k = passCounts(ctx);
  const unsolved = items.map((_, i) => k[i] === 0);
  const U = unsolved.filter(Boolean).length;

  const dims: { dimension: string; key: (i: number) => string; order: (levels: string[]) => string[] }[] = [
    { dimension: 'skill', key: (i) => items[i].skill, order: (ls) => ls }, // sorted below by unsolved count
    { dimension: 'domain', key: (i) => items[i].domain, order: (ls) => [...DOMAINS.filter((d) => ls.includes(d)), ...ls.filter((l) => !(DOMAINS as readonly string[]).includes(l))] },
    { dimension: 'impact_radius', key: (i) => items[i].impact_radius ?? NONE, order: (ls) => [...RADII, NONE].filter((l) => ls.includes(l)) },
    { dimension: 'reach_back', key: (i) => reachBand(items[i].reach_back) ?? NONE, order: (ls) => [...BANDS, NONE].filter((l) => ls.includes(l)) },
  ];
  const unsolvedPaper = PAPER.at('table20', 'items', { dimension: 'all', value: 'all' });
  const rows: TableRow[] = [
    { dimension: 'all', value: 'all', items: U, level_items: items.length, share_of_unsolved: U ? 1 : null, share_of_dimension_level: items.length ? U / items.length : null, paper_items: unsolvedPaper, paper_share_of_unsolved: null, delta_items: delta(U, unsolvedPaper), delta_share: null },
  ];
  for (const d of dims) {
    const all = new Map<string, number>(), un = new Map<string, number>();
    items.forEach((_, i) => {
      const v = d.key(i);
      all.set(v, (all.get(v) ?? 0) + 1);
      if (unsolved[i]) un.set(v, (un.get(v) ?? 0) + 1);
    });
    let levels = d.order([...all.keys()]);
    if (d.dimension === 'skill') levels = levels.sort((a, b) => (un.get(b) ?? 0) - (un.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
    for (const v of levels) {
      const u = un.get(v) ?? 0;
      const share = U ? u / U : null;
      const paperShare = PAPER.at('table20', 'share_of_unsolved', { dimension: d.dimension, value: v });
      rows.push({
        dimension: d.dimension,
        value: v,
        items: u,
        level_items: all.get(v)!,
        share_of_unsolved: share,
        share_of_dimension_level: u / all.get(v)!,
        paper_items: null,
        paper_share_of_unsolved: paperShare,
        delta_items: null,
        delta_share: delta(share, paperShare),
      });
    }
  }
  return {
    id: 'table20',
    title: 'Table 20: the items no model solves, by skill, domain, impact radius and reach-back',
    source: 'GlobeBench, Table 20',
    columns: [
      { key: 'dimension', label: 'Dimension' },
      { key: 'value', label: 'Level' },
      column(COLUMNS.items, { label: 'Unsolved items' }),
      { key: 'level_items', label: 'Items at level', format: 'int' },
      { key: 'share_of_unsolved', label: '% of unsolved', format: 'pct', help: 'the level\'s unsolved items / all unsolved items' },
      { key: 'share_of_dimension_level', label: '% of level unsolved', format: 'pct', help: 'the level\'s unsolved items / all its items' },
      GLOBE_COLUMNS.paper_items,
      GLOBE_COLUMNS.delta_items,
      { key: 'paper_share_of_unsolved', label: 'Paper % of unsolved', format: 'pct' },
      { key: 'delta_share', label: 'Delta', format: 'pp' },
    ],
    rows,
    paper: paperField(PAPER, 'table20'),
    notes: [
      `Unsolved = no model passes the item (${U} of ${items.length} items; paper ${PAPER.byId('table19/unsolved').value}). Within each dimension the shares of unsolved sum to 100%.`,
      `Skills are ordered by unsolved items, most first; radius and reach-back list items without a label as "${NONE}". Reach-back is split at 40 turns (<= 40, > 40).`,
    ],
  };
}
