import type { Verdict } from './claim.js';
import { verdictFromInterval, type ClaimedSide } from './verdict-from-interval.js';

/** What the engine reads of a run: the bootstrap's size and seed, and the claim's stream name. */
export interface JudgeOptions {
  resamples: number;
  seed: number;
  /** the claim's random stream, e.g. 'claims:cubebench.solvers-help'; each interval appends its part */
  stream: string;
  /**
   * only the headline interval is wanted (the robustness grid's seed cells): a clustered claim's
   * item bootstrap is not drawn, and the item columns repeat the headline
   */
  headlineOnly?: boolean;
}

/**
 * A claim judged from its evidence: the estimate and headline interval, the p-value against the
 * threshold, the three verdicts, and the power figures. Nulls where a part does not apply.
 */
export interface Judgement {
  estimate: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** how the headline interval was made */
  interval: string;
  /** the item bootstrap's interval (beside the headline one, for the forest plot) */
  item_low: number | null;
  item_high: number | null;
  /** the CR1 t interval (estimate +- t(0.975, G - 1) se) */
  cr1_low: number | null;
  cr1_high: number | null;
  p_value: number | null;
  verdict: Verdict;
  verdict_item_bootstrap: Verdict;
  verdict_clustered: Verdict;
  mde: number | null;
  units_as_claimed: number | null;
  units_significant: number | null;
  missing: string | null;
}

/** A finite number, or null (JSON has no NaN). */
export const finiteOrNull = (x: number | null | undefined): number | null => (x === null || x === undefined || !Number.isFinite(x) ? null : x);

/** An interval's bounds (NaN where it cannot be made). */
interface Bounds {
  low: number;
  high: number;
}

/**
 * The judgement of an estimate with its three intervals: the headline one (`interval` says how it
 * was made), the item bootstrap's and CR1's t interval, whose two-sided p is the p-value; each
 * interval gives its verdict against the claimed side.
 */
export function judgedByIntervals(
  estimate: number,
  side: ClaimedSide,
  head: Bounds,
  interval: string,
  item: Bounds,
  cr1: Bounds & { pValue: number },
  mde: number | null,
): Judgement {
  return {
    estimate,
    ci_low: finiteOrNull(head.low),
    ci_high: finiteOrNull(head.high),
    interval,
    item_low: finiteOrNull(item.low),
    item_high: finiteOrNull(item.high),
    cr1_low: finiteOrNull(cr1.low),
    cr1_high: finiteOrNull(cr1.high),
    p_value: finiteOrNull(cr1.pValue),
    verdict: verdictFromInterval(estimate, head.low, head.high, side),
    verdict_item_bootstrap: verdictFromInterval(estimate, item.low, item.high, side),
    verdict_clustered: verdictFromInterval(estimate, cr1.low, cr1.high, side),
    mde: finiteOrNull(mde),
    units_as_claimed: null,
    units_significant: null,
    missing: null,
  };
}

/** The judgement of evidence that cannot be computed, naming what is missing. */
export function notComputable(missing: string): Judgement {
  return {
    estimate: null,
    ci_low: null,
    ci_high: null,
    interval: 'none',
    item_low: null,
    item_high: null,
    cr1_low: null,
    cr1_high: null,
    p_value: null,
    verdict: 'not computable',
    verdict_item_bootstrap: 'not computable',
    verdict_clustered: 'not computable',
    mde: null,
    units_as_claimed: null,
    units_significant: null,
    missing,
  };
}

/** Unit i as its own cluster: the labels CR1 and the bootstrap take when the evidence has no clusters. */
export function ownClusters(n: number, prefix = ''): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${i}`);
}
