import { median as ssMedian } from 'simple-statistics';

/**
 * Median: the middle value, or the mean of the two middle values for an even count (numpy's
 * `median`, type 7 at p = 0.5). simple-statistics computes exactly this; NaN for no values, like numpy.
 */
export function median(values: readonly number[]): number {
  return values.length ? ssMedian(values as number[]) : NaN;
}
