import type { FieldSpec } from '../../format/globebench.js';
import { canonicalJson, equalAsCanonicalJson, jsonType } from './canonical-json.js';

/**
 * How one predicted field compares with gold (docs/release-format.md, "How a response is graded", step 3):
 * - `match` / `wrong_value`: decided deterministically; a value of gold's JSON type that differs
 *   is wrong, whatever its inner shape (an object with an extra or a missing key included);
 * - `wrong_shape`: a type mismatch, i.e. a value whose JSON type (null, boolean, number, string,
 *   array, object) differs from gold's, or a non-array for a `set` field; the grader counts it
 *   with missing fields (structure only);
 * - `text`: a text field with a string value, left to the judge.
 */
export type FieldOutcome = 'match' | 'wrong_value' | 'wrong_shape' | 'text';

/**
 * Inclusive numeric tolerance as a person reads it: |p - g| <= tol + 1e-9 * max(1, |g|). The
 * relative slack absorbs binary rounding (gold 1.1, prediction 0.9, tol 0.2: |p - g| is
 * 0.20000000000000007 in doubles, and matches).
 */
export function withinTolerance(pred: number, gold: number, tol: number): boolean {
  return Math.abs(pred - gold) <= tol + 1e-9 * Math.max(1, Math.abs(gold));
}

export function compareField(spec: FieldSpec, gold: unknown, pred: unknown): FieldOutcome {
  return fieldComparer(spec, gold)(pred);
}

/**
 * compareField for one field of one item, with what it needs of gold worked out once: grading
 * compares the same gold value with every model's prediction.
 */
export function fieldComparer(spec: FieldSpec, gold: unknown): (pred: unknown) => FieldOutcome {
  switch (spec.kind) {
    case 'exact': {
      const type = jsonType(gold);
      return (pred) => (jsonType(pred) !== type ? 'wrong_shape' : equalAsCanonicalJson(gold, pred) ? 'match' : 'wrong_value');
    }
    case 'numeric': {
      const tol = spec.tol ?? 0;
      return (pred) => (typeof pred !== 'number' ? 'wrong_shape' : withinTolerance(pred, gold as number, tol) ? 'match' : 'wrong_value');
    }
    case 'set': {
      let g: string[] | undefined; // gold's members as canonical JSON, sorted: made on the first array predicted
      return (pred) => {
        if (!Array.isArray(pred)) return 'wrong_shape';
        g ??= (gold as unknown[]).map(canonicalJson).sort();
        if (g.length !== pred.length) return 'wrong_value';
        const p = pred.map(canonicalJson).sort();
        return g.every((x, i) => x === p[i]) ? 'match' : 'wrong_value';
      };
    }
    case 'text':
      return (pred) => (typeof pred === 'string' ? 'text' : 'wrong_shape');
  }
}
