import { mantelHaenszelRD } from '../stats/mantel-haenszel-rd.js';
import { normalCdf } from '../stats/normal-cdf.js';
import type { Evidence } from './claim.js';
import { singleMethod } from './judge-fixed.js';
import { finiteOrNull, notComputable, type Judgement } from './judgement.js';
import { verdictFromInterval, type ClaimedSide } from './verdict-from-interval.js';

type StratifiedEvidence = Extract<Evidence, { kind: 'stratified-difference' }>;

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * A Mantel-Haenszel risk difference of a over b across strata (binary outcomes) against the
 * threshold: the headline interval is MH's (Sato's variance), the p-value the two-sided z test
 * 2 (1 - Phi(|RD - threshold| / se)). The strata already hold the clustering (operators, skills).
 */
export function judgeStratifiedDifference(e: StratifiedEvidence, side: ClaimedSide): Judgement {
  const strata = e.strata.map((s) => ({ a: sum(s.a), n1: s.a.length, c: sum(s.b), n0: s.b.length }));
  const mh = mantelHaenszelRD(strata);
  if (mh.strataUsed === 0 || !Number.isFinite(mh.rd)) return notComputable('no stratum has units on both sides');
  const p = mh.se > 0 ? 2 * normalCdf(Math.abs(mh.rd - side.threshold) / mh.se, true) : Number.NaN;
  return singleMethod({
    estimate: mh.rd,
    ci_low: finiteOrNull(mh.low),
    ci_high: finiteOrNull(mh.high),
    interval: 'Mantel-Haenszel',
    p_value: finiteOrNull(Math.min(1, p)),
    verdict: verdictFromInterval(mh.rd, mh.low, mh.high, side),
  });
}
