/**
 * The distinct values of a sample, ascending, and how often each occurs, or null when there are more
 * than `maxDistinct` of them or any value is not finite (NaN has no place in an ordering). Sorting
 * fixes the order, so sums over the distinct values are taken in the same order on every run.
 * -0 and 0 count as one value. One pass over the sample against the few values seen so far (the
 * last one matched first: pass bits come in runs), then a sort of those few, instead of sorting
 * the whole sample.
 */
export function distinctValues(values: ArrayLike<number>, maxDistinct: number): { values: Float64Array; counts: Float64Array } | null {
  const n = values.length;
  const seen: number[] = [];
  const counts: number[] = [];
  let last = -1;
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (!Number.isFinite(x)) return null;
    const v = x === 0 ? 0 : x;
    if (last >= 0 && seen[last] === v) {
      counts[last]++;
      continue;
    }
    let j = 0;
    while (j < seen.length && seen[j] !== v) j++;
    if (j === seen.length) {
      if (seen.length === maxDistinct) return null;
      seen.push(v);
      counts.push(0);
    }
    counts[j]++;
    last = j;
  }
  const order = seen.map((_, j) => j).sort((a, b) => seen[a] - seen[b]);
  return { values: Float64Array.from(order, (j) => seen[j]), counts: Float64Array.from(order, (j) => counts[j]) };
}
