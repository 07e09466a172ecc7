import { quantileSorted } from './quantile-sorted.js';

/** Median: the mean of the two middle values for an even count (type 7 at p = 0.5). */
export function median(values: readonly number[]): number {
  return quantileSorted([...values].sort((a, b) => a - b), 0.5);
}
