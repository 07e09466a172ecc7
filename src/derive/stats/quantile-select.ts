/**
 * Type 7 quantile (Hyndman & Fan 1996, as quantileSorted and numpy's percentile) of unsorted data
 * in expected O(n), by selection instead of a full sort: Hoare's quickselect (Hoare 1961, algorithm
 * FIND) puts the floor(h)-th order statistic, h = (n - 1) p, in place with everything smaller
 * before it and everything larger after, and the next order statistic is then the minimum of what
 * follows. Reorders `data` in place (it stays a permutation of itself); pivots are medians of
 * three, so no randomness is drawn.
 */
export function quantileSelect(data: Float64Array, p: number): number {
  const n = data.length;
  if (n === 0) return NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const frac = h - lo;
  let left = 0;
  let right = n - 1;
  while (right > left) {
    const mid = (left + right) >>> 1;
    // median of three to data[mid], then partition around it (Hoare)
    if (data[mid] < data[left]) swap(data, mid, left);
    if (data[right] < data[left]) swap(data, right, left);
    if (data[right] < data[mid]) swap(data, right, mid);
    const pivot = data[mid];
    let i = left;
    let j = right;
    while (i <= j) {
      while (data[i] < pivot) i++;
      while (data[j] > pivot) j--;
      if (i <= j) {
        swap(data, i, j);
        i++;
        j--;
      }
    }
    if (lo <= j) right = j;
    else if (lo >= i) left = i;
    else break;
  }
  const x = data[lo];
  if (frac === 0) return x;
  let next = data[lo + 1];
  for (let t = lo + 2; t < n; t++) if (data[t] < next) next = data[t];
  return x + frac * (next - x);
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
