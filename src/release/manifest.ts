import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FORMAT_VERSION } from '../format/common.js';
import { notAReleaseFile, fileKind, type ReleaseFiles } from '../format/release-files.js';
import { MAX_FILE_BYTES, parseJsonl, readMaybeGzip } from './io/jsonl.js';
import { parquetRowCount } from './io/parquet.js';
import type { Problem } from './io/problems.js';
import { notRegularFile, walkTree } from './io/walk.js';
import { isNotData, isParquetPath } from './load/parquet-fields.js';

/** The `files` of a manifest: each data file's sha256 and row count, by its path in the release. */
export type ManifestFiles = Record<string, { sha256: string; rows: number }>;

/** The fields of a MANIFEST.json besides `files`. */
export interface ManifestFields {
  benchmark: string;
  version: string;
  synthetic: boolean;
  description: string;
  /** other fields: kept from an earlier manifest, given by an importer, a generator's record (`generated_by`) */
  extra?: Record<string, unknown>;
}

/**
 * The text of a MANIFEST.json, the one place one is put together (`workbench generate`,
 * `manifest` and `import` write what this gives): the format version this workbench writes (the
 * files are listed as its format says, whatever an earlier manifest said), benchmark, version,
 * synthetic and description, then any other fields, then `files`, and `generated_by` last.
 */
export function manifestText(fields: ManifestFields, files: ManifestFiles): string {
  const {
    format_version: _fv,
    benchmark: _b,
    version: _v,
    synthetic: _s,
    description: _d,
    files: _f,
    generated_by: generatedBy,
    ...extra
  } = fields.extra ?? {};
  const manifest = {
    format_version: FORMAT_VERSION,
    benchmark: fields.benchmark,
    version: fields.version,
    synthetic: fields.synthetic,
    description: fields.description,
    ...extra,
    files,
    ...(generatedBy !== undefined ? { generated_by: generatedBy } : {}),
  };
  return JSON.stringify(manifest, null, 2) + '\n';
}

/** A file's entry in `files`: the sha256 of its bytes as stored, and its row count. */
export function fileEntry(bytes: Uint8Array, rows: number): { sha256: string; rows: number } {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), rows };
}

/** The forms a data file may take: `.jsonl`, `.jsonl.gz`, `.parquet`, `.parquet.gz`. */
const FORMS = /\.(jsonl|jsonl\.gz|parquet|parquet\.gz)$/;

/** The number of rows a data file holds, counted as the loader counts them, or a problem. */
function rowCount(full: string, path: string): { rows?: number; problems: Problem[] } {
  if (isParquetPath(path)) {
    let bytes: Uint8Array = readFileSync(full);
    if (path.endsWith('.gz')) {
      try {
        bytes = gunzipSync(bytes, { maxOutputLength: MAX_FILE_BYTES });
      } catch (e) {
        return { problems: [{ file: path, message: `corrupt gzip data (${(e as Error).message})` }] };
      }
    }
    const rows = parquetRowCount(bytes);
    return rows === undefined ? { problems: [{ file: path, message: 'not a readable Parquet file' }] } : { rows, problems: [] };
  }
  const { text, problems } = readMaybeGzip(full, path);
  if (text === undefined) return { problems };
  const parsed = parseJsonl(text, path);
  return { rows: parsed.rows.length + new Set(parsed.problems.filter((p) => p.line !== undefined).map((p) => p.line)).size, problems: [] };
}

/**
 * The `files` of a manifest for every data file in dir: sha256 of the bytes and the row count.
 * Problems: a file that is not one of the benchmark's release files (its declaration, `files`), a
 * file in two forms, a link or a special file.
 */
export function manifestFiles(dir: string, benchmark: string, releaseFiles: ReleaseFiles): { files: ManifestFiles; problems: Problem[] } {
  const problems: Problem[] = [];
  // keyed by the release's file paths: no prototype to find a `__proto__` in
  const files: ManifestFiles = Object.create(null);
  const logical = new Map<string, string>();
  const entries = [...walkTree(dir)];
  for (const entry of entries) {
    const notRegular = notRegularFile(entry);
    if (notRegular) problems.push(notRegular);
  }
  for (const { path } of entries.filter((e) => e.kind === 'file')) {
    if (path === 'MANIFEST.json' || isNotData(path)) continue;
    const form = FORMS.exec(path);
    const name = form ? path.slice(0, form.index) : undefined;
    if (name === undefined || !fileKind(releaseFiles, `${name}.jsonl`)) {
      problems.push({ file: path, message: notAReleaseFile(benchmark, releaseFiles) });
      continue;
    }
    if (logical.has(name)) {
      problems.push({ file: path, message: `${name} is also given as ${logical.get(name)}; give a file once, in one form` });
      continue;
    }
    logical.set(name, path);
    const full = join(dir, path);
    const counted = rowCount(full, path);
    problems.push(...counted.problems);
    if (counted.rows === undefined) continue;
    files[path] = fileEntry(readFileSync(full), counted.rows);
  }
  return { files, problems };
}
