import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';
import { BANDS, DOMAINS, passCounts, RADII, reachBand } from './slices.js';

/** Table 19's row: the items solved by exactly k of the models. */
export type SolvedByK = {
  k: number;
  items: number;
  /** share of all items, and of the items solved by k or fewer models */
  share: number | null;
  cumulative_share: number | null;
};

/** The number of items solved by exactly k of the N models, for every k = 0..N. */
export const solvedByK = derived((ctx: GlobeContext): SolvedByK[] => {
  const k = passCounts(ctx);
  const hist = new Array<number>(ctx.models.length + 1).fill(0);
  for (const x of k) hist[x]++;
  const total = k.length;
  let cum = 0;
  return hist.map((items, j) => {
    cum += items;
    return { k: j, items, share: total ? items / total : null, cumulative_share: total ? cum / total : null };
  });
});

/** Label of a missing radius or reach-back. */
export const NONE = '(none)';

/** One level of one dimension among the items no model solves. */
export type UnsolvedLevel = {
  dimension: string;
  value: string;
  /** unsolved items at the level, and all its items */
  items: number;
  level_items: number;
  /** the level's unsolved items / all unsolved items, and / all its items */
  share_of_unsolved: number | null;
  share_of_dimension_level: number | null;
};

/**
 * The items no model solves (passCounts 0): first every item ('all' / 'all'), then by primary skill
 * (most unsolved first, ties by name), domain (DOMAINS order, others after), impact radius and
 * reach-back band (RADII / BANDS order, items without a label as NONE last).
 */
export const unsolvedByLevel = derived((ctx: GlobeContext): UnsolvedLevel[] => {
  const items = ctx.release.items;
  const k = passCounts(ctx);
  const unsolved = items.map((_, i) => k[i] === 0);
  const U = unsolved.filter(Boolean).length;

  const dims: { dimension: string; key: (i: number) => string; order: (levels: string[]) => string[] }[] = [
    { dimension: 'skill', key: (i) => items[i].skill, order: (ls) => ls }, // sorted below by unsolved count
    {
      dimension: 'domain',
      key: (i) => items[i].domain,
      order: (ls) => [...DOMAINS.filter((d) => ls.includes(d)), ...ls.filter((l) => !(DOMAINS as readonly string[]).includes(l))],
    },
    { dimension: 'impact_radius', key: (i) => items[i].impact_radius ?? NONE, order: (ls) => [...RADII, NONE].filter((l) => ls.includes(l)) },
    { dimension: 'reach_back', key: (i) => reachBand(items[i].reach_back) ?? NONE, order: (ls) => [...BANDS, NONE].filter((l) => ls.includes(l)) },
  ];
  const rows: UnsolvedLevel[] = [
    {
      dimension: 'all',
      value: 'all',
      items: U,
      level_items: items.length,
      share_of_unsolved: U ? 1 : null,
      share_of_dimension_level: items.length ? U / items.length : null,
    },
  ];
  for (const d of dims) {
    const all = new Map<string, number>(),
      un = new Map<string, number>();
    items.forEach((_, i) => {
      const v = d.key(i);
      all.set(v, (all.get(v) ?? 0) + 1);
      if (unsolved[i]) un.set(v, (un.get(v) ?? 0) + 1);
    });
    let levels = d.order([...all.keys()]);
    if (d.dimension === 'skill') levels = levels.sort((a, b) => (un.get(b) ?? 0) - (un.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
    for (const v of levels) {
      const u = un.get(v) ?? 0;
      rows.push({
        dimension: d.dimension,
        value: v,
        items: u,
        level_items: all.get(v)!,
        share_of_unsolved: U ? u / U : null,
        share_of_dimension_level: u / all.get(v)!,
      });
    }
  }
  return rows;
});
