import { PAIRWISE_COLUMNS, RANK_COLUMNS } from '../../../src/present/tables/columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import { BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { pawmRanks } from '../derive/ranks.js';
import { PAWM_COLUMNS } from './columns.js';

/** Every pair of Table 4's methods once per benchmark: paired Acc difference with its cluster-bootstrap interval, McNemar on Pass@3, Holm and BH. */
export function pairwiseTable(ctx: PawmContext): Table {
  const { pairs } = pawmRanks(ctx);
  return {
    id: 'pairwise',
    title: 'Table 4 (all pairs): Acc differences between every two methods, adjusted for multiplicity',
    source: 'beyond the paper (PAWM, Table 4)',
    columns: [PAWM_COLUMNS.benchmark, RANK_COLUMNS.a, RANK_COLUMNS.b, ...PAIRWISE_COLUMNS],
    rows: pairs.map((p) => ({ ...p, benchmark: BENCHMARK_LABEL[p.benchmark] })),
    notes: [
      `One leaderboard per benchmark: A is ranked above (or level with) B by Acc in Table 4; ids are the format's method ids. A - B is the Acc difference over the (task, run) units every method of the benchmark ran, paired on them; intervals: ${ctx.opts.resamples} two-stage cluster bootstrap resamples (tasks, then runs within them), seed ${ctx.opts.seed}, the draws of Table 4's rank intervals.`,
      "McNemar's exact test pairs the methods on tasks by Pass@3 (A only / B only: tasks one solves in some run and the other in none); p_holm and p_bh adjust the p-values of each benchmark's pairs together.",
    ],
  };
}
