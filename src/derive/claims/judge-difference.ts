import { bootstrapDiffCI } from '../stats/bootstrap-diff-ci.js';
import { clusterRobustDiff } from '../stats/cluster-robust-diff.js';
import { clusterRobustTInterval } from '../stats/cluster-robust-t-interval.js';
import { minimumDetectableEffect } from '../stats/minimum-detectable-effect.js';
import { twoStageClusterBootstrapDiffCI } from '../stats/two-stage-cluster-bootstrap-diff.js';
import type { Evidence } from './claim.js';
import { judgedByIntervals, notComputable, ownClusters, type JudgeOptions, type Judgement } from './judgement.js';
import { sampleSd } from './sample-sd.js';
import type { ClaimedSide } from './verdict-from-interval.js';

type DifferenceEvidence = Extract<Evidence, { kind: 'difference' }>;

/**
 * An unpaired difference mean(a) - mean(b) against the threshold. Clustered when either side has
 * cluster labels (a side without them: each unit its own cluster). Headline: the two-stage cluster
 * bootstrap of the difference when clustered, else the two-sample unit bootstrap (bootstrapDiffCI).
 * CR1: clusterRobustDiff (the group coefficient of lm(y ~ group) with vcovCL HC1) and its t interval
 * and p against the threshold. MDE: two samples, n = n_a, ratio n_b / n_a, the pooled sd and CR1's
 * design effect (1 when undefined).
 */
export function judgeDifference(e: DifferenceEvidence, side: ClaimedSide, opts: JudgeOptions): Judgement {
  const na = e.a.length,
    nb = e.b.length;
  if (na === 0 || nb === 0) return notComputable(na === 0 ? 'no units on the first side' : 'no units on the second side');
  const clustered = e.cluster_a !== null || e.cluster_b !== null;
  const ca = e.cluster_a ?? ownClusters(na, 'a:'),
    cb = e.cluster_b ?? ownClusters(nb, 'b:');
  const cr = clusterRobustDiff(e.a, ca, e.b, cb);
  const t = clusterRobustTInterval(cr, { nullValue: side.threshold });
  const clusterHead = clustered
    ? twoStageClusterBootstrapDiffCI(e.a, ca, e.b, cb, { resamples: opts.resamples, seed: opts.seed, stream: `${opts.stream}:cluster` })
    : null;
  const item =
    opts.headlineOnly && clusterHead ? clusterHead : bootstrapDiffCI(e.a, e.b, { resamples: opts.resamples, seed: opts.seed, stream: `${opts.stream}:item` });
  const head = clusterHead ?? item;
  const sa = sampleSd(e.a),
    sb = sampleSd(e.b);
  const pooled = Math.sqrt(((na - 1) * sa * sa + (nb - 1) * sb * sb) / (na + nb - 2));
  const designEffect = Number.isFinite(cr.designEffect) && cr.designEffect > 0 ? cr.designEffect : 1;
  return judgedByIntervals(
    cr.estimate,
    side,
    head,
    clustered && cr.clusters < na + nb ? 'two-stage cluster bootstrap' : 'two-sample bootstrap over units',
    item,
    t,
    minimumDetectableEffect({ n: na, ratio: nb / na, sd: pooled, designEffect }),
  );
}
