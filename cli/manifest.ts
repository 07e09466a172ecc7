import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { BENCHES } from '../analysis/index.js';
import { MAX_FILE_BYTES, parseJsonl, readMaybeGzip } from '../src/release/io/jsonl.js';
import { parquetRowCount } from '../src/release/io/parquet.js';
import { ReleaseError, type Problem } from '../src/release/io/problems.js';
import { isNotData, isParquetPath } from '../src/release/load/parquet-fields.js';
import { isDirectory } from '../src/release/load/read-release.js';
import { FORMAT_VERSION, formatVersionProblem, Manifest } from '../src/format/common.js';
import { parse, UsageError } from './args.js';

type Benchmark = Manifest['benchmark'];

/** The data files each benchmark's release may hold (logical names, before .jsonl/.parquet). */
const RELEASE_FILES: Record<Benchmark, RegExp> = {
  globebench: /^(items|models|human\/ratings|audit\/llm|(responses|judge|results)\/[^/]+)$/,
  pawm: /^(episodes|steps|guidance_labels)$/,
  cubebench: /^(tasks|episodes)$/,
};
const FORMS = /\.(jsonl|jsonl\.gz|parquet|parquet\.gz)$/;

export const MANIFEST_HELP = `Usage: workbench manifest DIR [--bench NAME] [--version V] [--synthetic true|false] [--description TEXT] [--force]
       workbench manifest DIR --check

Writes DIR/MANIFEST.json for a release assembled by hand: the sha256 and row count of every data
file (.jsonl, .jsonl.gz, .parquet, .parquet.gz; README*, LICENSE*, *.md and .gitattributes are left
out), with benchmark, version, synthetic and description from the flags and format_version
"${FORMAT_VERSION}" (the release format this workbench writes). Refuses a directory with a file that
is not one of the benchmark's release files, and keeps no manifest for a release that does not then
load (the problems are printed as file:line: field: message). An existing MANIFEST.json is
rewritten only with --force (its other fields are kept unless a flag replaces them).

With --check, writes nothing: exit 0 when MANIFEST.json lists exactly the data files with their
sha256 and row counts, exit 1 with every difference. A MANIFEST.json of a format version this
workbench does not read is neither checked nor rewritten.

Options:
  --bench NAME          ${BENCHES.map((b) => b.benchmark).join(' | ')} (default: the existing manifest's)
  --version V           the release's version string (required without an existing manifest)
  --synthetic BOOL      true for generated data, false for a real release (required likewise)
  --description TEXT    one sentence on what the release is (default: the existing manifest's, or "")
  --force               rewrite an existing MANIFEST.json
  --check               verify instead of writing
  -h, --help            this help`;

/** Every regular file under dir, relative with '/', sorted; anything else is a problem. */
function listFiles(dir: string, problems: Problem[], prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name;
    const st = lstatSync(join(dir, rel));
    if (st.isDirectory()) out.push(...listFiles(dir, problems, rel));
    else if (st.isFile()) out.push(rel);
    else problems.push({ file: rel, message: 'not a regular file (a release holds regular files only)' });
  }
  return out;
}

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
 * The `files` entry of a manifest for every data file in dir: sha256 of the bytes and the row
 * count. Problems: a file that is not one of the benchmark's release files, a file in two forms.
 */
export function manifestFiles(dir: string, benchmark: Benchmark): { files: Record<string, { sha256: string; rows: number }>; problems: Problem[] } {
  const problems: Problem[] = [];
  const files: Record<string, { sha256: string; rows: number }> = {};
  const logical = new Map<string, string>();
  for (const path of listFiles(dir, problems)) {
    if (path === 'MANIFEST.json' || isNotData(path)) continue;
    const form = FORMS.exec(path);
    const name = form ? path.slice(0, form.index) : undefined;
    if (!form || !RELEASE_FILES[benchmark].test(name!)) {
      problems.push({ file: path, message: `not a file of a ${benchmark} release (expected ${describeFiles(benchmark)}, as .jsonl, .jsonl.gz, .parquet or .parquet.gz)` });
      continue;
    }
    if (logical.has(name!)) {
      problems.push({ file: path, message: `${name} is also given as ${logical.get(name!)}; give a file once, in one form` });
      continue;
    }
    logical.set(name!, path);
    const full = join(dir, path);
    const counted = rowCount(full, path);
    problems.push(...counted.problems);
    if (counted.rows === undefined) continue;
    files[path] = { sha256: createHash('sha256').update(readFileSync(full)).digest('hex'), rows: counted.rows };
  }
  return { files, problems };
}

function describeFiles(b: Benchmark): string {
  return { globebench: 'items, models, responses/<model_id>, judge/<model_id>, results/<model_id>, human/ratings, audit/llm', pawm: 'episodes, steps, guidance_labels', cubebench: 'tasks, episodes' }[b];
}

export interface ManifestFields {
  benchmark: Benchmark;
  version: string;
  synthetic: boolean;
  description: string;
  /** other fields kept from an earlier manifest or given by an importer */
  extra?: Record<string, unknown>;
}

/**
 * Writes MANIFEST.json for dir and loads the release with it; when the release does not load, the
 * manifest is put back as it was (removed, or the earlier one restored) and the problems thrown.
 */
