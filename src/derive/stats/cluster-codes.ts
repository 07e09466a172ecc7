/**
 * Dense codes for cluster labels: code[i] in 0..count-1, numbered in order of first appearance, so
 * the cluster-robust and cluster-bootstrap functions can sum per cluster in typed arrays. Labels are
 * compared as Map keys (SameValueZero): a release string is data, never a property name, and the
 * number 1 and the string '1' are different clusters. `sizes[c]` is how many units cluster c holds.
 */
export function clusterCodes(labels: ArrayLike<string | number>): { codes: Int32Array; count: number; sizes: Int32Array } {
  const n = labels.length;
  const codes = new Int32Array(n);
  const seen = new Map<string | number, number>();
  const sizes: number[] = [];
  for (let i = 0; i < n; i++) {
    const label = labels[i];
    let c = seen.get(label);
    if (c === undefined) {
      c = seen.size;
      seen.set(label, c);
      sizes.push(0);
    }
    codes[i] = c;
    sizes[c]++;
  }
  return { codes, count: seen.size, sizes: Int32Array.from(sizes) };
}
