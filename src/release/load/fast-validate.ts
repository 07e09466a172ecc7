import {
  ZodAny,
  ZodArray,
  ZodBoolean,
  ZodEffects,
  ZodEnum,
  ZodLiteral,
  ZodNever,
  ZodNull,
  ZodNullable,
  ZodNumber,
  ZodObject,
  ZodOptional,
  ZodRecord,
  ZodString,
  ZodUnion,
  ZodUnknown,
  type ZodTypeAny,
} from 'zod';
import { ZodDataRecord } from '../../format/data-record.js';

/** What a row check returns for a value the schema would refuse. */
export const REFUSED: unique symbol = Symbol('refused');

/** A row check made from a zod schema: the value zod would give, or REFUSED. */
export type RowCheck = (v: unknown) => unknown;

/**
 * Compiles a zod schema into a plain function that accepts exactly what the schema accepts and
 * returns what `schema.parse` would (new objects and arrays, keys in zod's order: the shape's keys,
 * then passthrough keys in input order, `__proto__` dropped, except in a `ZodDataRecord`, which keeps
 * it). It is the fast path of row validation, `plainCheck` beside it the reference: the two agree on
 * every value (test/load/validate-fast-plain-agree.test.ts). A refused row goes to zod itself, so
 * problem messages stay zod's. Returns undefined for a schema using a part it does not know (such a
 * schema is checked by `plainCheck`).
 */
export function compileCheck(schema: ZodTypeAny): RowCheck | undefined {
  const c = compile(schema);
  return c ?? undefined;
}

/** The plain row check, the reference of `compileCheck`: zod's own `safeParse`. */
export function plainCheck(schema: ZodTypeAny): RowCheck {
  return (v) => {
    const r = schema.safeParse(v);
    return r.success ? r.data : REFUSED;
  };
}

function compile(s: ZodTypeAny): RowCheck | null {
  if (s instanceof ZodString) return compileString(s);
  if (s instanceof ZodNumber) return compileNumber(s);
  if (s instanceof ZodBoolean) return (v) => (typeof v === 'boolean' ? v : REFUSED);
  if (s instanceof ZodNull) return (v) => (v === null ? v : REFUSED);
  if (s instanceof ZodUnknown || s instanceof ZodAny) return (v) => v;
  if (s instanceof ZodEnum) {
    const options = new Set<unknown>(s._def.values as unknown[]);
    return (v) => (typeof v === 'string' && options.has(v) ? v : REFUSED);
  }
  if (s instanceof ZodLiteral) {
    const lit = s._def.value as unknown;
    return (v) => (v === lit ? v : REFUSED);
  }
  if (s instanceof ZodNullable) {
    const inner = compile(s._def.innerType);
    return inner && ((v) => (v === null ? null : inner(v)));
  }
  if (s instanceof ZodOptional) {
    const inner = compile(s._def.innerType);
    return inner && ((v) => (v === undefined ? undefined : inner(v)));
  }
  if (s instanceof ZodArray) return compileArray(s);
  if (s instanceof ZodObject) return compileObject(s);
  if (s instanceof ZodRecord) return compileRecord(s);
  if (s instanceof ZodUnion) {
    const options = (s._def.options as ZodTypeAny[]).map(compile);
    if (options.some((o) => o === null)) return null;
    const fs = options as RowCheck[];
    return (v) => {
      for (const f of fs) {
        const r = f(v);
        if (r !== REFUSED) return r;
      }
      return REFUSED;
    };
  }
  if (s instanceof ZodEffects && s._def.effect.type === 'refinement') {
    const inner = compile(s._def.schema);
    if (!inner) return null;
    const refinement = s._def.effect.refinement as (v: unknown, ctx: unknown) => unknown;
    return (v) => {
      const r = inner(v);
      if (r === REFUSED) return r;
      let refused = false;
      const ctx = {
        addIssue: () => {
          refused = true;
        },
        path: [],
      };
      const out = refinement(r, ctx);
      if (out instanceof Promise) return REFUSED; // zod refuses async refinements in a sync parse
      return refused ? REFUSED : r;
    };
  }
  return null;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function compileString(s: ZodString): RowCheck | null {
  let min = -1,
    max = Infinity;
  const regexes: RegExp[] = [];
  for (const c of s._def.checks) {
    if (c.kind === 'min') min = Math.max(min, c.value);
    else if (c.kind === 'max') max = Math.min(max, c.value);
    else if (c.kind === 'length') {
      min = Math.max(min, c.value);
      max = Math.min(max, c.value);
    } else if (c.kind === 'regex') regexes.push(c.regex);
    else return null;
  }
  return (v) => {
    if (typeof v !== 'string' || v.length < min || v.length > max) return REFUSED;
    for (let i = 0; i < regexes.length; i++) {
      const re = regexes[i];
      re.lastIndex = 0;
      if (!re.test(v)) return REFUSED;
    }
    return v;
  };
}

function compileNumber(s: ZodNumber): RowCheck | null {
  let int = false;
  let finite = false;
  const lows: [number, boolean][] = [];
  const highs: [number, boolean][] = [];
  for (const c of s._def.checks) {
    if (c.kind === 'int') int = true;
    else if (c.kind === 'finite') finite = true;
    else if (c.kind === 'min') lows.push([c.value, c.inclusive]);
    else if (c.kind === 'max') highs.push([c.value, c.inclusive]);
    else return null;
  }
  return (v) => {
    if (typeof v !== 'number' || Number.isNaN(v)) return REFUSED;
    if (int && !Number.isInteger(v)) return REFUSED;
    if (finite && !Number.isFinite(v)) return REFUSED;
    for (let i = 0; i < lows.length; i++) if (lows[i][1] ? v < lows[i][0] : v <= lows[i][0]) return REFUSED;
    for (let i = 0; i < highs.length; i++) if (highs[i][1] ? v > highs[i][0] : v >= highs[i][0]) return REFUSED;
    return v;
  };
}

function compileArray(s: ZodArray<ZodTypeAny>): RowCheck | null {
  const el = compile(s._def.type);
  if (!el) return null;
  const min = s._def.minLength?.value ?? 0;
  const max = s._def.maxLength?.value ?? Infinity;
  const exact = s._def.exactLength?.value;
  return (v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max || (exact !== undefined && v.length !== exact)) return REFUSED;
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const r = el(v[i]);
      if (r === REFUSED) return REFUSED;
      out[i] = r;
    }
    return out;
  };
}

