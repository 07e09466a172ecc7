import { clusterRobustDiff } from '../stats/cluster-robust-diff.js';
import { clusterRobustMean } from '../stats/cluster-robust-mean.js';
import { clusterRobustPairedDiff } from '../stats/cluster-robust-paired-diff.js';
import { clusterRobustTInterval } from '../stats/cluster-robust-t-interval.js';
import type { Evidence, Verdict } from './claim.js';
import { combineUnitVerdicts } from './judge-every-unit.js';
import { judgeStratifiedDifference } from './judge-stratified-difference.js';
import { judgeZeroRates } from './judge-zero-rates.js';
import { finiteOrNull, ownClusters } from './judgement.js';
import { verdictFromInterval, type ClaimedSide } from './verdict-from-interval.js';

/** A grid cell's numbers: the estimate, its interval and the verdict the interval gives. */
export interface ChoiceJudgement {
  estimate: number | null;
  ci_low: number | null;
  ci_high: number | null;
  verdict: Verdict;
}

const NOT_COMPUTABLE: ChoiceJudgement = { estimate: null, ci_low: null, ci_high: null, verdict: 'not computable' };

/**
 * Evidence judged without a bootstrap, as a robustness-grid cell other than the interval method's
 * and the seed's: CR1, estimate +- t(0.975, G - 1) x the cluster-robust SE (the same interval as
 * the claims table's `verdict_clustered`; Cameron & Miller 2015), for a mean, a paired or unpaired
 * difference, and the share part of a count (a count that differs from the expected one is
 * contradicted, as judgeEvidence rules); an every-unit claim combines its units' CR1 verdicts
 * (intersection-union, combineUnitVerdicts) and shows its least favourable unit's estimate and
 * interval. Evidence whose only interval is closed-form keeps it (Mantel-Haenszel, Wilson cells,
 * a fixed count). Null for a rank or a resampled value, whose only interval is a bootstrap: they
 * have no cells for these choices.
 */
export function choiceJudgement(e: Evidence, side: ClaimedSide): ChoiceJudgement | null {
  const cr1 = (est: { estimate: number; se: number; df: number }): ChoiceJudgement => {
    const t = clusterRobustTInterval(est, { nullValue: side.threshold });
    return {
      estimate: finiteOrNull(est.estimate),
      ci_low: finiteOrNull(t.low),
      ci_high: finiteOrNull(t.high),
      verdict: verdictFromInterval(est.estimate, t.low, t.high, side),
    };
  };
  switch (e.kind) {
    case 'mean':
      return e.y.length ? cr1(clusterRobustMean(e.y, e.cluster ?? ownClusters(e.y.length))) : NOT_COMPUTABLE;
    case 'paired-difference':
      return e.a.length ? cr1(clusterRobustPairedDiff(e.a, e.b, e.cluster ?? ownClusters(e.a.length))) : NOT_COMPUTABLE;
    case 'difference':
      return e.a.length && e.b.length
        ? cr1(clusterRobustDiff(e.a, e.cluster_a ?? ownClusters(e.a.length, 'a:'), e.b, e.cluster_b ?? ownClusters(e.b.length, 'b:')))
        : NOT_COMPUTABLE;
    case 'stratified-difference':
    case 'zero-rates': {
      const j = e.kind === 'zero-rates' ? judgeZeroRates(e) : judgeStratifiedDifference(e, side);
      return { estimate: j.estimate, ci_low: j.ci_low, ci_high: j.ci_high, verdict: j.verdict };
    }
    case 'count': {
      const equal = e.recomputed === e.expected;
      if (!e.share) return { estimate: e.recomputed, ci_low: e.recomputed, ci_high: e.recomputed, verdict: equal ? 'holds' : 'contradicted' };
      const share = choiceJudgement(e.share, side);
      if (share === null || equal || share.verdict === 'not computable') return share;
      return { ...share, verdict: 'contradicted' };
    }
    case 'every-unit': {
      if (e.units.length === 0) return NOT_COMPUTABLE;
      const units: ChoiceJudgement[] = [];
      for (const u of e.units) {
        const j = choiceJudgement(u.evidence, side);
        if (j === null) return null;
        units.push(j);
      }
      const verdict = combineUnitVerdicts(
        units.map((u) => u.verdict),
        units.map((u) => u.estimate),
        side,
      );
      if (verdict === 'not computable') return NOT_COMPUTABLE;
      const sign = side.direction === 'greater' ? 1 : -1;
      let worst = units[0];
      for (const u of units) if (sign * (u.estimate ?? 0) < sign * (worst.estimate ?? 0)) worst = u;
      return { ...worst, verdict };
    }
    case 'not-computable':
      return NOT_COMPUTABLE;
    case 'rank':
    case 'value':
      return null;
  }
}
