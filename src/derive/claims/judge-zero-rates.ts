import { wilsonInterval } from '../stats/wilson-interval.js';
import type { Evidence, Verdict } from './claim.js';
import { singleMethod } from './judge-fixed.js';
import { notComputable, type Judgement } from './judgement.js';

type ZeroRatesEvidence = Extract<Evidence, { kind: 'zero-rates' }>;

/**
 * "These rates are 0": holds when every cell's count is 0, contradicted when any cell's Wilson
 * lower bound is above 0 (with n > 0, any count above 0). The estimate is the largest cell rate,
 * shown with that cell's Wilson interval (when every count is 0, the cell with the fewest units:
 * the widest interval, the most a rate could be). No p-value: the claim is about every cell.
 */
export function judgeZeroRates(e: ZeroRatesEvidence): Judgement {
  const cells = e.cells.filter((c) => c.n > 0);
  if (cells.length === 0) return notComputable('no cell with units');
  let worst = cells[0];
  for (const c of cells) {
    const r = c.count / c.n,
      w = worst.count / worst.n;
    if (r > w || (r === w && c.n < worst.n)) worst = c;
  }
  const ci = wilsonInterval(worst.count, worst.n);
  const anyAbove = cells.some((c) => wilsonInterval(c.count, c.n).low > 0);
  const verdict: Verdict = cells.every((c) => c.count === 0) ? 'holds' : anyAbove ? 'contradicted' : 'opposite direction, not significant';
  const above = cells.filter((c) => c.count > 0).length;
  return singleMethod(
    { estimate: ci.estimate, ci_low: ci.low, ci_high: ci.high, interval: 'Wilson, of the cell with the largest rate', p_value: null, verdict },
    { units_as_claimed: cells.length - above },
  );
}