function compileObject(s: ZodObject<Record<string, ZodTypeAny>>): RowCheck | null {
  if (!(s._def.catchall instanceof ZodNever)) return null;
  const mode = s._def.unknownKeys as 'passthrough' | 'strip' | 'strict';
  const shape = s.shape;
  const keys = Object.keys(shape);
  const known = new Set(keys);
  const checks: RowCheck[] = [];
  for (const k of keys) {
    const c = compile(shape[k]);
    if (!c) return null;
    checks.push(c);
  }
  const generated = generatedObjectCheck(keys, checks, known, mode);
  if (generated) return generated;
  // a shape naming `__proto__`: the object is grown key by key (a literal would set its prototype)
  return (v) => {
    if (!isObject(v)) return REFUSED;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const r = checks[i](v[k]);
      if (r === REFUSED) return REFUSED;
      if (k !== '__proto__' && (r !== undefined || k in v)) out[k] = r;
    }
    if (mode !== 'strip') {
      for (const k in v) {
        if (known.has(k)) continue;
        if (mode === 'strict') return REFUSED;
        if (k !== '__proto__' && v[k] !== undefined) out[k] = v[k];
      }
    }
    return out;
  };
}

/**
 * The object check as the source of one function, each key written out: every read of a key is then
 * a load of a named property (fast while the rows share a shape, where `v[keys[i]]` in a loop is one
 * site seeing every key), and the output is made by an object literal, keys in the shape's order: the
 * engine then keeps every field inside the object, where an object grown key by key from `{}` keeps
 * all but the first few in a second allocation (a release's rows are held for the whole run). The
 * passthrough loop compares each input key with the shape's key expected next before asking the set,
 * so rows written in the shape's order make no set lookups. Undefined for a shape naming `__proto__`,
 * which a literal would take as the prototype.
 */
function generatedObjectCheck(keys: string[], checks: RowCheck[], known: Set<string>, mode: 'passthrough' | 'strip' | 'strict'): RowCheck | undefined {
  if (keys.length === 0 || keys.includes('__proto__')) return undefined;
  // the keys are the schema's own names, each written as a JSON string literal
  const q = keys.map((k) => JSON.stringify(k));
  const present = (i: number) => `(r${i} !== undefined || ${q[i]} in v)`;
  const src = [
    'return (v) => {',
    '  if (v === null || typeof v !== "object" || Array.isArray(v)) return REFUSED;',
    ...keys.map((_, i) => `  const r${i} = c${i}(v[${q[i]}]); if (r${i} === REFUSED) return REFUSED;`),
    // zod sets a shape key when the input has it, or when its value is not undefined
    `  let out;`,
    `  if (${keys.map((_, i) => present(i)).join(' && ')}) out = { ${keys.map((_, i) => `${q[i]}: r${i}`).join(', ')} };`,
    `  else { out = {}; ${keys.map((_, i) => `if ${present(i)} out[${q[i]}] = r${i};`).join(' ')} }`,
    ...(mode === 'strip'
      ? []
      : [
          '  let next = 0;',
          '  for (const k in v) {',
          '    if (k === keys[next]) { next++; continue; }',
          '    if (known.has(k)) continue;',
          mode === 'strict' ? '    return REFUSED;' : '    if (k !== "__proto__" && v[k] !== undefined) out[k] = v[k];',
          '  }',
        ]),
    '  return out;',
    '};',
  ].join('\n');
  return new Function('REFUSED', 'keys', 'known', ...keys.map((_, i) => `c${i}`), src)(REFUSED, keys, known, ...checks) as RowCheck;
}

function compileRecord(s: ZodRecord): RowCheck | null {
  const keyType = s._def.keyType as ZodTypeAny;
  if (!(keyType instanceof ZodString) || keyType._def.checks.length > 0) return null;
  const val = compile(s._def.valueType);
  if (!val) return null;
  const keepsProto = s instanceof ZodDataRecord;
  return (v) => {
    if (!isObject(v)) return REFUSED;
    const out: Record<string, unknown> = {};
    for (const k in v) {
      const r = val(v[k]);
      if (r === REFUSED) return REFUSED;
      // zod's record drops a key named `__proto__` (an assignment would set the prototype instead); a
      // record whose keys are data keeps it as an own field
      if (k !== '__proto__') out[k] = r;
      else if (keepsProto) Object.defineProperty(out, k, { value: r, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
}
