import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { z } from 'zod';
import { parseJsonl, readMaybeGzip, type ParsedJsonl, type Row } from '../io/jsonl.js';
import { MAX_PROBLEMS_PER_FILE, type Problem } from '../io/problems.js';
import { issueMessage, issuePath, Manifest } from '../schemas/common.js';
import { isNotData, isParquetPath, logicalName, readParquetRows } from './parquet-fields.js';

/** One JSONL file of a release, parsed and checked against its schema. */
export interface ReleaseFile<T> {
  /** path relative to the release root, as the manifest lists it (may end in .gz) */
  path: string;
  rows: Row<T>[];
}

/** What the generic part of loading found: manifest, sha256 of every file, and the problems so far. */
export interface RawRelease {
  dir: string;
  manifest: Manifest;
  /** sha256 per listed file, sorted by path */
  sha256: Record<string, string>;
  /** logical name (`x.jsonl`, whether given as .jsonl, .jsonl.gz, .parquet or .parquet.gz) -> listed path */
  listed: Map<string, string>;
  problems: Problem[];
}

/**
 * Lists every regular file under dir, relative, with '/' separators, sorted. Symbolic links are not
 * followed (a link to `.` would loop, a dangling one cannot be read) and, like FIFOs and other
 * special files (reading a FIFO blocks), they are refused with a problem and listed in `refused`.
 */
function walk(dir: string, root: string, problems: Problem[], refused: Set<string>): string[] {
  const out: string[] = [];
  const rel = (full: string) => relative(root, full).split(sep).join('/');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (e) {
    problems.push({ file: rel(dir) || '.', message: `cannot list directory (${(e as NodeJS.ErrnoException).code ?? String(e)})` });
    return out;
  }
  for (const name of names) {
    const full = join(dir, name);
    const st = lstatSync(full);
    if (st.isDirectory()) out.push(...walk(full, root, problems, refused));
    else if (st.isFile()) out.push(rel(full));
    else {
      refused.add(rel(full));
      problems.push({ file: rel(full), message: st.isSymbolicLink() ? 'a symbolic link (not followed: a release holds regular files only)' : 'not a regular file (a release holds regular files only)' });
    }
  }
  return out;
}

/**
 * Reads MANIFEST.json and checks the directory against it: every listed file exists with the
 * listed sha256; no file is present that the manifest does not list. Row counts are checked when
 * each file is parsed (`readJsonlFile`).
 */
export function openRelease(dir: string, expected?: Manifest['benchmark']): RawRelease {
  const problems: Problem[] = [];
  const empty: RawRelease = { dir, manifest: undefined as unknown as Manifest, sha256: {}, listed: new Map(), problems };
  let st;
  try {
    st = statSync(dir);
  } catch {
    problems.push({ file: dir, message: 'release directory does not exist' });
    return empty;
  }
  if (!st.isDirectory()) {
    problems.push({ file: dir, message: 'not a directory' });
    return empty;
  }
  let manifestJson: unknown;
  try {
    const text = readFileSync(join(dir, 'MANIFEST.json'), 'utf8');
    manifestJson = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    problems.push({ file: 'MANIFEST.json', message: code === 'ENOENT' ? 'missing (every release has a MANIFEST.json at its root)' : `not valid JSON (${(e as Error).message})` });
    return empty;
  }
  const parsed = Manifest.safeParse(manifestJson);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ file: 'MANIFEST.json', field: issuePath(issue.path), message: issueMessage(issue, manifestJson) });
    return empty;
  }
  const manifest = parsed.data;
  if (expected && manifest.benchmark !== expected) {
    problems.push({ file: 'MANIFEST.json', field: 'benchmark', message: `expected "${expected}" (this loader reads ${expected} releases), got ${JSON.stringify(manifest.benchmark)}` });
    return empty;
  }
  const refused = new Set<string>();
  // README, LICENSE, *.md, .gitattributes: not data, ignored unless the manifest lists them
  const present = new Set(walk(dir, dir, problems, refused).filter((f) => f !== 'MANIFEST.json' && (!isNotData(f) || Object.hasOwn(manifest.files, f))));
  const sha256: Record<string, string> = {};
  const listed = new Map<string, string>();
  for (const path of Object.keys(manifest.files).sort()) {
    if (path.split('/').some((seg) => seg === '' || seg === '.' || seg === '..') || path.includes('\\')) {
      problems.push({ file: 'MANIFEST.json', field: `files.${path}`, message: 'expected a relative path inside the release' });
      continue;
    }
    const logical = logicalName(path);
    if (listed.has(logical)) {
      problems.push({ file: 'MANIFEST.json', field: `files.${path}`, message: `lists both ${listed.get(logical)} and ${path}; give a file once, plain or gzipped` });
      continue;
    }
    listed.set(logical, path);
    if (refused.has(path)) continue; // already reported
    if (!present.has(path)) {
      problems.push({ file: path, message: 'listed in MANIFEST.json but not found' });
      continue;
    }
    const hash = createHash('sha256').update(readFileSync(join(dir, path))).digest('hex');
    sha256[path] = hash;
    if (hash !== manifest.files[path].sha256) {
      problems.push({ file: path, message: `sha256 mismatch: MANIFEST.json says ${manifest.files[path].sha256}, the file has ${hash}` });
    }
  }
  for (const f of present) {
    // own keys only: a file named `constructor` or `toString` is not listed by Object.prototype
    if (!Object.hasOwn(manifest.files, f)) problems.push({ file: f, message: 'file not listed in MANIFEST.json (the loader refuses unlisted files)' });
  }
  return { dir, manifest, sha256, listed, problems };
}

