/** Paths split once: grading looks the same few field paths up in every response. */
interface Segments {
  keys: string[];
  /** per segment, its value as an array index when it is all digits (the /^\d+$/ rule), else -1 */
  indexes: number[];
}
const splitPaths = new Map<string, Segments>();
const NOT_FOUND = Object.freeze({ found: false as const });

function segmentsOf(path: string): Segments {
  let s = splitPaths.get(path);
  if (s === undefined) {
    const keys = path.split('.');
    s = { keys, indexes: keys.map((seg) => (/^\d+$/.test(seg) ? Number(seg) : -1)) };
    if (splitPaths.size > 100_000) splitPaths.clear(); // item specs are few; a hostile release cannot grow this without bound
    splitPaths.set(path, s);
  }
  return s;
}

/**
 * Looks a dot path up in a JSON value: `accounts.0.balance`. A segment that is a non-negative
 * integer indexes an array; otherwise it names an object key. Returns `found: false` when any
 * step is missing, so a present `null` is told apart from an absent key.
 */
export function getPath(root: unknown, path: string): { found: boolean; value?: unknown } {
  let v: unknown = root;
  const { keys, indexes } = segmentsOf(path);
  for (let i = 0; i < keys.length; i++) {
    const seg = keys[i];
    const index = indexes[i];
    if (Array.isArray(v)) {
      if (index < 0 || index >= v.length) return NOT_FOUND;
      v = v[index];
    } else if (v !== null && typeof v === 'object') {
      if (!Object.prototype.hasOwnProperty.call(v, seg)) return NOT_FOUND;
      v = (v as Record<string, unknown>)[seg];
    } else {
      return NOT_FOUND;
    }
  }
  return { found: true, value: v };
}
