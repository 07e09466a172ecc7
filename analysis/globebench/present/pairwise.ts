import { PAIRWISE_COLUMNS, RANK_COLUMNS } from '../../../src/present/tables/columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { globeRanks } from '../derive/ranks.js';

/** Every pair of Table 1's models once: paired difference with its cluster-bootstrap interval, exact McNemar p, Holm and BH. */
export function pairwiseTable(ctx: GlobeContext): Table {
  const { pairs } = globeRanks(ctx);
  return {
    id: 'pairwise',
    title: 'Table 1 (all pairs): success differences between every two models, adjusted for multiplicity',
    source: 'beyond the paper (GlobeBench, Table 1)',
    columns: [RANK_COLUMNS.a, RANK_COLUMNS.b, ...PAIRWISE_COLUMNS],
    rows: pairs.map((p) => ({ ...p })),
    notes: [
      `A is ranked above (or level with) B in Table 1. Units: items, paired across models. Intervals: ${ctx.opts.resamples} two-stage cluster bootstrap resamples (operators, then items within them), seed ${ctx.opts.seed}, the draws of Table 1's rank intervals.`,
      `McNemar's exact test on the items only one of the two passes; p_holm and p_bh adjust the ${pairs.length} p-values of this table together.`,
    ],
  };
}
