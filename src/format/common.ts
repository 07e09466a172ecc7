import { z } from 'zod';

/** Ids are non-empty strings (docs/release-format.md, "Conventions"). */
export const Id = z.string().min(1, 'expected a non-empty string id');

/**
 * The versions of the release format (docs/release-format.md, "Format version") this workbench reads,
 * oldest first. A manifest without `format_version` is read as the current one.
 */
export const FORMAT_VERSIONS = ['1.0'] as const;
/** The format version this workbench writes into every manifest it writes. */
export const FORMAT_VERSION: (typeof FORMAT_VERSIONS)[number] = '1.0';

/**
 * Why a parsed MANIFEST.json's `format_version` cannot be read, or undefined when it is absent or a
 * version this workbench reads. Checked before anything else of the manifest: a release of another
 * format may hold other fields, and their problems would hide the one that matters.
 */
export function formatVersionProblem(manifest: unknown): string | undefined {
  if (manifest === null || typeof manifest !== 'object' || !Object.hasOwn(manifest, 'format_version')) return undefined;
  const v = (manifest as { format_version: unknown }).format_version;
  if (typeof v === 'string' && (FORMAT_VERSIONS as readonly string[]).includes(v)) return undefined;
  const reads = `this workbench reads format ${FORMAT_VERSIONS.map((x) => JSON.stringify(x)).join(', ')} (docs/release-format.md, "Format version")`;
  const text = JSON.stringify(v) ?? String(v);
  const got = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  return typeof v === 'string'
    ? `unknown format version ${got}: ${reads}; a release of a later format needs a later workbench`
    : `expected a string naming the format version, got ${got}: ${reads}`;
}

export const Manifest = z
  .object({
    format_version: z
      .enum(FORMAT_VERSIONS)
      .optional()
      .describe(
        'The version of the release format the release follows; "1.0" is the only one so far. Optional: absent means the current format, "1.0". A release of another version is refused before anything else in it is read.',
      ),
    benchmark: z
      .string()
      .describe('The benchmark the release is of, one of those this workbench reads: it says which files the release holds and which loader reads them.'),
    version: z.string().describe("The release's own version, as its makers name it (e.g. `1.0.0`); shown in every report. Not the format version."),
    synthetic: z
      .boolean()
      .describe('true for generated data (the bundled samples), false for a real release; the reports of a synthetic release say so first.'),
    description: z.string().describe('One sentence on what the release is, shown in reports; may be empty.'),
    files: z
      .record(
        z.string(),
        z
          .object({
            sha256: z
              .string()
              .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits')
              .describe("The SHA-256 of the file's bytes as stored (of the compressed bytes, for a .gz file): 64 hexadecimal digits, either case."),
            rows: z.number().int().nonnegative().describe('How many rows the file holds: lines of JSON, or rows of a Parquet file.'),
          })
          .passthrough(),
      )
      .describe(
        'Every data file of the release, keyed by its path from the release root with `/` between folders (e.g. `responses/m1.jsonl.gz`). Every listed file is checked, and a data file not listed is refused; `README*`, `LICENSE*`, `*.md` and `.gitattributes` need no entry.',
      ),
    /** optional extension: the record `workbench generate` keeps of a release it wrote (docs/release-format.md) */
    generated_by: z
      .object({
        generator: z.string().describe('What wrote the release; `workbench generate` replaces only a release that says `workbench generate`.'),
        benchmark: z.string().describe('The benchmark the release was generated for.'),
        seed: z.number().int().nonnegative().describe("The generator's seed, an integer >= 0; the same seed gives the same bytes."),
        files: z
          .record(
            z.string(),
            z
              .string()
              .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits')
              .describe('The SHA-256 of a file as generate wrote it, 64 hexadecimal digits.'),
          )
          .describe('Every file generate wrote, keyed by its path from the release root, with the SHA-256 of its bytes.'),
      })
      .passthrough()
      .optional()
      .describe(
        'An extension of this workbench, absent from real releases: the record `workbench generate` keeps of a release it wrote. Optional; only its types are checked. A later `generate` replaces the release only while it holds exactly these files with these hashes.',
      ),
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
