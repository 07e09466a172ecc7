/** A dot path split once: grading looks the same few field paths up in every response. */
export interface PathSegments {
  path: string;
  keys: string[];
  /** per segment, its value as an array index when it is all digits (the /^\d+$/ rule), else -1 */
  indexes: number[];
}

/** What `valueAt` returns when a step of the path is missing. */
export const MISSING: unique symbol = Symbol('missing');

const splitPaths = new Map<string, PathSegments>();

export function splitPath(path: string): PathSegments {
  let s = splitPaths.get(path);
  if (s === undefined) {
    const keys = path.split('.');
    s = { path, keys, indexes: keys.map((seg) => (/^\d+$/.test(seg) ? Number(seg) : -1)) };
    if (splitPaths.size > 100_000) splitPaths.clear(); // item specs are few; a hostile release cannot grow this without bound
    splitPaths.set(path, s);
  }
  return s;
}

/** `getPath` on a split path, without allocating: the value, or MISSING. */
export function valueAt(root: unknown, { keys, indexes }: PathSegments): unknown {
  let v: unknown = root;
  for (let i = 0; i < keys.length && v !== MISSING; i++) v = stepInto(v, keys[i], indexes[i]);
  return v;
}

/**
 * One step of a path: the element `index` of an array (-1: the segment is not an index), the own
 * key `key` of an object, else MISSING.
 */
export function stepInto(v: unknown, key: string, index: number): unknown {
  if (Array.isArray(v)) return index < 0 || index >= v.length ? MISSING : v[index];
  if (v !== null && typeof v === 'object') return Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : MISSING;
  return MISSING;
}

/**
 * Looks a dot path up in a JSON value: `accounts.0.balance`. A segment that is a non-negative
 * integer indexes an array; otherwise it names an object key. Returns `found: false` when any
 * step is missing, so a present `null` is told apart from an absent key.
 */
export function getPath(root: unknown, path: string): { found: boolean; value?: unknown } {
  const v = valueAt(root, splitPath(path));
  return v === MISSING ? { found: false } : { found: true, value: v };
}
