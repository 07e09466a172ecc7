import { type ParseInput, type ParseReturnType, ZodFirstPartyTypeKind, ZodRecord, ZodString, type ZodTypeAny } from 'zod';

/**
 * A JSON object whose keys are data (gold's fields, a prediction's): zod's record, except that a key
 * named `__proto__` is kept as an own field, in its place among the others, as JSON.parse keeps it.
 * zod's record drops that key (an assignment would set the prototype instead), which would lose a
 * graded field that a release happens to call `__proto__`. Every other verdict, issue and value is
 * zod's record's. The compiled row check (`src/release/load/fast-validate.ts`) does the same.
 */
export class ZodDataRecord extends ZodRecord<ZodString, ZodTypeAny> {
  override _parse(input: ParseInput): ParseReturnType<Record<string, unknown>> {
    const result = super._parse(input);
    const data: unknown = input.data;
    if (result instanceof Promise || result.status !== 'valid' || !Object.hasOwn(data as object, '__proto__')) return result;
    // zod has checked the value already (the record is valid): this gives the value it made of it
    const kept = this._def.valueType.safeParse(Object.getOwnPropertyDescriptor(data, '__proto__')!.value);
    if (!kept.success) return result;
    const value: Record<string, unknown> = {};
    for (const k in data as Record<string, unknown>) {
      if (k === '__proto__') Object.defineProperty(value, k, { value: kept.data, enumerable: true, writable: true, configurable: true });
      else value[k] = result.value[k];
    }
    return { status: 'valid', value };
  }
}

/** A record of string keys to `values` whose keys are data (`ZodDataRecord`). */
export function dataRecord(values: ZodTypeAny): ZodDataRecord {
  return new ZodDataRecord({ keyType: ZodString.create(), valueType: values, typeName: ZodFirstPartyTypeKind.ZodRecord });
}
