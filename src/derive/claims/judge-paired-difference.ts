import { clusterRobustPairedDiff } from '../stats/cluster-robust-paired-diff.js';
import { clusterRobustTInterval } from '../stats/cluster-robust-t-interval.js';
import { minimumDetectableEffect } from '../stats/minimum-detectable-effect.js';
import { pairedBootstrapDiffCI } from '../stats/paired-bootstrap-diff-ci.js';
import { twoStageClusterBootstrapPairedDiffCI } from '../stats/two-stage-cluster-bootstrap-paired-diff.js';
import type { Evidence } from './claim.js';
import { judgedByIntervals, notComputable, ownClusters, type JudgeOptions, type Judgement } from './judgement.js';
import { sampleSd } from './sample-sd.js';
import type { ClaimedSide } from './verdict-from-interval.js';

type PairedEvidence = Extract<Evidence, { kind: 'paired-difference' }>;

/**
 * A paired difference mean(a - b) against the threshold (0, or -margin for non-inferiority).
 * Headline: the two-stage cluster bootstrap of the pairs when clustered (a drawn unit brings both
 * its measurements), else (no clusters, or one pair per cluster) the paired unit bootstrap. CR1: clusterRobustPairedDiff's t interval and
 * two-sided p against the threshold. MDE: minimumDetectableEffect with n pairs, one sample
 * (ratio 0), the sd of the differences and CR1's design effect (1 when it is undefined: no
 * variation, or every pair its own cluster).
 */
export function judgePairedDifference(e: PairedEvidence, side: ClaimedSide, opts: JudgeOptions): Judgement {
  const n = e.a.length;
  if (e.b.length !== n) throw new Error(`paired-difference evidence: ${n} values of a but ${e.b.length} of b`);
  if (n === 0) return notComputable('no pairs in the evidence');
  if (e.cluster && e.cluster.length !== n) throw new Error(`paired-difference evidence: ${n} pairs but ${e.cluster.length} cluster labels`);
  const cr = clusterRobustPairedDiff(e.a, e.b, e.cluster ?? ownClusters(n));
  const t = clusterRobustTInterval(cr, { nullValue: side.threshold });
  // clusters of one pair each (a CubeBench task) make the cluster bootstrap the unit bootstrap: the same draws
  const clustered = e.cluster !== null && cr.clusters < n;
  const head = clustered
    ? twoStageClusterBootstrapPairedDiffCI(e.a, e.b, e.cluster as string[], { resamples: opts.resamples, seed: opts.seed, stream: `${opts.stream}:cluster` })
    : null;
  const item =
    opts.headlineOnly && head ? head : pairedBootstrapDiffCI(e.a, e.b, { resamples: opts.resamples, seed: opts.seed, stream: `${opts.stream}:item` });
  const d = e.a.map((x, i) => x - e.b[i]);
  const designEffect = Number.isFinite(cr.designEffect) && cr.designEffect > 0 ? cr.designEffect : 1;
  return judgedByIntervals(
    cr.estimate,
    side,
    head ?? item,
    clustered ? 'two-stage cluster bootstrap (paired)' : 'paired bootstrap over units',
    item,
    t,
    minimumDetectableEffect({ n, ratio: 0, sd: sampleSd(d), designEffect }),
  );
}
