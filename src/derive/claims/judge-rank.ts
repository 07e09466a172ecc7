import { rankInterval } from '../stats/rank-interval.js';
import { twoStageClusterBootstrapMeans } from '../stats/two-stage-cluster-bootstrap.js';
import type { Evidence } from './claim.js';
import { singleMethod } from './judge-fixed.js';
import { notComputable, ownClusters, type JudgeOptions, type Judgement } from './judgement.js';
import { verdictFromInterval, type ClaimedSide } from './verdict-from-interval.js';

type RankEvidence = Extract<Evidence, { kind: 'rank' }>;

/**
 * The rank of a named model (1 = best: 1 + the models with a strictly higher mean) against a
 * threshold ("ranks first": direction 'less', threshold 1.5), judged by its rank interval over the
 * two-stage cluster bootstrap of every model's mean on the same resampled units (rankInterval:
 * 2.5 and 97.5 percentiles of the min-rank); the item verdict uses the same with every unit its own
 * cluster. No p-value.
 */
export function judgeRank(e: RankEvidence, side: ClaimedSide, opts: JudgeOptions): Judgement {
  const at = e.scores.findIndex((s) => s.model === e.model);
  if (at < 0) return notComputable(`no scores of ${e.model}`);
  const n = e.scores[0].y.length;
  if (n === 0) return notComputable('no units in the evidence');
  if (e.scores.some((s) => s.y.length !== n)) throw new Error('rank evidence: every model needs a score on every unit');
  const means = e.scores.map((s) => s.y.reduce((a, x) => a + x, 0) / n);
  const rank = 1 + means.filter((m) => m > means[at]).length;
  const interval = (clusters: readonly string[], stream: string) => {
    const reps = twoStageClusterBootstrapMeans(
      e.scores.map((s) => s.y),
      clusters,
      { resamples: opts.resamples, seed: opts.seed, stream },
    );
    return rankInterval(means, reps)[at];
  };
  const clusterHead = e.cluster ? interval(e.cluster, `${opts.stream}:cluster`) : null;
  const item = opts.headlineOnly && clusterHead ? clusterHead : interval(ownClusters(n), `${opts.stream}:item`);
  const head = clusterHead ?? item;
  return singleMethod(
    {
      estimate: rank,
      ci_low: head.low,
      ci_high: head.high,
      interval: e.cluster ? 'rank interval, two-stage cluster bootstrap' : 'rank interval, bootstrap over units',
      p_value: null,
      verdict: verdictFromInterval(rank, head.low, head.high, side),
    },
    { item_low: item.low, item_high: item.high, verdict_item_bootstrap: verdictFromInterval(rank, item.low, item.high, side) },
  );
}
