import { zodToJsonSchema } from 'zod-to-json-schema';
import { manifestOf } from './common.js';
import type { ReleaseFiles } from './release-files.js';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schemas (draft-07) of a benchmark's release files (its declaration, `releaseFiles`; MANIFEST.json
 * names the given `benchmarks`), generated from the zod schemas the loader
 * validates with, so that other tools can check a release. A JSON Schema says what one row may
 * hold; what it cannot say stays with the loader: checks written as code (a scramble that gives the
 * declared state, a move list that parses, `tol` on numeric fields only, gold paths that exist)
 * and everything across rows and files (unique ids, references, one response per item and model).
 */
export function releaseJsonSchemas(
  benchmark: string,
  releaseFiles: ReleaseFiles,
  benchmarks: readonly string[],
): { benchmark: string; files: Record<string, JsonSchema> } {
  const files: Record<string, JsonSchema> = {
    'MANIFEST.json': { title: 'MANIFEST.json', ...toJsonSchema(manifestOf(benchmarks)) },
  };
  for (const kind of Object.values(releaseFiles)) {
    files[kind.name] = { title: `${kind.name}: one row as JSON (a Parquet row gives its objects and arrays as JSON text)`, ...toJsonSchema(kind.schema) };
  }
  return { benchmark, files };
}

function toJsonSchema(schema: Parameters<typeof zodToJsonSchema>[0]): JsonSchema {
  // inline every definition: each file's schema stands alone
  return zodToJsonSchema(schema, { target: 'jsonSchema7', $refStrategy: 'none' }) as JsonSchema;
}
