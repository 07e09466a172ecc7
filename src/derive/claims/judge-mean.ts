import { bootstrapMeanCI } from '../stats/bootstrap-mean-ci.js';
import { clusterRobustMean } from '../stats/cluster-robust-mean.js';
import { clusterRobustTInterval } from '../stats/cluster-robust-t-interval.js';
import { twoStageClusterBootstrapMeanCI } from '../stats/two-stage-cluster-bootstrap.js';
import { wilsonInterval } from '../stats/wilson-interval.js';
import type { Evidence } from './claim.js';
import { judgedByIntervals, notComputable, ownClusters, type JudgeOptions, type Judgement } from './judgement.js';
import type { ClaimedSide } from './verdict-from-interval.js';

type MeanEvidence = Extract<Evidence, { kind: 'mean' }>;

const isBinary = (y: readonly number[]) => y.every((v) => v === 0 || v === 1);

/**
 * A share or mean against the threshold. Headline: the Wilson interval for a small-count binary
 * rate (`small_counts`), else the two-stage cluster bootstrap when the units are clustered (some
 * cluster holds two or more), else the unit bootstrap. CR1: clusterRobustMean and its t interval against the threshold (each unit
 * its own cluster when there are none: the one-sample t test), whose two-sided p is the p-value.
 */
export function judgeMean(e: MeanEvidence, side: ClaimedSide, opts: JudgeOptions): Judgement {
  const n = e.y.length;
  if (n === 0) return notComputable('no units in the evidence');
  if (e.cluster && e.cluster.length !== n) throw new Error(`mean evidence: ${n} values but ${e.cluster.length} cluster labels`);
  const cr = clusterRobustMean(e.y, e.cluster ?? ownClusters(n));
  const t = clusterRobustTInterval(cr, { nullValue: side.threshold });
  const wilson = e.small_counts && isBinary(e.y);
  const clustered = !wilson && e.cluster !== null && cr.clusters < n;
  const item =
    opts.headlineOnly && (wilson || clustered) ? null : bootstrapMeanCI(e.y, { resamples: opts.resamples, seed: opts.seed, stream: `${opts.stream}:item` });
  let head = item,
    interval = 'bootstrap over units';
  if (wilson) {
    let k = 0;
    for (const v of e.y) k += v;
    head = wilsonInterval(k, n);
    interval = 'Wilson';
  } else if (clustered) {
    head = twoStageClusterBootstrapMeanCI(e.y, e.cluster as ArrayLike<string>, {
      resamples: opts.resamples,
      seed: opts.seed,
      stream: `${opts.stream}:cluster`,
    });
    interval = 'two-stage cluster bootstrap';
  }
  if (head === null) throw new Error('judgeMean: no headline interval');
  return judgedByIntervals(cr.estimate, side, head, interval, item ?? head, t, null);
}
