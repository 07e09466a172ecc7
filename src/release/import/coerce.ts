import { z } from 'zod';
import { rowShape } from '../load/parquet-fields.js';
import { parseJsonText } from '../io/parquet.js';
import { nonFiniteLiteral, nonFinitePath } from '../io/json-checks.js';

/** The JSON types a field schema accepts at its top level (through optional/nullable/refinements). */
function accepts(s: z.ZodTypeAny): Set<'number' | 'boolean' | 'structured' | 'string' | 'null'> {
  const out = new Set<'number' | 'boolean' | 'structured' | 'string' | 'null'>();
  const walk = (t: z.ZodTypeAny): void => {
    if (t instanceof z.ZodOptional) return walk(t.unwrap());
    if (t instanceof z.ZodNullable) {
      out.add('null');
      return walk(t.unwrap());
    }
    if (t instanceof z.ZodDefault) return walk(t._def.innerType);
    if (t instanceof z.ZodEffects) return walk(t.innerType());
    if (t instanceof z.ZodUnion) return (t.options as z.ZodTypeAny[]).forEach(walk);
    if (t instanceof z.ZodNumber) out.add('number');
    else if (t instanceof z.ZodBoolean) out.add('boolean');
    else if (t instanceof z.ZodObject || t instanceof z.ZodArray || t instanceof z.ZodRecord || t instanceof z.ZodTuple) out.add('structured');
    else if (t instanceof z.ZodNull) out.add('null');
    else out.add('string');
  };
  walk(s);
  return out;
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * Types the text cells of a source (CSV, or strings in any source) by the release row's schema:
 * a field that takes a number gets the number a cell spells (`"0.85"` -> 0.85), one that takes a
 * boolean gets `true`/`false`, one that takes an object or array gets the JSON text parsed, and an
 * empty cell is null where the field may be null and absent where it may be absent. A string the
 * field accepts as it is stays a string; a cell that fits none of these is left for the schema to
 * refuse with its own message. Fields the schema does not know stay as they came.
 * A number that is not finite anywhere in the row (a cell `1e400`, which reads as Infinity; an
 * overflowing literal in a `.json` source; a constant of the mapping) is refused, as in a release:
 * JSON has no spelling for it, and JSON.stringify would write it as null.
 */
export function coerceRow(row: Record<string, unknown>, schema: z.ZodTypeAny | undefined): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  for (const [name, field] of Object.entries(schema ? (rowShape(schema) ?? {}) : {})) {
    if (!Object.hasOwn(row, name)) continue;
    const v = row[name];
    if (typeof v !== 'string' && v !== null) continue;
    if (field.safeParse(v).success) continue;
    const ok = accepts(field);
    if (v === null || v === '') {
      if (ok.has('null')) row[name] = null;
      else if (field.safeParse(undefined).success) delete row[name];
      continue;
    }
    const t = v.trim();
    if (ok.has('number') && NUMBER.test(t)) {
      if (Number.isFinite(Number(t))) row[name] = Number(t);
      else {
        problems.push({ field: name, message: nonFiniteLiteral(t) });
        delete row[name];
      }
    } else if (ok.has('boolean') && (t === 'true' || t === 'false')) row[name] = t === 'true';
    else if (ok.has('null') && t === 'null') row[name] = null;
    else if (ok.has('structured') && (t.startsWith('{') || t.startsWith('['))) {
      const r = parseJsonText(t);
      if ('problem' in r) problems.push({ field: name, message: r.problem });
      else row[name] = r.value;
    }
  }
  const at = nonFinitePath(row);
  if (at !== undefined)
    problems.push({
      field: at,
      message: 'a number beyond the largest double (it reads as Infinity or -Infinity, or is NaN); the format refuses numbers that are not finite',
    });
  return problems;
}
