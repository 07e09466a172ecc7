import type { Verdict } from './claim.js';
import type { Judgement } from './judgement.js';

/**
 * A judgement whose interval is one kind only (Mantel-Haenszel, Wilson cells, a fixed count, a
 * rank interval, a descriptive value): the item-bootstrap and clustered verdicts repeat the
 * headline one, since the method they name does not apply (README, "Does the paper hold?").
 */
export function singleMethod(
  parts: { estimate: number | null; ci_low: number | null; ci_high: number | null; interval: string; p_value: number | null; verdict: Verdict },
  extra: Partial<Judgement> = {},
): Judgement {
  return {
    ...parts,
    item_low: null,
    item_high: null,
    cr1_low: null,
    cr1_high: null,
    verdict_item_bootstrap: parts.verdict,
    verdict_clustered: parts.verdict,
    mde: null,
    units_as_claimed: null,
    units_significant: null,
    missing: null,
    ...extra,
  };
}
