import type { Direction, Verdict } from './claim.js';

/** The claimed side of a threshold: the estimate is claimed to be above ('greater') or below ('less') it. */
export interface ClaimedSide {
  direction: Direction;
  threshold: number;
}

/** Whether a value lies strictly on the claimed side of the threshold. */
export function onClaimedSide(value: number, side: ClaimedSide): boolean {
  return side.direction === 'greater' ? value > side.threshold : value < side.threshold;
}

/**
 * A claim's verdict from an estimate and its 95% interval [low, high], judged against the claimed
 * direction and threshold only (never the published magnitude):
 *
 * - `holds`: the whole interval lies strictly on the claimed side of the threshold;
 * - `contradicted`: the whole interval lies strictly on the other side;
 * - otherwise the interval contains the threshold, and the estimate's side names it:
 *   `same direction, not significant` when the estimate is strictly on the claimed side,
 *   `opposite direction, not significant` when it is not (an estimate equal to the threshold
 *   included: it does not move as claimed).
 *
 * An interval of zero width is judged like any other (a count fixed by the release, a descriptive
 * value). A NaN estimate or bound gives `not computable`.
 */
export function verdictFromInterval(estimate: number, low: number, high: number, side: ClaimedSide): Verdict {
  if (!Number.isFinite(estimate) || Number.isNaN(low) || Number.isNaN(high)) return 'not computable';
  const t = side.threshold;
  const above = low > t,
    below = high < t;
  if (side.direction === 'greater') {
    if (above) return 'holds';
    if (below) return 'contradicted';
  } else {
    if (below) return 'holds';
    if (above) return 'contradicted';
  }
  return onClaimedSide(estimate, side) ? 'same direction, not significant' : 'opposite direction, not significant';
}
