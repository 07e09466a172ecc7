import { clusterRobustDiff } from '../stats/cluster-robust-diff.js';
import { clusterRobustMean } from '../stats/cluster-robust-mean.js';
import { clusterRobustPairedDiff } from '../stats/cluster-robust-paired-diff.js';
import { clusterRobustTInterval } from '../stats/cluster-robust-t-interval.js';
import type { Evidence, Verdict } from './claim.js';
import { combineUnitVerdicts } from './judge-every-unit.js';
import { ownClusters } from './judgement.js';
import { verdictFromInterval, type ClaimedSide } from './verdict-from-interval.js';

/**
 * The CR1 verdict alone (estimate +- t(0.975, G - 1) se against the side), without a bootstrap:
 * what each parametric replicate is judged by (replicationProbability). With its estimate, for the
 * every-unit rule. Null for evidence that has no CR1 form (counts, ranks, values, zero rates,
 * stratified differences).
 */
export function clusteredVerdict(e: Evidence, side: ClaimedSide): { verdict: Verdict; estimate: number } | null {
  const judge = (est: { estimate: number; se: number; df: number }) => {
    const t = clusterRobustTInterval(est, { nullValue: side.threshold });
    return { verdict: verdictFromInterval(est.estimate, t.low, t.high, side), estimate: est.estimate };
  };
  switch (e.kind) {
    case 'mean':
      return judge(clusterRobustMean(e.y, e.cluster ?? ownClusters(e.y.length)));
    case 'paired-difference':
      return judge(clusterRobustPairedDiff(e.a, e.b, e.cluster ?? ownClusters(e.a.length)));
    case 'difference':
      return judge(clusterRobustDiff(e.a, e.cluster_a ?? ownClusters(e.a.length, 'a:'), e.b, e.cluster_b ?? ownClusters(e.b.length, 'b:')));
    case 'every-unit': {
      const units = e.units.map((u) => clusteredVerdict(u.evidence, side));
      if (units.length === 0 || units.some((u) => u === null)) return null;
      const us = units as { verdict: Verdict; estimate: number }[];
      const verdict = combineUnitVerdicts(
        us.map((u) => u.verdict),
        us.map((u) => u.estimate),
        side,
      );
      return { verdict, estimate: Number.NaN };
    }
    default:
      return null;
  }
}
