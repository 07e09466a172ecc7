import { z } from 'zod';

/**
 * A declarative mapping from a release in another shape to the release format. One entry per
 * (source file, release file) pair; a source file may feed several release files (a flat table
 * whose judge verdicts sit in columns feeds responses/ and judge/), and a source pattern with `*`
 * several source files (one Parquet file per model).
 */
const FieldSource = z.union([
  // a column of the source row, renamed to the release field
  z.string().min(1),
  z
    .object({
      /** a column of the source row */
      column: z.string().min(1).optional(),
      /** a JSON pointer (RFC 6901) into the source row, for nested sources: `/meta/item_id` */
      pointer: z
        .string()
        .regex(/^(\/.*)?$/, 'expected a JSON pointer such as /meta/item_id')
        .optional(),
      /** a constant value instead of a column */
      const: z.unknown().optional(),
      /** source value -> release value, e.g. {"refused": "refusal"}; values not listed pass through */
      map: z.record(z.string(), z.unknown()).optional(),
    })
    .strict()
    .refine((s) => [s.column !== undefined, s.pointer !== undefined, 'const' in s].filter(Boolean).length === 1, {
      message: 'expected exactly one of column, pointer, const',
    }),
]);

export const FileMapping = z
  .object({
    /** source path relative to SRC (.jsonl, .jsonl.gz, .json, .csv, .parquet); `*` matches within one path segment */
    from: z.string().min(1),
    /** for a .json source: JSON pointer to the array of rows in the document (default: the document itself) */
    rows: z
      .string()
      .regex(/^(\/.*)?$/, 'expected a JSON pointer such as /data')
      .optional(),
    /** release file (a .jsonl path); `{field}` is replaced by each row's value of that release field */
    to: z.string().regex(/\.jsonl$/, 'expected a release path ending in .jsonl'),
    /** release field -> where its value comes from */
    fields: z.record(z.string(), FieldSource).default({}),
    /** keep the source columns that no field maps, as extra fields (default false) */
    keep: z.boolean().default(false),
    /** only source rows where every one of these columns holds a value (not null, not empty) */
    rowsWith: z.array(z.string().min(1)).default([]),
  })
  .strict();
export type FileMapping = z.infer<typeof FileMapping>;

export const Mapping = z
  .object({
    /** a benchmark of the list (`workbench import` checks it against the list) */
    benchmark: z.string(),
    version: z.string(),
    synthetic: z.boolean(),
    description: z.string().default(''),
    files: z.array(FileMapping).min(1, 'expected at least one file mapping'),
  })
  .strict();
export type Mapping = z.infer<typeof Mapping>;

/** Resolves a JSON pointer (RFC 6901) in a value: `{found, value}`. */
export function resolvePointer(root: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === '') return { found: true, value: root };
  let v: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(v) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < v.length) v = v[Number(key)];
    else if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, key)) v = (v as Record<string, unknown>)[key];
    else return { found: false };
  }
  return { found: true, value: v };
}

/**
 * One source row through one file mapping: the release row, or the problems (a column or pointer
 * that is not there). A field whose column is missing is a problem, never a silent null.
 */
export function mapRow(row: Record<string, unknown>, m: FileMapping): { value?: Record<string, unknown>; problems: { field: string; message: string }[] } {
  const problems: { field: string; message: string }[] = [];
  const out: Record<string, unknown> = {};
  const used = new Set<string>();
  for (const [field, src] of Object.entries(m.fields)) {
    const s = typeof src === 'string' ? { column: src } : src;
    let value: unknown;
    if ('const' in s && s.column === undefined && s.pointer === undefined) value = s.const;
    else if (s.column !== undefined) {
      if (!Object.hasOwn(row, s.column)) {
        problems.push({
          field: s.column,
          message: `no such column in the source (the mapping reads it for ${field}; columns: ${Object.keys(row).slice(0, 20).join(', ')})`,
        });
        continue;
      }
      used.add(s.column);
      value = row[s.column];
    } else {
      const r = resolvePointer(row, s.pointer!);
      if (!r.found) {
        problems.push({ field: s.pointer!, message: `nothing at this JSON pointer in the source row (the mapping reads it for ${field})` });
        continue;
      }
      used.add(s.pointer!.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~'));
      value = r.value;
    }
    if (s.map && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && Object.hasOwn(s.map, String(value)))
      value = s.map[String(value)];
    out[field] = value;
  }
  if (m.keep) for (const [k, v] of Object.entries(row)) if (!used.has(k) && !Object.hasOwn(out, k) && k !== '__proto__') out[k] = v;
  return problems.length ? { problems } : { value: out, problems };
}

/** Whether a source row passes `rowsWith` (each column present, not null, not an empty string). */
export function rowSelected(row: Record<string, unknown>, m: FileMapping): { selected: boolean; missing?: string } {
  for (const c of m.rowsWith) {
    if (!Object.hasOwn(row, c)) return { selected: false, missing: c };
    const v = row[c];
    if (v === null || v === undefined || v === '') return { selected: false };
  }
  return { selected: true };
}
