import type { Evidence } from './claim.js';
import { judgeDifference } from './judge-difference.js';
import { judgeEveryUnit } from './judge-every-unit.js';
import { singleMethod } from './judge-fixed.js';
import { judgeMean } from './judge-mean.js';
import { judgePairedDifference } from './judge-paired-difference.js';
import { judgeRank } from './judge-rank.js';
import { judgeStratifiedDifference } from './judge-stratified-difference.js';
import { judgeValue } from './judge-value.js';
import { judgeZeroRates } from './judge-zero-rates.js';
import { notComputable, type JudgeOptions, type Judgement } from './judgement.js';
import type { ClaimedSide } from './verdict-from-interval.js';

/**
 * Judges evidence against the claimed side by its kind (the rules of README, "Does the paper
 * hold?"). A count fixed by the release holds when recomputed equal and is contradicted when not;
 * its `share` (if any) is judged against the declared side and gives the estimate, interval and
 * p-value, and the verdicts once the count is equal. Units of an every-unit claim draw from their
 * own streams (the claim's, with `:unit=<index>`).
 */
export function judgeEvidence(e: Evidence, side: ClaimedSide, opts: JudgeOptions): Judgement {
  switch (e.kind) {
    case 'mean':
      return judgeMean(e, side, opts);
    case 'paired-difference':
      return judgePairedDifference(e, side, opts);
    case 'difference':
      return judgeDifference(e, side, opts);
    case 'stratified-difference':
      return judgeStratifiedDifference(e, side);
    case 'zero-rates':
      return judgeZeroRates(e);
    case 'rank':
      return judgeRank(e, side, opts);
    case 'value':
      return judgeValue(e, side, opts);
    case 'not-computable':
      return notComputable(e.missing);
    case 'every-unit':
      return judgeEveryUnit(
        e.units.map((part, i) => ({ part, judgement: judgeEvidence(part.evidence, side, { ...opts, stream: `${opts.stream}:unit=${i}` }) })),
        side,
      );
    case 'count': {
      const equal = e.recomputed === e.expected;
      if (!e.share) {
        return singleMethod({
          estimate: e.recomputed,
          ci_low: e.recomputed,
          ci_high: e.recomputed,
          interval: 'none (a count the release fixes)',
          p_value: null,
          verdict: equal ? 'holds' : 'contradicted',
        });
      }
      const share = judgeEvidence(e.share, side, { ...opts, stream: `${opts.stream}:share` });
      if (equal) return share;
      return { ...share, verdict: 'contradicted', verdict_item_bootstrap: 'contradicted', verdict_clustered: 'contradicted' };
    }
  }
}
