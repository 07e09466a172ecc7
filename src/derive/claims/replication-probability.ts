import { clusterRobustDiff } from '../stats/cluster-robust-diff.js';
import type { ClusterRobustEstimate } from '../stats/cluster-robust-mean.js';
import { clusterRobustMean } from '../stats/cluster-robust-mean.js';
import { clusterRobustPairedDiff } from '../stats/cluster-robust-paired-diff.js';
import { normalQuantile } from '../stats/normal-quantile.js';
import { createRng } from '../stats/rng.js';
import { studentTQuantile } from '../stats/student-t-quantile.js';
import type { Evidence } from './claim.js';
import { clusteredVerdict } from './clustered-verdict.js';
import { ownClusters } from './judgement.js';
import { verdictFromInterval, type ClaimedSide } from './verdict-from-interval.js';

/** How many parametric replicates replicationProbability draws. */
const REPLICATES = 1000;

type Cr1 = Pick<ClusterRobustEstimate, 'estimate' | 'se' | 'df'>;

/** The CR1 estimate of each unit the evidence is judged on (one, or one per unit of an every-unit claim); null where there is no CR1 form. */
function cr1Units(e: Evidence): Cr1[] | null {
  switch (e.kind) {
    case 'mean':
      return [clusterRobustMean(e.y, e.cluster ?? ownClusters(e.y.length))];
    case 'paired-difference':
      return [clusterRobustPairedDiff(e.a, e.b, e.cluster ?? ownClusters(e.a.length))];
    case 'difference':
      return [clusterRobustDiff(e.a, e.cluster_a ?? ownClusters(e.a.length, 'a:'), e.b, e.cluster_b ?? ownClusters(e.b.length, 'b:'))];
    case 'every-unit': {
      const out: Cr1[] = [];
      for (const u of e.units) {
        const r = cr1Units(u.evidence);
        if (r === null) return null;
        out.push(...r);
      }
      return out;
    }
    default:
      return null;
  }
}

/**
 * The share of `replicates` parametric replicates whose CR1 verdict (estimate +- t(0.975, G - 1) se,
 * as clusteredVerdict judges the release) is `holds`: the chance that a study of the same design,
 * where the truth is what this release estimates, finds the claim significant in the claimed
 * direction. A replicate is drawn at the level of the estimator (a parametric bootstrap of the
 * estimate, Efron & Tibshirani 1993, ch. 6): its estimate from N(estimate, se^2), with the
 * release's CR1 standard error and G - 1 degrees of freedom, since a study of the same size and
 * clusters has that standard error to first order. An every-unit claim holds in a replicate when
 * every unit does (units drawn independently). Fitting once and drawing only the estimate keeps
 * the cost independent of the number of responses (drawing whole releases and refitting CR1 cost
 * minutes on GlobeBench). Draws from createRng(seed, stream). Null where the evidence has no CR1
 * form.
 */
export function replicationProbability(e: Evidence, side: ClaimedSide, seed: number, stream: string, replicates = REPLICATES): number | null {
  if (clusteredVerdict(e, side) === null) return null;
  const units = cr1Units(e);
  if (units === null || units.length === 0) return null;
  const crit = units.map((u) => studentTQuantile(0.975, u.df));
  const rng = createRng(seed, stream);
  let holds = 0;
  for (let r = 0; r < replicates; r++) {
    let all = true;
    units.forEach((u, i) => {
      const z = normalQuantile(rng.uniform53() || Number.MIN_VALUE);
      const est = u.se > 0 ? u.estimate + u.se * z : u.estimate;
      const half = u.se > 0 ? crit[i] * u.se : 0;
      if (verdictFromInterval(est, est - half, est + half, side) !== 'holds') all = false;
    });
    if (all) holds++;
  }
  return holds / replicates;
}
