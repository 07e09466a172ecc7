/**
 * Looks a dot path up in a JSON value: `accounts.0.balance`. A segment that is a non-negative
 * integer indexes an array; otherwise it names an object key. Returns `found: false` when any
 * step is missing, so a present `null` is told apart from an absent key.
 */
export function getPath(root: unknown, path: string): { found: boolean; value?: unknown } {
  let v: unknown = root;
  for (const seg of path.split('.')) {
    if (Array.isArray(v)) {
      if (!/^\d+$/.test(seg)) return { found: false };
      const i = Number(seg);
      if (i >= v.length) return { found: false };
      v = v[i];
    } else if (v !== null && typeof v === 'object') {
      if (!Object.prototype.hasOwnProperty.call(v, seg)) return { found: false };
      v = (v as Record<string, unknown>)[seg];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: v };
}
