import { z } from 'zod';

/** Ids are non-empty strings (docs/release-format.md, "Conventions"). */
export const Id = z.string().min(1, 'expected a non-empty string id');

/**
 * MANIFEST.json. Which benchmarks there are is the list of benchmarks' business
 * (`analysis/index.ts`): here `benchmark` is any string, each loader checks it is its own, and
 * `manifestOf` gives the schema that names the benchmarks the workbench knows.
 */
export const Manifest = z
  .object({
    benchmark: z.string(),
    version: z.string(),
    synthetic: z.boolean(),
    description: z.string(),
    files: z.record(
      z.string(),
      z.object({
        sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits'),
        rows: z.number().int().nonnegative(),
      }).passthrough(),
    ),
    /** optional extension: the record `workbench generate` keeps of a release it wrote (docs/release-format.md) */
    generated_by: z
      .object({
        generator: z.string(),
        benchmark: z.string(),
        seed: z.number().int().nonnegative(),
        files: z.record(z.string(), z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits')),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
export type Manifest = z.infer<typeof Manifest>;

/** One of the given names (the benchmarks of the list, `src/benchmark/registry.ts`), as an enum schema. */
export function oneOf(names: readonly string[]): z.ZodType<string> {
  return names.length > 0 ? z.enum(names as [string, ...string[]]) : z.never();
}

/** MANIFEST.json whose `benchmark` is one of the given benchmarks (what `workbench schema` prints and `validate` checks). */
export function manifestOf(benchmarks: readonly string[]) {
  const field = Manifest.shape.benchmark;
  return Manifest.extend({ benchmark: field.description === undefined ? oneOf(benchmarks) : oneOf(benchmarks).describe(field.description) });
}

/** Turns a zod issue path into the dot path a problem report names: `fields.0.tol`. */
export function issuePath(path: (string | number)[]): string {
  return path.length ? path.join('.') : '(row)';
}

/** A readable 'what was expected' from a zod issue. */
export function issueMessage(issue: z.ZodIssue, value: unknown): string {
  const got = describe(value, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.received === 'undefined' ? `missing (expected ${issue.expected})` : `expected ${issue.expected}, got ${issue.received}${got}`;
    case 'invalid_enum_value':
      return `expected one of ${issue.options.map((o) => JSON.stringify(o)).join(', ')}${got}`;
    case 'invalid_literal':
      return `expected ${JSON.stringify(issue.expected)}${got}`;
    default:
      return `${issue.message}${got}`;
  }
}

function describe(row: unknown, path: (string | number)[]): string {
  let v: unknown = row;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return '';
    v = (v as Record<string | number, unknown>)[k];
  }
  if (v === undefined) return '';
  const s = JSON.stringify(v);
  return s === undefined ? '' : ` (got ${s.length > 40 ? s.slice(0, 40) + '...' : s})`;
}