/**
 * Parses one listed JSONL file and validates every row with a zod schema. Problems (bad JSON,
 * schema failures, a row count that differs from the manifest) are appended to `rel.problems`.
 * Returns undefined when the file is not listed.
 */
export function readJsonlFile<S extends z.ZodTypeAny>(
  rel: RawRelease,
  logical: string,
  schema: S,
  opts: { required?: boolean; nonEmpty?: boolean } = {},
): ReleaseFile<z.infer<S>> | undefined {
  const path = rel.listed.get(logical);
  if (path === undefined) {
    if (opts.required) rel.problems.push({ file: logical, message: 'required file is missing from MANIFEST.json and the release' });
    return undefined;
  }
  if (!Object.hasOwn(rel.sha256, path)) return { path, rows: [] }; // missing on disk, already reported
  let parsed: ParsedJsonl;
  if (isParquetPath(path)) {
    parsed = readParquetRows(readFileSync(join(rel.dir, path)), path, schema, MAX_PROBLEMS_PER_FILE);
  } else {
    const { text, problems } = readMaybeGzip(join(rel.dir, path), path);
    rel.problems.push(...problems);
    if (text === undefined) return { path, rows: [] };
    parsed = parseJsonl(text, path, MAX_PROBLEMS_PER_FILE);
  }
  rel.problems.push(...parsed.problems);
  const rows: Row<z.infer<S>>[] = [];
  let fileProblems = parsed.problems.length;
  for (const row of parsed.rows) {
    const r = schema.safeParse(row.value);
    if (r.success) {
      rows.push({ line: row.line, value: r.data });
    } else if (fileProblems < MAX_PROBLEMS_PER_FILE) {
      for (const issue of r.error.issues) {
        rel.problems.push({ file: path, line: row.line, field: issuePath(issue.path), message: issueMessage(issue, row.value) });
        fileProblems++;
      }
    }
  }
  const listedRows = rel.manifest.files[path].rows;
  const seen = parsed.rows.length + parsed.problems.filter((p) => p.line !== undefined).length;
  if (parsed.problems.length === 0 && seen !== listedRows) {
    rel.problems.push({ file: path, message: `row count mismatch: MANIFEST.json says ${listedRows}, the file has ${seen}` });
  }
  if (opts.nonEmpty && seen === 0) rel.problems.push({ file: path, message: 'empty file where rows are required' });
  return { path, rows };
}

/** Reports every duplicate of a key within a file, naming both lines. */
export function checkUnique<T>(file: ReleaseFile<T>, key: (v: T) => string, field: string, problems: Problem[]): Map<string, Row<T>> {
  const seen = new Map<string, Row<T>>();
  for (const row of file.rows) {
    const k = key(row.value);
    const first = seen.get(k);
    if (first) problems.push({ file: file.path, line: row.line, field, message: `duplicate ${field} ${k} (first at line ${first.line})` });
    else seen.set(k, row);
  }
  return seen;
}
