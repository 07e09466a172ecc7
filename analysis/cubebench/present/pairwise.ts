import { PAIRWISE_COLUMNS } from '../../../src/present/tables/columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { CubeContext } from '../derive/context.js';
import { cubeRanks } from '../derive/ranks.js';
import { CUBE_COLUMNS } from './columns.js';

/** Every pair of Experiment 1's models once per tier (short horizon): paired difference, its interval, McNemar, Holm and BH. */
export function pairwiseTable(ctx: CubeContext): Table {
  const { pairs } = cubeRanks(ctx);
  return {
    id: 'pairwise',
    title: 'Experiment 1 (all pairs): pass-rate differences between every two models per tier, short horizon, adjusted for multiplicity',
    source: 'beyond the paper (CubeBench, Experiment 1)',
    columns: [CUBE_COLUMNS.tier, ...PAIRWISE_COLUMNS],
    rows: pairs.map((p) => ({ ...p })),
    notes: [
      `Basic agent, no dense reward, short horizon; one leaderboard per tier, A ranked above (or level with) B by pass rate; ids are the release's model names. Units: the tasks every model of the tier ran, paired across models; intervals: ${ctx.opts.resamples} bootstrap resamples of tasks, seed ${ctx.opts.seed}, the draws of Experiment 1's rank intervals.`,
      "McNemar's exact test on the tasks only one of the two solves; p_holm and p_bh adjust the p-values of each tier's pairs together.",
    ],
  };
}
