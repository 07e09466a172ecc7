import { existsSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchmarkNames, findBenchmark, loadBench, type BenchmarkEntry } from '../src/benchmark/registry.js';
import { ReleaseError } from '../src/release/io/problems.js';
import { isDirectory } from '../src/release/load/read-release.js';
import { FORMAT_VERSION, formatVersionProblem } from '../src/format/common.js';
import { manifestFiles, manifestText, type ManifestFields, type ManifestFiles } from '../src/release/manifest.js';
import { parse, UsageError } from './args.js';
import type { Command } from './command.js';
import { usageOf } from './usage.js';

const manifestHelp = () => `${usageOf('manifest')}

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
  --bench NAME          ${benchmarkNames().join(' | ')} (default: the existing manifest's)
  --version V           the release's version string (required without an existing manifest)
  --synthetic BOOL      true for generated data, false for a real release (required likewise)
  --description TEXT    one sentence on what the release is (default: the existing manifest's, or "")
  --force               rewrite an existing MANIFEST.json
  --check               verify instead of writing
  -h, --help            this help`;

/**
 * Writes MANIFEST.json for dir and loads the release with it; when the release does not load, the
 * manifest is put back as it was (removed, or the earlier one restored) and the problems thrown.
 */
export async function writeManifest(dir: string, fields: ManifestFields): Promise<ManifestFiles> {
  const entry = findBenchmark(fields.benchmark);
  if (!entry) throw new UsageError(`unknown benchmark ${JSON.stringify(fields.benchmark)} (expected one of ${benchmarkNames().join(', ')})`);
  const { files, problems } = manifestFiles(dir, entry.name, entry.release);
  if (problems.length > 0) throw new ReleaseError(problems);
  const bench = await loadBench(entry);
  const path = join(dir, 'MANIFEST.json');
  const previous = existsSync(path) ? readFileSync(path) : undefined;
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, manifestText(fields, files));
  renameSync(tmp, path);
  try {
    bench.load(dir);
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

function benchmarkOf(value: unknown, from: string): BenchmarkEntry {
  const entry = findBenchmark(value);
  if (!entry) throw new UsageError(`${from}: expected one of ${benchmarkNames().join(', ')}, got ${JSON.stringify(value)}`);
  return entry;
}

/** `workbench manifest DIR [...]`. */
async function manifestCommand(args: string[]): Promise<number> {
  // --force and --check are switches; parse() declares string options only, and passes types through
  const switches = { force: { type: 'boolean' }, check: { type: 'boolean' } } as unknown as Record<string, { type: 'string' }>;
  const { values, positionals } = parse(args, {
    bench: { type: 'string' },
    version: { type: 'string' },
    synthetic: { type: 'string' },
    description: { type: 'string' },
    ...switches,
  });
  if (values.help) {
    console.log(manifestHelp());
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
    const entry = benchmarkOf(old.benchmark, 'MANIFEST.json benchmark');
    const { files, problems } = manifestFiles(dir, entry.name, entry.release);
    const listed = (old.files ?? {}) as Record<string, { sha256?: unknown; rows?: unknown }>;
    for (const [f, e] of Object.entries(files)) {
      const l = Object.hasOwn(listed, f) ? listed[f] : undefined;
      if (!l) problems.push({ file: f, message: 'not listed in MANIFEST.json' });
      else {
        if (l.sha256 !== e.sha256) problems.push({ file: f, message: `sha256 mismatch: MANIFEST.json says ${String(l.sha256)}, the file has ${e.sha256}` });
        if (l.rows !== e.rows) problems.push({ file: f, message: `row count mismatch: MANIFEST.json says ${String(l.rows)}, the file has ${e.rows}` });
      }
    }
    for (const f of Object.keys(listed))
      if (!Object.hasOwn(files, f) && !problems.some((p) => p.file === f))
        problems.push({
          file: f,
          message: isDirectory(join(dir, f)) ? 'listed in MANIFEST.json as a data file, but it is a directory' : 'listed in MANIFEST.json but not found',
        });
    if (problems.length > 0) throw new ReleaseError(problems);
    console.log(`${dir}: MANIFEST.json lists the ${Object.keys(files).length} data files with their sha256 and row counts`);
    return 0;
  }

  if (old && !flags.force) throw new UsageError('MANIFEST.json exists; use --check to verify it, or --force to rewrite it');
  if (!old && flags.bench === undefined)
    throw new UsageError(
      `${positionals[0]} has no MANIFEST.json to take the benchmark from: give --bench NAME (${benchmarkNames().join(', ')}) with --version V and --synthetic true|false`,
    );
  const benchmark = benchmarkOf(flags.bench ?? old?.benchmark, flags.bench !== undefined ? '--bench' : 'MANIFEST.json benchmark').name;
  const version = (flags.version as string | undefined) ?? (typeof old?.version === 'string' ? old.version : undefined);
  if (version === undefined) throw new UsageError('manifest needs --version');
  let synthetic: boolean;
  if (flags.synthetic !== undefined) {
    if (flags.synthetic !== 'true' && flags.synthetic !== 'false')
      throw new UsageError(`--synthetic expects true or false, got ${JSON.stringify(flags.synthetic)}`);
    synthetic = flags.synthetic === 'true';
  } else if (typeof old?.synthetic === 'boolean') synthetic = old.synthetic;
  else throw new UsageError('manifest needs --synthetic true|false (is the release generated data or real?)');
  const description = (flags.description as string | undefined) ?? (typeof old?.description === 'string' ? old.description : '');
  // the earlier manifest's other fields are kept (manifestText leaves out those given here)
  const files = await writeManifest(dir, { benchmark, version, synthetic, description, extra: old });
  const rows = Object.values(files).reduce((s, f) => s + f.rows, 0);
  console.log(`wrote ${join(dir, 'MANIFEST.json')}: ${benchmark} ${version}, ${Object.keys(files).length} files, ${rows} rows; the release loads`);
  return 0;
}

export const command: Command = { help: manifestHelp, run: manifestCommand };
