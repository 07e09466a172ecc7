import { benjaminiHochbergAdjust } from './stats/benjamini-hochberg-adjust.js';
import { holmAdjust } from './stats/holm-adjust.js';
import { mcnemarExact } from './stats/mcnemar-exact.js';
import { quantileSelect } from './stats/quantile-select.js';
import { rankInterval } from './stats/rank-interval.js';
import { twoStageClusterBootstrapMeans } from './stats/two-stage-cluster-bootstrap.js';

/** A leaderboard's contestants measured on shared units (items, task runs, tasks). */
export interface LeaderboardInput {
  /** the k contestants, in the table's order (a tie for first goes to the first of them) */
  ids: readonly string[];
  /** the k point scores the table ranks by (higher is better) */
  points: readonly number[];
  /** per contestant, its score on each of the n shared units (all the same length) */
  columns: readonly ArrayLike<number>[];
  /** the cluster of each of the n units (a unit that is its own cluster: its own label) */
  clusters: ArrayLike<string | number>;
  /** per contestant, 0/1 per pairing unit for McNemar's test (all the same length; may be the columns themselves) */
  binary: readonly ArrayLike<number>[];
  resamples: number;
  seed: number;
  /** the random stream of the leaderboard's bootstrap (one draw serves every rank and pair) */
  stream: string;
}

/** One contestant's place: point rank, rank interval, and whether it is in the leader's group. */
export interface RankStanding {
  id: string;
  rank: number;
  rank_low: number;
  rank_high: number;
  /** the leader, or its McNemar p against the leader, Holm-adjusted over the k - 1 comparisons, is >= 0.05 */
  in_leader_group: boolean;
}

/** One pair of contestants, a ranked above (or level with) b. */
export interface PairwiseRow {
  a_id: string;
  b_id: string;
  /** mean over the shared units of a's score minus b's */
  diff: number;
  /** percentile interval of diff over the same two-stage cluster bootstrap as the ranks */
  ci_low: number;
  ci_high: number;
  /** pairing units a passes and b fails, and the reverse */
  a_only: number;
  b_only: number;
  /** exact McNemar test on those discordant units */
  mcnemar_p: number;
  /** Holm- and BH-adjusted over every pair of the leaderboard, as R's p.adjust */
  p_holm: number;
  p_bh: number;
}

const ALPHA = 0.05;

function discordant(a: ArrayLike<number>, b: ArrayLike<number>): [number, number] {
  let aOnly = 0;
  let bOnly = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && !b[i]) aOnly++;
    else if (b[i] && !a[i]) bOnly++;
  }
  return [aOnly, bOnly];
}

/**
 * Ranks and multiplicity of one leaderboard, from one two-stage cluster bootstrap of the k columns
 * on their shared units (twoStageClusterBootstrapMeans: every replicate averages all columns over
 * the same resampled units, so the pairing holds): each contestant's rank interval (rankInterval:
 * 2.5 and 97.5 percentiles of its min-rank over the replicates; marginal, and it need not contain
 * the point rank), the leader's group (the first contestant of point rank 1, and each other whose
 * exact McNemar p against the leader, Holm-adjusted over the k - 1 comparisons with the leader, is
 * >= 0.05), and every pair once (i < j in rank order, ties in the table's order) with its paired
 * difference, its percentile interval over the same replicates, the exact McNemar p on the
 * discordant pairing units, and that p adjusted over all k (k - 1) / 2 pairs by Holm (1979) and
 * Benjamini-Hochberg (1995), as R's `p.adjust`.
 */
export function leaderboardComparisons(input: LeaderboardInput): { ranks: RankStanding[]; pairs: PairwiseRow[] } {
  const { ids, points, columns, binary } = input;
  const k = ids.length;
  if (k === 0) return { ranks: [], pairs: [] };
  if (input.clusters.length === 0) throw new Error('leaderboardComparisons: the contestants share no unit');
  const means = twoStageClusterBootstrapMeans(columns, input.clusters, { resamples: input.resamples, seed: input.seed, stream: input.stream });
  const intervals = rankInterval(points, means);
  const order = ids.map((_, j) => j).sort((x, y) => intervals[x].rank - intervals[y].rank || x - y);
  const leader = order[0];
  const others = order.slice(1);
  const pLeader = holmAdjust(others.map((j) => mcnemarExact(...discordant(binary[leader], binary[j]))));
  const inGroup = new Set([leader, ...others.filter((_, i) => pLeader[i] >= ALPHA)]);
  const ranks = ids.map(
    (id, j): RankStanding => ({ id, rank: intervals[j].rank, rank_low: intervals[j].low, rank_high: intervals[j].high, in_leader_group: inGroup.has(j) }),
  );
  const B = input.resamples;
  const n = input.clusters.length;
  const diffs = new Float64Array(B);
  const pairs: Omit<PairwiseRow, 'p_holm' | 'p_bh'>[] = [];
  for (let x = 0; x < k; x++) {
    for (let y = x + 1; y < k; y++) {
      const a = order[x];
      const b = order[y];
      let sum = 0;
      for (let i = 0; i < n; i++) sum += columns[a][i] - columns[b][i];
      for (let r = 0; r < B; r++) diffs[r] = means[r * k + a] - means[r * k + b];
      const [aOnly, bOnly] = discordant(binary[a], binary[b]);
      pairs.push({
        a_id: ids[a],
        b_id: ids[b],
        diff: n ? sum / n : NaN,
        ci_low: quantileSelect(diffs, 0.025),
        ci_high: quantileSelect(diffs, 0.975),
        a_only: aOnly,
        b_only: bOnly,
        mcnemar_p: mcnemarExact(aOnly, bOnly),
      });
    }
  }
  const holm = holmAdjust(pairs.map((p) => p.mcnemar_p));
  const bh = benjaminiHochbergAdjust(pairs.map((p) => p.mcnemar_p));
  return { ranks, pairs: pairs.map((p, i) => ({ ...p, p_holm: holm[i], p_bh: bh[i] })) };
}
