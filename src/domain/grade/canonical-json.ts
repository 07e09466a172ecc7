/**
 * Canonical JSON: object keys sorted, no whitespace. Two values are "equal as canonical JSON" when
 * these strings are equal, so key order never matters. -0 is written as 0 (JSON has no -0).
 */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(v as object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** JSON type name: null, boolean, number, string, array or object. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/**
 * `canonicalJson(a) === canonicalJson(b)`, without building either string: the same JSON type and
 * the same value, objects with the same keys (in any order) holding equal values. As in
 * canonicalJson, a value JSON cannot hold (undefined, NaN, a function) counts as null.
 */
export function equalAsCanonicalJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const objA = a !== null && typeof a === 'object',
    objB = b !== null && typeof b === 'object';
  if (!objA || !objB) return !objA && !objB && writtenAsNull(a) && writtenAsNull(b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalAsCanonicalJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a as object);
  if (keys.length !== Object.keys(b as object).length) return false;
  for (const k of keys) {
    if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
    if (!equalAsCanonicalJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** Whether canonicalJson writes a non-object value as `null`. */
function writtenAsNull(v: unknown): boolean {
  return v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol' || (typeof v === 'number' && !Number.isFinite(v));
}
