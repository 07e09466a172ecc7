import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseCsv } from '../src/release/io/csv.js';
import { parseJsonl, readMaybeGzip, toJsonl } from '../src/release/io/jsonl.js';
import { parseParquet } from '../src/release/io/parquet.js';
import { ReleaseError, type Problem } from '../src/release/io/problems.js';
import { coerceRow } from '../src/release/import/coerce.js';
import { Mapping, mapRow, resolvePointer, rowSelected, type FileMapping } from '../src/release/import/mapping.js';
import { fileKind, type ReleaseFiles } from '../src/format/release-files.js';
import { issueMessage, issuePath, oneOf } from '../src/format/common.js';
import { benchmarkNames, findBenchmark } from '../src/benchmark/registry.js';
import { walkTree } from '../src/release/io/walk.js';
import { parse, UsageError } from './args.js';
import type { Command } from './command.js';
import { writeManifest } from './manifest.js';
import { usageOf } from './usage.js';
import { refuseKernelFileSystem } from './output-paths.js';
import { fsAction } from '../src/output/fs-errors.js';
import { makeDirectories } from '../src/output/owned-dir.js';

const importHelp = () => `${usageOf('import')}

Converts a release in another shape into the release format: reads the source files under SRC
(.jsonl, .jsonl.gz, .json, .csv, .parquet) as MAPPING.json says (which source file feeds which
release file, field renames, enum value maps, constant fields, JSON pointers into nested rows),
types text cells by the release schema, validates every row, writes the release as JSONL into DST
with its MANIFEST.json, and loads it. Nothing is written unless the whole release loads; a problem
names the source file and row (file:row: field: message). DST must not exist or be empty.
Mappings for two shapes are in examples/mappings/ (see its README).

Options:
  --map FILE   the mapping (JSON)
  -h, --help   this help`;

/** Every regular file under dir, relative with '/', sorted (links and special files left out). */
const listFiles = (dir: string): string[] => [...walkTree(dir)].filter((e) => e.kind === 'file').map((e) => e.path);

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );

type SourceRow = { line: number; value: Record<string, unknown> };

/** Reads one source file into rows by its extension; problems name the file and line/row. */
function readSource(full: string, path: string, m: FileMapping, problems: Problem[]): SourceRow[] {
  if (/\.parquet(\.gz)?$/.test(path)) {
    const r = parseParquet(readFileSync(full), path);
    problems.push(...r.problems);
    return r.rows;
  }
  const { text, problems: readProblems } = readMaybeGzip(full, path);
  problems.push(...readProblems);
  if (text === undefined) return [];
  if (/\.csv(\.gz)?$/.test(path)) {
    const r = parseCsv(text, path);
    problems.push(...r.problems);
    return r.rows;
  }
  if (/\.jsonl(\.gz)?$/.test(path)) {
    const r = parseJsonl(text, path);
    problems.push(...r.problems);
    return r.rows;
  }
  if (/\.json(\.gz)?$/.test(path)) {
    let doc: unknown;
    try {
      doc = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (e) {
      problems.push({ file: path, message: `not valid JSON (${(e as Error).message})` });
      return [];
    }
    const at = resolvePointer(doc, m.rows ?? '');
    if (!at.found || !Array.isArray(at.value)) {
      problems.push({ file: path, field: m.rows ?? '(document)', message: 'expected an array of row objects here (set "rows" to its JSON pointer)' });
      return [];
    }
    const rows: SourceRow[] = [];
    at.value.forEach((v, i) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v))
        problems.push({ file: path, line: i + 1, message: 'expected a JSON object (row numbers count the array from 1)' });
      else rows.push({ line: i + 1, value: v as Record<string, unknown> });
    });
    return rows;
  }
  problems.push({ file: path, message: 'expected a .jsonl, .jsonl.gz, .json, .csv or .parquet source file' });
  return [];
}

/** A release file's rows with, for each row, the source file and row it came from. */
interface OutFile {
  rows: Record<string, unknown>[];
  from: { file: string; line: number }[];
}

/**
 * Applies a mapping to the files under src, writing rows into the release files `releaseFiles`
 * declares (the benchmark's, `src/format/<bench>.ts`); throws ReleaseError with every problem.
 */
