import { quantileSorted } from './quantile-sorted.js';

/** A model's point rank and the interval of its bootstrap ranks. */
export interface RankInterval {
  /** 1 + the number of models scoring strictly higher on the point scores (ties share the best rank) */
  rank: number;
  /** the (1 - level)/2 percentile (type 7) of the model's min-rank over the replicates */
  low: number;
  /** the (1 + level)/2 percentile (type 7) of the same */
  high: number;
}

/**
 * Rank intervals of k models from B bootstrap replicates of their scores (higher is better): in each
 * replicate every model gets its min-rank, 1 + the number of models scoring strictly higher (ties
 * share the smallest rank, as R's `rank(-x, ties.method = "min")`), and a model's interval is the
 * 2.5 and 97.5 percentiles (type 7, Hyndman & Fan 1996, as `quantile`) of its B ranks (Hall &
 * Miller 2009, "Using the bootstrap to quantify the authority of an empirical ranking", Ann. Stat.
 * 37(6B):3929-3959; Goldstein & Spiegelhalter 1996, JRSS A 159:385-443). Each interval is marginal:
 * the k intervals do not hold jointly at the level, and an interval need not contain the point rank
 * (a bootstrap distribution can sit to one side of the estimate), though on clear-cut data it does.
 *
 * `replicates` holds B rows of k scores, either as B arrays or as one array of B * k scores row by
 * row (Float64Array from a bootstrap); `scores` are the k point scores. A NaN score is refused: a
 * model without a score has no rank. Costs O(B k^2), so tens of models and 10,000 replicates are quick.
 */
export function rankInterval(scores: ArrayLike<number>, replicates: ArrayLike<number> | readonly ArrayLike<number>[], level = 0.95): RankInterval[] {
  const k = scores.length;
  for (let j = 0; j < k; j++) if (Number.isNaN(scores[j])) throw new RangeError(`rankInterval: point score of model ${j} is NaN`);
  const rows = Array.isArray(replicates) ? (replicates as readonly ArrayLike<number>[]) : null;
  const flat = rows ? null : (replicates as ArrayLike<number>);
  if (flat && flat.length % Math.max(k, 1) !== 0) throw new Error(`rankInterval: ${flat.length} replicate scores do not make rows of ${k}`);
  const B = rows ? rows.length : k > 0 ? flat!.length / k : 0;
  const ranks: Float64Array[] = Array.from({ length: k }, () => new Float64Array(B));
  const row = new Float64Array(k);
  for (let r = 0; r < B; r++) {
    if (rows) {
      if (rows[r].length !== k) throw new Error(`rankInterval: replicate ${r} has ${rows[r].length} scores, not ${k}`);
      for (let j = 0; j < k; j++) row[j] = rows[r][j];
    } else for (let j = 0; j < k; j++) row[j] = flat![r * k + j];
    for (let j = 0; j < k; j++) {
      const v = row[j];
      if (Number.isNaN(v)) throw new RangeError(`rankInterval: replicate ${r} has a NaN score for model ${j}`);
      let above = 0;
      for (let other = 0; other < k; other++) if (row[other] > v) above++;
      ranks[j][r] = 1 + above;
    }
  }
  const alpha = (1 - level) / 2;
  return ranks.map((rs, j) => {
    let above = 0;
    for (let other = 0; other < k; other++) if (scores[other] > scores[j]) above++;
    rs.sort();
    return { rank: 1 + above, low: quantileSorted(rs, alpha), high: quantileSorted(rs, 1 - alpha) };
  });
}
