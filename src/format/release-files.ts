import type { z } from 'zod';

/**
 * One kind of file a release holds, declared once in its benchmark's schema module
 * (`src/format/<bench>.ts`): the loader reads it by this declaration, `workbench manifest` accepts
 * exactly the files it declares, `workbench import` types and checks rows by its schema,
 * `workbench schema` prints its JSON Schema, and `test/docs/release-format.test.ts` holds
 * docs/release-format.md to it.
 */
export interface ReleaseFileKind<S extends z.ZodTypeAny = z.ZodTypeAny> {
  /**
   * as the format page names it, with its logical `.jsonl` name: `items.jsonl`, or
   * `responses/<model_id>.jsonl` for one file per value of a field
   */
  name: string;
  /** matches the logical path of every file of this kind (`responses/m1.jsonl`) */
  pattern: RegExp;
  /** the zod schema of one row */
  schema: S;
  /** a release without it is refused (for a file per model: one for every model) */
  required: boolean;
  /** refused when it holds no row */
  nonEmpty: boolean;
}

/** Every kind of file of one benchmark's release, by a name its loader refers to it with, in the format page's order. */
export type ReleaseFiles = Readonly<Record<string, ReleaseFileKind>>;

/** A `<field>` placeholder of a file name: one file per value of the field. */
const PLACEHOLDER = /<[^<>/]+>/g;

/**
 * Declares one kind of release file. `name` is its logical path, a `<field>` standing for one
 * path segment (`responses/<model_id>.jsonl`); optional unless `required`, and may be empty unless `nonEmpty`.
 */
export function releaseFile<S extends z.ZodTypeAny>(name: string, schema: S, opts: { required?: boolean; nonEmpty?: boolean } = {}): ReleaseFileKind<S> {
  if (!name.endsWith('.jsonl')) throw new Error(`a release file is named by its logical .jsonl path, got ${JSON.stringify(name)}`);
  const pattern = new RegExp(
    `^${name
      .split(PLACEHOLDER)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  return { name, pattern, schema, required: opts.required ?? false, nonEmpty: opts.nonEmpty ?? false };
}

/** The kind of a logical release path (`responses/m1.jsonl`), or undefined. */
export function fileKind(files: ReleaseFiles, logical: string): ReleaseFileKind | undefined {
  return Object.values(files).find((k) => k.pattern.test(logical));
}

/** The logical path of one file of a kind: `responses/<model_id>.jsonl` of `m1` is `responses/m1.jsonl`. */
export function fileOf(kind: ReleaseFileKind, value: string): string {
  return kind.name.replace(PLACEHOLDER, value);
}

/** Whether a kind is one file per value of a field (`responses/<model_id>.jsonl`). */
export const isPerValue = (kind: ReleaseFileKind): boolean => kind.name.replace(PLACEHOLDER, '') !== kind.name;

/** The files of a release in words, for a message: `items, models, responses/<model_id>, ...`. */
function describeFiles(files: ReleaseFiles): string {
  return Object.values(files)
    .map((k) => k.name.replace(/\.jsonl$/, ''))
    .join(', ');
}

/** What a file of no declared kind is told (by `workbench manifest` and a benchmark read by its declaration alone). */
export function notAReleaseFile(benchmark: string, files: ReleaseFiles): string {
  return `not a file of a ${benchmark} release (expected ${describeFiles(files)}, as .jsonl, .jsonl.gz, .parquet or .parquet.gz)`;
}
