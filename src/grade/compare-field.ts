import type { FieldSpec } from '../schemas/globebench.js';
import { canonicalJson, jsonType } from './canonical-json.js';

/**
 * How one predicted field compares with gold (RELEASE-FORMAT.md, grading step 3):
 * - `match` / `wrong_value`: decided deterministically;
 * - `wrong_shape`: a value of the wrong JSON type, or a container of another shape (other keys,
 *   another length), which the grader counts as structure only;
 * - `text`: a text field with a string value, left to the judge.
 */
export type FieldOutcome = 'match' | 'wrong_value' | 'wrong_shape' | 'text';

export function compareField(spec: FieldSpec, gold: unknown, pred: unknown): FieldOutcome {
  switch (spec.kind) {
    case 'exact':
      if (!sameShape(gold, pred)) return 'wrong_shape';
      return canonicalJson(gold) === canonicalJson(pred) ? 'match' : 'wrong_value';
    case 'numeric':
      if (typeof pred !== 'number') return 'wrong_shape';
      return Math.abs(pred - (gold as number)) <= (spec.tol ?? 0) ? 'match' : 'wrong_value';
    case 'set': {
      if (!Array.isArray(pred)) return 'wrong_shape';
      const g = (gold as unknown[]).map(canonicalJson).sort();
      const p = pred.map(canonicalJson).sort();
      return g.length === p.length && g.every((x, i) => x === p[i]) ? 'match' : 'wrong_value';
    }
    case 'text':
      return typeof pred === 'string' ? 'text' : 'wrong_shape';
  }
}

/** Same JSON type at every level, same keys in objects and same length in arrays. */
function sameShape(a: unknown, b: unknown): boolean {
  const ta = jsonType(a);
  if (ta !== jsonType(b)) return false;
  if (ta === 'array') {
    const x = a as unknown[], y = b as unknown[];
    return x.length === y.length && x.every((v, i) => sameShape(v, y[i]));
  }
  if (ta === 'object') {
    const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
    const kx = Object.keys(x).sort(), ky = Object.keys(y).sort();
    return kx.length === ky.length && kx.every((k, i) => k === ky[i] && sameShape(x[k], y[k]));
  }
  return true;
}