export function writeManifest(dir: string, fields: ManifestFields): Record<string, { sha256: string; rows: number }> {
  const { files, problems } = manifestFiles(dir, fields.benchmark);
  if (problems.length > 0) throw new ReleaseError(problems);
  // the files are listed as this workbench's format says: the manifest says which format that is
  const { format_version: _kept, ...extra } = fields.extra ?? {};
  const manifest = { format_version: FORMAT_VERSION, ...extra, benchmark: fields.benchmark, version: fields.version, synthetic: fields.synthetic, description: fields.description, files };
  const path = join(dir, 'MANIFEST.json');
  const previous = existsSync(path) ? readFileSync(path) : undefined;
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(manifest, null, 2) + '\n');
  renameSync(tmp, path);
  try {
    BENCHES.find((b) => b.benchmark === fields.benchmark)!.load(dir);
  } catch (e) {
    if (previous === undefined) rmSync(path, { force: true });
    else writeFileSync(path, previous);
    throw e;
  }
  return files;
}

const readManifest = (dir: string): Record<string, unknown> | undefined => {
  const path = join(dir, 'MANIFEST.json');
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown>;
  } catch (e) {
    throw new ReleaseError([{ file: 'MANIFEST.json', message: `not valid JSON (${(e as Error).message})` }]);
  }
};

function benchmarkOf(value: unknown, from: string): Benchmark {
  const r = Manifest.shape.benchmark.safeParse(value);
  if (!r.success) throw new UsageError(`${from}: expected one of ${BENCHES.map((b) => b.benchmark).join(', ')}, got ${JSON.stringify(value)}`);
  return r.data;
}

/** `workbench manifest DIR [...]`. */
export function manifestCommand(args: string[]): number {
  // --force and --check are switches; parse() declares string options only, and passes types through
  const switches = { force: { type: 'boolean' }, check: { type: 'boolean' } } as unknown as Record<string, { type: 'string' }>;
  const { values, positionals } = parse(args, { bench: { type: 'string' }, version: { type: 'string' }, synthetic: { type: 'string' }, description: { type: 'string' }, ...switches });
  if (values.help) {
    console.log(MANIFEST_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('manifest takes one release directory');
  const dir = resolve(positionals[0]);
  if (!existsSync(dir) || !lstatSync(dir).isDirectory()) throw new ReleaseError([{ file: positionals[0], message: 'not a directory' }]);
  const flags = values as Record<string, string | boolean | undefined>;
  const old = readManifest(dir);
  const unreadable = old && formatVersionProblem(old);
  if (unreadable) throw new ReleaseError([{ file: 'MANIFEST.json', field: 'format_version', message: unreadable }]);

  if (flags.check) {
    if (!old) throw new ReleaseError([{ file: 'MANIFEST.json', message: 'missing (nothing to check; run workbench manifest DIR to write one)' }]);
    const benchmark = benchmarkOf(old.benchmark, 'MANIFEST.json benchmark');
    const { files, problems } = manifestFiles(dir, benchmark);
    const listed = (old.files ?? {}) as Record<string, { sha256?: unknown; rows?: unknown }>;
    for (const [f, e] of Object.entries(files)) {
      const l = Object.hasOwn(listed, f) ? listed[f] : undefined;
      if (!l) problems.push({ file: f, message: 'not listed in MANIFEST.json' });
      else {
        if (l.sha256 !== e.sha256) problems.push({ file: f, message: `sha256 mismatch: MANIFEST.json says ${String(l.sha256)}, the file has ${e.sha256}` });
        if (l.rows !== e.rows) problems.push({ file: f, message: `row count mismatch: MANIFEST.json says ${String(l.rows)}, the file has ${e.rows}` });
      }
    }
    for (const f of Object.keys(listed)) if (!Object.hasOwn(files, f) && !problems.some((p) => p.file === f)) problems.push({ file: f, message: isDirectory(join(dir, f)) ? 'listed in MANIFEST.json as a data file, but it is a directory' : 'listed in MANIFEST.json but not found' });
    if (problems.length > 0) throw new ReleaseError(problems);
    console.log(`${dir}: MANIFEST.json lists the ${Object.keys(files).length} data files with their sha256 and row counts`);
    return 0;
  }

  if (old && !flags.force) throw new UsageError('MANIFEST.json exists; use --check to verify it, or --force to rewrite it');
  if (!old && flags.bench === undefined) throw new UsageError(`${positionals[0]} has no MANIFEST.json to take the benchmark from: give --bench NAME (${BENCHES.map((b) => b.benchmark).join(', ')}) with --version V and --synthetic true|false`);
  const benchmark = benchmarkOf(flags.bench ?? old?.benchmark, flags.bench !== undefined ? '--bench' : 'MANIFEST.json benchmark');
  const version = (flags.version as string | undefined) ?? (typeof old?.version === 'string' ? old.version : undefined);
  if (version === undefined) throw new UsageError('manifest needs --version');
  let synthetic: boolean;
  if (flags.synthetic !== undefined) {
    if (flags.synthetic !== 'true' && flags.synthetic !== 'false') throw new UsageError(`--synthetic expects true or false, got ${JSON.stringify(flags.synthetic)}`);
    synthetic = flags.synthetic === 'true';
  } else if (typeof old?.synthetic === 'boolean') synthetic = old.synthetic;
  else throw new UsageError('manifest needs --synthetic true|false (is the release generated data or real?)');
  const description = (flags.description as string | undefined) ?? (typeof old?.description === 'string' ? old.description : '');
  const { benchmark: _b, version: _v, synthetic: _s, description: _d, files: _f, ...extra } = old ?? {};
  const files = writeManifest(dir, { benchmark, version, synthetic, description, extra });
  const rows = Object.values(files).reduce((s, f) => s + f.rows, 0);
  console.log(`wrote ${join(dir, 'MANIFEST.json')}: ${benchmark} ${version}, ${Object.keys(files).length} files, ${rows} rows; the release loads`);
  return 0;
}
