import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { MAX_FILE_BYTES, type ParsedJsonl } from '../io/jsonl.js';
import { parseJsonText, parseParquet } from '../io/parquet.js';
import type { Problem } from '../io/problems.js';

/** Whether a release path names a Parquet file (`name.parquet`, or gzipped `name.parquet.gz`). */
export const isParquetPath = (path: string): boolean => /\.parquet(\.gz)?$/.test(path);

/**
 * The name the loaders look a release file up by: `items.jsonl` whether the release gives
 * `items.jsonl`, `items.jsonl.gz`, `items.parquet` or `items.parquet.gz`.
 */
export const logicalName = (path: string): string => path.replace(/\.gz$/, '').replace(/\.parquet$/, '.jsonl');

/**
 * Files that are not release data and may sit anywhere in a release (the format's common rules):
 * `README*`, `LICENSE*`, `*.md` and `.gitattributes`, as dataset hubs put them beside the data.
 */
export const isNotData = (path: string): boolean => {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return /^(README|LICENSE)/i.test(base) || /\.md$/i.test(base) || base === '.gitattributes';
};

/** How the rows of one Parquet file become the objects a JSONL row would give. */
interface FieldPlan {
  /** the field's type is an object or array (or may be one): a string is JSON text for it */
  json: boolean;
  /** a string is also a value of the field (a union with a string form): only lift when the string is refused */
  stringToo: boolean;
  /** null is refused but absence allowed: a Parquet null means the field was absent */
  nullMeansAbsent: boolean;
  schema: z.ZodTypeAny;
}

const plans = new WeakMap<z.ZodTypeAny, Map<string, FieldPlan>>();

function unwrap(s: z.ZodTypeAny): z.ZodTypeAny {
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else if (s instanceof z.ZodDefault) s = s._def.innerType;
    else if (s instanceof z.ZodEffects) s = s.innerType();
    else if (s instanceof z.ZodLazy) s = s.schema;
    else if (s instanceof z.ZodPipeline) s = s._def.in;
    else return s;
  }
}

/** Which JSON types a schema accepts at its top level: structured (object/array) and/or a string. */
function kinds(s: z.ZodTypeAny): { structured: boolean; string: boolean } {
  const t = unwrap(s);
  if (t instanceof z.ZodUnion || t instanceof z.ZodDiscriminatedUnion) {
    const ks = (t.options as z.ZodTypeAny[]).map(kinds);
    return { structured: ks.some((k) => k.structured), string: ks.some((k) => k.string) };
  }
  const structured = t instanceof z.ZodObject || t instanceof z.ZodArray || t instanceof z.ZodRecord || t instanceof z.ZodTuple || t instanceof z.ZodMap;
  const string = t instanceof z.ZodString || t instanceof z.ZodEnum || t instanceof z.ZodLiteral || t instanceof z.ZodAny || t instanceof z.ZodUnknown;
  return { structured, string };
}

/** The top-level object shape of a row schema (through refinements), or undefined. */
export function rowShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | undefined {
  const t = unwrap(schema);
  return t instanceof z.ZodObject ? (t.shape as Record<string, z.ZodTypeAny>) : undefined;
}

function planFor(schema: z.ZodTypeAny): Map<string, FieldPlan> {
  let plan = plans.get(schema);
  if (plan) return plan;
  plan = new Map();
  for (const [name, field] of Object.entries(rowShape(schema) ?? {})) {
    const k = kinds(field);
    plan.set(name, {
      json: k.structured,
      stringToo: k.string,
      nullMeansAbsent: !field.safeParse(null).success && field.safeParse(undefined).success,
      schema: field,
    });
  }
  plans.set(schema, plan);
  return plan;
}

/**
 * Turns a Parquet row into the row the format describes, using the row's schema for the two things
 * a column cannot say by itself: a string column carrying an object or array as JSON text (parsed
 * here; a field that may also be a string, like CubeBench's `actions`, keeps a string it accepts),
 * and a null in an optional field that may not be null (the field was absent: Parquet has no
 * "absent"). Fields the schema does not know are kept as they came.
 */
function liftJsonColumns(row: Record<string, unknown>, schema: z.ZodTypeAny): { problems: { field: string; message: string }[] } {
  const problems: { field: string; message: string }[] = [];
  for (const [name, plan] of planFor(schema)) {
    if (!Object.hasOwn(row, name)) continue;
    const v = row[name];
    if (v === null && plan.nullMeansAbsent) {
      delete row[name];
      continue;
    }
    if (typeof v !== 'string' || !plan.json) continue;
    if (plan.stringToo && plan.schema.safeParse(v).success) continue;
    const r = parseJsonText(v);
    if ('problem' in r) problems.push({ field: name, message: `${r.problem} (a Parquet string column carries this field's object or array as JSON text)` });
    else row[name] = r.value;
  }
  return { problems };
}

/**
 * Reads the bytes of one Parquet release file into rows, as `parseJsonl` gives JSONL rows (the
 * loader hashes and parses the same bytes). A gzipped Parquet file (`name.parquet.gz`) is read too,
 * gunzipped first within the same size bound as any gzipped file, although Parquet compresses its
 * own pages and hubs serve it plain. JSON text in string columns is lifted later, by
 * `liftParquetRows`, once the file's row schema is known.
 */
export function parseParquetBytes(bytes: Buffer, path: string, maxProblems: number): ParsedJsonl {
  let raw: Uint8Array = bytes;
  if (path.endsWith('.gz')) {
    try {
      raw = gunzipSync(bytes, { maxOutputLength: MAX_FILE_BYTES });
    } catch (e) {
      const message =
        (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
          ? `larger than ${Math.round(MAX_FILE_BYTES / 1048576)} MiB uncompressed (the most the loader reads from one file)`
          : `corrupt gzip data (${(e as Error).message})`;
      return { rows: [], problems: [{ file: path, message }] };
    }
  }
  return parseParquet(raw, path, maxProblems);
}

/** Lifts JSON text in the rows of a Parquet file by its row schema; rows that fail are reported, not kept. */
export function liftParquetRows<T extends Record<string, unknown>>(
  rows: { line: number; value: T }[],
  path: string,
  schema: z.ZodTypeAny,
  problems: Problem[],
  maxProblems: number,
): { line: number; value: T }[] {
  const kept = [];
  let reported = 0;
  for (const row of rows) {
    const lifted = liftJsonColumns(row.value, schema);
    if (lifted.problems.length === 0) kept.push(row);
    else if (reported < maxProblems)
      for (const p of lifted.problems) {
        problems.push({ file: path, line: row.line, ...p });
        reported++;
      }
  }
  return kept;
}
