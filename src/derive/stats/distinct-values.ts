/**
 * The distinct values of a sample, ascending, and how often each occurs, or null when there are more
 * than `maxDistinct` of them or any value is not finite (NaN has no place in an ordering). Sorting
 * fixes the order, so sums over the distinct values are taken in the same order on every run.
 * -0 and 0 count as one value.
 */
export function distinctValues(
  values: ArrayLike<number>,
  maxDistinct: number,
): { values: Float64Array; counts: Float64Array } | null {
  const n = values.length;
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  if (n > 0 && !(Number.isFinite(sorted[0]) && Number.isFinite(sorted[n - 1]))) return null;
  const distinct: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < n; ) {
    const v = sorted[i];
    let j = i + 1;
    while (j < n && sorted[j] === v) j++;
    if (distinct.length === maxDistinct) return null;
    distinct.push(v === 0 ? 0 : v);
    counts.push(j - i);
    i = j;
  }
  return { values: Float64Array.from(distinct), counts: Float64Array.from(counts) };
}