export function applyMapping(mapping: Mapping, src: string, releaseFiles: ReleaseFiles): Map<string, OutFile> {
  const problems: Problem[] = [];
  const out = new Map<string, OutFile>();
  const sources = listFiles(src);
  mapping.files.forEach((m, mi) => {
    const where = `files.${mi}`;
    const matches = sources.filter((f) => globToRegExp(m.from).test(f));
    if (matches.length === 0) problems.push({ file: 'mapping', field: `${where}.from`, message: `no source file matches ${JSON.stringify(m.from)} under SRC` });
    const templ = m.to.replace(/\{[^}]*\}/g, 'x');
    const kind = fileKind(releaseFiles, templ);
    if (!kind) {
      problems.push({ file: 'mapping', field: `${where}.to`, message: `${JSON.stringify(m.to)} is not a file of a ${mapping.benchmark} release` });
      return;
    }
    for (const path of matches) {
      const rows = readSource(join(src, path), path, m, problems);
      let fileProblems = 0;
      for (const row of rows) {
        if (fileProblems >= 200) break;
        const sel = rowSelected(row.value, m);
        if (sel.missing) {
          problems.push({ file: path, line: row.line, field: sel.missing, message: `no such column in the source (the mapping's rowsWith names it)` });
          fileProblems++;
          continue;
        }
        if (!sel.selected) continue;
        const mapped = mapRow(row.value, m);
        const rowProblems = mapped.problems.map((p) => ({ file: path, line: row.line, ...p }));
        if (mapped.value) rowProblems.push(...coerceRow(mapped.value, kind.schema).map((p) => ({ file: path, line: row.line, ...p })));
        let to = m.to;
        if (mapped.value && rowProblems.length === 0) {
          to = m.to.replace(/\{([^}]*)\}/g, (_, f: string) => {
            const v = mapped.value![f];
            if (typeof v !== 'string' || v === '' || v.includes('/') || v === '.' || v === '..') {
              rowProblems.push({
                file: path,
                line: row.line,
                field: f,
                message: `expected a non-empty string without "/" to name the release file ${m.to}, got ${JSON.stringify(v)}`,
              });
              return '_';
            }
            return v;
          });
          if (rowProblems.length === 0) {
            const r = kind.schema.safeParse(mapped.value);
            if (!r.success)
              for (const issue of r.error.issues)
                rowProblems.push({ file: path, line: row.line, field: issuePath(issue.path), message: `${issueMessage(issue, mapped.value)} (for ${to})` });
          }
        }
        if (rowProblems.length) {
          problems.push(...rowProblems);
          fileProblems += rowProblems.length;
          continue;
        }
        const o = out.get(to) ?? { rows: [], from: [] };
        o.rows.push(mapped.value!);
        o.from.push({ file: path, line: row.line });
        out.set(to, o);
      }
    }
  });
  if (problems.length) throw new ReleaseError(problems);
  return out;
}

/** Whether dst can be written: absent, or an empty directory. */
function checkDestination(dst: string): void {
  if (!existsSync(dst)) return;
  if (!lstatSync(dst).isDirectory()) throw new UsageError(`DST ${dst} exists and is not a directory; give a new or empty directory`);
  if (readdirSync(dst).length > 0)
    throw new UsageError(`DST ${dst} is not empty; import writes only into a new or empty directory (nothing there is overwritten)`);
}

/** `workbench import --map MAPPING.json SRC DST`. */
async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { map: { type: 'string' } });
  if (values.help) {
    console.log(importHelp());
    return 0;
  }
  if (!values.map) throw new UsageError('import needs --map MAPPING.json');
  if (positionals.length !== 2) throw new UsageError('import takes a source directory and a destination directory');
  const [src, dst] = positionals.map((p) => resolve(p));
  if (!existsSync(src) || !lstatSync(src).isDirectory()) throw new UsageError(`SRC ${positionals[0]} is not a directory`);
  refuseKernelFileSystem(dst, 'DST');
  checkDestination(dst);
  const mapFile = values.map;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(mapFile, 'utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ReleaseError([{ file: mapFile, message: `cannot read the mapping as JSON (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }]);
  }
  // the mapping's benchmark is one of the list's
  const parsed = Mapping.extend({ benchmark: oneOf(benchmarkNames()) }).safeParse(json);
  if (!parsed.success) throw new ReleaseError(parsed.error.issues.map((i) => ({ file: mapFile, field: issuePath(i.path), message: issueMessage(i, json) })));
  const mapping = parsed.data;
  let out: Map<string, OutFile>;
  try {
    out = applyMapping(mapping, src, findBenchmark(mapping.benchmark)!.release);
  } catch (e) {
    if (e instanceof ReleaseError) throw new ReleaseError(e.problems.map((p) => (p.file === 'mapping' ? { ...p, file: mapFile } : p)));
    throw e;
  }

  // written beside DST and renamed into place, so a failed import leaves nothing at DST; a
  // file-system error names DST and its cause (read-only file system, no space left, ...)
  const tmp = `${dst}.import-${process.pid}`;
  const writing = <T>(f: () => T): T => fsAction('write the release to', dst, f);
  rmSync(tmp, { recursive: true, force: true });
  try {
    makeDirectories(dirname(dst));
    writing(() => mkdirSync(tmp));
    for (const [path, f] of [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      writing(() => mkdirSync(dirname(join(tmp, path)), { recursive: true }));
      writing(() => writeFileSync(join(tmp, path), toJsonl(f.rows)));
    }
    try {
      await writeManifest(tmp, {
        benchmark: mapping.benchmark,
        version: mapping.version,
        synthetic: mapping.synthetic,
        description: mapping.description,
        extra: { imported_with: 'workbench import --map' },
      });
    } catch (e) {
      if (!(e instanceof ReleaseError)) throw e;
      // name the source row behind each problem of the written release
      throw new ReleaseError(
        e.problems.map((p) => {
          const from = p.line !== undefined ? out.get(p.file)?.from[p.line - 1] : undefined;
          return from
            ? { ...p, file: from.file, line: from.line, message: `${p.message} (for ${p.file})` }
            : { ...p, message: `${p.message} (in the imported release)` };
        }),
      );
    }
    // an empty DST (checked above) is replaced; rmdir refuses one that filled up meanwhile
    writing(() => {
      if (existsSync(dst)) rmdirSync(dst);
      renameSync(tmp, dst);
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const rows = [...out.values()].reduce((s, f) => s + f.rows.length, 0);
  console.log(`imported ${rows} rows into ${out.size} files of a ${mapping.benchmark} release at ${dst}; it loads (workbench validate ${positionals[1]})`);
  return 0;
}

export const command: Command = { help: importHelp, run: importCommand };
