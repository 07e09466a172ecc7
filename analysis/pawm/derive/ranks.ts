import { derived } from '../../../src/derive/memo.js';
import { leaderboardComparisons, type PairwiseRow, type RankStanding } from '../../../src/derive/leaderboard-comparisons.js';
import { BENCHMARKS, type PawmBenchmark, type PawmContext } from './context.js';
import { mainRuns, type Run } from './runs.js';
import { sharedTaskRuns, solvedPerTask } from './task-runs.js';

/** Table 4's ranks and multiplicity, one leaderboard per benchmark. */
export interface PawmRanks {
  /** a Table 4 run (by identity) -> its standing; runs the release lacks have none */
  byRun: Map<Run, RankStanding>;
  /** every pair of one benchmark's methods once (a ranked above b), benchmarks in Table 4's order */
  pairs: (PairwiseRow & { benchmark: PawmBenchmark; a: string; b: string })[];
}

/**
 * Ranks and multiplicity of Table 4 (leaderboardComparisons), per benchmark over the methods that
 * ran: ranked by Acc; the units are the (task, run) pairs every method ran, resampled by the
 * two-stage cluster bootstrap over tasks then runs within them (stream `table04-ranks:benchmark=..`);
 * McNemar's test pairs the methods on tasks, by Pass@3 (solved in some run) on those units.
 */
export const pawmRanks = derived((ctx: PawmContext): PawmRanks => {
  const byRun = new Map<Run, RankStanding>();
  const pairs: PawmRanks['pairs'] = [];
  for (const b of BENCHMARKS) {
    const runs = mainRuns(ctx).runs.filter((r) => r.benchmark === b && r.config !== null && r.metrics !== null);
    if (runs.length === 0) continue;
    const shared = sharedTaskRuns(runs.map((r) => r.config!));
    if (shared.tasks.length === 0) continue;
    const ids = runs.map((r) => r.config!.key.method);
    const result = leaderboardComparisons({
      ids,
      points: runs.map((r) => r.metrics!.acc),
      columns: shared.columns,
      clusters: shared.tasks,
      binary: shared.columns.map((c) => solvedPerTask(shared.tasks, c)),
      resamples: ctx.opts.resamples,
      seed: ctx.opts.seed,
      stream: `table04-ranks:benchmark=${b}`,
    });
    result.ranks.forEach((s, j) => byRun.set(runs[j], s));
    const label = new Map(runs.map((r) => [r.config!.key.method, r.label]));
    for (const p of result.pairs) pairs.push({ ...p, benchmark: b, a: label.get(p.a_id)!, b: label.get(p.b_id)! });
  }
  return { byRun, pairs };
});
